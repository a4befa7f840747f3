import type { Route } from "./+types/robots";
import { servicesContext } from "../request-context.ts";
import { renderRobots } from "../lib/sitemap.ts";

/** /robots.txt: everything public is crawlable except the CMS (and the JSON API). */
export function loader({ context }: Route.LoaderArgs) {
  return new Response(renderRobots(context.get(servicesContext).env.SITE_URL), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
