import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { createSession } from "../support/auth.ts";
import { api, createPost, updatePost, clearPosts } from "../support/posts.ts";
import { heardOfWrites, startSecondInstance } from "../support/second-instance.ts";
import type { FullPost } from "../../server/services/posts.ts";
import { TEAM_AUTHOR_NAME } from "../../shared/authors.ts";

const publicKeys = ["author", "content", "coverImage", "coverImageAlt", "createdAt", "excerpt", "id", "publishedAt", "slug", "tags", "title"];

/** Every post removed through the service (so caches see the change): each test starts from an empty blog. */
const page = (app: TestApp, path: string, headers: Record<string, string> = {}) =>
  fetch(`${app.baseUrl}${path}`, { headers, redirect: "manual" });

const metaContent = (html: string, attribute: "name" | "property", key: string) =>
  new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html)?.[1];

describe.each(databaseKinds)("public blog on %s", (kind) => {
  let app: TestApp;
  let cookie: string;
  let memberCookie: string;

  beforeAll(async () => {
    app = await startTestApp(kind, { env: { SITE_URL: "https://zuri.example" } });
    ({ cookie } = await createSession(app, { isAdmin: true }));
    memberCookie = (await createSession(app, { isAdmin: false })).cookie;
  });
  afterAll(() => app.close());
  beforeEach(() => clearPosts(app));

  describe("GET /api/blog", () => {
    it("lists only published posts, newest first, with exactly the public fields", async () => {
      app.clock.set(new Date("2025-03-01T09:00:00.000Z"));
      const older = await createPost(app, cookie, { title: "Older" });
      app.clock.set(new Date("2025-03-05T09:00:00.000Z"));
      const newer = await createPost(app, cookie, { title: "Newer" });
      await createPost(app, cookie, { title: "Draft", published: false });

      const response = await api(app, "/api/blog");
      expect(response.status).toBe(200);
      const list = (await response.json()) as Record<string, unknown>[];
      expect(list.map((post) => post.title)).toEqual(["Newer", "Older"]);
      expect(Object.keys(list[0]!).sort()).toEqual(publicKeys);
      expect(list[0]).toEqual({
        id: newer.id,
        slug: newer.slug,
        title: "Newer",
        excerpt: null,
        content: newer.content,
        coverImage: null,
        coverImageAlt: null,
        publishedAt: "2025-03-05T09:00:00.000Z",
        createdAt: "2025-03-05T09:00:00.000Z",
        tags: [],
        // The saving administrator, under their username until they set a display name (docs/decisions/044, 068).
        // No display name of their own yet: the public name is the team's, never the login name (docs/decisions/068).
        author: { slug: expect.stringMatching(/^zuri-team(-\d+)?$/), name: TEAM_AUTHOR_NAME, avatar: null },
      });
      expect(list[1]!.id).toBe(older.id);
    });

    it("pages with ?page and ?perPage, telling the total and the next page", async () => {
      for (let i = 0; i < 5; i++) {
        app.clock.advance(1000);
        await createPost(app, cookie, { title: `Post ${i}` });
      }
      const response = await api(app, "/api/blog?page=2&perPage=2");
      expect(response.headers.get("x-total-count")).toBe("5");
      expect(response.headers.get("link")).toBe('</api/blog?page=3&perPage=2>; rel="next"');
      expect(((await response.json()) as { title: string }[]).map((p) => p.title)).toEqual(["Post 2", "Post 1"]);
      const last = await api(app, "/api/blog?page=3&perPage=2");
      expect(last.headers.get("link")).toBeNull();
      for (const bad of ["page=0", "page=abc", "perPage=0", "perPage=101"]) {
        expect((await api(app, `/api/blog?${bad}`)).status, bad).toBe(400);
      }
    });
  });

  describe("GET /api/blog/{slug}", () => {
    it("answers a published post and 404 for a draft or an unknown slug, with no hint that a draft exists", async () => {
      const published = await createPost(app, cookie, { title: "Live" });
      const draft = await createPost(app, cookie, { title: "Secret draft", published: false });

      const ok = await api(app, `/api/blog/${published.slug}`);
      expect(ok.status).toBe(200);
      expect(Object.keys(await ok.json()).sort()).toEqual(publicKeys);

      const unknown = await api(app, "/api/blog/no-such-post");
      const hidden = await api(app, `/api/blog/${draft.slug}`);
      const anonymousPreview = await api(app, `/api/blog/${draft.slug}?preview=true`);
      const memberPreview = await api(app, `/api/blog/${draft.slug}?preview=true`, { cookie: memberCookie });
      const unknownBody = await unknown.json();
      for (const response of [hidden, anonymousPreview, memberPreview]) {
        expect(response.status).toBe(404);
        expect(await response.json()).toEqual(unknownBody);
      }
      expect(unknown.status).toBe(404);
    });

    it("opens a draft for an administrator with ?preview=true, never stored by caches", async () => {
      const draft = await createPost(app, cookie, { title: "Draft to preview", published: false });
      const response = await api(app, `/api/blog/${draft.slug}?preview=true`, { cookie });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(await response.json()).toMatchObject({ title: "Draft to preview", publishedAt: null });
      expect((await api(app, `/api/blog/${draft.slug}`, { cookie })).status).toBe(404);
    });

    it("answers 301 from a published post's old slug to its current address, as the page does (decision 040)", async () => {
      const post = await createPost(app, cookie, { slug: "api-first-name", title: "Renamed twice" });
      const renamed = (await (await updatePost(app, cookie, post, { slug: "api-second-name" })).json()) as FullPost;
      await updatePost(app, cookie, renamed, { slug: "api-third-name" });
      for (const old of ["api-first-name", "api-second-name"]) {
        const response = await api(app, `/api/blog/${old}`);
        expect(response.status, old).toBe(301);
        expect(response.headers.get("location"), old).toBe("/api/blog/api-third-name");
        expect(await response.text(), old).toBe("");
        // Revalidated like the API's other post answers: an old slug can be taken by a new post.
        expect(response.headers.get("cache-control"), old).toBe("no-cache");
        expect(response.headers.get("etag"), old).toMatch(/^W\/"blog-\d+-/);
        expect((await page(app, `/blog/${old}`)).headers.get("location"), old).toBe("/blog/api-third-name");
      }
      // A client that follows redirects (fetch's default) gets the post, exactly as at its current address.
      const followed = await fetch(`${app.baseUrl}/api/blog/api-first-name`);
      expect(followed.status).toBe(200);
      expect(await followed.json()).toEqual(await (await api(app, "/api/blog/api-third-name")).json());
      // An administrator's preview of an old slug is redirected the same way, and never stored.
      const preview = await api(app, "/api/blog/api-first-name?preview=true", { cookie });
      expect(preview.status).toBe(301);
      expect(preview.headers.get("location")).toBe("/api/blog/api-third-name");
      expect(preview.headers.get("cache-control")).toBe("private, no-store");
    });

    it("answers 404 for the old slug of a post that is now a draft, and the new post once one reuses that slug", async () => {
      const post = await createPost(app, cookie, { slug: "api-old-address" });
      const moved = (await (await updatePost(app, cookie, post, { slug: "api-new-address" })).json()) as FullPost;
      await updatePost(app, cookie, moved, { published: false });
      const unknownBody = await (await api(app, "/api/blog/no-such-post")).json();
      for (const access of [{}, { cookie }]) {
        const old = await api(app, "/api/blog/api-old-address?preview=true", access);
        expect(old.status).toBe(404);
        expect(await old.json()).toEqual(unknownBody);
      }
      expect((await page(app, "/blog/api-old-address")).status).toBe(404);

      await createPost(app, cookie, { slug: "api-old-address", title: "Reused address" });
      const reused = await api(app, "/api/blog/api-old-address");
      expect(reused.status).toBe(200);
      expect(await reused.json()).toMatchObject({ slug: "api-old-address", title: "Reused address" });
    });
  });

  describe("the API and the page list the same pages", () => {
    const cardTitles = (html: string) => [...html.matchAll(/>(Shared page post \d\d)<\/a>/g)].map((match) => match[1]);

    it("answers the same posts, in the same order, and the same 'more' for each page of 12", async () => {
      for (let i = 1; i <= 14; i++) {
        app.clock.advance(1000);
        await createPost(app, cookie, { title: `Shared page post ${String(i).padStart(2, "0")}` });
      }
      await createPost(app, cookie, { title: "Shared page post 99", published: false });

      for (const number of [1, 2]) {
        const response = await api(app, `/api/blog?page=${number}&perPage=12`);
        const apiTitles = ((await response.json()) as { title: string }[]).map((post) => post.title);
        const html = await (await page(app, number === 1 ? "/blog" : `/blog?page=${number}`)).text();
        expect(cardTitles(html), `page ${number}`).toEqual(apiTitles);
        expect(apiTitles.length, `page ${number}`).toBe(number === 1 ? 12 : 2);
        expect(response.headers.get("x-total-count")).toBe("14");
        const apiHasMore = response.headers.get("link") !== null;
        expect(html.includes(`href="/blog?page=${number + 1}"`), `page ${number}`).toBe(apiHasMore);
        expect(apiHasMore, `page ${number}`).toBe(number === 1);
      }
      expect(cardTitles(await (await page(app, "/blog")).text())[0]).toBe("Shared page post 14");

      // Past the last page: an empty list for the API, a 404 page for people (docs/product.md §2, §7).
      const past = await api(app, "/api/blog?page=3&perPage=12");
      expect(past.status).toBe(200);
      expect(await past.json()).toEqual([]);
      expect(past.headers.get("link")).toBeNull();
      expect((await page(app, "/blog?page=3")).status).toBe(404);
    });
  });

  describe("/blog", () => {
    it("renders the heading, cards with title link, 'MMMM dd, yyyy' date, excerpt or 150-character fallback, and Read More", async () => {
      app.clock.set(new Date("2025-03-05T12:00:00.000Z"));
      const withExcerpt = await createPost(app, cookie, { title: "Has excerpt", excerpt: "A short summary." });
      app.clock.advance(1000);
      const longText = "word ".repeat(60).trim();
      const withoutExcerpt = await createPost(app, cookie, { title: "No excerpt", content: `<p>${longText}</p>` });
      await createPost(app, cookie, { title: "Hidden draft", published: false });

      const response = await page(app, "/blog");
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toMatch(/<h1[^>]*>Zuri Intelligence Blog<\/h1>/);
      expect(html).toContain(`href="/blog/${withExcerpt.slug}"`);
      expect(html).toContain(`href="/blog/${withoutExcerpt.slug}"`);
      expect(html).toContain("March 05, 2025");
      expect(html).toContain("A short summary.");
      expect(html).toContain(`${longText.slice(0, 150)}...`);
      expect(html).not.toContain(`${longText.slice(0, 151)}`);
      expect(html.match(/Read More/g)?.length).toBe(2);
      expect(html).not.toContain("Hidden draft");
      expect(html).toContain('rel="alternate" type="application/rss+xml"');
      expect(html).toContain('<link rel="canonical" href="https://zuri.example/blog"/>');
    });

    it("uses createdAt for the date when a post has no publishedAt", async () => {
      const post = await createPost(app, cookie, { title: "No date" });
      await app.services.database.db
        .updateTable("posts")
        .set({ published_at: null, created_at: "2024-12-25T10:00:00.000Z" })
        .where("id", "=", post.id)
        .execute();
      expect(await (await page(app, "/blog")).text()).toContain("December 25, 2024");
    });

    it("shows the empty state when nothing is published", async () => {
      await createPost(app, cookie, { published: false });
      const html = await (await page(app, "/blog")).text();
      expect(html).toContain("No blog posts found.");
      expect(html).toContain("Check back soon for new content!");
    });

    it("paginates 12 per page with ?page=N links, and answers 404 past the last page", async () => {
      for (let i = 1; i <= 13; i++) {
        app.clock.advance(1000);
        await createPost(app, cookie, { title: `Paged post ${String(i).padStart(2, "0")}` });
      }
      const first = await (await page(app, "/blog")).text();
      expect(first.match(/Paged post \d\d<\/a>/g)?.length).toBe(12);
      expect(first).toContain('href="/blog?page=2"');
      expect(first).toContain("Page 1");
      const second = await page(app, "/blog?page=2");
      expect(second.status).toBe(200);
      const secondHtml = await second.text();
      expect(secondHtml).toContain("Paged post 01");
      expect(secondHtml).not.toContain("Paged post 13");
      expect(secondHtml).toContain('<link rel="canonical" href="https://zuri.example/blog?page=2"/>');
      expect(secondHtml).toContain('href="/blog"');
      expect(secondHtml).not.toContain('href="/blog?page=3"');
      for (const bad of ["3", "0", "abc", "-1"]) {
        expect((await page(app, `/blog?page=${bad}`)).status, bad).toBe(404);
      }
    });

    it("shows the error state with Retry when the posts cannot be loaded", async () => {
      const { posts } = app.services;
      const original = posts.listPublished;
      posts.listPublished = async () => {
        throw new Error("database is down");
      };
      try {
        const response = await page(app, "/blog");
        expect(response.status).toBe(500);
        const html = await response.text();
        expect(html).toContain("Failed to load blog posts. Please try again later.");
        expect(html).toMatch(/<a[^>]*href="\/blog"[^>]*>.*Retry<\/a>/s);
        expect(html).not.toContain("database is down");
      } finally {
        posts.listPublished = original;
      }
    });
  });

  describe("/blog/{slug}", () => {
    it("renders title, date, cover image, sanitised content and Back to Blog", async () => {
      app.clock.set(new Date("2025-03-05T12:00:00.000Z"));
      const post = await createPost(app, cookie, {
        title: "Forecast demand",
        content: '<h2>Why</h2><p>Stock <strong>never</strong> runs out.</p><p><span class="text-size-huge">Big</span></p>',
        coverImage: "https://images.zuri.example/cover.png",
        coverImageAlt: "Shelves restocked before the weekend",
      });
      const response = await page(app, `/blog/${post.slug}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toMatch(/<h1[^>]*>Forecast demand<\/h1>/);
      expect(html).toContain("March 05, 2025");
      expect(html).toMatch(/<img[^>]*src="https:\/\/images\.zuri\.example\/cover\.png"[^>]*max-h-\[500px\]/);
      expect(html).toMatch(/<img src="https:\/\/images\.zuri\.example\/cover\.png" alt="Shelves restocked before the weekend"/);
      expect(html).toContain('<h2>Why</h2><p>Stock <strong>never</strong> runs out.</p><p><span class="text-size-huge">Big</span></p>');
      expect(html).toMatch(/href="\/blog"[^>]*>.*Back to Blog/s);
    });

    it("fills <head> from the SEO fields: title, description, keywords, canonical, Open Graph article, JSON-LD BlogPosting", async () => {
      app.clock.set(new Date("2025-03-05T12:00:00.000Z"));
      const post = await createPost(app, cookie, {
        title: "Post title",
        metaTitle: "Meta title for search",
        metaDescription: "Meta description for search.",
        keywords: "forecasting, retail",
        tags: ["Demand planning", "Retail ops"],
        canonicalUrl: "https://canonical.zuri.example/original",
        coverImage: "/media/cover123.png",
        coverImageAlt: "Forecast chart",
      });
      const html = await (await page(app, `/blog/${post.slug}`)).text();
      expect(html).toContain("<title>Meta title for search</title>");
      expect(metaContent(html, "name", "description")).toBe("Meta description for search.");
      expect(metaContent(html, "name", "keywords")).toBe("forecasting, retail");
      expect(html).toContain('<link rel="canonical" href="https://canonical.zuri.example/original"/>');
      expect(metaContent(html, "property", "og:type")).toBe("article");
      expect(metaContent(html, "property", "og:image")).toBe("https://zuri.example/media/cover123.png");
      expect(html.match(/og:image:alt/g)).toHaveLength(1);
      expect(metaContent(html, "property", "og:image:alt")).toBe("Forecast chart");
      expect(metaContent(html, "name", "twitter:image:alt")).toBe("Forecast chart");
      expect(html).not.toContain('property="og:image:width"');
      expect(metaContent(html, "property", "article:published_time")).toBe("2025-03-05T12:00:00.000Z");
      // article:tag is one meta per tag, the post's tags, never its keywords.
      const articleTags = [...html.matchAll(/<meta property="article:tag" content="([^"]*)"/g)].map((match) => match[1]);
      expect(articleTags).toEqual(["Demand planning", "Retail ops"]);
      expect(html).not.toContain('content="forecasting"');
      expect(html).not.toContain('name="robots"');
      const jsonLd = JSON.parse(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s.exec(html)![1]!);
      expect(jsonLd).toMatchObject({
        "@type": "BlogPosting",
        headline: "Post title",
        description: "Meta description for search.",
        datePublished: "2025-03-05T12:00:00.000Z",
        image: ["https://zuri.example/media/cover123.png"],
        url: `https://zuri.example/blog/${post.slug}`,
      });
    });

    it("shows a decorative cover with alt=\"\" and no og:image:alt; a cover saved before alt text existed falls back to the title", async () => {
      const decorative = await createPost(app, cookie, { title: "Decorated", coverImage: "/media/pattern.png", coverImageDecorative: true });
      const decorativeHtml = await (await page(app, `/blog/${decorative.slug}`)).text();
      expect(decorativeHtml).toContain('<img src="/media/pattern.png" alt=""');
      expect(decorativeHtml).not.toContain("og:image:alt");
      expect(metaContent(decorativeHtml, "name", "twitter:image:alt")).toBe("");
      expect(metaContent(decorativeHtml, "property", "og:image")).toBe("https://zuri.example/media/pattern.png");
      expect((await (await api(app, `/api/blog/${decorative.slug}`)).json()).coverImageAlt).toBe("");

      const described = await createPost(app, cookie, { title: "Older cover", coverImage: "/media/old.png", coverImageAlt: "Old chart" });
      await app.services.database.db.updateTable("posts").set({ cover_image_alt: null }).where("id", "=", described.id).execute();
      await app.services.posts.remove(decorative.id); // any write: a new content version, so no cached page
      const legacyHtml = await (await page(app, `/blog/${described.slug}`)).text();
      expect(legacyHtml).toContain('<img src="/media/old.png" alt="Older cover"');
      expect(metaContent(legacyHtml, "property", "og:image:alt")).toBe("Older cover");
      const list = (await (await api(app, "/api/blog")).json()) as { coverImageAlt: string | null }[];
      expect(list.map((post) => post.coverImageAlt)).toEqual(["Older cover"]);
    });

    it("falls back to the title, the excerpt and the post's own URL when the SEO fields are empty", async () => {
      const post = await createPost(app, cookie, { title: "Plain post", excerpt: "The excerpt." });
      const html = await (await page(app, `/blog/${post.slug}`)).text();
      expect(html).toContain("<title>Plain post | Zuri Intelligence Blog</title>");
      expect(metaContent(html, "name", "description")).toBe("The excerpt.");
      expect(html).toContain(`<link rel="canonical" href="https://zuri.example/blog/${post.slug}"/>`);
    });

    it("answers 404 with the product document's error state for a missing post, a draft, and a draft previewed by a non-admin", async () => {
      const draft = await createPost(app, cookie, { title: "Unreleased plan", published: false });
      for (const [path, headers] of [
        ["/blog/no-such-post", {}],
        [`/blog/${draft.slug}`, {}],
        [`/blog/${draft.slug}?preview=true`, {}],
        [`/blog/${draft.slug}?preview=true`, { cookie: memberCookie }],
      ] as const) {
        const response = await page(app, path, headers);
        expect(response.status, path).toBe(404);
        const html = await response.text();
        expect(html).toContain("Failed to load blog post. It may have been removed or is not published.");
        expect(html).toMatch(/href="\/blog"[^>]*>.*Return to Blog/s);
        expect(html).not.toContain("Unreleased plan");
      }
    });

    it("shows a draft to an administrator with ?preview=true, marked noindex and never cached", async () => {
      const draft = await createPost(app, cookie, { title: "Admin preview", published: false });
      const response = await page(app, `/blog/${draft.slug}?preview=true`, { cookie });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(response.headers.get("etag")).toBeNull();
      const html = await response.text();
      expect(html).toMatch(/<h1[^>]*>Admin preview<\/h1>/);
      expect(metaContent(html, "name", "robots")).toBe("noindex");
    });

    it("answers 301 from a published post's old slug to its new one, following later renames", async () => {
      const post = await createPost(app, cookie, { slug: "first-name" });
      const renamed = (await (await updatePost(app, cookie, post, { slug: "second-name" })).json()) as FullPost;
      await updatePost(app, cookie, renamed, { slug: "third-name" });
      for (const old of ["first-name", "second-name"]) {
        const response = await page(app, `/blog/${old}`);
        expect(response.status, old).toBe(301);
        expect(response.headers.get("location")).toBe("/blog/third-name");
      }
      expect((await page(app, "/blog/third-name")).status).toBe(200);
    });

    it("does not redirect an old slug to a post that is now a draft, and a new post may reuse an old slug", async () => {
      const post = await createPost(app, cookie, { slug: "old-address" });
      const moved = (await (await updatePost(app, cookie, post, { slug: "new-address" })).json()) as FullPost;
      await updatePost(app, cookie, moved, { published: false });
      expect((await page(app, "/blog/old-address")).status).toBe(404);
      await createPost(app, cookie, { slug: "old-address", title: "Reused address" });
      const reused = await page(app, "/blog/old-address");
      expect(reused.status).toBe(200);
      expect(await reused.text()).toContain("Reused address");
    });
  });

  describe("feed and sitemap", () => {
    it("serves RSS 2.0 at /blog/rss.xml with the published posts, newest first", async () => {
      app.clock.set(new Date("2025-03-05T12:00:00.000Z"));
      const post = await createPost(app, cookie, { title: "Feed item", excerpt: "Feed summary" });
      await createPost(app, cookie, { title: "Feed draft", published: false });
      const response = await page(app, "/blog/rss.xml");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
      const xml = await response.text();
      expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
      expect(xml).toContain("<title>Zuri Intelligence Blog</title>");
      expect(xml).toContain(`<link>https://zuri.example/blog/${post.slug}</link>`);
      expect(xml).toContain("<pubDate>Wed, 05 Mar 2025 12:00:00 GMT</pubDate>");
      expect(xml).toContain("<description>Feed summary</description>");
      expect(xml).not.toContain("Feed draft");
    });

    it("lists every published post in /sitemap.xml with lastmod", async () => {
      app.clock.set(new Date("2025-03-05T12:00:00.000Z"));
      const post = await createPost(app, cookie);
      const draft = await createPost(app, cookie, { published: false });
      const xml = await (await page(app, "/sitemap.xml")).text();
      expect(xml).toContain(`<loc>https://zuri.example/blog/${post.slug}</loc>\n    <lastmod>2025-03-05T12:00:00.000Z</lastmod>`);
      expect(xml).not.toContain(draft.slug);
      expect(xml).toContain("<loc>https://zuri.example/product</loc>");
    });
  });

  describe("caching", () => {
    const cachedPaths = (post: FullPost) => ["/blog", `/blog/${post.slug}`, "/blog/rss.xml", "/sitemap.xml", "/api/blog", `/api/blog/${post.slug}`];

    it("sends ETag and Last-Modified and answers 304 to a matching conditional request, without a CSP header", async () => {
      const post = await createPost(app, cookie);
      for (const path of cachedPaths(post)) {
        const first = await page(app, path);
        expect(first.status, path).toBe(200);
        const etag = first.headers.get("etag");
        const lastModified = first.headers.get("last-modified");
        expect(etag, path).toMatch(/^W\/"blog-\d+-/);
        expect(lastModified, path).toBe(new Date(app.clock().toISOString()).toUTCString());
        expect(first.headers.get("cache-control"), path).toBe("no-cache");

        const byEtag = await page(app, path, { "if-none-match": etag! });
        expect(byEtag.status, path).toBe(304);
        expect(await byEtag.text()).toBe("");
        if (!path.startsWith("/api/")) expect(byEtag.headers.get("content-security-policy"), path).toBeNull();
        const byDate = await page(app, path, { "if-modified-since": lastModified! });
        expect(byDate.status, path).toBe(304);
        expect((await page(app, path, { "if-none-match": 'W/"something-else"' })).status, path).toBe(200);
      }
    });

    it("shows a publish, an update and a delete made through another instance once it has heard of them", async () => {
      const other = await startSecondInstance(app);
      try {
        const post = await createPost(app, cookie, { title: "Version one" });
        const validators = new Map<string, string>();
        for (const path of cachedPaths(post)) validators.set(path, (await page(app, path)).headers.get("etag")!);
        const revalidate = async (path: string) =>
          fetch(`${app.baseUrl}${path}`, { headers: { "if-none-match": validators.get(path)! }, redirect: "manual" });

        // Update on the other instance.
        const edit = await fetch(`${other.baseUrl}/api/cms/posts/${post.id}`, {
          method: "PUT",
          headers: { cookie, "content-type": "application/json" },
          body: JSON.stringify({ ...post, title: "Version two" }),
        });
        expect(edit.status).toBe(200);
        await heardOfWrites(app.services);
        for (const path of cachedPaths(post)) {
          const response = await revalidate(path);
          expect(response.status, path).toBe(200);
          validators.set(path, response.headers.get("etag")!);
        }
        expect(await (await page(app, `/blog/${post.slug}`)).text()).toContain("Version two");

        // A new publication on the other instance shows up in the list here.
        const second = await fetch(`${other.baseUrl}/api/cms/posts`, {
          method: "POST",
          headers: { cookie, "content-type": "application/json" },
          body: JSON.stringify({ title: "Published elsewhere", slug: "published-elsewhere", content: "<p>x</p>", published: true }),
        });
        expect(second.status).toBe(201);
        await heardOfWrites(app.services);
        const listAfterPublish = await revalidate("/blog");
        expect(listAfterPublish.status).toBe(200);
        expect(await listAfterPublish.text()).toContain("Published elsewhere");

        // Delete on the other instance.
        for (const path of cachedPaths(post)) validators.set(path, (await page(app, path)).headers.get("etag")!);
        expect((await fetch(`${other.baseUrl}/api/cms/posts/${post.id}`, { method: "DELETE", headers: { cookie } })).status).toBe(200);
        await heardOfWrites(app.services);
        expect((await revalidate(`/blog/${post.slug}`)).status).toBe(404);
        expect((await revalidate(`/api/blog/${post.slug}`)).status).toBe(404);
        const list = await revalidate("/blog");
        expect(list.status).toBe(200);
        expect(await list.text()).not.toContain("Version two");
      } finally {
        await other.close();
      }
    });
  });
});
