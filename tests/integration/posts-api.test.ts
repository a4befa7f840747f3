import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { createSession } from "../support/auth.ts";
import { api, createPost, postBody, updatePost } from "../support/posts.ts";
import { COVER_IMAGE_ALT_REQUIRED, MISSING_REQUIRED_FIELDS } from "../../shared/post-schema.ts";
import type { FullPost } from "../../server/services/posts.ts";

describe.each(databaseKinds)("CMS posts API on %s", (kind) => {
  let app: TestApp;
  let admin: { cookie: string; user: { id: number; username: string } };
  let member: { cookie: string };

  beforeAll(async () => {
    app = await startTestApp(kind);
    admin = await createSession(app, { isAdmin: true });
    member = await createSession(app, { isAdmin: false });
  });
  afterAll(() => app.close());

  describe("access", () => {
    it("refuses every CMS posts call without a session (401) and for a non-admin (403)", async () => {
      const calls: [string, string][] = [
        ["GET", "/api/cms/posts"],
        ["GET", "/api/cms/posts/1"],
        ["POST", "/api/cms/posts"],
        ["PUT", "/api/cms/posts/1"],
        ["DELETE", "/api/cms/posts/1"],
      ];
      for (const [method, path] of calls) {
        const anonymous = await api(app, path, { method, body: method === "GET" ? undefined : postBody() });
        expect(anonymous.status, `${method} ${path}`).toBe(401);
        expect(await anonymous.json()).toEqual({ message: "Not authenticated" });
        const forbidden = await api(app, path, { method, cookie: member.cookie, body: method === "GET" ? undefined : postBody() });
        expect(forbidden.status, `${method} ${path}`).toBe(403);
        expect(await forbidden.json()).toEqual({ message: "Forbidden" });
      }
    });
  });

  describe("create", () => {
    it("creates a post (201) answering id, title, version and updatedAt; without authorId the author is the session's user", async () => {
      const response = await api(app, "/api/cms/posts", {
        method: "POST",
        cookie: admin.cookie,
        body: postBody({ title: "Created post", slug: "created-post", id: 77, unknownField: "x" }),
      });
      expect(response.status).toBe(201);
      const post = (await response.json()) as FullPost & Record<string, unknown>;
      expect(post).toMatchObject({ title: "Created post", slug: "created-post", version: 1, authorId: admin.user.id });
      expect(post.id).toBeGreaterThan(0);
      expect(post.id).not.toBe(77);
      expect(post.updatedAt).toBe(app.clock().toISOString());
      expect(post).not.toHaveProperty("unknownField");
    });

    it("stamps publishedAt with the save time when publishing, and leaves it null for a draft (docs/product.md §4)", async () => {
      const published = await createPost(app, admin.cookie, { published: true, publishedAt: "2001-01-01T00:00:00.000Z" });
      expect(published.published).toBe(true);
      expect(published.publishedAt).toBe(app.clock().toISOString());
      const draft = await createPost(app, admin.cookie, { published: false, publishedAt: "2001-01-01T00:00:00.000Z" });
      expect(draft.published).toBe(false);
      expect(draft.publishedAt).toBeNull();
    });

    it("stores empty optional fields as null", async () => {
      const post = await createPost(app, admin.cookie, {
        excerpt: "",
        coverImage: "  ",
        metaTitle: "",
        metaDescription: undefined,
        keywords: "",
        canonicalUrl: "",
      });
      expect(post).toMatchObject({
        excerpt: null,
        coverImage: null,
        metaTitle: null,
        metaDescription: null,
        keywords: null,
        canonicalUrl: null,
      });
    });

    it("answers the docs/product.md §5 message when title, slug or content is missing or empty", async () => {
      for (const missing of ["title", "slug", "content"] as const) {
        for (const value of [undefined, "", "   "]) {
          const response = await api(app, "/api/cms/posts", {
            method: "POST",
            cookie: admin.cookie,
            body: postBody({ [missing]: value }),
          });
          expect(response.status, `${missing}=${JSON.stringify(value)}`).toBe(400);
          const answer = await response.json();
          expect(answer.message).toBe(MISSING_REQUIRED_FIELDS);
          expect(answer.errors[missing]).toBe(MISSING_REQUIRED_FIELDS);
        }
      }
      const emptyEditor = await api(app, "/api/cms/posts", { method: "POST", cookie: admin.cookie, body: postBody({ content: "<p></p>" }) });
      expect(emptyEditor.status).toBe(400);
      expect((await emptyEditor.json()).errors.content).toBe(MISSING_REQUIRED_FIELDS);
    });

    it("limits meta title to 70 and meta description to 160 characters", async () => {
      const ok = await createPost(app, admin.cookie, { metaTitle: "t".repeat(70), metaDescription: "d".repeat(160) });
      expect(ok.metaTitle).toHaveLength(70);
      const tooLong = await api(app, "/api/cms/posts", {
        method: "POST",
        cookie: admin.cookie,
        body: postBody({ metaTitle: "t".repeat(71), metaDescription: "d".repeat(161) }),
      });
      expect(tooLong.status).toBe(400);
      const { errors } = await tooLong.json();
      expect(errors.metaTitle).toBe("Meta title must be at most 70 characters.");
      expect(errors.metaDescription).toBe("Meta description must be at most 160 characters.");
    });

    it("accepts only a-z, 0-9 and hyphens in a slug", async () => {
      for (const slug of ["Upper-Case", "with space", "under_score", "dots.xml", "ümlaut", "../etc"]) {
        const response = await api(app, "/api/cms/posts", { method: "POST", cookie: admin.cookie, body: postBody({ slug }) });
        expect(response.status, slug).toBe(400);
        expect((await response.json()).errors.slug).toBe("Slug may only contain lowercase letters a-z, digits 0-9 and hyphens.");
      }
    });

    it("accepts cover images and canonical URLs only as http(s) (covers also as /media/ uploads)", async () => {
      const ok = await createPost(app, admin.cookie, { coverImage: "/media/abc123.webp", coverImageAlt: "Chart", canonicalUrl: "https://zuri.example/x" });
      expect(ok.coverImage).toBe("/media/abc123.webp");
      for (const [field, value] of [
        ["coverImage", "javascript:alert(1)"],
        ["coverImage", "data:image/svg+xml;base64,PHN2Zz4="],
        ["coverImage", "//evil.example/x.png"],
        ["coverImage", "/media/../../etc/passwd"],
        ["canonicalUrl", "javascript:alert(1)"],
        ["canonicalUrl", "/media/abc.png"],
        ["canonicalUrl", "ftp://zuri.example/x"],
      ] as const) {
        const response = await api(app, "/api/cms/posts", { method: "POST", cookie: admin.cookie, body: postBody({ [field]: value }) });
        expect(response.status, `${field}=${value}`).toBe(400);
        expect((await response.json()).errors).toHaveProperty(field);
      }
    });

    it("requires alt text for a cover image unless it is decorative, and only when there is a cover image", async () => {
      for (const alt of [undefined, null, "", "   "]) {
        const response = await api(app, "/api/cms/posts", {
          method: "POST",
          cookie: admin.cookie,
          body: postBody({ coverImage: "/media/cover.png", coverImageAlt: alt }),
        });
        expect(response.status, JSON.stringify(alt)).toBe(400);
        const answer = await response.json();
        expect(answer.errors.coverImageAlt).toBe(COVER_IMAGE_ALT_REQUIRED);
        expect(answer.message).toBe(COVER_IMAGE_ALT_REQUIRED);
      }
      const described = await createPost(app, admin.cookie, { coverImage: "/media/cover.png", coverImageAlt: "  Stock levels by store " });
      expect(described).toMatchObject({ coverImageAlt: "Stock levels by store", coverImageDecorative: false });
      const decorative = await createPost(app, admin.cookie, { coverImage: "/media/cover.png", coverImageDecorative: true });
      expect(decorative).toMatchObject({ coverImageAlt: null, coverImageDecorative: true });
      const noCover = await createPost(app, admin.cookie, { coverImage: null, coverImageAlt: null });
      expect(noCover).toMatchObject({ coverImage: null, coverImageAlt: null, coverImageDecorative: false });

      // The same rule on an edit: removing the alt text of a described cover is refused.
      const edit = await updatePost(app, admin.cookie, described, { coverImageAlt: "" });
      expect(edit.status).toBe(400);
      expect((await edit.json()).errors).toEqual({ coverImageAlt: COVER_IMAGE_ALT_REQUIRED });
    });

    it("limits alt text to 250 characters of text without NUL", async () => {
      const longest = await createPost(app, admin.cookie, { coverImage: "/media/cover.png", coverImageAlt: "a".repeat(250) });
      expect(longest.coverImageAlt).toHaveLength(250);
      for (const [value, message] of [
        ["a".repeat(251), "Alt text must be at most 250 characters."],
        ["Chart\u0000", "Alt text must not contain NUL characters."],
        [42, "Alt text must be text."],
      ] as const) {
        const response = await api(app, "/api/cms/posts", {
          method: "POST",
          cookie: admin.cookie,
          body: postBody({ coverImage: "/media/cover.png", coverImageAlt: value as string }),
        });
        expect(response.status, String(value).slice(0, 10)).toBe(400);
        expect((await response.json()).errors.coverImageAlt).toBe(message);
      }
      const notBoolean = await api(app, "/api/cms/posts", { method: "POST", cookie: admin.cookie, body: postBody({ coverImageDecorative: "yes" as never }) });
      expect(notBoolean.status).toBe(400);
      expect((await notBoolean.json()).errors.coverImageDecorative).toBe("Decorative image must be true or false.");
    });

    it("answers 409 naming the slug when it is already taken", async () => {
      await createPost(app, admin.cookie, { slug: "taken-slug" });
      const response = await api(app, "/api/cms/posts", { method: "POST", cookie: admin.cookie, body: postBody({ slug: "taken-slug" }) });
      expect(response.status).toBe(409);
      const answer = await response.json();
      expect(answer.message).toContain('"taken-slug"');
      expect(answer.errors.slug).toContain('"taken-slug"');
    });

    it("answers 400 for a body that is not JSON, never a 500", async () => {
      const response = await fetch(`${app.baseUrl}/api/cms/posts`, {
        method: "POST",
        headers: { cookie: admin.cookie, "content-type": "application/json" },
        body: "{nope",
      });
      expect(response.status).toBe(400);
      const array = await api(app, "/api/cms/posts", { method: "POST", cookie: admin.cookie, body: [1, 2] });
      expect(array.status).toBe(400);
    });
  });

  describe("read, list and delete", () => {
    it("lists every post for the dashboard with id, title, slug, published, status, scheduledAt, updatedAt, tags, the review's, the byline's name, the cover and the publication date only", async () => {
      const draft = await createPost(app, admin.cookie, { published: false, title: "Listed draft" });
      const response = await api(app, "/api/cms/posts", { cookie: admin.cookie });
      expect(response.status).toBe(200);
      const list = (await response.json()) as Record<string, unknown>[];
      const row = list.find((item) => item.id === draft.id);
      // `tags` (docs/decisions/045), `status` and `scheduledAt` (docs/decisions/049), `submittedAt` and `submittedBy`
      // (docs/decisions/032), `authorName`, `coverImage` and `publishedAt` (docs/decisions/036) are additive.
      expect(row).toEqual({
        id: draft.id,
        title: "Listed draft",
        slug: draft.slug,
        published: false,
        status: "draft",
        scheduledAt: null,
        updatedAt: draft.updatedAt,
        tags: [],
        submittedAt: null,
        submittedBy: null,
        authorName: admin.user.username,
        coverImage: draft.coverImage,
        publishedAt: null,
      });
    });

    it("answers the full post by id, and 400 / 404 for bad and unknown ids", async () => {
      const post = await createPost(app, admin.cookie, { keywords: "a, b", metaTitle: "Meta" });
      const response = await api(app, `/api/cms/posts/${post.id}`, { cookie: admin.cookie });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(post);

      for (const bad of ["0", "-1", "abc", "1.5", "1e3", "99999999999", "01"]) {
        for (const method of ["GET", "PUT", "DELETE"]) {
          const answer = await api(app, `/api/cms/posts/${bad}`, { method, cookie: admin.cookie, body: method === "PUT" ? postBody({ version: 1 }) : undefined });
          expect(answer.status, `${method} ${bad}`).toBe(400);
          expect((await answer.json()).message).toBe("Post id must be a positive whole number");
        }
      }
      for (const method of ["GET", "PUT", "DELETE"]) {
        const missing = await api(app, "/api/cms/posts/999999", { method, cookie: admin.cookie, body: method === "PUT" ? postBody({ version: 1 }) : undefined });
        expect(missing.status, method).toBe(404);
        expect(await missing.json()).toEqual({ message: "Post not found" });
      }
    });

    it("deletes a post answering JSON; it is gone afterwards", async () => {
      const post = await createPost(app, admin.cookie);
      const response = await api(app, `/api/cms/posts/${post.id}`, { method: "DELETE", cookie: admin.cookie });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain("application/json");
      expect(await response.json()).toEqual({ message: "Post deleted", id: post.id });
      expect((await api(app, `/api/cms/posts/${post.id}`, { cookie: admin.cookie })).status).toBe(404);
      expect((await api(app, `/api/blog/${post.slug}`)).status).toBe(404);
    });
  });

  describe("update", () => {
    it("saves an edit based on the current version and answers the next version", async () => {
      const post = await createPost(app, admin.cookie, { title: "Before" });
      app.clock.advance(60_000);
      const response = await updatePost(app, admin.cookie, post, { title: "After", unknownField: 1 } as never);
      expect(response.status).toBe(200);
      const saved = (await response.json()) as FullPost;
      expect(saved).toMatchObject({ id: post.id, title: "After", version: post.version + 1 });
      expect(saved.updatedAt).toBe(app.clock().toISOString());
      expect(saved.createdAt).toBe(post.createdAt);
    });

    it("refuses (409) an edit based on an older version instead of overwriting the other editor's work", async () => {
      const post = await createPost(app, admin.cookie, { title: "Original" });
      const first = await updatePost(app, admin.cookie, post, { title: "First editor" });
      expect(first.status).toBe(200);
      const second = await updatePost(app, admin.cookie, post, { title: "Second editor" });
      expect(second.status).toBe(409);
      const answer = await second.json();
      expect(answer.message).toMatch(/changed by someone else/);
      expect(answer.current).toMatchObject({ title: "First editor", version: post.version + 1 });
      const stored = await (await api(app, `/api/cms/posts/${post.id}`, { cookie: admin.cookie })).json();
      expect(stored.title).toBe("First editor");
    });

    it("lets exactly one of two simultaneous edits of the same version win", async () => {
      const post = await createPost(app, admin.cookie);
      const results = await Promise.all([
        updatePost(app, admin.cookie, post, { title: "Racer A" }),
        updatePost(app, admin.cookie, post, { title: "Racer B" }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    });

    it("requires the version the edit is based on", async () => {
      const post = await createPost(app, admin.cookie);
      const { version: _version, ...withoutVersion } = { ...postBody({ slug: post.slug }), version: undefined };
      const response = await api(app, `/api/cms/posts/${post.id}`, { method: "PUT", cookie: admin.cookie, body: withoutVersion });
      expect(response.status).toBe(400);
      expect((await response.json()).errors.version).toMatch(/Version is required/);
    });

    const save = async (post: FullPost, changes: Parameters<typeof updatePost>[3] & { publishAsNew?: boolean }) => {
      const response = await updatePost(app, admin.cookie, post, changes);
      expect(response.status, await response.clone().text()).toBe(200);
      return (await response.json()) as FullPost;
    };

    it("keeps the first publication date on later saves and through unpublish and publish again (docs/decisions/062)", async () => {
      const post = await createPost(app, admin.cookie, { published: true });
      const firstPublishedAt = app.clock().toISOString();
      expect(post).toMatchObject({ publishedAt: firstPublishedAt, firstPublishedAt });
      app.clock.advance(60_000);
      const edited = await save(post, { title: "Edited" });
      expect(edited).toMatchObject({ publishedAt: firstPublishedAt, firstPublishedAt });
      app.clock.advance(60_000);
      const drafted = await save(edited, { published: false });
      expect(drafted).toMatchObject({ published: false, publishedAt: null, firstPublishedAt });
      app.clock.advance(60_000);
      const republished = await save(drafted, { published: true });
      expect(republished).toMatchObject({ published: true, publishedAt: firstPublishedAt, firstPublishedAt });
      expect(await (await api(app, `/api/blog/${post.slug}`)).json()).toMatchObject({ publishedAt: firstPublishedAt });
      // publishAsNew means nothing to a post that is already live.
      app.clock.advance(60_000);
      expect(await save(republished, { publishAsNew: true })).toMatchObject({ publishedAt: firstPublishedAt, firstPublishedAt });
    });

    it("dates a republished draft with the save time when asked to publish as new, and a first publication by update too", async () => {
      const post = await createPost(app, admin.cookie, { published: true });
      app.clock.advance(60_000);
      const drafted = await save(post, { published: false });
      app.clock.advance(60_000);
      const asNew = await save(drafted, { published: true, publishAsNew: true });
      const now = app.clock().toISOString();
      expect(asNew).toMatchObject({ published: true, publishedAt: now, firstPublishedAt: now });

      const draft = await createPost(app, admin.cookie, { published: false });
      expect(draft).toMatchObject({ publishedAt: null, firstPublishedAt: null });
      app.clock.advance(60_000);
      const firstTime = await save(draft, { published: true });
      expect(firstTime).toMatchObject({ publishedAt: app.clock().toISOString(), firstPublishedAt: app.clock().toISOString() });

      const bad = await updatePost(app, admin.cookie, firstTime, { publishAsNew: "yes" } as never);
      expect(bad.status).toBe(400);
      expect((await bad.json()).errors.publishAsNew).toBe("Publish as new must be true or false.");
    });

    it("shows firstPublishedAt to the CMS only, never in the public answers", async () => {
      const post = await createPost(app, admin.cookie, { published: true });
      expect((await (await api(app, `/api/cms/posts/${post.id}`, { cookie: admin.cookie })).json()).firstPublishedAt).toBe(post.publishedAt);
      const one = await (await api(app, `/api/blog/${post.slug}`)).json();
      const list = (await (await api(app, "/api/blog?perPage=100")).json()) as Record<string, unknown>[];
      expect(one).not.toHaveProperty("firstPublishedAt");
      expect(list.find((item) => item.id === post.id)).not.toHaveProperty("firstPublishedAt");
    });

    it("answers 409 naming the slug when an edit takes another post's slug, with the message under errors.slug", async () => {
      const other = await createPost(app, admin.cookie, { slug: "someone-elses-slug" });
      const post = await createPost(app, admin.cookie);
      const response = await updatePost(app, admin.cookie, post, { slug: other.slug });
      expect(response.status).toBe(409);
      const answer = await response.json();
      expect(answer.message).toContain('"someone-elses-slug"');
      expect(answer.errors).toEqual({ slug: answer.message });
      expect(answer).not.toHaveProperty("conflict");
    });

    it("sanitises content on every save, not only on create", async () => {
      const post = await createPost(app, admin.cookie);
      const response = await updatePost(app, admin.cookie, post, { content: '<p>ok</p><script>alert(1)</script><img src=x onerror="alert(1)">' });
      expect(response.status).toBe(200);
      expect(((await response.json()) as FullPost).content).toBe("<p>ok</p>");
    });
  });
});
