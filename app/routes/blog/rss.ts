import type { Route } from "./+types/rss";
import { servicesContext } from "../../request-context.ts";
import { siteConfig } from "../../../shared/site-config.ts";
import { FEED_SIZE, rssResponse } from "../../lib/rss.ts";
import { sharedPage } from "../../../shared/cache-scope.ts";

/** The same for every visitor: stored once per content version (docs/decisions/005). */
export const handle = sharedPage;

/** /blog/rss.xml: the newest published posts as RSS 2.0; validators set in server/serving/conditional-get.ts. */
export async function loader({ context }: Route.LoaderArgs) {
  const { posts, env, siteSettings } = context.get(servicesContext);
  return rssResponse({
    siteUrl: env.SITE_URL,
    title: siteConfig.blogName,
    description: `News and ideas on decision intelligence from ${siteConfig.productName}.`,
    publisher: (await siteSettings.details()).legalName,
    items: await posts.listPublishedEntries({ limit: FEED_SIZE }),
  });
}
