import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { createSession } from "../support/auth.ts";
import { api, createPost, postBody, updatePost, clearPosts } from "../support/posts.ts";
import {
  TAG_NAME_INVALID,
  TAG_NAME_NEEDS_LETTER,
  TAGS_NOT_A_LIST,
  TOO_MANY_TAGS,
} from "../../shared/post-schema.ts";
import type { FullPost } from "../../server/services/posts.ts";
import { connectDatabase } from "../../server/db/connect.ts";
import { portableTypes } from "../../server/db/portable-types.ts";
import { createSearchService } from "../../server/services/search.ts";
import * as initial from "../../server/db/migrations/001-initial.ts";
import * as rateLimits from "../../server/db/migrations/002-rate-limits.ts";
import * as demoIntake from "../../server/db/migrations/003-demo-intake.ts";
import * as contentVersions from "../../server/db/migrations/004-content-versions.ts";
import * as firstPublication from "../../server/db/migrations/005-spam-quarantine-and-first-publication.ts";
import * as coverImageAlt from "../../server/db/migrations/006-cover-image-alt.ts";
import * as tagsAndSearch from "../../server/db/migrations/007-tags-and-search.ts";
import * as tagCounts from "../../server/db/migrations/011-tag-counts.ts";

/** Tags and visitor search (docs/decisions/042), through the real HTTP app on each database. */

const publicKeys = ["author", "content", "coverImage", "coverImageAlt", "createdAt", "excerpt", "id", "publishedAt", "slug", "tags", "title"];

type Listed = { id: number; title: string; slug: string; tags: { slug: string; name: string }[]; snippet?: string };

/** Every post removed through the service (so caches see the change): each test starts from an empty blog. */
describe.each(databaseKinds)("tags and search on %s", (kind) => {
  let app: TestApp;
  let cookie: string;

  beforeAll(async () => {
    app = await startTestApp(kind);
    cookie = (await createSession(app, { isAdmin: true })).cookie;
  });
  afterAll(() => app.close());
  beforeEach(() => clearPosts(app));

  const list = async (path: string) => {
    const response = await api(app, path);
    expect(response.status, path).toBe(200);
    return { response, posts: (await response.json()) as Listed[] };
  };
  const titles = async (path: string) => (await list(path)).posts.map((post) => post.title);
  const save = async (post: FullPost, changes: Parameters<typeof updatePost>[3] & { tags?: unknown }) => {
    const response = await updatePost(app, cookie, post, changes);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as FullPost;
  };
  const counts = async () => {
    const { db } = app.services.database;
    const count = async (table: "posts" | "tags" | "post_tags") =>
      Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    return {
      posts: await count("posts"),
      tags: await count("tags"),
      postTags: await count("post_tags"),
      version: (await app.services.posts.blogVersion()).version,
    };
  };

  describe("tags", () => {
    it("creates tags from names and answers them as { slug, name }, sorted by name, in every post answer", async () => {
      const post = await createPost(app, cookie, { title: "Tagged", tags: ["Retail", "  Demand   forecasting ", "analytics"] });
      // By name whatever the case: "analytics" before "Demand forecasting".
      const expected = [
        { slug: "analytics", name: "analytics" },
        { slug: "demand-forecasting", name: "Demand forecasting" },
        { slug: "retail", name: "Retail" },
      ];
      expect(post.tags).toEqual(expected);
      expect((await (await api(app, `/api/cms/posts/${post.id}`, { cookie })).json()).tags).toEqual(expected);

      const one = await (await api(app, `/api/blog/${post.slug}`)).json();
      expect(Object.keys(one).sort()).toEqual(publicKeys);
      expect(one.tags).toEqual(expected);
      const { posts } = await list("/api/blog");
      expect(posts[0]!.tags).toEqual(expected);

      const untagged = await createPost(app, cookie);
      expect(untagged.tags).toEqual([]);
      expect((await list("/api/blog")).posts.find((item) => item.id === untagged.id)!.tags).toEqual([]);
    });

    it("reuses a tag whatever the case or accents of its name, keeping its first spelling", async () => {
      const first = await createPost(app, cookie, { tags: ["Café culture"] });
      const second = await createPost(app, cookie, { tags: ["CAFE CULTURE", "café Culture", "Retail", "retail", "RETAIL"] });
      expect(first.tags).toEqual([{ slug: "cafe-culture", name: "Café culture" }]);
      expect(second.tags).toEqual([
        { slug: "cafe-culture", name: "Café culture" },
        { slug: "retail", name: "Retail" },
      ]);
      const stored = await app.services.database.db.selectFrom("tags").select("slug").where("slug", "in", ["cafe-culture", "retail"]).execute();
      expect(stored).toHaveLength(2);
    });

    it("refuses bad tags with 400 and a message under errors.tags, writing nothing", async () => {
      const tagged = await createPost(app, cookie, { tags: ["Retail"] });
      const eleven = Array.from({ length: 11 }, (_, i) => `Topic ${i}`);
      const cases: [unknown, string][] = [
        ["Retail", TAGS_NOT_A_LIST],
        [{ name: "Retail" }, TAGS_NOT_A_LIST],
        [[""], TAG_NAME_INVALID],
        [["   "], TAG_NAME_INVALID],
        [["x".repeat(41)], TAG_NAME_INVALID],
        [[42], TAG_NAME_INVALID],
        [[null], TAG_NAME_INVALID],
        [["ok", "!!!"], TAG_NAME_NEEDS_LETTER],
        [["Tag\u0000"], "Tag name must not contain NUL characters."],
        [eleven, TOO_MANY_TAGS],
      ];
      const before = await counts();
      for (const [tags, message] of cases) {
        const created = await api(app, "/api/cms/posts", { method: "POST", cookie, body: postBody({ tags }) });
        expect(created.status, JSON.stringify(tags)).toBe(400);
        expect((await created.json()).errors, JSON.stringify(tags)).toEqual({ tags: message });
        const edited = await updatePost(app, cookie, tagged, { tags } as never);
        expect(edited.status, JSON.stringify(tags)).toBe(400);
        expect((await edited.json()).errors.tags, JSON.stringify(tags)).toBe(message);
      }
      expect(await counts()).toEqual(before);
      expect(await (await api(app, `/api/cms/posts/${tagged.id}`, { cookie })).json()).toEqual(tagged);

      // The limits themselves are allowed; duplicates do not count against them.
      const ten = await createPost(app, cookie, { tags: [...eleven.slice(0, 10), "topic 0", "TOPIC 1"] });
      expect(ten.tags).toHaveLength(10);
      expect((await createPost(app, cookie, { tags: ["x".repeat(40)] })).tags).toEqual([{ slug: "x".repeat(40), name: "x".repeat(40) }]);
    });

    it("keeps a post's tags on a PUT without tags, replaces them with a list and clears them with []", async () => {
      const post = await createPost(app, cookie, { tags: ["Retail", "AI"] });
      const keptTags = [
        { slug: "ai", name: "AI" },
        { slug: "retail", name: "Retail" },
      ];
      // The existing editor's body has no tags at all.
      const untouched = await save(post, { title: "Edited without tags" });
      expect(untouched.tags).toEqual(keptTags);
      const nulled = await save(untouched, { tags: null });
      expect(nulled.tags).toEqual(keptTags);
      // A client may send back the post as it read it: the tag objects count as their names.
      const echoed = await api(app, `/api/cms/posts/${post.id}`, { method: "PUT", cookie, body: { ...nulled, title: "Echoed" } });
      expect(echoed.status).toBe(200);
      const echoedPost = (await echoed.json()) as FullPost;
      expect(echoedPost.tags).toEqual(keptTags);

      const versionBefore = (await app.services.posts.blogVersion()).version;
      const replaced = await save(echoedPost, { tags: ["Supply chain"] });
      expect(replaced.tags).toEqual([{ slug: "supply-chain", name: "Supply chain" }]);
      expect((await app.services.posts.blogVersion()).version).toBe(versionBefore + 1);
      expect((await (await api(app, `/api/blog/${post.slug}`)).json()).tags).toEqual(replaced.tags);
      expect(await titles("/api/blog?tag=retail")).toEqual([]);

      const cleared = await save(replaced, { tags: [] });
      expect(cleared.tags).toEqual([]);
      expect((await (await api(app, `/api/cms/posts/${post.id}`, { cookie })).json()).tags).toEqual([]);
    });

    it("filters published posts by tag, paged with X-Total-Count and Link; an unknown tag is an empty list", async () => {
      for (let i = 0; i < 5; i++) {
        app.clock.advance(1000);
        await createPost(app, cookie, { title: `Retail ${i}`, tags: ["Retail"] });
      }
      await createPost(app, cookie, { title: "Retail draft", tags: ["Retail"], published: false });
      await createPost(app, cookie, { title: "Other topic", tags: ["AI"] });

      const { response, posts } = await list("/api/blog?tag=retail&perPage=2");
      expect(posts.map((post) => post.title)).toEqual(["Retail 4", "Retail 3"]);
      expect(response.headers.get("x-total-count")).toBe("5");
      expect(response.headers.get("link")).toBe('</api/blog?page=2&perPage=2&tag=retail>; rel="next"');
      const last = await list("/api/blog?tag=retail&perPage=2&page=3");
      expect(last.posts.map((post) => post.title)).toEqual(["Retail 0"]);
      expect(last.response.headers.get("link")).toBeNull();

      for (const tag of ["no-such-tag", "Not%20A%20Slug", ""]) {
        const unknown = await list(`/api/blog?tag=${tag}`);
        expect(unknown.posts, tag).toEqual([]);
        expect(unknown.response.headers.get("x-total-count"), tag).toBe("0");
      }
      const tooLong = await api(app, `/api/blog?tag=${"a".repeat(201)}`);
      expect(tooLong.status).toBe(400);
      expect((await tooLong.json()).errors).toEqual({ tag: "tag must be at most 200 characters" });
      expect((await api(app, "/api/blog?tag=a&tag=b")).status).toBe(400);
    });

    it("lists at GET /api/tags the tags with published posts and counts only those", async () => {
      const both = await createPost(app, cookie, { tags: ["Retail", "AI"] });
      const retail = await createPost(app, cookie, { tags: ["retail"] });
      await createPost(app, cookie, { tags: ["Retail", "Drafts only"], published: false });

      const response = await api(app, "/api/tags");
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([
        { slug: "ai", name: "AI", description: null, count: 1 },
        { slug: "retail", name: "Retail", description: null, count: 2 },
      ]);
      const etag = response.headers.get("etag")!;
      expect(etag).toMatch(/^W\/"blog-\d+-/);
      expect((await fetch(`${app.baseUrl}/api/tags`, { headers: { "if-none-match": etag } })).status).toBe(304);

      await save(both, { published: false });
      expect(await (await api(app, "/api/tags")).json()).toEqual([{ slug: "retail", name: "Retail", description: null, count: 1 }]);
      await api(app, `/api/cms/posts/${retail.id}`, { method: "DELETE", cookie });
      expect(await (await api(app, "/api/tags")).json()).toEqual([]);
    });

    it("keeps every tag's counts in step with retagging, publishing and deleting (migration 011)", async () => {
      // The counts of this test's tags (tags outlive the posts of earlier tests).
      const countsAt = async (path: string) =>
        Object.fromEntries(
          ((await (await api(app, path, { cookie })).json()) as { slug: string; count: number }[])
            .filter((tag) => ["alpha", "beta", "gamma"].includes(tag.slug))
            .map((tag) => [tag.slug, tag.count]),
        );
      const cmsCounts = () => countsAt("/api/cms/tags");
      const published = () => countsAt("/api/tags");

      const post = await createPost(app, cookie, { tags: ["Alpha", "Beta"] });
      await createPost(app, cookie, { tags: ["Beta"], published: false });
      expect(await cmsCounts()).toEqual({ alpha: 1, beta: 2 });
      expect(await published()).toEqual({ alpha: 1, beta: 1 });

      const moved = await save(post, { tags: ["Gamma"] });
      expect(await cmsCounts()).toEqual({ alpha: 0, beta: 1, gamma: 1 });
      expect(await published()).toEqual({ gamma: 1 });

      const unpublished = await save(moved, { published: false });
      expect(await published()).toEqual({});
      await save(unpublished, { published: true });
      expect(await published()).toEqual({ gamma: 1 });

      await api(app, `/api/cms/posts/${post.id}`, { method: "DELETE", cookie });
      expect(await cmsCounts()).toEqual({ alpha: 0, beta: 1, gamma: 0 });
      expect(await published()).toEqual({});
    });
  });

  describe("search", () => {
    it("ranks a title match above a content-only match and answers the public fields plus a snippet", async () => {
      const titled = await createPost(app, cookie, { title: "Forecasting demand", content: "<p>Plans for the week ahead.</p>" });
      app.clock.advance(60_000);
      const inContent = await createPost(app, cookie, {
        title: "Weekly planning",
        content: "<p>Notes about inventory forecasting for every store.</p>",
      });
      await createPost(app, cookie, { title: "Unrelated", content: "<p>Nothing to see.</p>" });

      const { response, posts } = await list("/api/blog?q=forecasting");
      expect(posts.map((post) => post.id)).toEqual([titled.id, inContent.id]);
      expect(response.headers.get("x-total-count")).toBe("2");
      expect(Object.keys(posts[0]!).sort()).toEqual([...publicKeys, "snippet"].sort());
      expect(posts[1]!.snippet).toBe("Notes about inventory <mark>forecasting</mark> for every store.");
      // Prefixes match: "forecast" finds "forecasting".
      expect(await titles("/api/blog?q=forecast")).toEqual(["Forecasting demand", "Weekly planning"]);
    });

    it("marks the matches in the snippet and escapes everything else", async () => {
      await createPost(app, cookie, {
        title: "Escaping",
        excerpt: 'A "quoted" <b>excerpt</b>',
        content: "<p>Compare &lt;script&gt;alert(1)&lt;/script&gt; &amp; <strong>forecasts</strong> for Q3.</p>",
      });
      const [hit] = (await list("/api/blog?q=forecasts")).posts;
      expect(hit!.snippet).toBe("Compare &lt;script&gt;alert(1)&lt;/script&gt; &amp; <mark>forecasts</mark> for Q3.");
      const [fromExcerpt] = (await list("/api/blog?q=quoted")).posts;
      expect(fromExcerpt!.snippet).toBe("A &quot;<mark>quoted</mark>&quot; &lt;b&gt;excerpt&lt;/b&gt;");
      // A long text is cut around the first match, at spaces.
      const long = `<p>${"Filler words come first. ".repeat(20)}The needle is here. ${"More words follow after it. ".repeat(20)}</p>`;
      await createPost(app, cookie, { title: "Long", content: long });
      const [cut] = (await list("/api/blog?q=needle")).posts;
      expect(cut!.snippet).toMatch(/^….* The <mark>needle<\/mark> is here\. .*…$/);
      expect(cut!.snippet!.length).toBeLessThan(200);
    });

    it("finds words whatever their accents: 'Café résumé' by 'cafe resume' and by 'café'", async () => {
      const post = await createPost(app, cookie, { title: "Café résumé", content: "<p>Le café et le résumé du jour.</p>" });
      for (const q of ["cafe resume", "café", "CAFÉ RÉSUMÉ", "resume", "cafe\u0301"]) {
        const { posts } = await list(`/api/blog?q=${encodeURIComponent(q)}`);
        expect(posts.map((item) => item.id), q).toEqual([post.id]);
      }
      const [hit] = (await list("/api/blog?q=cafe%20resume")).posts;
      expect(hit!.snippet).toBe("Le <mark>café</mark> et le <mark>résumé</mark> du jour.");
      expect(await titles("/api/blog?q=cafes")).toEqual([]);
    });

    it("answers 200 with an empty array to a query of punctuation or operators only, and 400 to one over 200 characters", async () => {
      await createPost(app, cookie, { title: "Forecasting demand", content: "<p>Near the end of the quarter.</p>" });
      for (const q of ['"', "*", '"*"', "(", ")", "-", ":", "^", "&|!", "'", "\\", "%", "_", "<>", "?!?", "'; drop table posts; --", "\u0000"]) {
        const response = await api(app, `/api/blog?q=${encodeURIComponent(q)}`);
        expect(response.status, q).toBe(200);
        expect(await response.json(), q).toEqual([]);
        expect(response.headers.get("x-total-count"), q).toBe("0");
      }
      // Operators and column filters of both engines are just words here, never syntax.
      for (const q of ['title:forecasting', 'forecasting OR "demand', "NEAR(forecasting demand)", "forecast* & !demand", "forecasting:* | x", "demand -forecasting"]) {
        const response = await api(app, `/api/blog?q=${encodeURIComponent(q)}`);
        expect(response.status, q).toBe(200);
      }
      expect(await titles(`/api/blog?q=${encodeURIComponent('"forecasting"')}`)).toEqual(["Forecasting demand"]);
      expect(await titles(`/api/blog?q=${encodeURIComponent("near (quarter)")}`)).toEqual(["Forecasting demand"]);

      expect((await api(app, `/api/blog?q=${"a".repeat(200)}`)).status).toBe(200);
      const tooLong = await api(app, `/api/blog?q=${"a".repeat(201)}`);
      expect(tooLong.status).toBe(400);
      expect(await tooLong.json()).toEqual({ message: "q must be at most 200 characters", errors: { q: "q must be at most 200 characters" } });
      expect((await api(app, "/api/blog?q=a&q=b")).status).toBe(400);
      // An empty search is no search: the whole list.
      expect(await titles("/api/blog?q=%20")).toEqual(["Forecasting demand"]);
    });

    it("never finds drafts, and finds a post once it is published", async () => {
      const draft = await createPost(app, cookie, { title: "Zebracorn sightings", published: false });
      expect(await titles("/api/blog?q=zebracorn")).toEqual([]);
      const published = await save(draft, { published: true });
      expect(await titles("/api/blog?q=zebracorn")).toEqual(["Zebracorn sightings"]);
      await save(published, { published: false });
      expect(await titles("/api/blog?q=zebracorn")).toEqual([]);
    });

    it("updates the index with every edit: old words are gone, new words found at once", async () => {
      const post = await createPost(app, cookie, { title: "Fruit report", content: "<p>Pineapple stock is low.</p>" });
      const before = await api(app, "/api/blog?q=pineapple");
      const etag = before.headers.get("etag")!;
      expect(((await before.json()) as Listed[]).map((item) => item.id)).toEqual([post.id]);

      await save(post, { title: "Tropical report", content: "<p>Mango stock is high.</p>" });
      expect(await titles("/api/blog?q=pineapple")).toEqual([]);
      expect(await titles("/api/blog?q=mango")).toEqual(["Tropical report"]);
      expect(await titles("/api/blog?q=tropical")).toEqual(["Tropical report"]);
      expect(await titles("/api/blog?q=fruit")).toEqual([]);
      // The old answer's validator no longer matches.
      expect((await fetch(`${app.baseUrl}/api/blog?q=pineapple`, { headers: { "if-none-match": etag } })).status).toBe(200);
    });

    it("removes a deleted post from the index", async () => {
      const post = await createPost(app, cookie, { title: "Ephemeral kumquat" });
      expect(await titles("/api/blog?q=kumquat")).toEqual(["Ephemeral kumquat"]);
      expect((await api(app, `/api/cms/posts/${post.id}`, { method: "DELETE", cookie })).status).toBe(200);
      expect(await titles("/api/blog?q=kumquat")).toEqual([]);
      const column = kind === "sqlite" ? sql.raw("rowid") : sql.raw("post_id");
      const { rows } = await sql<{ n: number }>`select count(*) as n from posts_search where ${column} = ${post.id}`.execute(
        app.services.database.db,
      );
      expect(Number(rows[0]!.n)).toBe(0);
    });

    it("filters by search and tag together, paged with X-Total-Count and Link; each answer has its own validator", async () => {
      for (let i = 0; i < 3; i++) {
        app.clock.advance(1000);
        await createPost(app, cookie, { title: `Inventory note ${i}`, tags: i < 2 ? ["Retail"] : ["AI"] });
      }
      await createPost(app, cookie, { title: "Retail without the word", tags: ["Retail"] });

      const first = await list("/api/blog?q=inventory&tag=retail&perPage=1");
      expect(first.posts.map((post) => post.title)).toEqual(["Inventory note 1"]);
      expect(first.posts[0]!.tags).toEqual([{ slug: "retail", name: "Retail" }]);
      expect(first.response.headers.get("x-total-count")).toBe("2");
      expect(first.response.headers.get("link")).toBe('</api/blog?page=2&perPage=1&tag=retail&q=inventory>; rel="next"');
      const second = await list("/api/blog?q=inventory&tag=retail&perPage=1&page=2");
      expect(second.posts.map((post) => post.title)).toEqual(["Inventory note 0"]);
      expect(second.response.headers.get("link")).toBeNull();
      expect(await titles("/api/blog?q=inventory&tag=no-such-tag")).toEqual([]);
      expect(await titles("/api/blog?q=inventory")).toHaveLength(3);

      const etags = new Set<string>();
      for (const path of ["/api/blog", "/api/blog?q=inventory", "/api/blog?q=note", "/api/blog?tag=retail", "/api/blog?tag=ai", "/api/blog?q=inventory&tag=retail"]) {
        const response = await api(app, path);
        const etag = response.headers.get("etag")!;
        etags.add(etag);
        expect((await fetch(`${app.baseUrl}${path}`, { headers: { "if-none-match": etag } })).status, path).toBe(304);
      }
      expect(etags.size).toBe(6);
    });
  });
});

describe.each(databaseKinds)("migration 007 on %s", (kind) => {
  it("indexes the posts that existed before it, and counts their tags", async () => {
    const database = await createTestDatabase(kind);
    const handle = connectDatabase(database.url);
    try {
      const types = portableTypes(kind);
      for (const migration of [initial, rateLimits, demoIntake, contentVersions, firstPublication, coverImageAlt]) {
        await migration.up(handle.db as Kysely<unknown>, types);
      }
      const now = new Date().toISOString();
      const columns = { slug: "old-post", excerpt: null, content: "<p>Written before <em>search</em> existed: crème brûlée.</p>", created_at: now, updated_at: now };
      await handle.db.insertInto("posts").values({ ...columns, title: "Old post", published: true, published_at: now }).execute();
      await handle.db.insertInto("posts").values({ ...columns, slug: "old-draft", title: "Old draft", published: false, published_at: null }).execute();
      await tagsAndSearch.up(handle.db as Kysely<unknown>, types);

      const search = createSearchService({ db: handle.db, kind });
      const found = await search.searchPublished({ terms: ["creme", "brulee"] }, { limit: 10 });
      expect(found.map((post) => post.title)).toEqual(["Old post"]);
      expect(await search.countPublished({ terms: ["existed"] })).toBe(1);

      // Migration 011 counts the posts of the tags that existed before it.
      const [oldPost, oldDraft] = await handle.db.selectFrom("posts").select("id").orderBy("id").execute();
      const [shared, draftOnly] = await handle.db
        .insertInto("tags")
        .values([
          { name: "Shared", slug: "shared", created_at: now },
          { name: "Draft only", slug: "draft-only", created_at: now },
        ])
        .returning("id")
        .execute();
      await handle.db
        .insertInto("post_tags")
        .values([
          { post_id: oldPost!.id, tag_id: shared!.id },
          { post_id: oldDraft!.id, tag_id: shared!.id },
          { post_id: oldDraft!.id, tag_id: draftOnly!.id },
        ])
        .execute();
      await tagCounts.up(handle.db as Kysely<unknown>, types);
      const tags = await handle.db.selectFrom("tags").select(["slug", "post_count", "published_post_count"]).orderBy("slug").execute();
      expect(tags.map((tag) => [tag.slug, Number(tag.post_count), Number(tag.published_post_count)])).toEqual([
        ["draft-only", 1, 0],
        ["shared", 2, 1],
      ]);
    } finally {
      await handle.close();
      await database.drop();
    }
  });
});
