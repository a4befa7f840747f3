import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FullPost } from "../../server/services/posts.ts";
import type { RevisionDetail, RevisionSummary } from "../../server/services/revisions.ts";
import { REVISIONS_PER_POST } from "../../server/services/revision-log.ts";
import { databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { createSession } from "../support/auth.ts";
import { api, createPost, updatePost } from "../support/posts.ts";

/** Revisions (docs/decisions/067): every save keeps one; a restore is a save of its own. */
describe.each(databaseKinds)("post revisions on %s", (kind) => {
  let app: TestApp;
  let cookie: string;
  let userCookie: string;

  beforeAll(async () => {
    app = await startTestApp(kind);
    ({ cookie } = await createSession(app, { isAdmin: true, username: "Revisor" }));
    ({ cookie: userCookie } = await createSession(app, { isAdmin: false }));
  });
  afterAll(() => app.close());

  const json = async <T>(path: string, init: { method?: string; body?: unknown } = {}) => {
    const response = await api(app, path, { ...init, cookie });
    return { status: response.status, body: (await response.json()) as T };
  };
  /** Saves the post n times, each with different words, through PUT (the real save path). */
  async function saveTimes(post: FullPost, n: number, words: (i: number) => string): Promise<FullPost> {
    let current = post;
    for (let i = 1; i <= n; i++) {
      const response = await updatePost(app, cookie, current, { content: `<p>${words(i)}</p>` });
      expect(response.status).toBe(200);
      current = (await response.json()) as FullPost;
    }
    return current;
  }

  it("keeps one revision per save, newest first, with who saved it; restoring the third brings it back as the eleventh", async () => {
    const post = await createPost(app, cookie, { content: "<p>Version one of the forecasting guide.</p>", published: false });
    const saved = await saveTimes(post, 9, (i) => `Version ${i + 1} of the forecasting guide, with ${"more ".repeat(i)}detail.`);

    const list = await json<RevisionSummary[]>(`/api/cms/posts/${post.id}/revisions`);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(10);
    expect(list.body.map((r) => r.id)).toEqual([...list.body.map((r) => r.id)].sort((a, b) => b - a));
    expect(list.body[0]).toMatchObject({ event: "save", status: "draft", title: post.title, savedBy: { name: "Revisor" } });

    const third = list.body[7]!;
    const detail = await json<RevisionDetail>(`/api/cms/posts/${post.id}/revisions/${third.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.content).toBe("<p>Version 3 of the forecasting guide, with more more detail.</p>");
    // The comparison names the words that changed, from this revision to the post now, not HTML.
    const content = detail.body.changes.find((change) => change.field === "content")!;
    expect(content.parts.filter((p) => p.change === "removed").map((p) => p.text.trim())).toEqual(["3"]);
    expect(content.parts.filter((p) => p.change === "added").map((p) => p.text.trim())).toEqual(["10", "more more more more more more more"]);
    expect(content.parts.map((p) => p.text).join("")).not.toContain("<p>");

    const restored = await json<FullPost>(`/api/cms/posts/${post.id}/revisions/${third.id}/restore`, { method: "POST", body: { version: saved.version } });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ content: detail.body.content, version: saved.version + 1, status: "draft" });

    const after = await json<RevisionSummary[]>(`/api/cms/posts/${post.id}/revisions`);
    expect(after.body).toHaveLength(11);
    expect(after.body[0]).toMatchObject({ event: "restore" });
    const eleventh = await json<RevisionDetail>(`/api/cms/posts/${post.id}/revisions/${after.body[0]!.id}`);
    expect(eleventh.body.content).toBe(detail.body.content);
    expect(eleventh.body.changes).toEqual([]);
    // Nothing was lost: the tenth save is still there to go back to.
    const tenth = await json<RevisionDetail>(`/api/cms/posts/${post.id}/revisions/${after.body[1]!.id}`);
    expect(tenth.body.content).toBe(saved.content);
  });

  it("restores a live post's text and keeps it live with its date; a stale version is an edit conflict", async () => {
    const post = await createPost(app, cookie, { title: "Live title", content: "<p>Original words.</p>", published: true });
    const edited = (await (await updatePost(app, cookie, post, { title: "Edited title", content: "<p>Rewritten words.</p>" })).json()) as FullPost;
    const [, first] = (await json<RevisionSummary[]>(`/api/cms/posts/${post.id}/revisions`)).body;

    const stale = await json<{ conflict: boolean }>(`/api/cms/posts/${post.id}/revisions/${first!.id}/restore`, { method: "POST", body: { version: post.version } });
    expect(stale.status).toBe(409);
    expect(stale.body.conflict).toBe(true);

    const restored = await json<FullPost>(`/api/cms/posts/${post.id}/revisions/${first!.id}/restore`, { method: "POST" });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ title: "Live title", content: "<p>Original words.</p>", status: "published", publishedAt: post.publishedAt });
    expect(restored.body.version).toBe(edited.version + 1);
    const page = await fetch(`${app.baseUrl}/api/blog/${post.slug}`);
    expect(await page.json()).toMatchObject({ title: "Live title" });
  });

  it("compares titles and SEO fields word by word, and says when only the formatting changed", async () => {
    const post = await createPost(app, cookie, { content: "<p>Plain words here.</p>", metaTitle: "Old meta", published: false });
    await updatePost(app, cookie, post, { content: "<p><strong>Plain</strong> words here.</p>", metaTitle: "New meta" });
    const [, first] = (await json<RevisionSummary[]>(`/api/cms/posts/${post.id}/revisions`)).body;
    const detail = (await json<RevisionDetail>(`/api/cms/posts/${post.id}/revisions/${first!.id}`)).body;
    expect(detail.changes.map((c) => c.field)).toEqual(["content", "metaTitle"]);
    expect(detail.changes[0]).toMatchObject({ formattingOnly: true });
    expect(detail.changes[1]!.parts).toEqual([
      { text: "Old", change: "removed" },
      { text: "New", change: "added" },
      { text: " meta", change: "same" },
    ]);
  });

  it(`keeps at most ${REVISIONS_PER_POST} revisions per post, dropping the oldest`, async () => {
    const post = await createPost(app, cookie, { published: false });
    const { db } = app.services.database;
    // The saves past the bound go through the API; the ones before are written directly to keep the test fast.
    const row = await db.selectFrom("post_revisions").selectAll().where("post_id", "=", post.id).executeTakeFirstOrThrow();
    const { id: _id, ...copy } = row;
    const values = Array.from({ length: REVISIONS_PER_POST - 1 }, (_, i) => ({ ...copy, content: `<p>Old ${i}</p>`, cover_image_decorative: false }));
    await db.insertInto("post_revisions").values(values).execute();
    const oldest = Number(row.id);
    expect((await json<RevisionSummary[]>(`/api/cms/posts/${post.id}/revisions`)).body).toHaveLength(REVISIONS_PER_POST);

    await saveTimes(post, 3, (i) => `Newest ${i}`);
    const list = (await json<RevisionSummary[]>(`/api/cms/posts/${post.id}/revisions`)).body;
    expect(list).toHaveLength(REVISIONS_PER_POST);
    expect(list.map((r) => r.id)).not.toContain(oldest);
    expect((await json(`/api/cms/posts/${post.id}/revisions/${oldest}`)).status).toBe(404);
  });

  it("answers 404 for unknown posts and revisions, 400 for bad ids and bodies, and only to administrators", async () => {
    const post = await createPost(app, cookie, { published: false });
    const other = await createPost(app, cookie, { published: false });
    const [revision] = (await json<RevisionSummary[]>(`/api/cms/posts/${other.id}/revisions`)).body;
    expect((await json("/api/cms/posts/999999/revisions")).status).toBe(404);
    // A revision of another post is not this post's.
    expect((await json(`/api/cms/posts/${post.id}/revisions/${revision!.id}`)).status).toBe(404);
    expect((await json(`/api/cms/posts/${post.id}/revisions/${revision!.id}/restore`, { method: "POST" })).status).toBe(404);
    const badId = await json<{ errors: Record<string, string> }>(`/api/cms/posts/${post.id}/revisions/abc`);
    expect(badId.status).toBe(400);
    expect(badId.body.errors.revisionId).toBe("Revision id must be a positive whole number");
    const badBody = await json<{ errors: Record<string, string> }>(`/api/cms/posts/${other.id}/revisions/${revision!.id}/restore`, {
      method: "POST",
      body: { version: "seven" },
    });
    expect(badBody.status).toBe(400);
    expect(badBody.body.errors.version).toMatch(/Version must be/);
    expect((await api(app, `/api/cms/posts/${post.id}/revisions`, { cookie: userCookie })).status).toBe(403);
    expect((await api(app, `/api/cms/posts/${post.id}/revisions`)).status).toBe(401);
  });

  it("deletes a post's revisions with it", async () => {
    const post = await createPost(app, cookie, { published: false });
    expect((await api(app, `/api/cms/posts/${post.id}`, { method: "DELETE", cookie })).status).toBe(200);
    const left = await app.services.database.db.selectFrom("post_revisions").select("id").where("post_id", "=", post.id).execute();
    expect(left).toEqual([]);
  });
});
