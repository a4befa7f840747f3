import { redirect } from "react-router";
import type { Route } from "./+types/tag-rss";
import { servicesContext } from "../../request-context.ts";
import { siteConfig } from "../../../shared/site-config.ts";
import { FEED_SIZE, rssResponse } from "../../lib/rss.ts";
import { tagFeedPath, tagPath } from "../../lib/blog-discovery.ts";
import { sharedPage } from "../../../shared/cache-scope.ts";
import { absoluteUrl } from "../../lib/seo.ts";

/** The same for every visitor: stored once per content version (docs/decisions/005). */
export const handle = sharedPage;

/**
 * /blog/tag/{slug}/rss.xml: a tag's newest published posts, built by the blog feed's own renderer
 * (docs/decisions/043). Only the canonical slug of a tag with published posts has a feed; a slug renamed or
 * merged away on /cms/tags answers 301 to the feed of the tag that has it now, so readers keep their
 * subscription (docs/decisions/035). A tag with an image gives the channel its `<image>`.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { posts, tags, env, siteSettings } = context.get(servicesContext);
  const tag = await tags.findPublic(params.slug);
  if (!tag) {
    const moved = await tags.redirectOf(params.slug);
    if (moved) throw redirect(tagFeedPath(moved), 301);
    return new Response("Not found\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const { posts: newest } = await posts.listPage({ tag: tag.slug, page: 1, perPage: FEED_SIZE });
  return rssResponse({
    siteUrl: env.SITE_URL,
    title: `${tag.name} | ${siteConfig.blogName}`,
    description: tag.description ?? `Posts about ${tag.name} from the ${siteConfig.blogName}.`,
    pagePath: tagPath(tag.slug),
    feedPath: tagFeedPath(tag.slug),
    publisher: (await siteSettings.details()).legalName,
    // The tag's image as the channel's (docs/decisions/035).
    image: tag.image ? absoluteUrl(env.SITE_URL, tag.image.src) : undefined,
    items: newest.map((post) => ({ ...post, publishedAt: post.publishedAt ?? post.createdAt })),
  });
}
