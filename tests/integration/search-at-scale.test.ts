import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/databases.ts";
import { postBody } from "../support/posts.ts";
import { connectDatabase, type DatabaseHandle } from "../../server/db/connect.ts";
import { migrateToLatest } from "../../server/db/migrate.ts";
import { parseEnv } from "../../server/env.ts";
import { createLogger } from "../../server/logger.ts";
import { createServices, type Services } from "../../server/services.ts";
import { createSearchService } from "../../server/services/search.ts";
import { createPostListing } from "../../server/services/post-listing.ts";
import { createTagService } from "../../server/services/tags.ts";
import { createSitemapPosts } from "../../server/services/sitemap-posts.ts";
import type { PostFields } from "../../shared/post-schema.ts";
import type { FullPost } from "../../server/services/posts.ts";

/**
 * docs/decisions/023-no-stalls-at-10000-posts.md at a small size: search ranks only its best candidates
 * (3 here, 200 in production), the sitemap's files are read by key, the CMS's pages are kept per
 * content version. On each database, through the services.
 */

const fields = (overrides: Partial<PostFields>): PostFields =>
  ({ ...postBody(), coverImageAlt: null, coverImageDecorative: false, authorId: null, publishedAt: null, tags: [], ...overrides }) as PostFields;

describe.each(databaseKinds)("search, sitemap and CMS pages at scale, on %s", (kind) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let services: Services;
  /** Post ids by number: post n was written n-th. */
  const ids: number[] = [];
  const save = async (overrides: Partial<PostFields>): Promise<FullPost> => {
    const saved = await services.posts.create(fields(overrides), null);
    if (!("id" in saved)) throw new Error(JSON.stringify(saved));
    return saved;
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    handle = connectDatabase(database.url);
    await migrateToLatest(handle);
    const env = parseEnv({ NODE_ENV: "production", LOG_LEVEL: "silent", DATABASE_URL: database.url });
    services = createServices({ database: handle, env, logger: createLogger("silent") });
    // Post 0, the oldest, has the word in its title; 1–9 in their text only (9 the newest), texts of
    // the same length (so of equal rank); 4 and 7 are drafts. "Harbour" is in 5 alone.
    for (let n = 0; n < 10; n++) {
      const post = await save({
        title: n === 0 ? "Supplier scorecards" : `Note ${n}`,
        slug: `note-${n}`,
        content: n === 0 ? "<p>How to grade them.</p>" : `<p>Every supplier ships late ${n === 5 ? "harbour" : "sometimes"}.</p>`,
        published: n !== 4 && n !== 7,
        tags: n % 2 === 0 ? ["Even"] : [],
      });
      ids.push(post.id);
    }
  });
  afterAll(async () => {
    await services.stopBackgroundWork();
    await handle.close();
    await database.drop();
  });

  const searchWith = (candidates: number) => createSearchService({ db: handle.db, kind, candidates });
  const numbers = (found: { id: number }[]) => found.map((post) => ids.indexOf(post.id));

  it("ranks the newest matches and the title matches, then lists the others newest first", async () => {
    const search = searchWith(3);
    const found = await search.searchPublished({ terms: ["supplier"] }, { limit: 20 });
    // 0: the title match, though the oldest; then the 3 newest published matches (equal text, so
    // newest first); then the rest, newest first. Drafts (4, 7) never.
    expect(numbers(found)).toEqual([0, 9, 8, 6, 5, 3, 2, 1]);
    expect(await search.countPublished({ terms: ["supplier"] })).toBe(8);
  });

  it("ranks every match when there are no more than the candidates, as before", async () => {
    expect(numbers(await searchWith(200).searchPublished({ terms: ["supplier"] }, { limit: 20 }))).toEqual([0, 9, 8, 6, 5, 3, 2, 1]);
    const rare = await searchWith(3).searchPublished({ terms: ["harbour"] }, { limit: 20 });
    expect(numbers(rare)).toEqual([5]);
  });

  it("finds the newest matches among the newest posts first, and among all of them when too few are there", async () => {
    // One candidate: the newest match is looked for among the 4 newest posts (PostgreSQL), where
    // "supplier" is and "harbour" (post 5) is not; the title match (post 0, the oldest) is scored apart.
    const search = searchWith(1);
    expect(numbers(await search.searchPublished({ terms: ["supplier"] }, { limit: 20 }))).toEqual([0, 9, 8, 6, 5, 3, 2, 1]);
    expect(numbers(await search.searchPublished({ terms: ["harbour"] }, { limit: 20 }))).toEqual([5]);
    expect(numbers(await search.searchPublished({ terms: ["supplier"], tag: "even" }, { limit: 20 }))).toEqual([0, 8, 6, 2]);
  });

  it("pages across the end of the ranked candidates without a gap or a repeat", async () => {
    for (const candidates of [1, 3]) {
      const search = searchWith(candidates);
      const all = numbers(await search.searchPublished({ terms: ["supplier"] }, { limit: 20 }));
      for (const size of [1, 2, 3, 5]) {
        const paged: number[] = [];
        for (let offset = 0; offset < 10; offset += size) {
          paged.push(...numbers(await search.searchPublished({ terms: ["supplier"] }, { limit: size, offset })));
        }
        expect(paged, `pages of ${size}, ${candidates} candidates`).toEqual(all);
      }
    }
  });

  it("keeps a tag's search within the tag", async () => {
    const search = searchWith(3);
    expect(numbers(await search.searchPublished({ terms: ["supplier"], tag: "even" }, { limit: 20 }))).toEqual([0, 8, 6, 2]);
    expect(await search.countPublished({ terms: ["supplier"], tag: "even" })).toBe(4);
  });

  it("lists drafts in the CMS search, with exact totals, the slug's post first, and pages that add up", async () => {
    const listing = createPostListing({ db: handle.db, kind, tags: createTagService({ db: handle.db }), search: searchWith(3) });
    const all = await listing.listPage({ q: "supplier", status: "all", sort: "relevance", page: 1, perPage: 20 });
    expect(all.total).toBe(10);
    expect(all.posts[0]!.slug).toBe("note-0");
    expect(new Set(all.posts.map((post) => post.slug)).size).toBe(10);
    const paged = [];
    for (let page = 1; page <= 4; page++) {
      paged.push(...(await listing.listPage({ q: "supplier", status: "all", sort: "relevance", page, perPage: 3 })).posts);
    }
    expect(paged.map((post) => post.slug)).toEqual(all.posts.map((post) => post.slug));

    const drafts = await listing.listPage({ q: "supplier", status: "draft", sort: "relevance", page: 1, perPage: 20 });
    expect([drafts.total, drafts.posts.map((post) => post.slug).sort()]).toEqual([2, ["note-4", "note-7"]]);
    const published = await listing.listPage({ q: "supplier", status: "published", sort: "updated-desc", page: 1, perPage: 20 });
    expect(published.total).toBe(8);
    expect(published.posts.map((post) => post.slug)).toEqual(["note-9", "note-8", "note-6", "note-5", "note-3", "note-2", "note-1", "note-0"]);

    // The exact slug first, once, even when its text matches too.
    const bySlug = await listing.listPage({ q: "note-6", status: "all", sort: "relevance", page: 1, perPage: 20 });
    expect(bySlug.posts[0]!.slug).toBe("note-6");
    expect(bySlug.posts.filter((post) => post.slug === "note-6")).toHaveLength(1);
    expect(bySlug.total).toBe(bySlug.posts.length);
  });

  it("gives the sitemap's files by key the same posts as OFFSET did, across every file boundary", async () => {
    // Another post deleted and one unpublished make gaps in the ids.
    const gone = await save({ title: "Gone", slug: "gone", content: "<p>x</p>", published: true });
    const extra = [];
    for (let n = 0; n < 6; n++) extra.push(await save({ title: `Extra ${n}`, slug: `extra-${n}`, content: "<p>x</p>", published: true }));
    await services.posts.remove(gone.id);
    const sitemap = createSitemapPosts({ db: handle.db });
    for (const perFile of [1, 3, 4, 7, 100]) {
      const files: string[][] = [];
      for (let n = 1; ; n++) {
        const after = await sitemap.startAfter((n - 1) * perFile);
        const file = after === null ? [] : await sitemap.entriesAfter(after, perFile);
        if (file.length === 0) break;
        files.push(file.map((entry) => entry.slug));
      }
      const byOffset: string[][] = [];
      for (let offset = 0; ; offset += perFile) {
        const rows = await handle.db
          .selectFrom("posts")
          .select("slug")
          .where("published", "=", true)
          .orderBy("id")
          .limit(perFile)
          .offset(offset)
          .execute();
        if (rows.length === 0) break;
        byOffset.push(rows.map((row) => row.slug));
      }
      expect(files, `files of ${perFile}`).toEqual(byOffset);
    }
    for (const post of extra) await services.posts.remove(post.id);
  });

  it("keeps the CMS's pages until a post write, drafts included, and counts right after each", async () => {
    const listPage = () => services.postListing.listPage({ status: "all", sort: "updated-desc", page: 1, perPage: 50 });
    const count = (status: "all" | "draft" | "published") =>
      services.postListing.listPage({ status, sort: "updated-desc", page: 1, perPage: 1 }).then((page) => page.total);
    const searchTotal = () => services.postListing.listPage({ q: "zebra", status: "all", sort: "relevance", page: 1, perPage: 5 }).then((page) => page.total);
    const before = await listPage();
    expect(await listPage()).toBe(before); // kept: the same object
    expect([await count("all"), await count("draft"), await count("published"), await searchTotal()]).toEqual([10, 2, 8, 0]);

    const draft = await save({ title: "Zebra draft", slug: "zebra-draft", content: "<p>Stripes.</p>", published: false });
    expect([await count("all"), await count("draft"), await count("published"), await searchTotal()]).toEqual([11, 3, 8, 1]);
    expect((await listPage()).posts[0]!.slug).toBe("zebra-draft");

    const published = await services.posts.update(draft.id, { ...fields({ title: "Zebra", slug: "zebra-draft", content: "<p>Stripes.</p>", published: true }), version: draft.version, publishAsNew: false }, null);
    expect("id" in published).toBe(true);
    expect([await count("all"), await count("draft"), await count("published")]).toEqual([11, 2, 9]);

    await services.posts.remove(draft.id);
    expect([await count("all"), await count("draft"), await count("published"), await searchTotal()]).toEqual([10, 2, 8, 0]);
  });

  it("reads a term as its word when no longer word starts with it (SQLite), with the same results, scores and counts", async () => {
    const search = searchWith(3);
    const prefix = async (terms: string[]) => ({ terms, exact: new Set<string>() });
    const same = async (terms: string[]) => {
      const [asRead, asPrefix] = [await search.match(terms), await prefix(terms)];
      const [read, kept] = [await search.ranking(asRead, {}, "updated_at"), await search.ranking(asPrefix, {}, "updated_at")];
      expect(read.list).toEqual(kept.list);
      expect(await search.countMatches(asRead, {})).toBe(await search.countMatches(asPrefix, {}));
      for (const offset of [0, 2, 5]) {
        expect(await search.windowOf(read, {}, { limit: 4, offset })).toEqual(await search.windowOf(kept, {}, { limit: 4, offset }));
      }
      return asRead.exact;
    };
    // "supplier" and "note" start no other word of the index; "ship" starts "ships", "sup" "supplier".
    expect([...(await same(["supplier"]))]).toEqual(kind === "sqlite" ? ["supplier"] : []);
    expect([...(await same(["supplier", "note"]))].sort()).toEqual(kind === "sqlite" ? ["note", "supplier"] : []);
    expect([...(await same(["ship"]))]).toEqual([]);
    expect([...(await same(["sup"]))]).toEqual([]);

    // A longer word appears: the term is a prefix again, and the new post is found and counted.
    const longer = await save({ title: "Suppliers compared", slug: "suppliers-compared", content: "<p>Two of them.</p>", published: true });
    expect([...(await same(["supplier"]))]).toEqual([]);
    const found = await search.searchPublished({ terms: ["supplier"] }, { limit: 20 });
    expect(found.map((post) => post.id)).toContain(longer.id);
    expect(await search.countPublished({ terms: ["supplier"] })).toBe(9);
    await services.posts.remove(longer.id);
    expect([...(await same(["supplier"]))]).toEqual(kind === "sqlite" ? ["supplier"] : []);
    expect(await search.countPublished({ terms: ["supplier"] })).toBe(8);
  });

  it("shares a search's ranking and total between its pages until a post write", async () => {
    const listing = services.postListing;
    const page = (n: number) => listing.listPage({ q: "supplier", status: "all", sort: "relevance", page: n, perPage: 3 });
    const first = await page(1);
    const paged = [first, await page(2), await page(3), await page(4)].flatMap((result) => result.posts.map((post) => post.slug));
    expect(first.total).toBe(10);
    expect(new Set(paged).size).toBe(10);
    // A write moves the version: the next page is ranked and counted anew, with the new post.
    const added = await save({ title: "Supplier days", slug: "supplier-days", content: "<p>Once a year.</p>", published: false });
    const after = await page(1);
    expect([after.total, after.posts[0]!.slug]).toEqual([11, "supplier-days"]);
    await services.posts.remove(added.id);
    expect((await page(2)).total).toBe(10);
  });
});
