import type { Route } from "./+types/sitemap";
import { servicesContext } from "../request-context.ts";
import { renderSitemap, renderSitemapIndex } from "../lib/sitemap.ts";
import { sharedPage } from "../../shared/cache-scope.ts";
import {
  pageEntries,
  postEntries,
  postFileCount,
  SITEMAP_PAGES_PATH,
  SITEMAP_URLS_PER_FILE,
  sitemapPostsPath,
  xmlResponse,
} from "../lib/sitemap-entries.ts";

/** The same for every visitor: stored once per content version (docs/decisions/005). */
export const handle = sharedPage;

/**
 * /sitemap.xml: the static pages, every tag and author page and every published post with its last edit
 * (docs/product.md §2); past `SITEMAP_URLS_PER_FILE` URLs, a sitemap index of files that hold at most that many
 * (docs/decisions/048). ETag / Last-Modified come from the blog's content version
 * (server/serving/conditional-get.ts), so a new post is listed on the next request.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const [pages, publishedPosts, version] = await Promise.all([
    pageEntries(services),
    services.posts.countPublished(),
    services.posts.blogVersion(),
  ]);
  if (pages.length + publishedPosts <= SITEMAP_URLS_PER_FILE) {
    return xmlResponse(renderSitemap(services.env.SITE_URL, [...pages, ...(await postEntries(services))]));
  }
  const files = [SITEMAP_PAGES_PATH, ...Array.from({ length: postFileCount(publishedPosts) }, (_, i) => sitemapPostsPath(i + 1))];
  return xmlResponse(renderSitemapIndex(services.env.SITE_URL, files.map((path) => ({ path, lastModified: version.changedAt }))));
}
