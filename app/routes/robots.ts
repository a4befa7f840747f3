import type { Route } from "./+types/robots";
import { servicesContext } from "../request-context.ts";
import { renderRobots } from "../lib/sitemap.ts";
import { sharedPage } from "../../shared/cache-scope.ts";

/**
 * The same for every visitor: stored once per content version (docs/decisions/005), and revalidated
 * like every shared page (`no-cache` with its ETag, set by the page cache: one Cache-Control, not two).
 */
export const handle = sharedPage;

/** /robots.txt: everything public is crawlable except the CMS (and the JSON API). */
export function loader({ context }: Route.LoaderArgs) {
  return new Response(renderRobots(context.get(servicesContext).env.SITE_URL), {
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
