import { data } from "react-router";

/**
 * Browser-safe addresses and rules of the blog's tag pages and visitor search
 * (docs/decisions/042 and 043): shared by the routes, the feed, the sitemap and the components.
 */

/** The longest search text a visitor may send: the API's limit (decision 042). */
export const SEARCH_QUERY_MAX = 200;

/** How many tags the blog header offers (the most used ones). */
export const TOP_TAGS = 6;

/** A tag's page: its published posts, newest first. */
export const tagPath = (slug: string) => `/blog/tag/${slug}`;

/** A tag's RSS feed. */
export const tagFeedPath = (slug: string) => `/blog/tag/${slug}/rss.xml`;

/** A page of search results on /blog (the first page carries no `page`). */
export function searchPath(q: string, page = 1): string {
  const params = new URLSearchParams({ q });
  if (page > 1) params.set("page", String(page));
  return `/blog?${params}`;
}

/**
 * `?page=N` of a blog listing (all posts, a tag, a search): a positive whole number; anything else
 * is not a page of the listing, so a 404.
 */
export function pageFrom(request: Request): number {
  const raw = new URL(request.url).searchParams.get("page");
  if (raw === null) return 1;
  if (!/^[1-9]\d{0,5}$/.test(raw)) throw data(null, { status: 404 });
  return Number(raw);
}

/** The visitor's search text on /blog: trimmed, `null` when there is none (the plain list). */
export function searchQueryFrom(request: Request): string | null {
  const q = new URL(request.url).searchParams.get("q")?.trim();
  return q ? q : null;
}

/** The tags with the most published posts, most used first, then by name (the blog header's topics). */
export function mostUsedTags<T extends { name: string; count: number }>(tags: T[], limit = TOP_TAGS): T[] {
  const byName = new Intl.Collator("en", { sensitivity: "base", numeric: true });
  return [...tags].sort((a, b) => b.count - a.count || byName.compare(a.name, b.name)).slice(0, limit);
}

/** "1 post", "12 posts". */
export const postCount = (count: number) => `${count} ${count === 1 ? "post" : "posts"}`;
