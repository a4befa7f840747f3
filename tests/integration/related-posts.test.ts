import { CompiledQuery } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { createSession } from "../support/auth.ts";
import { createPost, updatePost, clearPosts } from "../support/posts.ts";
import type { FullPost } from "../../server/services/posts.ts";

/**
 * The end of a post (docs/decisions/046): related posts, previous and next, share links and the call
 * to action, through the service and the real post page on each database.
 */

/** Every post removed through the service (so the page cache sees the change): each test starts from an empty blog. */
/** As React writes attribute values. */
const escapeHtml = (text: string) => text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("'", "&#x27;");

describe.each(databaseKinds)("the end of a post on %s", (kind) => {
  let app: TestApp;
  let cookie: string;

  beforeAll(async () => {
    app = await startTestApp(kind);
    cookie = (await createSession(app, { isAdmin: true })).cookie;
  });
  afterAll(() => app.close());
  beforeEach(() => clearPosts(app));

  /** A post published one minute after the previous one, so publication order is the order of the calls. */
  const publish = async (title: string, fields: Record<string, unknown> = {}) => {
    app.clock.advance(60_000);
    return createPost(app, cookie, { title, ...fields });
  };
  const draft = (title: string, fields: Record<string, unknown> = {}) => publish(title, { ...fields, published: false });
  const relatedTitles = async (post: FullPost) => (await app.services.relatedPosts.related(post.id)).map((item) => item.title);
  const page = async (post: { slug: string }, headers: Record<string, string> = {}) => {
    const response = await fetch(`${app.baseUrl}/blog/${post.slug}`, { headers });
    return { response, html: await response.text() };
  };
  /** The part of the page after the post's content: where the end of a post lives. */
  const relatedSection = (html: string) => {
    const start = html.indexOf('aria-labelledby="related-posts-heading"');
    return start < 0 ? "" : html.slice(start, html.indexOf("</section>", start));
  };

  it("ranks related posts by shared tags, then newest first, never the post itself or a draft", async () => {
    const oneShared = await publish("One shared", { tags: ["Forecasting"] });
    const twoSharedOlder = await publish("Two shared, older", { tags: ["Forecasting", "Retail"] });
    await draft("Draft sharing all", { tags: ["Forecasting", "Retail", "Inventory"] });
    const post = await publish("The post", { tags: ["Forecasting", "Retail", "Inventory"] });
    const twoSharedNewer = await publish("Two shared, newer", { tags: ["Retail", "Inventory", "Pricing"] });
    await publish("Newest, nothing shared", { tags: ["Pricing"] });
    await publish("Newest untagged");

    expect(await relatedTitles(post)).toEqual([twoSharedNewer.title, twoSharedOlder.title, oneShared.title]);
    // The shared count decides before recency: the older post with two tags beats the newer with one.
    expect(await relatedTitles(twoSharedOlder)).toEqual([post.title, twoSharedNewer.title, oneShared.title]);

    // The page shows the same three, as cards with lazy covers of a set size, in that order.
    const withCover = await publish("Covered and shared", {
      tags: ["Forecasting", "Retail", "Inventory"],
      coverImage: "https://images.example/forecast.png",
      coverImageAlt: "A forecast chart",
    });
    const { html } = await page(post);
    const section = relatedSection(html);
    const order = [withCover.title, twoSharedNewer.title, twoSharedOlder.title].map((title) => section.indexOf(`>${title}</a>`));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(section).not.toContain(`>${oneShared.title}</a>`);
    expect(section).toMatch(/<img src="https:\/\/images.example\/forecast.png" alt="A forecast chart" width="1200" height="630" decoding="async" loading="lazy"/);
  });

  it("fills with the newest published posts when the post has no tags or too few related ones", async () => {
    const oldest = await publish("Oldest", { tags: ["Forecasting"] });
    const untagged = await publish("Untagged post");
    const middle = await publish("Middle");
    await draft("Newest draft", { tags: ["Forecasting"] });
    const newer = await publish("Newer");
    const newest = await publish("Newest");

    // No tags: the three newest other published posts.
    expect(await relatedTitles(untagged)).toEqual([newest.title, newer.title, middle.title]);
    // One related post (the draft sharing its tag does not count), then the newest, each once.
    const tagged = await publish("Tagged", { tags: ["Forecasting"] });
    expect(await relatedTitles(tagged)).toEqual([oldest.title, newest.title, newer.title]);
    // The newest post itself is never among its own related posts.
    expect(await relatedTitles(newest)).toEqual([tagged.title, newer.title, middle.title]);

    // Too few posts in the whole blog: as many as there are; a lone post has none and no section.
    await clearPosts(app);
    const only = await publish("Only post", { tags: ["Forecasting"] });
    expect(await relatedTitles(only)).toEqual([]);
    expect(relatedSection((await page(only)).html)).toBe("");
    const second = await publish("Second post");
    expect(await relatedTitles(only)).toEqual([second.title]);
  });

  it("links the previous and next published posts by date; the first and the latest have one side only", async () => {
    const first = await publish("First post");
    await draft("A draft in between");
    const second = await publish("Second post");
    const latest = await publish("Latest post");

    const { neighbours } = app.services.relatedPosts;
    const link = (post: FullPost) => ({ slug: post.slug, title: post.title });
    expect(await neighbours(first)).toEqual({ previous: null, next: link(second) });
    expect(await neighbours(second)).toEqual({ previous: link(first), next: link(latest) });
    expect(await neighbours(latest)).toEqual({ previous: link(second), next: null });

    const nav = (html: string) => {
      const start = html.indexOf('aria-label="Previous and next posts"');
      return html.slice(start, html.indexOf("</nav>", start));
    };
    const firstNav = nav((await page(first)).html);
    expect(firstNav).toContain(`href="/blog/${second.slug}"`);
    expect(firstNav).toContain("Next post");
    expect(firstNav).not.toContain("Previous post");
    const latestNav = nav((await page(latest)).html);
    expect(latestNav).toContain(`href="/blog/${second.slug}"`);
    expect(latestNav).toContain("Previous post");
    expect(latestNav).not.toContain("Next post");
    const middleNav = nav((await page(second)).html);
    expect(middleNav).toContain(`href="/blog/${first.slug}"`);
    expect(middleNav).toContain(`href="/blog/${latest.slug}"`);
  });

  it("puts share links to the encoded canonical address and the call to action to /book-demo on the page", async () => {
    const title = "Stockouts & safety stock: a 'what if' guide";
    const post = await publish(title);
    const own = `${app.services.env.SITE_URL}/blog/${post.slug}`;
    const { html } = await page(post);

    const x = `https://x.com/intent/post?url=${encodeURIComponent(own)}&text=${encodeURIComponent(title)}`;
    const linkedIn = `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(own)}`;
    expect(html).toContain(`<a href="${escapeHtml(x)}" target="_blank" rel="noopener noreferrer"`);
    expect(html).toContain(`<a href="${escapeHtml(linkedIn)}" target="_blank" rel="noopener noreferrer"`);
    expect(html).toContain('<span class="sr-only">Share on </span>X<span class="sr-only"> (opens in a new tab)</span>');
    // Copy link needs the page's script: until it has set it up, it is no control at all (docs/decisions/019).
    expect(html).toMatch(/<button type="button" data-copy-link="[^"]+" data-needs-script="" disabled="" aria-hidden="true" class="[^"]*">.*?Copy link<\/button>/);
    // The closing call to action.
    const ctaStart = html.indexOf('aria-labelledby="post-cta"');
    const cta = html.slice(ctaStart, html.indexOf("</section>", ctaStart));
    expect(cta).toMatch(/<h2 id="post-cta"[^>]*>Turn your own data into decisions<\/h2>/);
    expect(cta).toMatch(/<a [^>]*href="\/book-demo"[^>]*>Book a Demo/);

    // A post with its own canonical address shares that one.
    const canonical = "https://insights.example/forecasting?ref=blog&lang=en";
    const saved = await updatePost(app, cookie, post, { canonicalUrl: canonical });
    expect(saved.status).toBe(200);
    const shared = (await page(post)).html;
    expect(shared).toContain(escapeHtml(`https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(canonical)}`));
    expect(shared).not.toContain(encodeURIComponent(own));
  });

  it("a write to another post changes the page's validator and what its end shows (decision 040)", async () => {
    const post = await publish("Cached post", { tags: ["Forecasting"] });
    const before = await page(post);
    const etag = before.response.headers.get("etag")!;
    expect(etag).toBeTruthy();
    expect((await page(post, { "if-none-match": etag })).response.status).toBe(304);

    const newcomer = await publish("A new related post", { tags: ["Forecasting"] });
    const after = await page(post, { "if-none-match": etag });
    expect(after.response.status).toBe(200);
    expect(after.response.headers.get("etag")).not.toBe(etag);
    expect(relatedSection(after.html)).toContain(`>${newcomer.title}</a>`);
    expect(after.html).toContain(`aria-label="Previous and next posts"`);

    // Unpublishing it is a write too: it leaves the related posts and the next link.
    const unpublished = await updatePost(app, cookie, newcomer, { published: false });
    expect(unpublished.status).toBe(200);
    const later = await page(post, { "if-none-match": after.response.headers.get("etag")! });
    expect(later.response.status).toBe(200);
    expect(later.html).not.toContain(newcomer.title);
  });
});

describe.each(databaseKinds)("related posts at 10,000 posts on %s", (kind) => {
  let app: TestApp;
  const POSTS = 10_000;
  const TAGS = 200;

  beforeAll(async () => {
    app = await startTestApp(kind);
    const { db } = app.services.database;
    // Written straight into the tables (the planner test needs volume, not the save path).
    const base = Date.parse("2025-01-01T00:00:00.000Z");
    await db
      .insertInto("tags")
      .values(Array.from({ length: TAGS }, (_, i) => ({ name: `Topic ${i}`, slug: `topic-${i}`, created_at: new Date(base).toISOString() })))
      .execute();
    for (let start = 0; start < POSTS; start += 1000) {
      const rows = Array.from({ length: 1000 }, (_, offset) => {
        const n = start + offset;
        const at = new Date(base + n * 60_000).toISOString();
        return {
          title: `Post ${n}`,
          slug: `post-${n}`,
          content: `<p>Body of post ${n}.</p>`,
          excerpt: null,
          cover_image: null,
          meta_title: null,
          meta_description: null,
          keywords: null,
          canonical_url: null,
          author_id: null,
          published: n % 10 !== 0,
          published_at: n % 10 !== 0 ? at : null,
          created_at: at,
          updated_at: at,
        };
      });
      await db.insertInto("posts").values(rows).execute();
    }
    const ids = (await db.selectFrom("posts").select("id").orderBy("id").execute()).map((row) => Number(row.id));
    const tagIds = (await db.selectFrom("tags").select("id").orderBy("id").execute()).map((row) => Number(row.id));
    // Three tags each, spread so that every tag has about 150 posts.
    const links = ids.flatMap((id, n) => [n % TAGS, (n * 7 + 3) % TAGS, (n * 13 + 5) % TAGS].filter((tag, i, all) => all.indexOf(tag) === i).map((tag) => ({ post_id: id, tag_id: tagIds[tag]! })));
    for (let start = 0; start < links.length; start += 5000) await db.insertInto("post_tags").values(links.slice(start, start + 5000)).execute();
    await db.executeQuery(CompiledQuery.raw("analyze"));
  }, 120_000);
  afterAll(() => app.close());

  it("reads post_tags through its indexes, never scanning the table, and answers the best three", async () => {
    const { db } = app.services.database;
    const post = await db.selectFrom("posts").select("id").where("slug", "=", "post-5001").executeTakeFirstOrThrow();
    const postId = Number(post.id);
    const tagIds = (await db.selectFrom("post_tags").select("tag_id").where("post_id", "=", postId).execute()).map((row) => Number(row.tag_id));
    const compiled = app.services.relatedPosts.relatedQuery(postId, tagIds, 3).compile();
    const explain = kind === "sqlite" ? "explain query plan " : "explain ";
    const plan = (await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(explain + compiled.sql, [...compiled.parameters]))).rows
      .map((row) => String(row.detail ?? row["QUERY PLAN"]))
      .join("\n");

    if (kind === "sqlite") {
      expect(plan).toMatch(/SEARCH post_tags USING (COVERING )?INDEX post_tags_tag_post \(tag_id=\?\)/);
      expect(plan).not.toMatch(/SCAN post_tags\b/);
      // Each tag's newest candidates come in index order: no sort of a tag's posts.
      expect(plan).not.toMatch(/USE TEMP B-TREE FOR ORDER BY[\s\S]*post_tags/);
      // Posts are read by id (the related ones) and by the published list's index (the newest), never all of them.
      expect(plan).not.toMatch(/SCAN posts\b/);
    } else {
      // An index scan or, for a tag with many posts, a bitmap index scan.
      expect(plan).toMatch(/(Index (Only )?Scan( Backward)? using|Bitmap Index Scan on) post_tags_tag_post\b/);
      expect(plan).not.toMatch(/Seq Scan on post_tags/);
    }

    // The answer at that size: the most shared tags first, then newest, all published, never itself.
    const related = await app.services.relatedPosts.related(postId);
    expect(related).toHaveLength(3);
    const own = new Set(
      (await db.selectFrom("post_tags").select("tag_id").where("post_id", "=", postId).execute()).map((row) => Number(row.tag_id)),
    );
    const sharedOf = async (id: number) =>
      (await db.selectFrom("post_tags").select("tag_id").where("post_id", "=", id).execute()).filter((row) => own.has(Number(row.tag_id))).length;
    const shared = await Promise.all(related.map((item) => sharedOf(item.id)));
    expect(shared.every((count) => count >= 1)).toBe(true);
    expect([...shared].sort((a, b) => b - a)).toEqual(shared);
    expect(related.every((item) => item.id !== postId && item.publishedAt !== null)).toBe(true);

    const started = performance.now();
    for (let i = 0; i < 10; i++) await app.services.relatedPosts.related(postId);
    console.log(`${kind}: related posts at ${POSTS} posts, ${((performance.now() - started) / 10).toFixed(2)} ms per read\n${plan}`);
  });
});
