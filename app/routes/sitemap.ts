import type { Route } from "./+types/sitemap";
import { servicesContext } from "../request-context.ts";
import { renderSitemap, staticSitemapEntries, type SitemapEntry } from "../lib/sitemap.ts";
import { sharedPage } from "../lib/cache-scope.ts";

/** The same for every visitor: stored once per content version (docs/decisions/005). */
export const handle = sharedPage;

/**
 * /sitemap.xml: the static pages and every published post with its last edit (SPEC §2).
 * ETag / Last-Modified come from the blog's content version (server/serving/conditional-get.ts), so a new post
 * is listed on the next request.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { env, posts } = context.get(servicesContext);
  const postEntries = (await posts.listSitemapEntries()).map(
    (post): SitemapEntry => ({ path: `/blog/${post.slug}`, lastModified: post.updatedAt, changeFrequency: "monthly" }),
  );
  const entries = [...staticSitemapEntries(), ...postEntries];
  return new Response(renderSitemap(env.SITE_URL, entries), {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
}
