import type { Route } from "./+types/sitemap-pages";
import { servicesContext } from "../request-context.ts";
import { renderSitemap } from "../lib/sitemap.ts";
import { sharedPage } from "../../shared/cache-scope.ts";
import { pageEntries, xmlResponse } from "../lib/sitemap-entries.ts";

/** The same for every visitor: stored once per content version (docs/decisions/005). */
export const handle = sharedPage;

/** /sitemaps/pages.xml, a file of the sitemap index: the static, tag and author pages (docs/decisions/048). */
export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  return xmlResponse(renderSitemap(services.env.SITE_URL, await pageEntries(services)));
}
