/**
 * Which answers may be shared between visitors (docs/decisions/005-render-cache-for-public-pages.md).
 *
 * A route module declares it as its `handle`; the server's page cache reads the declaration of the
 * route a URL matches (whatever the letter case), never a guess from the path. A route that
 * declares nothing is rendered for each request and never stored: forgetting the declaration costs
 * speed, never privacy.
 */
export type CacheScope = "shared" | "per-request";

export interface CacheScopeHandle {
  cacheScope: CacheScope;
}

/**
 * `export const handle = sharedPage;` for a page that is the same for every visitor until the
 * content or the deploy changes: answered with validators (304s) and rendered once per version.
 * Such a page must not read the session, set a cookie or depend on anything but its URL.
 */
export const sharedPage: CacheScopeHandle = { cacheScope: "shared" };

export function isSharedHandle(handle: unknown): boolean {
  return (handle as Partial<CacheScopeHandle> | undefined)?.cacheScope === "shared";
}
