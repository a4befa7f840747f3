/**
 * Generated cover art for posts without a cover (docs/decisions/059-generated-cover-art.md): its address.
 * The art is a pure function of its address, `/blog/cover/{seed}[-{tag slug}].svg`: the seed is a hash of the
 * post's title and tags (so a new title is a new address, and the old one can be cached forever), the tag slug
 * is the label it shows. Browser-safe and dependency-free; the drawing is shared/cover-art-drawing.ts.
 */

/** Bumped when the drawing changes, so every address changes with it. */
export const COVER_ART_VERSION = 3;

/** The address pattern the cover route accepts: a base-36 seed and an optional tag slug. */
export const COVER_ART_FILE = /^([0-9a-z]{1,7})(?:-([a-z0-9]+(?:-[a-z0-9]+)*))?\.svg$/;
const LABEL_SLUG_MAX = 40;

/** FNV-1a, 32 bits: a stable, well-spread number for a string. */
export function hash32(text: string): number {
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** The address of a post's generated cover: different for a different title or set of tags. */
export function coverArtPath(post: { title: string; tags?: readonly { slug: string }[] }): string {
  const tags = post.tags ?? [];
  const seed = hash32(`${COVER_ART_VERSION}\n${post.title}\n${tags.map((tag) => tag.slug).join(",")}`).toString(36);
  const label = tags[0]?.slug;
  return `/blog/cover/${seed}${label && label.length <= LABEL_SLUG_MAX ? `-${label}` : ""}.svg`;
}
