import type { MetaDescriptor } from "react-router";
import { siteConfig } from "./site-config.ts";

/** Browser-safe helpers for showing posts (docs/product.md §2 blog list and post, §9 constants). */

export const BLOG_PAGE_SIZE = 12;
export const EXCERPT_FALLBACK_LENGTH = 150;

const blogDate = new Intl.DateTimeFormat("en-US", { month: "long", day: "2-digit", year: "numeric", timeZone: "UTC" });

/** 'MMMM dd, yyyy' (docs/product.md §9), e.g. 'March 05, 2025', from publishedAt or else createdAt. */
export function formatBlogDate(post: { publishedAt: string | null; createdAt: string }): string {
  return blogDate.format(new Date(post.publishedAt ?? post.createdAt));
}

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/**
 * Tags that start or end a block of text (what the post editor produces, plus div and table
 * parts): their text never runs into the next block's.
 */
const BLOCK_TAG =
  /<\/?(?:p|h[1-6]|li|ul|ol|blockquote|pre|div|figure|figcaption|table|thead|tbody|tr|td|th)(?:\s[^>]*)?>|<(?:br|hr)(?:\s[^>]*)?\/?>/gi;
const HEADING_OPEN = /^<h[1-6]\b/i;
const HEADING_CLOSE = /^<\/h[1-6]/i;
/** Text that already ends a sentence or clause (. , : ; ! ? in any script, or …), perhaps before closing quotes or brackets. */
const ENDS_SENTENCE = /[\p{Terminal_Punctuation}\u2026]["'\p{Pe}\p{Pf}]*$/u;

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, entity: string) => {
    if (entity[0] !== "#") return entities[entity.toLowerCase()] ?? match;
    const code = entity[1] === "x" || entity[1] === "X" ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
  });
}

/** The text between two block boundaries: inline tags dropped, entities decoded, spaces collapsed. */
const inlineText = (html: string) =>
  decodeEntities(html.replace(/<[^>]*>/g, ""))
    .replace(/\s+/g, " ")
    .trim();

/**
 * The readable text of sanitised post HTML (the docs/product.md §2 card fallback, the RSS summary): blocks
 * separated by a space, and a heading that ends without punctuation closed with a full stop when
 * more text follows, so "Start with the decision, not the dashboard" and the paragraph after it
 * read as two sentences. Inline tags are dropped and entities decoded.
 */
export function htmlToText(html: string): string {
  const blocks: string[] = [];
  let headingStart = -1; // index in `blocks` where the open heading's text begins
  const headingEnds: number[] = []; // blocks that end a heading
  let last = 0;
  const take = (until: number) => {
    const text = inlineText(html.slice(last, until));
    if (text) blocks.push(text);
  };
  for (const match of html.matchAll(BLOCK_TAG)) {
    take(match.index);
    last = match.index + match[0].length;
    if (HEADING_OPEN.test(match[0])) headingStart = blocks.length;
    else if (HEADING_CLOSE.test(match[0]) && headingStart >= 0) {
      if (blocks.length > headingStart) headingEnds.push(blocks.length - 1);
      headingStart = -1;
    }
  }
  take(html.length);
  for (const index of headingEnds) {
    const text = blocks[index]!;
    if (index < blocks.length - 1 && !ENDS_SENTENCE.test(text)) blocks[index] = `${text}.`;
  }
  return blocks.join(" ");
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
