import type { Route } from "./+types/rss";
import { servicesContext } from "../../request-context.ts";
import { siteConfig } from "../../lib/site-config.ts";
import { renderRss } from "../../lib/rss.ts";

const FEED_SIZE = 20;

/** /blog/rss.xml: the newest published posts as RSS 2.0 (issue 5 item 7); validators set in server/http-cache.ts. */
export async function loader({ context }: Route.LoaderArgs) {
  const { posts, env } = context.get(servicesContext);
  const items = await posts.listPublishedEntries({ limit: FEED_SIZE });
  const body = renderRss({
    siteUrl: env.SITE_URL,
    title: siteConfig.blogName,
    description: `News and ideas on decision intelligence from ${siteConfig.productName}.`,
    items,
  });
  return new Response(body, { headers: { "Content-Type": "application/rss+xml; charset=utf-8" } });
}
