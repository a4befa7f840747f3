import type { MetaDescriptor } from "react-router";
import { siteConfig } from "../../shared/site-config.ts";
import { htmlToText } from "../../shared/html-text.ts";

/** Browser-safe helpers for showing posts (docs/product.md §2 blog list and post, §9 constants). */

export const BLOG_PAGE_SIZE = 12;

/** How many pages of BLOG_PAGE_SIZE a listing of `total` posts has. */
export const blogPageCount = (total: number) => Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE));
export const EXCERPT_FALLBACK_LENGTH = 150;

const blogDate = new Intl.DateTimeFormat("en-US", { month: "long", day: "2-digit", year: "numeric", timeZone: "UTC" });

/** 'MMMM dd, yyyy' (docs/product.md §9), e.g. 'March 05, 2025', from publishedAt or else createdAt. */
export function formatBlogDate(post: { publishedAt: string | null; createdAt: string }): string {
  return blogDate.format(new Date(post.publishedAt ?? post.createdAt));
}

/**
 * The card text (docs/product.md §2, §9): the excerpt, or else the first 150 characters of the content,
 * followed by '...' when the content is longer.
 */
export function postSummary(post: { excerpt: string | null; content: string }): string {
  if (post.excerpt) return post.excerpt;
  const characters = Array.from(htmlToText(post.content));
  const head = characters.slice(0, EXCERPT_FALLBACK_LENGTH).join("");
  return characters.length > EXCERPT_FALLBACK_LENGTH ? `${head}...` : head;
}

/** A post page's <title>, og:title and twitter:title (docs/product.md §2, §3 metaTitle): the editor's SEO preview shows the same. */
export const postPageTitle = (post: { title: string; metaTitle: string | null }): string =>
  post.metaTitle ?? `${post.title} | ${siteConfig.blogName}`;

/** A post page's meta, Open Graph and JSON-LD description: the meta description, else the card's summary. */
export const postDescription = (post: { metaDescription: string | null; excerpt: string | null; content: string }): string =>
  post.metaDescription ?? postSummary(post);

/** The public address of a post. */
export const postPath = (slug: string) => `/blog/${slug}`;

export const RSS_PATH = "/blog/rss.xml";

/** `<link rel="alternate">` to the RSS feed, for the blog's `<head>` (docs/product.md §2). */
export const rssFeedLink: MetaDescriptor = {
  tagName: "link",
  rel: "alternate",
  type: "application/rss+xml",
  title: `${siteConfig.blogName} RSS feed`,
  href: RSS_PATH,
};

/** A common estimate of silent reading speed for web text: only rounded minutes are ever shown. */
export const WORDS_PER_MINUTE = 230;

/** The words of a post's content (its HTML as text, split on spaces). */
export const wordCount = (html: string): number => htmlToText(html).split(/\s+/).filter(Boolean).length;

/** Minutes to read `words` words, at least 1 (cards, the post page and the editor say the same). */
export const readingMinutes = (words: number): number => Math.max(1, Math.round(words / WORDS_PER_MINUTE));
