import type { Services } from "../../server/services.ts";
import { staticSitemapEntries, type SitemapEntry } from "./sitemap.ts";
import { tagPath } from "./blog-discovery.ts";
import { authorPath } from "../../shared/authors.ts";

/**
 * What the sitemap lists (docs/decisions/048), for app/routes/sitemap.ts and the files of its index:
 * - the pages: the static pages, every tag page, every author page and every published landing page
 *   not marked noindex (docs/decisions/037);
 * - the posts, in files of at most `SITEMAP_URLS_PER_FILE`, oldest first.
 * A site with at most that many URLs in all gets one /sitemap.xml; a larger one a sitemap index.
 */

/** Far below the protocol's 50,000: every sitemap answer stays small and fast however large the blog grows. */
export const SITEMAP_URLS_PER_FILE = 1000;

export const SITEMAP_PAGES_PATH = "/sitemaps/pages.xml";
/** The `n`th file of posts, from 1. */
export const sitemapPostsPath = (n: number) => `/sitemaps/posts/${n}.xml`;

type SitemapServices = Pick<Services, "sitemapPosts" | "tags" | "authors" | "landingPages">;

export async function pageEntries({ tags, authors, landingPages }: SitemapServices): Promise<SitemapEntry[]> {
  // Tag pages: only tags with published posts have one (docs/decisions/043).
  const tagEntries = (await tags.listPublic()).map(
    (tag): SitemapEntry => ({ path: tagPath(tag.slug), changeFrequency: "weekly", priority: 0.5 }),
  );
  // Author pages: only authors with published posts have one (docs/decisions/044).
  const authorEntries = (await authors.listSitemapEntries()).map(
    (author): SitemapEntry => ({ path: authorPath(author.slug), lastModified: author.updatedAt, changeFrequency: "weekly", priority: 0.4 }),
  );
  // Landing pages: published ones, except paid-campaign pages marked noindex (docs/decisions/037).
  const landingEntries = (await landingPages.sitemapEntries()).map(
    (page): SitemapEntry => ({ path: page.path, lastModified: page.updatedAt, changeFrequency: "monthly", priority: 0.6 }),
  );
  return [...staticSitemapEntries(), ...tagEntries, ...authorEntries, ...landingEntries];
}

/**
 * The posts of the `n`th file, from 1 (on a site small enough for one sitemap, the first is all of them):
 * the published posts from the `(n-1)·1000`th on, in id order, read by key (docs/decisions/023).
 */
export async function postEntries({ sitemapPosts }: SitemapServices, n = 1): Promise<SitemapEntry[]> {
  const after = await sitemapPosts.startAfter((n - 1) * SITEMAP_URLS_PER_FILE);
  if (after === null) return [];
  return (await sitemapPosts.entriesAfter(after, SITEMAP_URLS_PER_FILE)).map(
    (post): SitemapEntry => ({ path: `/blog/${post.slug}`, lastModified: post.updatedAt, changeFrequency: "monthly" }),
  );
}

/** How many files the posts take. */
export const postFileCount = (publishedPosts: number) => Math.ceil(publishedPosts / SITEMAP_URLS_PER_FILE);

/** An XML answer of the sitemap family. */
export const xmlResponse = (xml: string) => new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
