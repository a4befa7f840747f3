import type { Route } from "./+types/sitemap-posts";
import { servicesContext } from "../request-context.ts";
import { renderSitemap } from "../lib/sitemap.ts";
import { sharedPage } from "../../shared/cache-scope.ts";
import { postEntries, postFileCount, xmlResponse } from "../lib/sitemap-entries.ts";

/** The same for every visitor: stored once per content version (docs/decisions/005). */
export const handle = sharedPage;

/** /sitemaps/posts/{n}.xml, a file of the sitemap index: published posts, oldest first (docs/decisions/048). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const n = /^([1-9]\d{0,6})\.xml$/.exec(params.file)?.[1];
  if (n === undefined || Number(n) > postFileCount(await services.posts.countPublished())) {
    return new Response("Not found\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return xmlResponse(renderSitemap(services.env.SITE_URL, await postEntries(services, Number(n))));
}
