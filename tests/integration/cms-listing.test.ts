import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { createSession } from "../support/auth.ts";
import { api, createPost } from "../support/posts.ts";
import type { FullPost } from "../../server/services/posts.ts";
import { CMS_API_PER_PAGE } from "../../shared/cms-listing.ts";

/**
 * The CMS list, paged, filtered, sorted and searched on the server (docs/decisions/045): GET
 * /api/cms/posts, GET /api/cms/tags and the dashboard's page, on each database.
 */

type Row = { id: number; title: string; slug: string; published: boolean; updatedAt: string; tags: { slug: string; name: string }[] };

/** Each post is saved a minute after the one before, so "last edited" has one order on both databases. */
const seeds = [
  { title: "Alpha forecasting guide", published: true, tags: ["Forecasting"], content: "<p>Demand plans for every store.</p>" },
  { title: "Bravo notes", published: false, tags: ["Retail"], content: "<p>Our café résumé of the quarter.</p>" },
  { title: "Charlie stockouts", published: true, tags: ["Forecasting", "Retail"], content: "<p>Fewer stockouts, week by week.</p>" },
  { title: "Delta draft", published: false, tags: [], content: "<p>Unfinished thoughts on forecasting.</p>" },
  { title: "Echo pricing", published: true, tags: [], content: "<p>Margins and prices.</p>" },
  { title: "Foxtrot inventory", published: false, tags: [], content: "<p>Counting what is on the shelf.</p>" },
  { title: "Golf dashboards", published: true, tags: [], content: "<p>Charts that answer questions.</p>" },
  { title: "Hotel onboarding", published: false, tags: [], content: "<p>The first week with Zuri.</p>" },
  { title: "India security", published: true, tags: [], content: "<p>Roles and permissions.</p>" },
  { title: "Juliett exports", published: false, tags: [], content: "<p>CSV and Excel.</p>" },
  { title: "Kilo alerts", published: true, tags: [], content: "<p>When a metric moves.</p>" },
];

describe.each(databaseKinds)("the CMS post list on %s", (kind) => {
  let app: TestApp;
  let cookie: string;
  const saved: FullPost[] = [];

  beforeAll(async () => {
    app = await startTestApp(kind);
    cookie = (await createSession(app, { isAdmin: true })).cookie;
    for (const [index, seed] of seeds.entries()) {
      app.clock.advance(60_000);
      saved.push(await createPost(app, cookie, { ...seed, slug: `post-${String.fromCharCode(97 + index)}-${kind}` }));
    }
  });
  afterAll(() => app.close());

  const newestFirst = () => [...saved].reverse().map((post) => post.title);
  const get = async (path: string) => {
    const response = await api(app, path, { cookie });
    expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
    return { response, rows: (await response.json()) as Row[] };
  };
  const titles = async (path: string) => (await get(path)).rows.map((row) => row.title);

  it("without parameters answers every post as docs/product.md §7's array, newest edit first, each with its tags", async () => {
    const { response, rows } = await get("/api/cms/posts");
    expect(rows.map((row) => row.title)).toEqual(newestFirst());
    expect(response.headers.get("x-total-count")).toBe(String(seeds.length));
    expect(response.headers.get("link")).toBeNull();
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual([
        "authorName",
        "coverImage",
        "id",
        "published",
        "publishedAt",
        "scheduledAt",
        "slug",
        "status",
        "submittedAt",
        "submittedBy",
        "tags",
        "title",
        "updatedAt",
      ]);
    }
    const charlie = rows.find((row) => row.title === "Charlie stockouts")!;
    expect(charlie).toMatchObject({ id: saved[2]!.id, slug: saved[2]!.slug, published: true, updatedAt: saved[2]!.updatedAt });
    expect(charlie.tags).toEqual([
      { slug: "forecasting", name: "Forecasting" },
      { slug: "retail", name: "Retail" },
    ]);
    expect(rows.find((row) => row.title === "Bravo notes")).toMatchObject({ published: false, tags: [{ slug: "retail", name: "Retail" }] });
  });

  it("pages with X-Total-Count and Link rel=next until the last page, each row once", async () => {
    const seen: string[] = [];
    let path: string | null = "/api/cms/posts?perPage=4";
    let pages = 0;
    while (path) {
      const { response, rows } = await get(path);
      expect(response.headers.get("x-total-count")).toBe(String(seeds.length));
      expect(rows.length).toBeLessThanOrEqual(4);
      seen.push(...rows.map((row) => row.title));
      pages += 1;
      path = /<([^>]+)>; rel="next"/.exec(response.headers.get("link") ?? "")?.[1] ?? null;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(newestFirst());

    const { response, rows } = await get("/api/cms/posts?page=2&perPage=4&status=published&sort=title-asc");
    expect(rows.map((row) => row.title)).toEqual(["India security", "Kilo alerts"]);
    expect(response.headers.get("x-total-count")).toBe("6");
    expect(response.headers.get("link")).toBeNull();
    // A page past the end is an empty page of a list that still has its total.
    const past = await get("/api/cms/posts?page=9&perPage=4");
    expect(past.rows).toEqual([]);
    expect(past.response.headers.get("x-total-count")).toBe(String(seeds.length));
  });

  it("keeps filters and order in the next link", async () => {
    const { response } = await get("/api/cms/posts?page=1&perPage=2&status=draft&sort=title-desc&q=o");
    const next = new URL(/<([^>]+)>; rel="next"/.exec(response.headers.get("link")!)![1]!, app.baseUrl);
    expect(Object.fromEntries(next.searchParams)).toEqual({ page: "2", perPage: "2", status: "draft", sort: "title-desc", q: "o" });
  });

  it("filters by status", async () => {
    expect(await titles("/api/cms/posts?status=draft")).toEqual(newestFirst().filter((title) => !seeds.find((s) => s.title === title)!.published));
    expect(await titles("/api/cms/posts?status=published")).toEqual(newestFirst().filter((title) => seeds.find((s) => s.title === title)!.published));
    expect(await titles("/api/cms/posts?status=all")).toEqual(newestFirst());
  });

  it("filters by tag slug, drafts included; an unknown tag lists nothing", async () => {
    expect(await titles("/api/cms/posts?tag=retail")).toEqual(["Charlie stockouts", "Bravo notes"]);
    expect(await titles("/api/cms/posts?tag=retail&status=draft")).toEqual(["Bravo notes"]);
    const unknown = await get("/api/cms/posts?tag=no-such-tag&page=1");
    expect(unknown.rows).toEqual([]);
    expect(unknown.response.headers.get("x-total-count")).toBe("0");
  });

  it("sorts by title, last edit and publication date", async () => {
    const byTitle = seeds.map((seed) => seed.title);
    expect(await titles("/api/cms/posts?sort=title-asc")).toEqual(byTitle);
    expect(await titles("/api/cms/posts?sort=title-desc")).toEqual([...byTitle].reverse());
    expect(await titles("/api/cms/posts?sort=updated-asc")).toEqual(byTitle);
    expect(await titles("/api/cms/posts?sort=updated-desc")).toEqual(newestFirst());
    const publishedTitles = seeds.filter((seed) => seed.published).map((seed) => seed.title);
    const draftTitles = seeds.filter((seed) => !seed.published).map((seed) => seed.title);
    // Published posts by date, then drafts (no date) newest first.
    expect(await titles("/api/cms/posts?sort=published-desc")).toEqual([...[...publishedTitles].reverse(), ...[...draftTitles].reverse()]);
    expect(await titles("/api/cms/posts?sort=published-asc")).toEqual([...publishedTitles, ...draftTitles]);
  });

  it("searches drafts too, whatever the accents and case, by word prefix", async () => {
    expect(await titles("/api/cms/posts?q=cafe")).toEqual(["Bravo notes"]);
    expect(await titles("/api/cms/posts?q=R%C3%89SUM%C3%89")).toEqual(["Bravo notes"]);
    expect(await titles("/api/cms/posts?q=caf%C3%A9&status=published")).toEqual([]);
    // Title matches rank above content matches; "forec" is the start of a word.
    expect(await titles("/api/cms/posts?q=forec")).toEqual(["Alpha forecasting guide", "Delta draft"]);
    expect(await titles("/api/cms/posts?q=forec&sort=title-desc")).toEqual(["Delta draft", "Alpha forecasting guide"]);
    const { response } = await get("/api/cms/posts?q=forec&page=1&perPage=1");
    expect(response.headers.get("x-total-count")).toBe("2");
    expect(await titles("/api/cms/posts?q=%22%2B*%28")).toEqual([]);
  });

  it("finds a post by its exact slug or /blog/ address", async () => {
    const foxtrot = saved[5]!;
    expect(await titles(`/api/cms/posts?q=${foxtrot.slug}`)).toEqual(["Foxtrot inventory"]);
    expect(await titles(`/api/cms/posts?q=${encodeURIComponent(`https://example.com/blog/${foxtrot.slug}/`)}`)).toEqual([
      "Foxtrot inventory",
    ]);
  });

  it.each([
    ["page=0", "page"],
    ["page=abc", "page"],
    ["page=1.5", "page"],
    ["perPage=0", "perPage"],
    ["perPage=101", "perPage"],
    ["status=pending", "status"],
    ["status=draft&status=published", "status"],
    ["sort=newest", "sort"],
    [`q=${"a".repeat(201)}`, "q"],
  ])("refuses %s with 400 and a message for %s", async (search, field) => {
    const response = await api(app, `/api/cms/posts?${search}`, { cookie });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; errors: Record<string, string> };
    expect(Object.keys(body.errors)).toEqual([field]);
    expect(body.message).toBe(body.errors[field]);
  });

  it("lists every tag with its post count, drafts included, for administrators only", async () => {
    const response = await api(app, "/api/cms/tags", { cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([
      { slug: "forecasting", name: "Forecasting", count: 2, publishedCount: 2, description: null, metaTitle: null, metaDescription: null, image: null, imageAlt: null, imageDecorative: false },
      { slug: "retail", name: "Retail", count: 2, publishedCount: 1, description: null, metaTitle: null, metaDescription: null, image: null, imageAlt: null, imageDecorative: false },
    ]);
    expect((await api(app, "/api/cms/tags")).status).toBe(401);
    const reader = await createSession(app, { isAdmin: false });
    expect((await api(app, "/api/cms/tags", { cookie: reader.cookie })).status).toBe(403);
    expect((await api(app, "/api/cms/posts?page=1", { cookie: reader.cookie })).status).toBe(403);
  });

  describe("the dashboard page", () => {
    const page = async (search: string) => {
      const response = await fetch(`${app.baseUrl}/cms/control${search}`, { headers: { cookie } });
      return { status: response.status, html: await response.text() };
    };
    const rowTitles = (html: string) => [...html.matchAll(/<a[^>]*href="\/cms\/editor\/\d+"[^>]*>([^<]+)<\/a>/g)].map((m) => m[1]);

    it("shows one page of the filtered list with its count and page links", async () => {
      const { status, html } = await page("?status=published&sort=title-asc&perPage=4");
      expect(status).toBe(200);
      expect(rowTitles(html)).toEqual(["Alpha forecasting guide", "Charlie stockouts", "Echo pricing", "Golf dashboards"]);
      expect(html.replace(/<[^>]+>/g, "")).toContain("Showing 1–4 of 6 posts");
      expect(html).toContain('href="/cms/control?status=published&amp;sort=title-asc&amp;perPage=4&amp;page=2"');
      expect(html).toContain('aria-current="page"');
    });

    it("says 'No posts match' with Clear filters, not 'No blog posts yet', when a filter finds nothing", async () => {
      const { status, html } = await page("?q=zebra");
      expect(status).toBe(200);
      expect(html).toContain("No posts match");
      expect(html).toMatch(/<a[^>]*href="\/cms\/control"[^>]*>Clear filters<\/a>/);
      expect(html).not.toContain("No blog posts yet");
    });

    it("answers an address it cannot read with 400 and the reason, never a 500", async () => {
      const { status, html } = await page("?status=pending&page=0");
      expect(status).toBe(400);
      expect(html).toContain("This list address is not valid");
      expect(html).toContain("page must be a positive whole number");
      expect(html).toContain("status must be one of all, published, scheduled, draft");
    });
  });
});

/** decision 045: only a call without any parameter (a docs/product.md §7 client) gets every post; any parameter pages. */
describe.each(databaseKinds)("the CMS post list past one page on %s", (kind) => {
  let app: TestApp;
  let cookie: string;
  const count = CMS_API_PER_PAGE + 10;

  beforeAll(async () => {
    app = await startTestApp(kind);
    cookie = (await createSession(app, { isAdmin: true })).cookie;
    const now = new Date().toISOString();
    const rows = Array.from({ length: count }, (_, n) => ({
      title: `Seeded ${n}`,
      slug: `seeded-${n}`,
      content: `<p>Seeded ${n}</p>`,
      published: n % 2 === 0,
      published_at: n % 2 === 0 ? now : null,
      created_at: now,
      updated_at: now,
    }));
    await app.services.database.db.insertInto("posts").values(rows).execute();
  });
  afterAll(() => app.close());

  it("answers every post without parameters, and one page of 50 with a next link to a filter alone", async () => {
    const all = await api(app, "/api/cms/posts", { cookie });
    expect(((await all.json()) as unknown[]).length).toBe(count);
    expect(all.headers.get("link")).toBeNull();

    for (const path of ["/api/cms/posts?status=all", "/api/cms/posts?sort=title-asc"]) {
      const paged = await api(app, path, { cookie });
      expect(((await paged.json()) as unknown[]).length, path).toBe(CMS_API_PER_PAGE);
      expect(paged.headers.get("x-total-count"), path).toBe(String(count));
      expect(paged.headers.get("link"), path).toMatch(/page=2/);
    }
  });
});
