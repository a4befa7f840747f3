import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { createSession } from "../support/auth.ts";
import { createPost } from "../support/posts.ts";
import { SITEMAP_URLS_PER_FILE } from "../../app/lib/sitemap-entries.ts";

const site = "https://zuri.example";
const urlsIn = (xml: string) => [...xml.matchAll(/<url>\s*<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);

/** docs/decisions/048: one sitemap up to 1,000 URLs, an index of files of at most 1,000 beyond. */
describe.each(databaseKinds)("the sitemap of a large blog on %s", (kind) => {
  let app: TestApp;
  let newest: { slug: string };

  beforeAll(async () => {
    app = await startTestApp(kind, { env: { SITE_URL: site } });
    const cookie = (await createSession(app, { isAdmin: true })).cookie;
    // 1,005 published posts and 3 drafts written straight to the table (the API would take minutes),
    // then one through the API, which files it under a tag and moves the blog's content version.
    const now = new Date().toISOString();
    const rows = Array.from({ length: SITEMAP_URLS_PER_FILE + 8 }, (_, n) => ({
      title: `Seeded ${n}`,
      slug: `seeded-${n}`,
      content: `<p>Seeded ${n}</p>`,
      published: n >= 3,
      published_at: n >= 3 ? now : null,
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 250) {
      await app.services.database.db.insertInto("posts").values(rows.slice(i, i + 250)).execute();
    }
    newest = await createPost(app, cookie, { title: "Newest post", tags: ["Forecasting"] });
  });
  afterAll(() => app.close());

  it("answers /sitemap.xml with an index of the pages file and one file per 1,000 posts", async () => {
    const response = await fetch(`${app.baseUrl}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = [...xml.matchAll(/<sitemap>\s*<loc>([^<]+)<\/loc>\s*<lastmod>([^<]+)<\/lastmod>/g)];
    expect(files.map((file) => file[1])).toEqual([
      `${site}/sitemaps/pages.xml`,
      `${site}/sitemaps/posts/1.xml`,
      `${site}/sitemaps/posts/2.xml`,
    ]);
    for (const file of files) expect(Number.isNaN(Date.parse(file[2]!))).toBe(false);
  });

  it("lists every published post once across the files, at most 1,000 a file, drafts never", async () => {
    const first = urlsIn(await (await fetch(`${app.baseUrl}/sitemaps/posts/1.xml`)).text());
    const second = urlsIn(await (await fetch(`${app.baseUrl}/sitemaps/posts/2.xml`)).text());
    expect(first).toHaveLength(SITEMAP_URLS_PER_FILE);
    const all = [...first, ...second];
    expect(new Set(all).size).toBe(SITEMAP_URLS_PER_FILE + 6);
    expect(all).toContain(`${site}/blog/${newest.slug}`);
    expect(second.at(-1)).toBe(`${site}/blog/${newest.slug}`);
    for (const draft of ["seeded-0", "seeded-1", "seeded-2"]) expect(all).not.toContain(`${site}/blog/${draft}`);
  });

  it("lists the static, tag and author pages in the pages file", async () => {
    const pages = urlsIn(await (await fetch(`${app.baseUrl}/sitemaps/pages.xml`)).text());
    expect(pages).toContain(`${site}/product`);
    expect(pages).toContain(`${site}/blog/tag/forecasting`);
    expect(pages.some((url) => url.startsWith(`${site}/blog/author/`))).toBe(true);
    expect(pages.some((url) => url.startsWith(`${site}/blog/seeded-`))).toBe(false);
  });

  it("answers 404 for a file that does not exist", async () => {
    for (const path of ["/sitemaps/posts/3.xml", "/sitemaps/posts/0.xml", "/sitemaps/posts/one.xml", "/sitemaps/posts/1"]) {
      expect((await fetch(`${app.baseUrl}${path}`)).status, path).toBe(404);
    }
  });

  it("sends validators on the files and answers 304 to a matching request", async () => {
    for (const path of ["/sitemap.xml", "/sitemaps/pages.xml", "/sitemaps/posts/2.xml"]) {
      const first = await fetch(`${app.baseUrl}${path}`);
      const etag = first.headers.get("etag");
      expect(etag, path).toBeTruthy();
      const again = await fetch(`${app.baseUrl}${path}`, { headers: { "if-none-match": etag! } });
      expect(again.status, path).toBe(304);
    }
  });
});
