import sharp from "sharp";
import { sql } from "kysely";
import { postInputSchema, postUpdateSchema } from "../../shared/post-schema.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { createSession } from "../support/auth.ts";
import { api, createPost, postBody, updatePost } from "../support/posts.ts";
import type { FullPost } from "../../server/services/posts.ts";
import type { Role } from "../../shared/roles.ts";
import { CANNOT_DELETE, CANNOT_PUBLISH, CANNOT_WRITE, LOCKED_LIVE } from "../../shared/post-access.ts";
import { isRefusal } from "../../shared/refusal.ts";

/**
 * Who may do what to a post (docs/decisions/032-post-permissions-and-review.md), through the JSON API:
 * a table of roles and actions on their own posts and on someone else's, then the lists, the preview,
 * and a role change racing a save.
 */

const WRITERS = ["contributor", "author", "editor", "administrator"] as const satisfies Role[];
type Writer = (typeof WRITERS)[number];
type Session = Awaited<ReturnType<typeof createSession>>;

/** Expected status per role, in WRITERS order. */
const by = (contributor: number, author: number, editor: number, administrator: number): Record<Writer, number> => ({
  contributor,
  author,
  editor,
  administrator,
});

const inADay = () => new Date(Date.now() + 86_400_000).toISOString();

describe.each(databaseKinds)("post permissions on %s", (kind) => {
  let app: TestApp;
  let sessions: Record<Writer, Session>;
  /** Makes posts for others: an editor can name any writer as the author. */
  let admin: Session;

  beforeAll(async () => {
    app = await startTestApp(kind);
    admin = await createSession(app, { role: "administrator" });
    sessions = Object.fromEntries(await Promise.all(WRITERS.map(async (role) => [role, await createSession(app, { role })]))) as Record<Writer, Session>;
  });
  afterAll(() => app.close());

  /** A post of `role`'s (their byline), in the given state, made by the administrator. */
  const ownPost = (role: Writer, state: "draft" | "published" = "draft") =>
    createPost(app, admin.cookie, { published: state === "published", authorId: sessions[role].user.id });
  /** Someone else's draft: the administrator's own. */
  const othersPost = () => createPost(app, admin.cookie, { published: false });

  const send = (role: Writer, path: string, init: { method?: string; body?: unknown } = {}) =>
    api(app, path, { ...init, cookie: sessions[role].cookie });

  async function expectStatus(response: Response, status: number, message?: string) {
    const text = await response.text();
    expect(response.status, text).toBe(status);
    if (message) expect(JSON.parse(text).message).toBe(message);
  }

  const actions: [string, Record<Writer, number>, (role: Writer) => Promise<Response>, string?][] = [
    ["create a draft", by(201, 201, 201, 201), (role) => send(role, "/api/cms/posts", { method: "POST", body: postBody({ published: false }) })],
    ["create a published post", by(403, 201, 201, 201), (role) => send(role, "/api/cms/posts", { method: "POST", body: postBody({ published: true }) }), CANNOT_PUBLISH],
    ["create a scheduled post", by(403, 201, 201, 201), (role) => send(role, "/api/cms/posts", { method: "POST", body: postBody({ published: true, publishedAt: inADay() }) }), CANNOT_PUBLISH],
    ["read their own draft", by(200, 200, 200, 200), async (role) => send(role, `/api/cms/posts/${(await ownPost(role)).id}`)],
    ["read their own published post", by(200, 200, 200, 200), async (role) => send(role, `/api/cms/posts/${(await ownPost(role, "published")).id}`)],
    ["read someone else's draft", by(404, 404, 200, 200), async (role) => send(role, `/api/cms/posts/${(await othersPost()).id}`), "Post not found"],
    ["save their own draft", by(200, 200, 200, 200), async (role) => updatePost(app, sessions[role].cookie, await ownPost(role), { title: "Changed", published: false })],
    ["save someone else's draft", by(404, 404, 200, 200), async (role) => updatePost(app, sessions[role].cookie, await othersPost(), { title: "Changed", published: false }), "Post not found"],
    ["publish their own draft", by(403, 200, 200, 200), async (role) => updatePost(app, sessions[role].cookie, await ownPost(role), { published: true }), CANNOT_PUBLISH],
    ["schedule their own draft", by(403, 200, 200, 200), async (role) => updatePost(app, sessions[role].cookie, await ownPost(role), { published: true, publishedAt: inADay() }), CANNOT_PUBLISH],
    ["edit their own published post", by(403, 200, 200, 200), async (role) => updatePost(app, sessions[role].cookie, await ownPost(role, "published"), { title: "Changed" }), LOCKED_LIVE],
    ["unpublish their own post", by(403, 200, 200, 200), async (role) => updatePost(app, sessions[role].cookie, await ownPost(role, "published"), { published: false }), LOCKED_LIVE],
    ["delete their own draft", by(200, 200, 200, 200), async (role) => send(role, `/api/cms/posts/${(await ownPost(role)).id}`, { method: "DELETE" })],
    ["delete their own published post", by(403, 200, 200, 200), async (role) => send(role, `/api/cms/posts/${(await ownPost(role, "published")).id}`, { method: "DELETE" }), CANNOT_DELETE],
    ["delete someone else's draft", by(404, 404, 200, 200), async (role) => send(role, `/api/cms/posts/${(await othersPost()).id}`, { method: "DELETE" }), "Post not found"],
    ["list the revisions of someone else's draft", by(404, 404, 200, 200), async (role) => send(role, `/api/cms/posts/${(await othersPost()).id}/revisions`)],
    ["restore a revision of their own draft", by(200, 200, 200, 200), async (role) => restoreFirst(role, await ownPost(role))],
    ["restore a revision of someone else's draft", by(404, 404, 200, 200), async (role) => restoreFirst(role, await othersPost())],
    ["autosave a working copy of their own draft", by(200, 200, 200, 200), async (role) => saveCopy(role, await ownPost(role))],
    ["autosave a working copy of someone else's draft", by(404, 404, 200, 200), async (role) => saveCopy(role, await othersPost())],
    ["make a review link of their own draft", by(201, 201, 201, 201), async (role) => send(role, `/api/cms/posts/${(await ownPost(role)).id}/review-links`, { method: "POST" })],
    ["make a review link of someone else's draft", by(404, 404, 201, 201), async (role) => send(role, `/api/cms/posts/${(await othersPost()).id}/review-links`, { method: "POST" })],
    ["list the review links of someone else's draft", by(404, 404, 200, 200), async (role) => send(role, `/api/cms/posts/${(await othersPost()).id}/review-links`)],
    ["upload an image", by(201, 201, 201, 201), async (role) => upload(role)],
  ];

  async function restoreFirst(role: Writer, post: FullPost) {
    const [revision] = (await (await api(app, `/api/cms/posts/${post.id}/revisions`, { cookie: admin.cookie })).json()) as { id: number }[];
    return send(role, `/api/cms/posts/${post.id}/revisions/${revision!.id}/restore`, { method: "POST" });
  }
  function saveCopy(role: Writer, post: FullPost) {
    const fields = {
      title: "Copy", slug: post.slug, content: "<p>Copy</p>", excerpt: "", coverImage: "", coverImageAlt: "", coverImageDecorative: false,
      metaTitle: "", metaDescription: "", keywords: "", canonicalUrl: "", published: false, tags: [],
    };
    return send(role, `/api/cms/posts/${post.id}/working-copy`, { method: "PUT", body: { ...fields, baseVersion: post.version } });
  }
  async function upload(role: Writer) {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 20, g: 90, b: 200 } } }).png().toBuffer();
    return fetch(`${app.baseUrl}/api/cms/media`, { method: "POST", headers: { cookie: sessions[role].cookie, "content-type": "image/png" }, body: new Uint8Array(png) });
  }

  describe.each(actions)("%s", (_name, expected, act, message) => {
    it.each(WRITERS)("as %s", async (role) => {
      const status = expected[role];
      await expectStatus(await act(role), status, status >= 400 ? message : undefined);
    });
  });

  it("saves nothing of a refused publication", async () => {
    const post = await ownPost("contributor");
    await expectStatus(await updatePost(app, sessions.contributor.cookie, post, { title: "Sneaked in", published: true }), 403, CANNOT_PUBLISH);
    const after = await app.services.posts.getById(post.id);
    expect(isRefusal(after) ? null : { title: after.title, status: after.status, version: after.version }).toEqual({
      title: post.title,
      status: "draft",
      version: post.version,
    });
  });

  it("lists only their own posts to contributors and authors, and every post to editors", async () => {
    const mine = await createPost(app, sessions.contributor.cookie, { published: false, title: "Contributor listing probe" });
    await othersPost();
    const list = async (role: Writer) => {
      const response = await send(role, "/api/cms/posts?perPage=100");
      expect(response.status).toBe(200);
      return { posts: (await response.json()) as { id: number }[], total: Number(response.headers.get("x-total-count")) };
    };
    const own = await list("contributor");
    const ownIds = (await app.services.postListing.listAll({ status: "all", sort: "updated-desc", ownerId: sessions.contributor.user.id })).posts.map((post) => post.id);
    expect(own.posts.map((post) => post.id).sort()).toEqual(ownIds.sort());
    expect(own.posts.map((post) => post.id)).toContain(mine.id);
    expect(own.total).toBe(ownIds.length);
    const all = (await app.services.postListing.listAll({ status: "all", sort: "updated-desc" })).posts.length;
    expect((await list("editor")).total).toBe(all);
    expect(all).toBeGreaterThan(own.total);
    // A search finds their own post only.
    const search = await send("author", `/api/cms/posts?q=${encodeURIComponent("Contributor listing probe")}`);
    expect(await search.json()).toEqual([]);
  });

  it("previews a draft only for those who may open it", async () => {
    const theirs = await othersPost();
    const mine = await ownPost("contributor");
    const preview = (role: Writer, post: FullPost) => send(role, `/api/blog/${post.slug}?preview=true`);
    expect((await preview("contributor", theirs)).status).toBe(404);
    expect((await preview("contributor", mine)).status).toBe(200);
    expect((await preview("editor", theirs)).status).toBe(200);
  });

  describe("a role change racing a save", () => {
    /** A save of the post as it is, published or not. */
    const edit = (post: FullPost, published: boolean) =>
      postUpdateSchema.parse({ ...postBody({ slug: post.slug, published }), version: post.version });
    const setRole = (userId: number, role: Role | null) =>
      app.services.database.db.updateTable("users").set({ role }).where("id", "=", userId).execute();

    it("judges each save by the role as it is when the save runs", async () => {
      const author = await createSession(app, { role: "author" });
      const actor = { id: author.user.id, role: "author" as const };
      const created = await app.services.posts.create(postInputSchema.parse(postBody({ published: false })), actor);
      if (isRefusal(created)) throw new Error(created.message);
      // The session still says "author": the service re-reads the role in its transaction.
      await setRole(author.user.id, "contributor");
      const publish = await app.services.posts.update(created.id, edit(created, true), actor);
      expect(publish).toMatchObject({ refused: true, code: "forbidden", message: CANNOT_PUBLISH });
      await setRole(author.user.id, "sales");
      const save = await app.services.posts.update(created.id, edit(created, false), actor);
      expect(save).toMatchObject({ refused: true, code: "forbidden", message: CANNOT_WRITE });
      expect(await app.services.posts.remove(created.id, actor)).toMatchObject({ refused: true, message: CANNOT_WRITE });
    });

    // Row locks are PostgreSQL's: SQLite serialises writers, so the race has no window there.
    if (kind === "postgres")
      it("makes a save wait for a demotion holding the user row, then refuses it", async () => {
        const author = await createSession(app, { role: "author" });
        const actor = { id: author.user.id, role: "author" as const };
        const created = await app.services.posts.create(postInputSchema.parse(postBody({ published: false })), actor);
        if (isRefusal(created)) throw new Error(created.message);
        const { db } = app.services.database;
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        let locked!: () => void;
        const isLocked = new Promise<void>((resolve) => (locked = resolve));
        const demotion = db.transaction().execute(async (trx) => {
          await trx.updateTable("users").set({ role: "contributor" }).where("id", "=", author.user.id).execute();
          locked();
          await held;
        });
        await isLocked;
        const save = app.services.posts.update(created.id, edit(created, true), actor);
        // The save is waiting on the user row's lock: PostgreSQL says so.
        for (;;) {
          const waiting = await sql<{ query: string }>`select query from pg_stat_activity
            where wait_event_type = 'Lock' and datname = current_database()`.execute(db);
          if (waiting.rows.some((row) => /for share/i.test(row.query))) break;
          await new Promise((resolve) => setImmediate(resolve));
        }
        release();
        await demotion;
        expect(await save).toMatchObject({ refused: true, code: "forbidden", message: CANNOT_PUBLISH });
        const after = await app.services.posts.getById(created.id);
        expect(isRefusal(after) ? null : after.status).toBe("draft");
      });
  });
});
