import { siteConfig } from "./site-config.ts";
import { slugify, withoutAccents } from "./slugify.ts";

/**
 * Authors as pages and answers show them (docs/decisions/044, 068): the public author objects' shapes,
 * an author page's address and slug, and an avatar's initials. Browser-safe and free of zod, so public pages
 * can import it (the schemas are in shared/author-schema.ts).
 */

/** A post's author as every post answer carries it; null: the organisation (deleted or no author). */
export interface PostAuthor {
  /** The author page's slug, made from the public name: never a login name (docs/decisions/068). */
  slug: string;
  /** The public name: the display name, or the team's while it is unset or the login name (`publicAuthorName`). */
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

/**
 * The name every post of an author without a real display name is signed with: the team's (docs/decisions/068,
 * amendment of 2026-11-27).
 */
export const TEAM_AUTHOR_NAME = `${siteConfig.productName} Team`;

/**
 * Whether a display name is a real public name: set, and not the login name in another case or spacing (its
 * slug is not the login name's). Until it is, the author shows as the team (docs/decisions/068, 2026-11-27).
 */
export function isRealDisplayName(username: string, displayName: string | null | undefined): boolean {
  const name = displayName?.trim() ?? "";
  if (name === "" || name.toLowerCase() === username.trim().toLowerCase()) return false;
  return authorSlugBase(name) !== authorSlugBase(username);
}

/** The name visitors see for an author: the display name when it is real, else the team's (docs/decisions/068). */
export const publicAuthorName = (username: string, displayName: string | null | undefined): string =>
  isRealDisplayName(username, displayName) ? displayName!.trim() : TEAM_AUTHOR_NAME;

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
