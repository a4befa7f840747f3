import { slugify, withoutAccents } from "./slugify.ts";

/**
 * Authors as pages and answers show them (docs/decisions/044, 068): the public author objects' shapes,
 * an author page's address and slug, and an avatar's initials. Browser-safe and free of zod, so public pages
 * can import it (the schemas are in shared/author-schema.ts).
 */

/** A post's author as every post answer carries it; null: the organisation (deleted or no author). */
export interface PostAuthor {
  /** The author page's slug, made from the display name: never the login name (docs/decisions/068). */
  slug: string;
  /** The display name. */
  name: string;
  avatar: string | null;
}

/** What the author page shows: nothing else about a user is ever public (no role, no e-mail, no dates). */
export interface PublicAuthorProfile extends PostAuthor {
  bio: string | null;
}

/** The signed-in user's own profile, as /cms/profile and `GET /api/cms/profile` show it. */
export interface OwnProfile {
  username: string;
  /** The author page's slug (docs/decisions/068); null until the user's first post or profile save. */
  authorSlug: string | null;
  displayName: string;
  bio: string | null;
  avatar: string | null;
}

/** An author the editor's select offers. */
export interface AuthorChoice {
  id: number;
  username: string;
  name: string;
}

/** An author's page: `/blog/author/{slug}` (docs/decisions/068; the slug is lower case like every page path). */
export const authorPath = (slug: string) => `/blog/author/${encodeURIComponent(slug)}`;

/**
 * An author slug from a display name: the tag slugs' rule ("Zoë Müller" -> "zoe-muller"), or "author" for a
 * name with no letter or digit it can be made of (docs/decisions/068).
 */
export const authorSlugBase = (displayName: string): string => slugify(withoutAccents(displayName)) || "author";

/** `base`, or `base-2`, `base-3`… : the first that `taken` says is free. */
export function uniqueAuthorSlug(base: string, taken: (candidate: string) => boolean): string {
  let candidate = base;
  for (let n = 2; taken(candidate); n++) candidate = `${base}-${n}`;
  return candidate;
}

/** Up to two initials for an avatar placeholder: "Ada Lovelace" -> "AL", "zuri-team" -> "ZT". */
export function initialsOf(name: string): string {
  const words = name.split(/[\s._-]+/u).filter((word) => /[\p{L}\p{N}]/u.test(word));
  const letters = (words.length > 1 ? [words[0]!, words.at(-1)!] : words).map((word) => Array.from(word)[0]!);
  return letters.join("").toUpperCase() || "?";
}
