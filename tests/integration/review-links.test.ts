import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { startSecondInstance } from "../support/second-instance.ts";
import { createSession } from "../support/auth.ts";
import { api, createPost, updatePost } from "../support/posts.ts";
import { EXPIRY_DAYS_INVALID, REVIEW_LINK_BODY_INVALID, type CreatedReviewLink, type ReviewLink } from "../../shared/review-links.ts";
import type { FullPost } from "../../server/services/posts.ts";

const SITE_URL = "https://zuri.example";
const DAY_MS = 24 * 60 * 60 * 1000;

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const linksPath = (post: { id: number }) => `/api/cms/posts/${post.id}/review-links`;
/** An anonymous visitor's GET: no cookie, redirects not followed. */
const visit = (baseUrl: string, path: string) => fetch(`${baseUrl}${path}`, { redirect: "manual" });
const metaContent = (html: string, name: string) => new RegExp(`<meta name="${name}" content="([^"]*)"`).exec(html)?.[1];
/** The policy a browser applies: the last valid token of the header (W3C Referrer Policy §8.1). */
const effectiveReferrerPolicy = (response: Response) => response.headers.get("referrer-policy")?.split(",").at(-1)?.trim();

/** The headers every answer of /preview/{token} carries, the 404 included (docs/decisions/065). */
function expectPrivateNoindex(response: Response) {
  expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  expect(effectiveReferrerPolicy(response)).toBe("no-referrer");
  expect(response.headers.get("etag")).toBeNull();
  expect(response.headers.get("x-page-cache")).toBeNull();
}

describe.each(databaseKinds)("review links on %s", (kind) => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof createSession>>;

  beforeAll(async () => {
    app = await startTestApp(kind, { env: { SITE_URL } });
    admin = await createSession(app, { isAdmin: true });
  });
  afterAll(() => app.close());

  const draft = (overrides: Record<string, unknown> = {}) =>
    createPost(app, admin.cookie, { published: false, ...overrides });
  const createLink = async (post: { id: number }, body?: unknown): Promise<CreatedReviewLink> => {
    const response = await api(app, linksPath(post), { method: "POST", cookie: admin.cookie, body });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as CreatedReviewLink;
  };
  const listLinks = async (post: { id: number }): Promise<ReviewLink[]> => {
    const response = await api(app, linksPath(post), { cookie: admin.cookie });
    expect(response.status).toBe(200);
    return (await response.json()) as ReviewLink[];
  };
  const revoke = (post: { id: number }, linkId: number | string) =>
    api(app, `${linksPath(post)}/${linkId}`, { method: "DELETE", cookie: admin.cookie });

  describe("the page", () => {
    it("shows a draft to an anonymous visitor as the post page would, with a preview notice, noindex, no-store and no referrer", async () => {
      const post = await draft({
        title: "Quarterly stockout review",
        content: '<p>Draft body for reviewers.</p><p><a href="https://example.com/source">Source</a></p>',
        tags: ["Forecasting"],
      });
      const link = await createLink(post);
      expect(link.path).toBe(`/preview/${link.token}`);
      expect(link.url).toBe(`${SITE_URL}/preview/${link.token}`);

      const response = await visit(app.baseUrl, link.path);
      expect(response.status).toBe(200);
      expectPrivateNoindex(response);
      const html = await response.text();
      expect(html).toMatch(/<h1[^>]*>Quarterly stockout review<\/h1>/);
      expect(html).toContain("Draft body for reviewers.");
      expect(html).toContain('href="https://example.com/source"');
      expect(html).toContain('data-testid="post-byline"');
      expect(html).toContain("Forecasting");
      expect(html).toContain("Preview — not published yet.");
      expect(html).toContain(`<time dateTime="${link.expiresAt}">`);
      expect(metaContent(html, "robots")).toBe("noindex, nofollow");
      expect(metaContent(html, "referrer")).toBe("no-referrer");
      expect(html).toContain("<title>Preview: Quarterly stockout review | Zuri Intelligence Blog</title>");
      // Not the post's address to index or share: no canonical, no sharing tags, no share buttons.
      expect(html).not.toContain('rel="canonical"');
      expect(html).not.toContain("og:url");
      expect(html).not.toContain("Share on");

      // Rendered for each request, never from the page cache; the draft itself is still not public.
      const again = await visit(app.baseUrl, link.path);
      expect(again.status).toBe(200);
      expect(again.headers.get("x-page-cache")).toBeNull();
      expect((await visit(app.baseUrl, `/blog/${post.slug}`)).status).toBe(404);
    });

    it("answers an unknown or malformed token with the site's 404 page, private and noindex too", async () => {
      for (const token of [randomBytes(32).toString("hex"), "not-a-token", "a".repeat(63), `${"b".repeat(64)}0`]) {
        const response = await visit(app.baseUrl, `/preview/${token}`);
        expect(response.status, token).toBe(404);
        expectPrivateNoindex(response);
        const html = await response.text();
        expect(html).toContain("Page Not Found");
        expect(metaContent(html, "robots")).toBe("noindex, nofollow");
      }
    });

    it("has one spelling: a token in capitals or after doubled slashes is redirected, privately, to its address, which works", async () => {
      const link = await createLink(await draft());
      for (const spelling of [`/preview/${link.token.toUpperCase()}`, `//preview/${link.token}`, `/PREVIEW/${link.token}/`]) {
        const response = await visit(app.baseUrl, spelling);
        expect(response.status, spelling).toBe(301);
        expect(response.headers.get("location")).toBe(link.path);
        // The redirect names the token: as private as the page (docs/decisions/065).
        expectPrivateNoindex(response);
      }
      expect((await visit(app.baseUrl, link.path)).status).toBe(200);
    });

    it("keeps the token out of the access log, however the address is spelled", async () => {
      const link = await createLink(await draft());
      for (const spelling of [link.path, `//preview/${link.token}`, `/%70review/${link.token}`, `/preview/${link.token.toUpperCase()}?x=1`]) {
        await (await visit(app.baseUrl, spelling)).arrayBuffer();
      }
      const logged = JSON.stringify(app.logLines);
      expect(logged).toContain("/preview/[token]");
      expect(logged.toLowerCase()).not.toContain(link.token);
    });

    it("shows the post's latest save, and leads to the blog once the post is published", async () => {
      const post = await draft({ title: "First wording" });
      const link = await createLink(post);
      const saved = await updatePost(app, admin.cookie, post, { title: "Second wording" });
      expect(saved.status).toBe(200);
      expect(await (await visit(app.baseUrl, link.path)).text()).toContain("Second wording");

      const published = await updatePost(app, admin.cookie, (await saved.json()) as FullPost, { published: true });
      expect(published.status).toBe(200);
      const response = await visit(app.baseUrl, link.path);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(`/blog/${post.slug}`);
      expectPrivateNoindex(response);
    });

    it("shares a scheduled post too, dated as it will be published (docs/decisions/049)", async () => {
      const goesLive = new Date(app.clock().getTime() + 3 * DAY_MS);
      const post = await createPost(app, admin.cookie, { title: "Scheduled launch note", published: true, publishedAt: goesLive.toISOString() });
      expect(post.status).toBe("scheduled");
      const link = await createLink(post);
      const response = await visit(app.baseUrl, link.path);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toMatch(/<h1[^>]*>Scheduled launch note<\/h1>/);
      expect(html).toContain(new Intl.DateTimeFormat("en-US", { month: "long", day: "2-digit", year: "numeric", timeZone: "UTC" }).format(goesLive));
      expect((await visit(app.baseUrl, `/blog/${post.slug}`)).status).toBe(404);
    });

    it("is a 404 once the post is deleted, and the post's links go with it", async () => {
      const post = await draft();
      const link = await createLink(post);
      expect((await api(app, `/api/cms/posts/${post.id}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(200);
      expect((await visit(app.baseUrl, link.path)).status).toBe(404);
      const rows = await app.services.database.db.selectFrom("post_review_links").select("id").where("post_id", "=", post.id).execute();
      expect(rows).toEqual([]);
    });
  });

  describe("revoking and expiry", () => {
    it("revoking makes the link a 404 at once, here and on a second instance of the same database", async () => {
      const other = await startSecondInstance(app);
      try {
        const post = await draft({ title: "Revocable draft" });
        const link = await createLink(post);
        const keep = await createLink(post);
        for (const baseUrl of [app.baseUrl, other.baseUrl]) expect((await visit(baseUrl, link.path)).status).toBe(200);

        // Revoked through the other instance: this one refuses the link on its very next request.
        const revoked = await fetch(`${other.baseUrl}${linksPath(post)}/${link.id}`, { method: "DELETE", headers: { cookie: admin.cookie } });
        expect(revoked.status).toBe(200);
        expect(await revoked.json()).toEqual({ message: "Review link revoked", id: link.id });
        for (const baseUrl of [app.baseUrl, other.baseUrl]) {
          const response = await visit(baseUrl, link.path);
          expect(response.status, baseUrl).toBe(404);
          expect(await response.text()).not.toContain("Revocable draft");
        }
        // The post's other link still works; the revoked one is off the list and cannot be revoked twice.
        expect((await visit(other.baseUrl, keep.path)).status).toBe(200);
        expect((await listLinks(post)).map((item) => item.id)).toEqual([keep.id]);
        const twice = await revoke(post, link.id);
        expect(twice.status).toBe(404);
        expect(await twice.json()).toEqual({ message: "Review link not found" });
      } finally {
        await other.close();
      }
    });

    it("expires after the days chosen (7 by default), to the millisecond, and leaves the list then", async () => {
      const post = await draft();
      const week = await createLink(post);
      const day = await createLink(post, { expiresInDays: 1 });
      const month = await createLink(post, { expiresInDays: 30 });
      const now = app.clock().getTime();
      expect(week.expiresAt).toBe(new Date(now + 7 * DAY_MS).toISOString());
      expect(day.expiresAt).toBe(new Date(now + DAY_MS).toISOString());
      expect(month.expiresAt).toBe(new Date(now + 30 * DAY_MS).toISOString());

      // Sessions time out long before a week passes: the administrator signs in again after each jump.
      const advance = async (ms: number) => {
        app.clock.advance(ms);
        admin = await createSession(app, { isAdmin: true });
      };
      await advance(DAY_MS - 1);
      expect((await visit(app.baseUrl, day.path)).status).toBe(200);
      await advance(1);
      expect((await visit(app.baseUrl, day.path)).status).toBe(404);
      expect((await visit(app.baseUrl, week.path)).status).toBe(200);
      expect((await listLinks(post)).map((item) => item.id)).toEqual([month.id, week.id]);
      expect((await revoke(post, day.id)).status).toBe(404);

      await advance(6 * DAY_MS);
      expect((await visit(app.baseUrl, week.path)).status).toBe(404);
      expect((await visit(app.baseUrl, month.path)).status).toBe(200);
      await advance(23 * DAY_MS);
      expect((await visit(app.baseUrl, month.path)).status).toBe(404);
      expect(await listLinks(post)).toEqual([]);
    });
  });

  describe("the token", () => {
    it("carries 256 random bits, and only its SHA-256 is stored", async () => {
      const post = await draft();
      const links = await Promise.all(Array.from({ length: 16 }, () => createLink(post)));
      const tokens = links.map((link) => link.token);
      for (const token of tokens) expect(token).toMatch(/^[0-9a-f]{64}$/); // 64 hex digits: 256 bits
      expect(new Set(tokens).size).toBe(tokens.length);
      // 1,024 random hex digits use all sixteen, none of them in more than a fifth of the places.
      const digits = tokens.join("");
      const counts = [...digits].reduce((map, digit) => map.set(digit, (map.get(digit) ?? 0) + 1), new Map<string, number>());
      expect(counts.size).toBe(16);
      expect(Math.max(...counts.values())).toBeLessThan(digits.length / 5);

      const rows = await app.services.database.db
        .selectFrom("post_review_links")
        .selectAll()
        .where("post_id", "=", post.id)
        .orderBy("id")
        .execute();
      // Made at once: compared as sets, whatever order the rows were written in.
      expect(rows.map((row) => row.token_hash).sort()).toEqual(tokens.map(sha256).sort());
      const stored = JSON.stringify(rows);
      for (const token of tokens) expect(stored).not.toContain(token);
      expect(rows.every((row) => Number(row.created_by) === admin.user.id && row.revoked_at === null)).toBe(true);
    });
  });

  describe("the API", () => {
    it("creates (201), lists the active links newest first without their tokens, and revokes (200)", async () => {
      const post = await draft();
      const first = await createLink(post);
      const second = await createLink(post, { expiresInDays: 30, unknownField: "ignored" });
      expect(second).toMatchObject({
        createdAt: app.clock().toISOString(),
        createdBy: { username: admin.user.username, name: admin.user.username },
      });
      const listed = await listLinks(post);
      expect(listed.map((link) => link.id)).toEqual([second.id, first.id]);
      expect(listed[0]).toEqual({ id: second.id, createdAt: second.createdAt, expiresAt: second.expiresAt, createdBy: second.createdBy });
      expect(JSON.stringify(listed)).not.toContain(first.token);

      const revoked = await revoke(post, first.id);
      expect(revoked.status).toBe(200);
      expect((await listLinks(post)).map((link) => link.id)).toEqual([second.id]);
      // Another post's link is not this post's to revoke.
      const otherPost = await draft();
      expect((await revoke(otherPost, second.id)).status).toBe(404);
      expect((await visit(app.baseUrl, second.path)).status).toBe(200);
    });

    it("refuses a link to a published post (409): its address on the blog is the one to share", async () => {
      const post = await createPost(app, admin.cookie, { published: true });
      const response = await api(app, linksPath(post), { method: "POST", cookie: admin.cookie });
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({ message: expect.stringContaining("published") });
    });

    it("answers bad ids and bodies with 400 and a message per field, unknown posts and links with 404", async () => {
      const post = await draft();
      for (const days of [0, 31, 1.5, "7", null, true]) {
        const response = await api(app, linksPath(post), { method: "POST", cookie: admin.cookie, body: { expiresInDays: days } });
        expect(response.status, String(days)).toBe(400);
        expect(await response.json()).toEqual({ message: EXPIRY_DAYS_INVALID, errors: { expiresInDays: EXPIRY_DAYS_INVALID } });
      }
      const list = await api(app, linksPath(post), { method: "POST", cookie: admin.cookie, body: [7] });
      expect(list.status).toBe(400);
      expect(await list.json()).toEqual({ message: REVIEW_LINK_BODY_INVALID, errors: { body: REVIEW_LINK_BODY_INVALID } });
      const notJson = await fetch(`${app.baseUrl}${linksPath(post)}`, {
        method: "POST",
        headers: { cookie: admin.cookie, "content-type": "application/json" },
        body: "{expiresInDays: 7",
      });
      expect(notJson.status).toBe(400);

      for (const id of ["abc", "0", "-1", "1.5", "99999999999"]) {
        for (const method of ["GET", "POST"]) {
          const response = await api(app, `/api/cms/posts/${id}/review-links`, { method, cookie: admin.cookie });
          expect(response.status, `${method} ${id}`).toBe(400);
          expect(await response.json()).toEqual({
            message: "Post id must be a positive whole number",
            errors: { id: "Post id must be a positive whole number" },
          });
        }
      }
      const badLink = await revoke(post, "first");
      expect(badLink.status).toBe(400);
      expect(await badLink.json()).toEqual({
        message: "Review link id must be a positive whole number",
        errors: { linkId: "Review link id must be a positive whole number" },
      });

      const missing = { id: 2_000_000_000 };
      for (const [method, path] of [
        ["GET", linksPath(missing)],
        ["POST", linksPath(missing)],
        ["DELETE", `${linksPath(missing)}/1`],
      ] as const) {
        const response = await api(app, path, { method, cookie: admin.cookie });
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(await response.json()).toEqual({ message: "Post not found" });
      }
      const unknownLink = await revoke(post, 2_000_000_000);
      expect(unknownLink.status).toBe(404);
      expect(await unknownLink.json()).toEqual({ message: "Review link not found" });
    });

    it("is for administrators only: 401 without a session, 403 for other users, and nothing is made", async () => {
      const post = await draft();
      const member = await createSession(app, { isAdmin: false });
      const calls = [
        ["GET", linksPath(post)],
        ["POST", linksPath(post)],
        ["DELETE", `${linksPath(post)}/1`],
      ] as const;
      for (const [method, path] of calls) {
        const anonymous = await api(app, path, { method });
        expect(anonymous.status, `${method} ${path}`).toBe(401);
        expect(await anonymous.json()).toEqual({ message: "Not authenticated" });
        const forbidden = await api(app, path, { method, cookie: member.cookie });
        expect(forbidden.status, `${method} ${path}`).toBe(403);
        expect(await forbidden.json()).toEqual({ message: "Forbidden" });
      }
      expect(await listLinks(post)).toEqual([]);
    });
  });
});
