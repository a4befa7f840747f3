/**
 * Authors as pages and answers show them (docs/decisions/044): the public author objects' shapes,
 * an author page's address and an avatar's initials. Browser-safe and free of zod, so public pages
 * can import it (the schemas are in shared/author-schema.ts).
 */

/** A post's author as every post answer carries it; null: the organisation (deleted or no author). */
export interface PostAuthor {
  username: string;
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

/**
 * An author's page. Paths are lower case (server/serving/page-requests.ts redirects any other
 * spelling), and usernames are unique whatever their case, so the lower-cased username is the address.
 */
export const authorPath = (username: string) => `/blog/author/${encodeURIComponent(username.toLowerCase())}`;

/** Up to two initials for an avatar placeholder: "Ada Lovelace" -> "AL", "zuri-team" -> "ZT". */
export function initialsOf(name: string): string {
  const words = name.split(/[\s._-]+/u).filter((word) => /[\p{L}\p{N}]/u.test(word));
  const letters = (words.length > 1 ? [words[0]!, words.at(-1)!] : words).map((word) => Array.from(word)[0]!);
  return letters.join("").toUpperCase() || "?";
}
