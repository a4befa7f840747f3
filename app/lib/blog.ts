import type { MetaDescriptor } from "react-router";
import { siteConfig } from "./site-config.ts";

/** Browser-safe helpers for showing posts (SPEC §2 blog list and post, §9 constants). */

export const BLOG_PAGE_SIZE = 12;
export const EXCERPT_FALLBACK_LENGTH = 150;

const blogDate = new Intl.DateTimeFormat("en-US", { month: "long", day: "2-digit", year: "numeric", timeZone: "UTC" });

/** 'MMMM dd, yyyy' (SPEC §9), e.g. 'March 05, 2025', from publishedAt or else createdAt. */
export function formatBlogDate(post: { publishedAt: string | null; createdAt: string }): string {
  return blogDate.format(new Date(post.publishedAt ?? post.createdAt));
}

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** The readable text of sanitised post HTML: tags dropped, blocks separated, entities decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(br|hr)\s*\/?>|<\/(p|h[1-6]|li|blockquote|pre)>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, entity: string) => {
      if (entity[0] !== "#") return entities[entity.toLowerCase()] ?? match;
      const code = entity[1] === "x" || entity[1] === "X" ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
    })
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The card text (SPEC §2, §9): the excerpt, or else the first 150 characters of the content,
 * followed by '...' when the content is longer.
 */
export function postSummary(post: { excerpt: string | null; content: string }): string {
  if (post.excerpt) return post.excerpt;
  const characters = Array.from(htmlToText(post.content));
  const head = characters.slice(0, EXCERPT_FALLBACK_LENGTH).join("");
  return characters.length > EXCERPT_FALLBACK_LENGTH ? `${head}...` : head;
}

/** The public address of a post. */
export const postPath = (slug: string) => `/blog/${slug}`;

export const RSS_PATH = "/blog/rss.xml";

/** `<link rel="alternate">` to the RSS feed, for the blog's `<head>` (issue 5 item 7). */
export const rssFeedLink: MetaDescriptor = {
  tagName: "link",
  rel: "alternate",
  type: "application/rss+xml",
  title: `${siteConfig.blogName} RSS feed`,
  href: RSS_PATH,
};
