import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { createSession } from "../support/auth.ts";
import { api, clearPosts, createPost } from "../support/posts.ts";
import { getPage, postForm } from "../support/http.ts";
import { MERGE_TARGET_INVALID, TAG_NAME_TAKEN, TAG_SLUG_INVALID, TAG_SLUG_TAKEN } from "../../shared/tags.ts";
import type { CmsTag } from "../../server/services/tags.ts";

/** The Tags page and its operations (docs/decisions/035-tag-management.md), through the real HTTP app on each database. */
describe.each(databaseKinds)("tag management on %s", (kind) => {
  let app: TestApp;
  let editor: string;

  beforeAll(async () => {
    app = await startTestApp(kind);
    editor = (await createSession(app, { role: "editor" })).cookie;
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    await clearPosts(app);
    await app.services.database.db.deleteFrom("tags").execute();
  });

  const version = async () =>
    Number((await app.services.database.db.selectFrom("content_versions").select("version").executeTakeFirstOrThrow()).version);
  const tags = async (): Promise<CmsTag[]> => (await (await api(app, "/api/cms/tags", { cookie: editor })).json()) as CmsTag[];
  const tagAt = async (slug: string) => (await tags()).find((tag) => tag.slug === slug);
  const call = (method: string, path: string, body?: unknown, cookie = editor) => api(app, path, { method, body, cookie });
  const tagNamesOf = async (postId: number) =>
    ((await (await api(app, `/api/cms/posts/${postId}`, { cookie: editor })).json()) as { tags: { slug: string; name: string }[] }).tags;

  it("creates a tag, refusing a taken name or slug and bad input with field messages, bumping the content version once", async () => {
    const before = await version();
    const created = await call("POST", "/api/cms/tags", { name: "Forecasting", description: "Seeing demand early." });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({
      slug: "forecasting",
      name: "Forecasting",
      count: 0,
      publishedCount: 0,
      description: "Seeing demand early.",
      metaTitle: null,
      metaDescription: null,
      image: null,
      imageAlt: null,
      imageDecorative: false,
    });
    expect(await version()).toBe(before + 1);

    const sameName = await call("POST", "/api/cms/tags", { name: "forécasting", slug: "other" });
    expect(sameName.status).toBe(409);
    expect((await sameName.json()).errors).toEqual({ name: TAG_NAME_TAKEN });
    const sameSlug = await call("POST", "/api/cms/tags", { name: "Demand", slug: "Forecasting" });
    expect(sameSlug.status).toBe(409);
    expect((await sameSlug.json()).errors).toEqual({ slug: TAG_SLUG_TAKEN });
    const bad = await call("POST", "/api/cms/tags", { name: "", slug: "!!!" });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).errors).sort()).toEqual(["name", "slug"]);
    const badSlug = await call("POST", "/api/cms/tags", { name: "Demand", slug: "!!!" });
    expect((await badSlug.json()).errors).toEqual({ slug: TAG_SLUG_INVALID });
    expect((await tags()).map((tag) => tag.slug)).toEqual(["forecasting"]);
    expect(await version()).toBe(before + 1);
  });

  it("renames a tag: its posts show the new name, the old slug answers 301, its page uses the description and meta fields", async () => {
    const post = await createPost(app, editor, { title: "Stockouts", tags: ["Forecasting", "Retail"] });
    const before = await version();
    const renamed = await call("PUT", "/api/cms/tags/forecasting", {
      name: "Demand planning",
      slug: "Demand Planning",
      description: "How retailers see demand coming.",
      metaTitle: "Demand planning articles",
      metaDescription: "Guides to demand planning.",
    });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ slug: "demand-planning", name: "Demand planning", count: 1, publishedCount: 1 });
    expect(await version()).toBe(before + 1);
    expect(await tagNamesOf(post.id)).toEqual([
      { slug: "demand-planning", name: "Demand planning" },
      { slug: "retail", name: "Retail" },
    ]);

    const old = await getPage(app, "/blog/tag/forecasting?page=1");
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe("/blog/tag/demand-planning?page=1");
    const page = await (await getPage(app, "/blog/tag/demand-planning")).text();
    expect(page).toContain("<title>Demand planning articles</title>");
    expect(page).toContain('name="description" content="Guides to demand planning."');
    expect(page).toContain("How retailers see demand coming.");
    // Its feed moved with it: subscribers to the old feed follow the 301, and the feed reads the new fields.
    const oldFeed = await getPage(app, "/blog/tag/forecasting/rss.xml");
    expect(oldFeed.status).toBe(301);
    expect(oldFeed.headers.get("location")).toBe("/blog/tag/demand-planning/rss.xml");
    const feed = await (await getPage(app, "/blog/tag/demand-planning/rss.xml")).text();
    expect(feed).toContain("<description>How retailers see demand coming.</description>");
    expect(feed).toContain("Stockouts");

    // A post saved with the old name gets a tag of that name again: the renamed tag keeps its own.
    const again = await createPost(app, editor, { tags: ["Forecasting"] });
    expect(await tagNamesOf(again.id)).toEqual([{ slug: "forecasting", name: "Forecasting" }]);
    expect((await getPage(app, "/blog/tag/forecasting")).status).toBe(200);

    // A slug another tag has, or a name: refused, nothing changed.
    const clash = await call("PUT", "/api/cms/tags/demand-planning", { name: "Demand planning", slug: "retail" });
    expect(clash.status).toBe(409);
    expect((await clash.json()).errors).toEqual({ slug: TAG_SLUG_TAKEN });
    expect(await tagAt("demand-planning")).toMatchObject({ metaTitle: "Demand planning articles" });
    expect((await call("PUT", "/api/cms/tags/nothing-here", { name: "X" })).status).toBe(404);
  });

  it("merges a tag into another: every post carries the target once, counts are right, the old slug answers 301", async () => {
    const onlyA = await createPost(app, editor, { tags: ["Alpha"] });
    const both = await createPost(app, editor, { tags: ["Alpha", "Beta", "Gamma"] });
    const draft = await createPost(app, editor, { tags: ["Beta"], published: false });
    const before = await version();

    const intoItself = await call("POST", "/api/cms/tags/alpha/merge", { into: "alpha" });
    expect(intoItself.status).toBe(400);
    expect((await intoItself.json()).errors).toEqual({ into: MERGE_TARGET_INVALID });
    expect((await call("POST", "/api/cms/tags/alpha/merge", { into: "nothing" })).status).toBe(400);
    expect((await call("POST", "/api/cms/tags/nothing/merge", { into: "beta" })).status).toBe(404);
    expect(await version()).toBe(before);

    const merged = await call("POST", "/api/cms/tags/alpha/merge", { into: "beta" });
    expect(merged.status).toBe(200);
    expect(await merged.json()).toMatchObject({ slug: "beta", count: 3, publishedCount: 2 });
    expect(await version()).toBe(before + 1);
    expect(await tagAt("alpha")).toBeUndefined();
    expect(await tagNamesOf(onlyA.id)).toEqual([{ slug: "beta", name: "Beta" }]);
    expect((await tagNamesOf(both.id)).map((tag) => tag.slug)).toEqual(["beta", "gamma"]);
    expect((await tagNamesOf(draft.id)).map((tag) => tag.slug)).toEqual(["beta"]);
    expect(await tagAt("gamma")).toMatchObject({ count: 1, publishedCount: 1 });
    const old = await getPage(app, "/blog/tag/alpha");
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe("/blog/tag/beta");
    expect((await getPage(app, "/blog/tag/alpha/rss.xml")).headers.get("location")).toBe("/blog/tag/beta/rss.xml");
    const listed = (await (await api(app, "/api/blog?tag=beta")).json()) as { id: number }[];
    expect(listed.map((post) => post.id).sort()).toEqual([onlyA.id, both.id].sort());
  });

  it("deletes a tag: its posts keep everything else, its page and old slugs are gone", async () => {
    const post = await createPost(app, editor, { tags: ["Alpha", "Beta"] });
    await call("PUT", "/api/cms/tags/alpha", { name: "Alpha", slug: "first" });
    const before = await version();
    const removed = await call("DELETE", "/api/cms/tags/first");
    expect(removed.status).toBe(200);
    expect(await version()).toBe(before + 1);
    expect(await tagNamesOf(post.id)).toEqual([{ slug: "beta", name: "Beta" }]);
    expect((await tags()).map((tag) => [tag.slug, tag.count])).toEqual([["beta", 1]]);
    expect((await getPage(app, "/blog/tag/first")).status).toBe(404);
    expect((await getPage(app, "/blog/tag/alpha")).status).toBe(404);
    expect((await call("DELETE", "/api/cms/tags/first")).status).toBe(404);
  });

  it("refuses authors and contributors, on the API and the page", async () => {
    await createPost(app, editor, { tags: ["Alpha"] });
    for (const role of ["author", "contributor"] as const) {
      const { cookie } = await createSession(app, { role });
      expect((await call("PUT", "/api/cms/tags/alpha", { name: "Mine" }, cookie)).status).toBe(403);
      expect((await call("DELETE", "/api/cms/tags/alpha", undefined, cookie)).status).toBe(403);
      const page = await getPage(app, "/cms/tags", cookie);
      expect(page.status).toBe(302);
      expect(page.headers.get("location")).toMatch(/^\/cms\/unauthorized/);
      const posted = await postForm(app, "/cms/tags", { intent: "delete", "slug-before": "alpha" }, { cookie });
      expect(posted.status).toBe(302);
    }
    expect(await tagAt("alpha")).toMatchObject({ name: "Alpha", count: 1 });
  });

  it("works as plain form posts: lists the tags, creates, edits, refuses with the message, merges and deletes", async () => {
    await createPost(app, editor, { tags: ["Alpha", "Beta"] });
    const page = (await (await getPage(app, "/cms/tags", editor)).text()).replace(/<!-- -->/g, "");
    expect(page).toContain("All tags (2)");
    expect(page).toContain("1 published");

    const created = await postForm(app, "/cms/tags", { intent: "create", name: "Gamma", slug: "" }, { cookie: editor });
    expect(created.status).toBe(200);
    expect((await created.text()).replace(/<!-- -->/g, "")).toContain("Tag “Gamma” created.");
    const taken = await postForm(app, "/cms/tags", { intent: "edit", "slug-before": "gamma", name: "alpha", slug: "gamma" }, { cookie: editor });
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain(TAG_NAME_TAKEN);
    const edited = await postForm(
      app,
      "/cms/tags",
      { intent: "edit", "slug-before": "gamma", name: "Gamma rays", slug: "", description: "", metaTitle: "", metaDescription: "" },
      { cookie: editor },
    );
    expect(edited.status).toBe(200);
    expect(await tagAt("gamma-rays")).toMatchObject({ name: "Gamma rays", description: null });
    expect((await postForm(app, "/cms/tags", { intent: "merge", "slug-before": "alpha", into: "beta" }, { cookie: editor })).status).toBe(200);
    expect((await postForm(app, "/cms/tags", { intent: "delete", "slug-before": "gamma-rays" }, { cookie: editor })).status).toBe(200);
    expect((await tags()).map((tag) => [tag.slug, tag.count])).toEqual([["beta", 1]]);
  });
});
