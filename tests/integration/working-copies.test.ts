import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { createSession } from "../support/auth.ts";
import { api, createPost, updatePost } from "../support/posts.ts";
import { sendJson } from "../support/http.ts";
import { TITLE_MAX, TOO_MANY_TAGS } from "../../shared/post-schema.ts";
import { BASE_VERSION_INVALID } from "../../shared/working-copy-schema.ts";
import type { WorkingCopy } from "../../server/services/working-copies.ts";
import type { FullPost } from "../../server/services/posts.ts";
import type { SessionUser } from "../../shared/auth-schemas.ts";

/** The editor's form as it autosaves it (post-form.ts), based on a post; override any field. */
function copyBody(post: FullPost, overrides: Record<string, unknown> = {}) {
  return {
    title: post.title,
    slug: post.slug,
    content: post.content,
    excerpt: post.excerpt ?? "",
    coverImage: "",
    coverImageAlt: "",
    coverImageDecorative: false,
    metaTitle: "",
    metaDescription: "",
    keywords: "",
    canonicalUrl: "",
    authorId: post.authorId,
    published: post.published,
    tags: [],
    baseVersion: post.version,
    ...overrides,
  };
}

const copyPath = (id: number | string) => `/api/cms/posts/${id}/working-copy`;

describe.each(databaseKinds)("working copies (autosave) on %s", (kind) => {
  let app: TestApp;
  let writer: { cookie: string; user: SessionUser };
  let colleague: { cookie: string; user: { id: number } };
  let member: { cookie: string };

  const putCopy = (cookie: string, id: number | string, body: unknown) => api(app, copyPath(id), { method: "PUT", cookie, body });
  const getCopy = async (cookie: string, id: number) => {
    const response = await api(app, copyPath(id), { cookie });
    return { status: response.status, body: (await response.json()) as WorkingCopy & { message?: string } };
  };
  const storedCopies = async (postId: number) =>
    app.services.database.db.selectFrom("post_working_copies").selectAll().where("post_id", "=", postId).execute();

  /** A post, then a moment later (copies count only when newer than the post's last save). */
  const freshPost = async (overrides: Parameters<typeof createPost>[2] = {}) => {
    const post = await createPost(app, writer.cookie, overrides);
    app.clock.advance(1000);
    return post;
  };

  beforeAll(async () => {
    app = await startTestApp(kind);
    writer = await createSession(app, { isAdmin: true });
    colleague = await createSession(app, { isAdmin: true });
    member = await createSession(app, { isAdmin: false });
  });
  afterAll(() => app.close());

  it("refuses GET, PUT and DELETE without a session (401) and for a non-admin (403)", async () => {
    const post = await freshPost();
    for (const method of ["GET", "PUT", "DELETE"]) {
      const body = method === "PUT" ? copyBody(post) : undefined;
      const anonymous = await api(app, copyPath(post.id), { method, body });
      expect(anonymous.status, method).toBe(401);
      const forbidden = await api(app, copyPath(post.id), { method, body, cookie: member.cookie });
      expect(forbidden.status, method).toBe(403);
    }
    expect(await storedCopies(post.id)).toEqual([]);
  });

  it("refuses a write from another origin (CSRF), and takes one from the site's own, as the editor's keepalive request sends it", async () => {
    const post = await freshPost();
    const crossSite = await sendJson(app, copyPath(post.id), copyBody(post), {
      method: "PUT",
      cookie: writer.cookie,
      headers: { origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
    const deleteCrossSite = await fetch(`${app.baseUrl}${copyPath(post.id)}`, {
      method: "DELETE",
      headers: { cookie: writer.cookie, origin: "https://evil.example" },
    });
    expect(deleteCrossSite.status).toBe(403);
    expect(await storedCopies(post.id)).toEqual([]);
    const sameSite = await sendJson(app, copyPath(post.id), copyBody(post), {
      method: "PUT",
      cookie: writer.cookie,
      headers: { origin: app.baseUrl, "sec-fetch-site": "same-origin" },
    });
    expect(sameSite.status).toBe(200);
  });

  it("round-trips each writer's own copy: another administrator sees only theirs", async () => {
    const post = await freshPost({ published: false });
    const saved = await putCopy(writer.cookie, post.id, copyBody(post, { title: "Mine, half-written", tags: ["Supply"] }));
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ savedAt: app.clock().toISOString() });

    const mine = await getCopy(writer.cookie, post.id);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ postId: post.id, baseVersion: post.version, savedAt: app.clock().toISOString() });
    expect(mine.body.fields).toMatchObject({ title: "Mine, half-written", slug: post.slug, content: post.content, tags: ["Supply"] });

    expect((await getCopy(colleague.cookie, post.id)).status).toBe(404);
    app.clock.advance(1000);
    expect((await putCopy(colleague.cookie, post.id, copyBody(post, { title: "Theirs" }))).status).toBe(200);
    expect((await getCopy(colleague.cookie, post.id)).body.fields.title).toBe("Theirs");
    expect((await getCopy(writer.cookie, post.id)).body.fields.title).toBe("Mine, half-written");

    // A later autosave replaces the copy: one row per post and writer, never a history.
    app.clock.advance(1000);
    expect((await putCopy(writer.cookie, post.id, copyBody(post, { title: "Mine, finished" }))).status).toBe(200);
    expect((await getCopy(writer.cookie, post.id)).body.fields.title).toBe("Mine, finished");
    expect(await storedCopies(post.id)).toHaveLength(2);

    // The post itself is untouched by any of it.
    const stored = (await (await api(app, `/api/cms/posts/${post.id}`, { cookie: writer.cookie })).json()) as FullPost;
    expect(stored).toMatchObject({ title: post.title, version: post.version, updatedAt: post.updatedAt });
  });

  it("accepts unfinished work (empty title, a slug being typed) and sanitises content as a post save does", async () => {
    const post = await freshPost();
    const response = await putCopy(
      writer.cookie,
      post.id,
      copyBody(post, {
        title: "",
        slug: "Not A Slug Yet!",
        content: `<p>Kept<script>alert(1)</script><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">link</a></p>`,
        excerpt: "Tab\tand bell\u0007 gone",
        coverImage: "half-typed",
      }),
    );
    expect(response.status).toBe(200);
    const { fields } = (await getCopy(writer.cookie, post.id)).body;
    expect(fields.title).toBe("");
    expect(fields.slug).toBe("Not A Slug Yet!");
    expect(fields.content).toContain("<p>Kept");
    expect(fields.content).not.toMatch(/script|onerror|javascript:/i);
    expect(fields.excerpt).toBe("Tab\tand bell gone");
    expect(fields.coverImage).toBe("half-typed");
  });

  it("bounds every field like a post: 400 with one message per field, nothing stored", async () => {
    const post = await freshPost();
    const tooLong = await putCopy(
      writer.cookie,
      post.id,
      copyBody(post, {
        title: "t".repeat(TITLE_MAX + 1),
        metaTitle: "m".repeat(71),
        metaDescription: "d".repeat(161),
        tags: Array.from({ length: 11 }, (_, n) => `tag ${n}`),
      }),
    );
    expect(tooLong.status).toBe(400);
    const { errors } = (await tooLong.json()) as { errors: Record<string, string> };
    expect(errors).toEqual({
      title: `Title must be at most ${TITLE_MAX} characters.`,
      metaTitle: "Meta title must be at most 70 characters.",
      metaDescription: "Meta description must be at most 160 characters.",
      tags: TOO_MANY_TAGS,
    });

    const cases: [Record<string, unknown>, string][] = [
      [{ baseVersion: undefined }, "baseVersion"],
      [{ baseVersion: 0 }, "baseVersion"],
      [{ baseVersion: "1" }, "baseVersion"],
      [{ title: 5 }, "title"],
      [{ content: "<p>nul \u0000</p>" }, "content"],
      [{ published: "yes" }, "published"],
      [{ authorId: -1 }, "authorId"],
      [{ tags: "one, two" }, "tags"],
      [{ tags: ["x".repeat(41)] }, "tags"],
    ];
    for (const [override, field] of cases) {
      const response = await putCopy(writer.cookie, post.id, copyBody(post, override));
      expect(response.status, JSON.stringify(override)).toBe(400);
      const body = (await response.json()) as { message: string; errors: Record<string, string> };
      expect(Object.keys(body.errors), JSON.stringify(override)).toEqual([field]);
    }
    const badVersion = await putCopy(writer.cookie, post.id, copyBody(post, { baseVersion: -3 }));
    expect(((await badVersion.json()) as { errors: Record<string, string> }).errors.baseVersion).toBe(BASE_VERSION_INVALID);
    expect(await storedCopies(post.id)).toEqual([]);
  });

  it("answers 400 to a body that is not JSON and 413 to a huge one, never 500", async () => {
    const post = await freshPost();
    const notJson = await sendJson(app, copyPath(post.id), "{ not json", { method: "PUT", cookie: writer.cookie });
    expect(notJson.status).toBe(400);
    const huge = await putCopy(writer.cookie, post.id, copyBody(post, { content: `<p>${"x".repeat(2_000_000)}</p>` }));
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ message: "Request body too large" });
  });

  it("answers 404 for an unknown post and 400 for an id that is not one", async () => {
    const post = await freshPost();
    const unknown = await putCopy(writer.cookie, 2_000_000_000, copyBody(post));
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: "Post not found" });
    expect((await getCopy(writer.cookie, 2_000_000_000)).status).toBe(404);
    for (const id of ["abc", "0", "1.5", "99999999999"]) {
      const response = await putCopy(writer.cookie, id, copyBody(post));
      expect(response.status, id).toBe(400);
      expect(((await response.json()) as { errors: Record<string, string> }).errors.id).toBeDefined();
    }
  });

  it("DELETE removes the writer's copy only (204, also when there is none)", async () => {
    const post = await freshPost();
    await putCopy(writer.cookie, post.id, copyBody(post, { title: "Mine" }));
    await putCopy(colleague.cookie, post.id, copyBody(post, { title: "Theirs" }));
    const removed = await api(app, copyPath(post.id), { method: "DELETE", cookie: writer.cookie });
    expect(removed.status).toBe(204);
    expect((await getCopy(writer.cookie, post.id)).status).toBe(404);
    expect((await getCopy(colleague.cookie, post.id)).body.fields.title).toBe("Theirs");
    expect((await api(app, copyPath(post.id), { method: "DELETE", cookie: writer.cookie })).status).toBe(204);
  });

  it("a save of the post makes the copies made before it stale: not answered, and deleted", async () => {
    const post = await freshPost();
    await putCopy(writer.cookie, post.id, copyBody(post, { title: "Autosaved before the save" }));
    app.clock.advance(1000);
    const saved = await updatePost(app, writer.cookie, post, { title: "Saved by the writer" });
    expect(saved.status).toBe(200);
    expect((await getCopy(writer.cookie, post.id)).status).toBe(404);
    expect(await storedCopies(post.id)).toEqual([]);

    // A copy written after the save is newer than it, and is answered.
    app.clock.advance(1000);
    const current = (await saved.json()) as FullPost;
    await putCopy(writer.cookie, post.id, copyBody(current, { title: "Typed after the save" }));
    expect((await getCopy(writer.cookie, post.id)).body).toMatchObject({ baseVersion: current.version, fields: { title: "Typed after the save" } });
  });

  it("a copy keeps the version it started from: saving it over a newer post meets the 409 edit conflict", async () => {
    const post = await freshPost();
    const theirs = (await (await updatePost(app, colleague.cookie, post, { title: "Their newer save" })).json()) as FullPost;
    app.clock.advance(1000);
    // The writer's device was offline since version 1 and syncs its copy now, after their save.
    await putCopy(writer.cookie, post.id, copyBody(post, { title: "Mine from version 1" }));
    const copy = (await getCopy(writer.cookie, post.id)).body;
    expect(copy.baseVersion).toBe(post.version);
    const conflict = await updatePost(app, writer.cookie, theirs, { ...copy.fields, version: copy.baseVersion });
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toMatchObject({ conflict: true, current: { title: "Their newer save" } });
  });

  it("goes with its post and with its writer (cascade)", async () => {
    const post = await freshPost();
    const leaving = await createSession(app, { isAdmin: true });
    await putCopy(writer.cookie, post.id, copyBody(post));
    await putCopy(leaving.cookie, post.id, copyBody(post));
    expect(await storedCopies(post.id)).toHaveLength(2);
    expect(await app.services.auth.deleteUser(writer.user, leaving.user.id)).toMatchObject({ id: leaving.user.id });
    expect(await storedCopies(post.id)).toHaveLength(1);
    expect(await app.services.posts.remove(post.id)).toBeTruthy();
    expect(await storedCopies(post.id)).toEqual([]);
  });

  it("never changes a published post's public page or API answer, nor the blog's validators", async () => {
    const post = await freshPost({ published: true, title: "Live title for readers", content: "<p>Live paragraph for readers.</p>" });
    const apiBefore = await api(app, `/api/blog/${post.slug}`);
    const apiBodyBefore = await apiBefore.text();
    const pageBefore = await fetch(`${app.baseUrl}/blog/${post.slug}`);
    const pageHtmlBefore = await pageBefore.text();
    expect(pageHtmlBefore).toContain("Live paragraph for readers.");

    app.clock.advance(1000);
    const autosaved = await putCopy(
      writer.cookie,
      post.id,
      copyBody(post, { title: "Unpublished rewrite", content: "<p>Working copy paragraph, not for readers.</p>" }),
    );
    expect(autosaved.status).toBe(200);

    const apiAfter = await api(app, `/api/blog/${post.slug}`);
    expect(apiAfter.status).toBe(200);
    expect(await apiAfter.text()).toBe(apiBodyBefore);
    expect(apiAfter.headers.get("etag")).toBe(apiBefore.headers.get("etag"));
    const pageAfter = await fetch(`${app.baseUrl}/blog/${post.slug}`);
    const pageHtmlAfter = await pageAfter.text();
    expect(pageHtmlAfter).toContain("Live paragraph for readers.");
    expect(pageHtmlAfter).toContain("Live title for readers");
    expect(pageHtmlAfter).not.toContain("Working copy paragraph");
    expect(pageHtmlAfter).not.toContain("Unpublished rewrite");
    expect(pageAfter.headers.get("etag")).toBe(pageBefore.headers.get("etag"));
    const list = await (await api(app, "/api/blog")).text();
    expect(list).not.toContain("Working copy paragraph");
  });

  it("the editor page opens with the writer's copy, and only theirs", async () => {
    const post = await freshPost();
    await putCopy(writer.cookie, post.id, copyBody(post, { title: "Offered on another device" }));
    const page = await (await fetch(`${app.baseUrl}/cms/editor/${post.id}`, { headers: { cookie: writer.cookie } })).text();
    expect(page).toContain("Offered on another device");
    const theirs = await (await fetch(`${app.baseUrl}/cms/editor/${post.id}`, { headers: { cookie: colleague.cookie } })).text();
    expect(theirs).not.toContain("Offered on another device");
  });
});
