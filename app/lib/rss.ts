import { RSS_PATH } from "./blog.ts";
import { htmlToText } from "../../shared/html-text.ts";

/** How many of the newest posts a feed carries (the blog's and each tag's). */
export const FEED_SIZE = 20;

/** A post as the feed shows it. */
export interface FeedItem {
  slug: string;
  title: string;
  excerpt: string | null;
  content: string;
  publishedAt: string;
}

export interface Feed {
  siteUrl: string;
  title: string;
  description: string;
  /** The page the feed mirrors (`<link>`): the blog, or a tag's page. */
  pagePath?: string;
  /** The feed's own address (`atom:link rel="self"`). */
  feedPath?: string;
  /** The company that publishes it, from the site's details (docs/decisions/054): `<copyright>`. */
  publisher: string;
  /** The channel's picture (`<image>`, an absolute URL): a tag's image (docs/decisions/035); none for the blog. */
  image?: string;
  items: readonly FeedItem[];
}

/** Characters XML 1.0 forbids (control characters, lone surrogates, U+FFFE/U+FFFF) are dropped. */
// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export const escapeXml = (value: string) =>
  value
    .replace(INVALID_XML, "")
    .replace(/[<>&'"]/g, (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[char]!);

/** RSS 2.0 (https://www.rssboard.org/rss-specification): every text escaped, dates in RFC 822 form. */
export function renderRss({ siteUrl, title, description, pagePath = "/blog", feedPath = RSS_PATH, publisher, image, items }: Feed): string {
  const blogUrl = `${siteUrl}${pagePath}`;
  const lastBuild = items[0]?.publishedAt ?? new Date(0).toISOString();
  const entries = items.map((item) => {
    const link = `${siteUrl}/blog/${item.slug}`;
    const summary = item.excerpt ?? htmlToText(item.content).slice(0, 500);
    return [
      "    <item>",
      `      <title>${escapeXml(item.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      <pubDate>${new Date(item.publishedAt).toUTCString()}</pubDate>`,
      `      <description>${escapeXml(summary)}</description>`,
      "    </item>",
    ].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "  <channel>",
    `    <title>${escapeXml(title)}</title>`,
    `    <link>${escapeXml(blogUrl)}</link>`,
    `    <description>${escapeXml(description)}</description>`,
    "    <language>en-us</language>",
    `    <copyright>${escapeXml(`© ${new Date(lastBuild).getUTCFullYear()} ${publisher}`)}</copyright>`,
    `    <lastBuildDate>${new Date(lastBuild).toUTCString()}</lastBuildDate>`,
    `    <atom:link href="${escapeXml(`${siteUrl}${feedPath}`)}" rel="self" type="application/rss+xml"/>`,
    // The spec's channel image: its title and link are the channel's own.
    ...(image
      ? ["    <image>", `      <url>${escapeXml(image)}</url>`, `      <title>${escapeXml(title)}</title>`, `      <link>${escapeXml(blogUrl)}</link>`, "    </image>"]
      : []),
    ...entries,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}

/** A feed as a route's answer (/blog/rss.xml and each tag's; stored by the page cache like pages, decision 040). */
export const rssResponse = (feed: Feed) =>
  new Response(renderRss(feed), { headers: { "Content-Type": "application/rss+xml; charset=utf-8" } });
