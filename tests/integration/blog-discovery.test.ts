import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { createSession } from "../support/auth.ts";
import { createPost, clearPosts, allPosts } from "../support/posts.ts";

/** Tag pages, tag feeds and the search on /blog (docs/decisions/043), through the real HTTP app on each database. */

/** Every post removed through the service (so caches see the change): each test starts from an empty blog. */
const get = (app: TestApp, path: string, headers: Record<string, string> = {}) =>
  fetch(`${app.baseUrl}${path}`, { headers, redirect: "manual" });

const metaContent = (html: string, attribute: "name" | "property", key: string) =>
  new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html)?.[1];

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

/** The page's JSON-LD blocks, parsed. */
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, json]) => JSON.parse(json!) as Record<string, unknown>,
  );

/** The opening tags named `tag` that carry every one of `attributes` (in any order). */
const elementsWith = (html: string, tag: string, attributes: string[]) =>
  [...html.matchAll(new RegExp(`<${tag}\\b[^>]*>`, "g"))].map(([element]) => element).filter((element) =>
    attributes.every((attribute) => element.includes(attribute)),
  );

/** The titles of the post cards on a listing page, in order. */
const cardTitles = (html: string) =>
  [...html.matchAll(/<h3[^>]*><a[^>]*href="\/blog\/[^"]+"[^>]*>([^<]*)<\/a><\/h3>/g)].map(([, title]) => title);

describe.each(databaseKinds)("tag pages and blog search on %s", (kind) => {
  let app: TestApp;
  let cookie: string;

  beforeAll(async () => {
    app = await startTestApp(kind, { env: { SITE_URL: "https://zuri.example" } });
    cookie = (await createSession(app, { isAdmin: true })).cookie;
  });
  afterAll(() => app.close());
  beforeEach(() => clearPosts(app));

  const page = async (path: string, status = 200) => {
    const response = await get(app, path);
    expect(response.status, path).toBe(status);
    return response.text();
  };

  describe("/blog/tag/{slug}", () => {
    it("lists the tag's published posts newest first, 12 a page, with ?page=N links and a 404 past the end", async () => {
      for (let i = 1; i <= 13; i++) {
        app.clock.advance(1000);
        await createPost(app, cookie, { title: `Tagged post ${String(i).padStart(2, "0")}`, tags: ["Forecasting"] });
      }
      await createPost(app, cookie, { title: "Untagged post" });
      await createPost(app, cookie, { title: "Tagged draft", tags: ["Forecasting"], published: false });

      const first = await page("/blog/tag/forecasting");
      expect(first).toMatch(/<h1[^>]*>Forecasting<\/h1>/);
      const firstTitles = cardTitles(first);
      expect(firstTitles).toHaveLength(12);
      expect(firstTitles[0]).toBe("Tagged post 13");
      expect(firstTitles[11]).toBe("Tagged post 02");
      expect(first).not.toContain("Untagged post");
      expect(first).not.toContain("Tagged draft");
      expect(first).toContain('href="/blog/tag/forecasting?page=2"');

      const second = await page("/blog/tag/forecasting?page=2");
      expect(cardTitles(second)).toEqual(["Tagged post 01"]);
      expect(second).toContain('<link rel="canonical" href="https://zuri.example/blog/tag/forecasting?page=2"/>');
      expect(titleOf(second)).toBe("Forecasting (page 2) | Zuri Intelligence Blog");
      expect(elementsWith(second, "a", ['href="/blog/tag/forecasting"', 'rel="prev"'])).toHaveLength(1);
      for (const bad of ["3", "0", "abc"]) await page(`/blog/tag/forecasting?page=${bad}`, 404);
    });

    it("has its own title, description, canonical URL, feed link and CollectionPage JSON-LD", async () => {
      const older = await createPost(app, cookie, { title: "Demand planning basics", tags: ["Demand planning"] });
      app.clock.advance(1000);
      const newer = await createPost(app, cookie, { title: "Seasonal demand", tags: ["Demand planning", "Retail"] });

      const html = await page("/blog/tag/demand-planning");
      expect(titleOf(html)).toBe("Demand planning | Zuri Intelligence Blog");
      expect(html).toContain('<link rel="canonical" href="https://zuri.example/blog/tag/demand-planning"/>');
      const description = metaContent(html, "name", "description");
      expect(description).toContain("Demand planning");
      expect(metaContent(html, "property", "og:description")).toBe(description);
      expect(metaContent(html, "name", "robots")).toBeUndefined();
      expect(html).toMatch(/<link rel="alternate" type="application\/rss\+xml" title="[^"]*" href="\/blog\/tag\/demand-planning\/rss\.xml"\/>/);
      expect(html).toContain("2 posts");

      const collection = jsonLdOf(html).find((block) => block["@type"] === "CollectionPage");
      expect(collection).toMatchObject({
        "@context": "https://schema.org",
        url: "https://zuri.example/blog/tag/demand-planning",
        isPartOf: { "@type": "Blog", url: "https://zuri.example/blog" },
        mainEntity: {
          "@type": "ItemList",
          itemListElement: [
            { "@type": "ListItem", position: 1, url: `https://zuri.example/blog/${newer.slug}`, name: "Seasonal demand" },
            { "@type": "ListItem", position: 2, url: `https://zuri.example/blog/${older.slug}`, name: "Demand planning basics" },
          ],
        },
      });
      // The other topics are offered as links.
      expect(html).toContain('href="/blog/tag/retail"');
    });

    it("with fewer than three posts, adds the blog's latest other posts under \"More from the blog\", never the tag's own", async () => {
      for (const title of ["Oldest other", "Older other", "Middle other"]) {
        app.clock.advance(1000);
        await createPost(app, cookie, { title });
      }
      app.clock.advance(1000);
      await createPost(app, cookie, { title: "Only onboarding post", tags: ["Onboarding"] });
      app.clock.advance(1000);
      await createPost(app, cookie, { title: "Newest other" });
      app.clock.advance(1000);
      await createPost(app, cookie, { title: "Other draft", published: false });

      const [own, more] = (await page("/blog/tag/onboarding")).split('id="more-posts-heading"');
      expect(cardTitles(own!)).toEqual(["Only onboarding post"]);
      expect(more).toMatch(/^[^>]*>More from the blog</);
      expect(cardTitles(more!)).toEqual(["Newest other", "Middle other", "Older other"]);

      // Three posts of its own fill the page: no row of others.
      for (const title of ["Second onboarding post", "Third onboarding post"]) await createPost(app, cookie, { title, tags: ["Onboarding"] });
      expect(await page("/blog/tag/onboarding")).not.toContain("More from the blog");
    });

    it("uses the tag's own description when it has one", async () => {
      await createPost(app, cookie, { title: "Churn signals", tags: ["Churn"] });
      const { db } = app.services.database;
      await db.updateTable("tags").set({ description: "Seeing which customers are about to leave." }).where("slug", "=", "churn").execute();
      // A post write bumps the blog's content version, so no stored copy of the page outlives the change (decision 040).
      await createPost(app, cookie, { title: "Unrelated" });
      const html = await page("/blog/tag/churn");
      expect(metaContent(html, "name", "description")).toBe("Seeing which customers are about to leave.");
      expect(html).toContain("Seeing which customers are about to leave.");
    });

    it("answers 404 for an unknown tag and for a tag whose posts are all drafts, and 301 from another form of the slug", async () => {
      await createPost(app, cookie, { title: "Published", tags: ["Forecasting"] });
      await createPost(app, cookie, { title: "Secret draft", tags: ["Hidden plans"], published: false });

      for (const path of ["/blog/tag/no-such-tag", "/blog/tag/hidden-plans", "/blog/tag/---"]) {
        const html = await page(path, 404);
        expect(html, path).toContain("Page Not Found");
        expect(html, path).not.toContain("Secret draft");
        expect(metaContent(html, "name", "robots"), path).toBe("noindex");
      }
      // The accented form is the same tag (decision 042): one address for it.
      // (Upper-case escapes are first lower-cased by the server, decision 014.)
      const accented = await get(app, "/blog/tag/for%c3%a9casting?page=1");
      expect(accented.status).toBe(301);
      expect(accented.headers.get("location")).toBe("/blog/tag/forecasting?page=1");
    });

    it("shows a new post under its tag on the next request, and drops the page when its last post is unpublished", async () => {
      const post = await createPost(app, cookie, { title: "First under tag", tags: ["Pricing"] });
      const before = await get(app, "/blog/tag/pricing");
      expect(before.status).toBe(200);
      const etag = before.headers.get("etag")!;
      expect(etag).toMatch(/^W\/"blog-\d+-/);
      expect((await get(app, "/blog/tag/pricing", { "if-none-match": etag })).status).toBe(304);

      await createPost(app, cookie, { title: "Second under tag", tags: ["Pricing"] });
      const after = await get(app, "/blog/tag/pricing", { "if-none-match": etag });
      expect(after.status).toBe(200);
      expect(cardTitles(await after.text())).toEqual(["Second under tag", "First under tag"]);

      await app.services.posts.remove(post.id);
      const remaining = (await allPosts(app)).find((candidate) => candidate.title === "Second under tag")!;
      await app.services.posts.remove(remaining.id);
      await page("/blog/tag/pricing", 404);
    });
  });

  describe("tag feeds, the sitemap and tags on posts", () => {
    it("serves /blog/tag/{slug}/rss.xml with the tag's published posts only, and 404 for an unknown tag", async () => {
      app.clock.set(new Date("2025-03-05T12:00:00.000Z"));
      const tagged = await createPost(app, cookie, { title: "Feed tagged", excerpt: "Tagged summary", tags: ["Forecasting"] });
      await createPost(app, cookie, { title: "Feed untagged" });
      await createPost(app, cookie, { title: "Feed tagged draft", tags: ["Forecasting"], published: false });

      const response = await get(app, "/blog/tag/forecasting/rss.xml");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
      expect(response.headers.get("etag")).toMatch(/^W\/"blog-\d+-/);
      const xml = await response.text();
      expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
      expect(xml).toContain("<title>Forecasting | Zuri Intelligence Blog</title>");
      expect(xml).toContain("<link>https://zuri.example/blog/tag/forecasting</link>");
      expect(xml).toContain('<atom:link href="https://zuri.example/blog/tag/forecasting/rss.xml" rel="self"');
      expect(xml).toContain(`<link>https://zuri.example/blog/${tagged.slug}</link>`);
      expect(xml).toContain("<description>Tagged summary</description>");
      expect(xml).toContain("<pubDate>Wed, 05 Mar 2025 12:00:00 GMT</pubDate>");
      expect(xml).not.toContain("Feed untagged");
      expect(xml).not.toContain("Feed tagged draft");

      expect((await get(app, "/blog/tag/no-such-tag/rss.xml")).status).toBe(404);
      // The blog's own feed is unchanged by the shared renderer.
      const blogFeed = await page("/blog/rss.xml");
      expect(blogFeed).toContain("<link>https://zuri.example/blog</link>");
      expect(blogFeed).toContain('<atom:link href="https://zuri.example/blog/rss.xml" rel="self"');
    });

    it("lists the pages of tags with published posts in /sitemap.xml, never a tag with drafts only", async () => {
      await createPost(app, cookie, { tags: ["Forecasting", "Retail"] });
      await createPost(app, cookie, { tags: ["Draft only topic"], published: false });
      const xml = await page("/sitemap.xml");
      expect(xml).toContain("<loc>https://zuri.example/blog/tag/forecasting</loc>");
      expect(xml).toContain("<loc>https://zuri.example/blog/tag/retail</loc>");
      expect(xml).not.toContain("draft-only-topic");
    });

    it("shows a post's tags as links to their pages, and the most used tags in the blog header", async () => {
      const post = await createPost(app, cookie, { title: "Tagged for readers", tags: ["Retail", "Forecasting"] });
      const html = await page(`/blog/${post.slug}`);
      expect(html).toMatch(/<ul aria-label="Topics"[^>]*>.*href="\/blog\/tag\/forecasting".*href="\/blog\/tag\/retail"/s);

      const list = await page("/blog");
      expect(list).toContain('href="/blog/tag/forecasting"');
      expect(list).toContain("What we write about");
    });

    it("keeps the product's topics in the blog header while no post has tags", async () => {
      await createPost(app, cookie, { title: "No tags here" });
      const list = await page("/blog");
      expect(list).toContain("Plain-English questions");
      expect(list).not.toContain('href="/blog/tag/');
    });
  });

  describe("/blog?q=", () => {
    it("finds published posts with highlighted snippets, never drafts, and is noindex with /blog as canonical", async () => {
      const match = await createPost(app, cookie, {
        title: "Forecasting stockouts",
        content: "<p>See which stores will run out of stock next week with demand forecasting.</p>",
        tags: ["Retail"],
      });
      await createPost(app, cookie, { title: "Unrelated", content: "<p>Nothing to see.</p>" });
      await createPost(app, cookie, { title: "Forecasting draft", content: "<p>Secret forecasting plan.</p>", published: false });

      const html = await page("/blog?q=forecast");
      expect(html).toContain("1 result for “forecast”");
      expect(html).toContain(`href="/blog/${match.slug}"`);
      expect(html).toContain("<mark>forecasting</mark>");
      expect(html).not.toContain("Forecasting draft");
      expect(html).not.toContain("Secret forecasting plan");
      expect(html).not.toContain("Unrelated");
      // The result's tags are links too.
      expect(html).toContain('href="/blog/tag/retail"');
      expect(titleOf(html)).toBe("Search results for “forecast” | Zuri Intelligence Blog");
      expect(metaContent(html, "name", "robots")).toBe("noindex");
      expect(html).toContain('<link rel="canonical" href="https://zuri.example/blog"/>');
      // The search box shows the search.
      expect(elementsWith(html, "input", ['name="q"', 'value="forecast"'])).toHaveLength(1);
    });

    it("matches without accents or case, and escapes the post's text around the <mark>s", async () => {
      await createPost(app, cookie, { title: "Le café", content: "<p>Un CAFÉ résumé with &lt;b&gt;markup&lt;/b&gt; as text.</p>" });
      const html = await page("/blog?q=Cafe+RESUME");
      expect(html).toContain("1 result for “Cafe RESUME”");
      expect(html).toContain("<mark>CAFÉ</mark>");
      expect(html).toContain("<mark>résumé</mark>");
      expect(html).toContain("&lt;b&gt;markup&lt;/b&gt;");
      expect(html).not.toContain("<b>markup</b>");
    });

    it("answers a query of punctuation only, or with no match, with the empty state (200), not an error", async () => {
      await createPost(app, cookie, { title: "Anything" });
      for (const q of ["%22%27%28%29%2A%3A%5E-", "zzzzqqq"]) {
        const html = await page(`/blog?q=${q}`);
        expect(html, q).toContain("0 results for");
        expect(html, q).toContain("No posts match");
        expect(html, q).toMatch(/href="\/blog"[^>]*>Browse all posts/);
      }
    });

    it("shows the plain list for an empty or blank q", async () => {
      await createPost(app, cookie, { title: "Listed post" });
      for (const q of ["", "%20%20"]) {
        const html = await page(`/blog?q=${q}`);
        expect(cardTitles(html), q).toEqual(["Listed post"]);
        expect(html, q).not.toContain("results for");
      }
    });

    it("answers a q over 200 characters with 400 and a friendly message, never a 500", async () => {
      await createPost(app, cookie, { title: "Anything" });
      const response = await get(app, `/blog?q=${"forecast ".repeat(30)}`);
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain("Searches can be up to 200 characters.");
      expect(elementsWith(html, "input", ['name="q"', 'maxLength="200"', `value="${"forecast ".repeat(30).trim().slice(0, 200)}"`])).toHaveLength(1);
      expect(metaContent(html, "name", "robots")).toBe("noindex");
      // Exactly 200 is still a search.
      expect((await get(app, `/blog?q=${"a".repeat(200)}`)).status).toBe(200);
    });

    it("pages results 12 at a time, keeping q in the links, and 404 past the last page", async () => {
      for (let i = 1; i <= 13; i++) {
        app.clock.advance(1000);
        await createPost(app, cookie, { title: `Inventory note ${String(i).padStart(2, "0")}`, content: "<p>Inventory levels.</p>" });
      }
      const first = await page("/blog?q=inventory");
      expect(first).toContain("13 results for “inventory”");
      expect(cardTitles(first)).toHaveLength(12);
      expect(first).toContain('href="/blog?q=inventory&amp;page=2"');
      const second = await page("/blog?q=inventory&page=2");
      expect(cardTitles(second)).toHaveLength(1);
      expect(second).toContain('href="/blog?q=inventory"');
      await page("/blog?q=inventory&page=3", 404);
    });

    it("answers with validators and a 304 like /blog, per search", async () => {
      await createPost(app, cookie, { title: "Cached search" });
      const first = await get(app, "/blog?q=cached");
      expect(first.status).toBe(200);
      const etag = first.headers.get("etag")!;
      expect(etag).toMatch(/^W\/"blog-\d+-/);
      expect(first.headers.get("cache-control")).toBe("no-cache");
      expect((await get(app, "/blog?q=cached", { "if-none-match": etag })).status).toBe(304);
      expect(await (await get(app, "/blog?q=other")).text()).toContain("0 results for “other”");
    });
  });

  it("offers 'Search the blog' on the 404 page, as a GET form to /blog", async () => {
    const html = await page("/no-such-page", 404);
    expect(elementsWith(html, "form", ['method="get"', 'action="/blog"', 'role="search"'])).toHaveLength(1);
    expect(html).toMatch(/<label[^>]*for="not-found-search"[^>]*>Search the blog<\/label>/);
  });
});
