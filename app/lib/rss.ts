import { htmlToText } from "./blog.ts";

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
export function renderRss({ siteUrl, title, description, items }: Feed): string {
  const blogUrl = `${siteUrl}/blog`;
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
    "    <language>en-gb</language>",
    `    <lastBuildDate>${new Date(lastBuild).toUTCString()}</lastBuildDate>`,
    `    <atom:link href="${escapeXml(`${siteUrl}/blog/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    ...entries,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}
