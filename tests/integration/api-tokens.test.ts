import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { startSecondInstance } from "../support/second-instance.ts";
import { createSession } from "../support/auth.ts";
import { postBody } from "../support/posts.ts";
import { getPage, postForm } from "../support/http.ts";
import { demoRequestBody } from "../support/demo-requests.ts";
import {
  API_TOKEN_INVALID,
  API_TOKEN_NOT_IN_HEADER,
  API_TOKEN_OWNER_WITHOUT_ACCESS,
  API_TOKEN_PATTERN,
  API_TOKEN_SESSION_ONLY,
  TOKEN_NAME_INVALID,
  TOKEN_SCOPES_INVALID,
  apiTokenScopeMissing,
  type ApiTokenScope,
} from "../../shared/api-tokens.ts";
import { API_TOKEN_RATE_LIMIT, LAST_USED_RESOLUTION_MS } from "../../server/services/api-tokens.ts";
import type { FullPost } from "../../server/services/posts.ts";

const SITE_URL = "https://zuri.example";
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const tokenIn = (html: string) => /zuri_[A-Za-z0-9_-]{43}/.exec(html)?.[0];

/** A request with `Authorization: Bearer <token>` (and optionally a cookie, a body, other headers). */
function call(
  baseUrl: string,
  path: string,
  { token, method = "GET", body, cookie, headers = {} }: { token?: string; method?: string; body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
) {
  const all: Record<string, string> = { ...headers };
  if (token !== undefined) all.authorization = `Bearer ${token}`;
  if (cookie) all.cookie = cookie;
  if (body !== undefined) all["content-type"] = "application/json";
  return fetch(`${baseUrl}${path}`, { method, headers: all, body: body === undefined ? undefined : JSON.stringify(body), redirect: "manual" });
}

describe.each(databaseKinds)("API tokens on %s", (kind) => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof createSession>>;
  let post: FullPost;

  beforeAll(async () => {
    app = await startTestApp(kind, { env: { SITE_URL } });
    admin = await createSession(app, { isAdmin: true });
    const created = await call(app.baseUrl, "/api/cms/posts", { method: "POST", cookie: admin.cookie, body: postBody({ published: false }) });
    expect(created.status).toBe(201);
    post = (await created.json()) as FullPost;
  });
  afterAll(() => app.close());

  const newToken = async (scopes: ApiTokenScope[], name = `Sync ${scopes.join("+")}`) =>
    (await app.services.apiTokens.create({ name, scopes }, admin.user)).token;
  const get = (path: string, token?: string) => call(app.baseUrl, path, { token });
  const tokenRow = (token: string) =>
    app.services.database.db.selectFrom("api_tokens").selectAll().where("token_hash", "=", sha256(token)).executeTakeFirstOrThrow();

  describe("the /cms/tokens page", () => {
    it("creates a token shown once, lists it by prefix only, and revokes it, without JavaScript", async () => {
      const created = await postForm(app, "/cms/tokens", { intent: "create", name: "  HubSpot lead sync ", scopes: "demo_requests:read" }, { cookie: admin.cookie });
      expect(created.status).toBe(200);
      expect(created.headers.get("cache-control")).toBe("private, no-store");
      const html = await created.text();
      const token = tokenIn(html);
      expect(token).toMatch(API_TOKEN_PATTERN);
      expect(html).toContain("it will not be shown again");

      // Only the hash and the prefix are stored: no column holds the token.
      const row = await tokenRow(token!);
      expect(row).toMatchObject({ name: "HubSpot lead sync", scopes: "demo_requests:read", prefix: token!.slice(0, 13), created_by: admin.user.id });
      expect(row.token_hash).toBe(sha256(token!));
      expect(JSON.stringify(await app.services.database.db.selectFrom("api_tokens").selectAll().execute())).not.toContain(token!.slice(13));

      // The list shows the prefix, never the token again.
      const list = await getPage(app, "/cms/tokens", admin.cookie);
      const listHtml = await list.text();
      expect(listHtml).toContain("HubSpot lead sync");
      expect(listHtml).toContain(token!.slice(0, 13));
      expect(listHtml).not.toContain(token!);
      expect((await get("/api/cms/demo-requests", token)).status).toBe(200);

      const revoked = await postForm(app, "/cms/tokens", { intent: "revoke", tokenId: String(row.id) }, { cookie: admin.cookie });
      expect(revoked.status).toBe(302);
      expect(revoked.headers.get("location")).toBe("/cms/tokens");
      expect((await get("/api/cms/demo-requests", token)).status).toBe(401);
      expect(await (await getPage(app, "/cms/tokens", admin.cookie)).text()).not.toContain(token!.slice(0, 13));
    });

    it("refuses a token without a name or a scope, with a message per field, and creates nothing", async () => {
      const before = (await app.services.apiTokens.list()).length;
      const response = await postForm(app, "/cms/tokens", { intent: "create", name: " " }, { cookie: admin.cookie });
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain(TOKEN_NAME_INVALID);
      expect(html).toContain(TOKEN_SCOPES_INVALID);
      const unknownScope = await postForm(app, "/cms/tokens", { intent: "create", name: "x", scopes: "users:admin" }, { cookie: admin.cookie });
      expect(unknownScope.status).toBe(400);
      expect((await app.services.apiTokens.list()).length).toBe(before);
    });

    it("is for administrators only", async () => {
      const user = await createSession(app, { isAdmin: false });
      expect((await getPage(app, "/cms/tokens", user.cookie)).headers.get("location")).toBe("/cms/unauthorized");
      expect((await getPage(app, "/cms/tokens")).headers.get("location")).toBe("/cms/login?redirectTo=%2Fcms%2Ftokens");
      const created = await postForm(app, "/cms/tokens", { intent: "create", name: "Sneaky", scopes: "posts:write" }, { cookie: user.cookie });
      expect(created.headers.get("location")).toBe("/cms/unauthorized");
      expect((await app.services.apiTokens.list()).some((token) => token.name === "Sneaky")).toBe(false);
    });
  });

  describe("scopes", () => {
    it("posts:read reads posts, tags and revisions, and nothing else", async () => {
      const token = await newToken(["posts:read"]);
      for (const path of ["/api/cms/posts", "/api/cms/posts?page=1&perPage=5", `/api/cms/posts/${post.id}`, "/api/cms/tags", `/api/cms/posts/${post.id}/revisions`]) {
        expect((await get(path, token)).status, path).toBe(200);
      }
      const one = (await (await get(`/api/cms/posts/${post.id}`, token)).json()) as FullPost;
      expect(one.slug).toBe(post.slug);

      const leads = await get("/api/cms/demo-requests", token);
      expect(leads.status).toBe(403);
      expect(await leads.json()).toEqual({ message: apiTokenScopeMissing("demo_requests:read") });
      expect(leads.headers.get("www-authenticate")).toBe('Bearer realm="zuri", error="insufficient_scope", scope="demo_requests:read"');
    });

    it("a read-only token cannot write: 403 naming posts:write, and nothing changes", async () => {
      const token = await newToken(["posts:read", "demo_requests:read"]);
      const attempts = [
        call(app.baseUrl, "/api/cms/posts", { token, method: "POST", body: postBody() }),
        call(app.baseUrl, `/api/cms/posts/${post.id}`, { token, method: "PUT", body: { ...postBody(), version: post.version } }),
        call(app.baseUrl, `/api/cms/posts/${post.id}`, { token, method: "DELETE" }),
        call(app.baseUrl, `/api/cms/posts/${post.id}/revisions/1/restore`, { token, method: "POST" }),
        call(app.baseUrl, "/api/cms/media", { token, method: "POST", headers: { "content-type": "image/png" } }),
      ];
      for (const response of await Promise.all(attempts)) {
        expect(response.status, response.url).toBe(403);
        expect(await response.json()).toEqual({ message: apiTokenScopeMissing("posts:write") });
      }
      const after = (await (await get(`/api/cms/posts/${post.id}`, token)).json()) as FullPost;
      expect(after.version).toBe(post.version);
    });

    it("posts:write creates, edits and deletes (and reads: write includes read), as the administrator who made the token", async () => {
      const token = await newToken(["posts:write"]);
      const created = await call(app.baseUrl, "/api/cms/posts", { token, method: "POST", body: postBody({ title: "From the scheduler tool", published: false }) });
      expect(created.status).toBe(201);
      const saved = (await created.json()) as FullPost;
      expect(saved.authorId).toBe(admin.user.id);
      const read = await get(`/api/cms/posts/${saved.id}`, token);
      expect(read.status).toBe(200);
      const edited = await call(app.baseUrl, `/api/cms/posts/${saved.id}`, {
        token,
        method: "PUT",
        // As docs/integrations.md shows it: the post as read, changed, with its version.
        body: { ...saved, title: "Edited by the tool", published: true, version: saved.version },
      });
      expect(edited.status).toBe(200);
      expect(await edited.json()).toMatchObject({ title: "Edited by the tool", status: "published" });
      const revisions = (await (await get(`/api/cms/posts/${saved.id}/revisions`, token)).json()) as { savedBy: { id: number } | null }[];
      expect(revisions[0]?.savedBy?.id).toBe(admin.user.id);
      expect((await call(app.baseUrl, `/api/cms/posts/${saved.id}`, { token, method: "DELETE" })).status).toBe(200);
      // Still no demo requests: that is another scope.
      expect((await get("/api/cms/demo-requests", token)).status).toBe(403);
    });

    it("a token cannot call the endpoints that need a person's session (users, profile, working copies, review links)", async () => {
      const token = await newToken(["posts:read", "posts:write", "demo_requests:read"]);
      for (const [method, path] of [
        ["GET", "/api/cms/users"],
        ["GET", "/api/cms/profile"],
        ["GET", `/api/cms/posts/${post.id}/working-copy`],
        ["POST", `/api/cms/posts/${post.id}/review-links`],
      ] as const) {
        const response = await call(app.baseUrl, path, { token, method });
        expect(response.status, path).toBe(403);
        expect(await response.json()).toEqual({ message: API_TOKEN_SESSION_ONLY });
      }
    });

    it("a token acts with its maker's rights as they are now: refused while they are no administrator, revoked when they are deleted", async () => {
      const other = await createSession(app, { isAdmin: true });
      const { token } = await app.services.apiTokens.create({ name: "Made by Grace", scopes: ["posts:write"] }, other.user);
      const write = () => call(app.baseUrl, "/api/cms/posts", { token, method: "POST", body: postBody() });
      const first = await write();
      expect(first.status).toBe(201);
      expect(((await first.json()) as FullPost).authorId).toBe(other.user.id);

      expect(await app.services.auth.setRole(admin.user, other.user.id, null)).toMatchObject({ isAdmin: false });
      for (const attempt of [write(), get("/api/cms/posts", token)]) {
        const refused = await attempt;
        expect(refused.status).toBe(403);
        expect(await refused.json()).toEqual({ message: API_TOKEN_OWNER_WITHOUT_ACCESS });
      }
      // Made an administrator again, the same token works again.
      await app.services.auth.setRole(admin.user, other.user.id, "administrator");
      expect((await write()).status).toBe(201);

      expect(await app.services.auth.deleteUser(admin.user, other.user.id)).not.toHaveProperty("refused");
      const afterDeletion = await write();
      expect(afterDeletion.status).toBe(401);
      expect(await afterDeletion.json()).toEqual({ message: API_TOKEN_INVALID });
      expect((await tokenRow(token)).revoked_at).not.toBeNull();
      expect((await app.services.apiTokens.list()).map((listed) => listed.name)).not.toContain("Made by Grace");
    });

    it("a token whose maker's account is gone without a revoke (made before deletions revoked) is refused", async () => {
      const other = await createSession(app, { isAdmin: true });
      const { token } = await app.services.apiTokens.create({ name: "Orphan", scopes: ["posts:read"] }, other.user);
      await app.services.database.db.updateTable("api_tokens").set({ created_by: null }).where("token_hash", "=", sha256(token)).execute();
      expect((await get("/api/cms/posts", token)).status).toBe(401);
    });
  });

  describe("refusals", () => {
    it("a revoked token gets 401 at once, on this instance and on another", async () => {
      const other = await startSecondInstance(app);
      try {
        const token = await newToken(["posts:read"]);
        expect((await get("/api/cms/posts", token)).status).toBe(200);
        expect((await call(other.baseUrl, "/api/cms/posts", { token })).status).toBe(200);
        const { id } = await tokenRow(token);
        expect(await app.services.apiTokens.revoke(Number(id), admin.user)).toMatchObject({ id: Number(id) });
        for (const baseUrl of [app.baseUrl, other.baseUrl]) {
          const response = await call(baseUrl, "/api/cms/posts", { token });
          expect(response.status).toBe(401);
          expect(await response.json()).toEqual({ message: API_TOKEN_INVALID });
          expect(response.headers.get("www-authenticate")).toBe('Bearer realm="zuri", error="invalid_token"');
        }
        // Revoking again: it is no longer an active token.
        expect(await app.services.apiTokens.revoke(Number(id), admin.user)).toMatchObject({ refused: true, code: "not-found" });
      } finally {
        await other.close();
      }
    });

    it("refuses missing, malformed and unknown tokens with 401", async () => {
      for (const token of ["", "abc", `zuri_${"A".repeat(43)}`, `${await newToken(["posts:read"])}x`]) {
        const response = await get("/api/cms/posts", token);
        expect(response.status, token).toBe(401);
        expect(await response.json()).toEqual({ message: API_TOKEN_INVALID });
      }
      const bare = await fetch(`${app.baseUrl}/api/cms/posts`, { headers: { authorization: "Bearer" } });
      expect(bare.status).toBe(401);
    });

    it("refuses a token in the address in any spelling, even beside a valid session, and never logs it", async () => {
      const token = await newToken(["posts:read"]);
      const spellings = ["token", "access_token", "access%5Ftoken", "%74oken", "api_key", "apiKey", "token[]", "q"];
      for (const name of spellings) {
        for (const cookie of [undefined, admin.cookie]) {
          const response = await call(app.baseUrl, `/api/cms/posts?${name}=${token}`, { cookie });
          expect(response.status, name).toBe(401);
          expect(await response.json()).toEqual({ message: API_TOKEN_NOT_IN_HEADER });
        }
      }
      // Grepping the access log as an operator would: the token appears nowhere, its place is marked.
      const logged = JSON.stringify(app.logLines);
      expect(logged).not.toContain(token);
      expect(logged).not.toContain(token.slice(5));
      for (const name of spellings) expect(logged).toContain(`/api/cms/posts?${name}=[redacted]`);
    });

    it("reads tokens from the Authorization header only: a cookie named token is just a cookie", async () => {
      const token = await newToken(["posts:read"]);
      // A sibling subdomain can set a cookie named `token` for this site: the admin's session still works.
      for (const extra of ["token=anything", `token=${token}`, `access_token=${token}`, `api=${encodeURIComponent(token)}`]) {
        const withSession = await call(app.baseUrl, "/api/cms/posts", { cookie: `${admin.cookie}; ${extra}` });
        expect(withSession.status, extra).toBe(200);
        // Without a session, a token in a cookie signs nobody in.
        const alone = await call(app.baseUrl, "/api/cms/posts", { cookie: extra });
        expect(alone.status, extra).toBe(401);
        expect(await alone.json()).toEqual({ message: "Not authenticated" });
      }
    });

    it("a bearer request is judged by its token alone: a session cookie neither rescues a bad token nor widens a good one", async () => {
      const bad = await call(app.baseUrl, "/api/cms/posts", { token: `zuri_${"B".repeat(43)}`, cookie: admin.cookie });
      expect(bad.status).toBe(401);
      const readOnly = await newToken(["posts:read"]);
      const write = await call(app.baseUrl, "/api/cms/posts", { token: readOnly, cookie: admin.cookie, method: "POST", body: postBody() });
      expect(write.status).toBe(403);
      // Another Authorization scheme (a proxy's Basic auth) leaves the session in charge.
      const basic = await call(app.baseUrl, "/api/cms/posts", { cookie: admin.cookie, headers: { authorization: "Basic dXNlcjpwYXNz" } });
      expect(basic.status).toBe(200);
    });

    it("a bearer write needs no same-origin check; a cookie write from another origin is still refused", async () => {
      const token = await newToken(["posts:write"]);
      const crossOrigin = { origin: "https://evil.example" };
      const withToken = await call(app.baseUrl, "/api/cms/posts", { token, method: "POST", body: postBody(), headers: crossOrigin });
      expect(withToken.status).toBe(201);
      const withCookie = await call(app.baseUrl, "/api/cms/posts", { cookie: admin.cookie, method: "POST", body: postBody(), headers: crossOrigin });
      expect(withCookie.status).toBe(403);
      expect(await withCookie.json()).toEqual({ message: "Cross-origin request refused" });
    });

    it("rate-limits each token: 429 with Retry-After past the limit, other tokens unaffected, again after the window", async () => {
      const token = await newToken(["posts:read"]);
      const other = await newToken(["posts:read"]);
      const { id } = await tokenRow(token);
      expect((await get("/api/cms/tags", token)).status).toBe(200);
      // The rest of the window's budget, spent as the limiter counts it (server/security/rate-limit.ts).
      await app.services.database.db
        .updateTable("rate_limits")
        .set({ points: API_TOKEN_RATE_LIMIT.points })
        .where("key", "=", `api-token:${id}`)
        .execute();
      const limited = await get("/api/cms/tags", token);
      expect(limited.status).toBe(429);
      const retryAfter = Number(limited.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(API_TOKEN_RATE_LIMIT.durationSeconds);
      expect(((await limited.json()) as { message: string }).message).toMatch(/^Too many requests with this API token\. Try again in \d+ seconds?\.$/);
      expect((await get("/api/cms/tags", other)).status).toBe(200);
      app.clock.advance(API_TOKEN_RATE_LIMIT.durationSeconds * 1000 + 1);
      expect((await get("/api/cms/tags", token)).status).toBe(200);
    });

    it("the session guard is unchanged: no session is 401, a non-admin is 403", async () => {
      expect((await get("/api/cms/posts")).status).toBe(401);
      const user = await createSession(app, { isAdmin: false });
      expect((await call(app.baseUrl, "/api/cms/posts", { cookie: user.cookie })).status).toBe(403);
    });
  });

  describe("last used", () => {
    it("is recorded on use, to the minute", async () => {
      const token = await newToken(["posts:read"]);
      expect((await tokenRow(token)).last_used_at).toBeNull();
      const first = app.clock().toISOString();
      expect((await get("/api/cms/tags", token)).status).toBe(200);
      expect(new Date((await tokenRow(token)).last_used_at!).toISOString()).toBe(first);

      app.clock.advance(LAST_USED_RESOLUTION_MS / 2);
      expect((await get("/api/cms/tags", token)).status).toBe(200);
      expect(new Date((await tokenRow(token)).last_used_at!).toISOString()).toBe(first);

      app.clock.advance(LAST_USED_RESOLUTION_MS / 2);
      const later = app.clock().toISOString();
      expect((await get("/api/cms/tags", token)).status).toBe(200);
      expect(new Date((await tokenRow(token)).last_used_at!).toISOString()).toBe(later);
      const listed = (await app.services.apiTokens.list()).find((item) => item.prefix === token.slice(0, 13));
      expect(listed?.lastUsedAt).toBe(later);
    });
  });

  describe("GET /api/cms/demo-requests", () => {
    it("pulls leads received since a time, oldest first, paged, without spam, for a token or an admin session", async () => {
      const { demoRequests } = app.services;
      const start = app.clock().toISOString();
      const leads = [];
      for (let i = 0; i < 3; i++) {
        app.clock.advance(1000);
        leads.push(await demoRequests.create(demoRequestBody({ name: `Lead ${i}` }), { utmSource: "newsletter" }));
      }
      app.clock.advance(1000);
      await demoRequests.create(demoRequestBody({ name: "Spammy" }), {}, ["honeypot"]);
      const token = await newToken(["demo_requests:read"]);

      const first = await get(`/api/cms/demo-requests?since=${encodeURIComponent(start)}&perPage=2`, token);
      expect(first.status).toBe(200);
      expect(first.headers.get("x-total-count")).toBe("3");
      expect(first.headers.get("cache-control")).toBe("no-store");
      const next = /^<([^>]+)>; rel="next"$/.exec(first.headers.get("link") ?? "")?.[1];
      expect(next).toBe(`/api/cms/demo-requests?page=2&perPage=2&since=${encodeURIComponent(start)}`);
      const page1 = (await first.json()) as Record<string, unknown>[];
      expect(page1.map((lead) => lead.name)).toEqual(["Lead 0", "Lead 1"]);
      expect(page1[0]).toEqual({
        id: leads[0]!.id,
        createdAt: leads[0]!.createdAt,
        updatedAt: leads[0]!.updatedAt,
        status: "new",
        name: "Lead 0",
        email: leads[0]!.email,
        phone: "+44 20 7946 0000",
        organization: "Analytical Engines Ltd",
        message: "Forecasts for 40 stores,\nplease.",
        sourcePage: null,
        utmSource: "newsletter",
        utmMedium: null,
        utmCampaign: null,
        utmTerm: null,
        utmContent: null,
        referrer: null,
        landingPage: null,
        formPage: null,
        notifiedAt: null,
      });
      const second = await get(next!, token);
      expect(((await second.json()) as { name: string }[]).map((lead) => lead.name)).toEqual(["Lead 2"]);
      expect(second.headers.get("link")).toBeNull();

      // `since` is inclusive: the last lead's own time finds it again (clients skip ids they have).
      const since = await get(`/api/cms/demo-requests?since=${encodeURIComponent(leads[2]!.createdAt)}`, token);
      expect(((await since.json()) as { id: number }[]).map((lead) => lead.id)).toEqual([leads[2]!.id]);
      // A zone other than Z means the same instant.
      const offset = leads[2]!.createdAt.replace("Z", "+00:00");
      expect(((await (await get(`/api/cms/demo-requests?since=${encodeURIComponent(offset)}`, token)).json()) as unknown[]).length).toBe(1);

      const bySession = await call(app.baseUrl, `/api/cms/demo-requests?since=${encodeURIComponent(start)}`, { cookie: admin.cookie });
      expect(bySession.status).toBe(200);
      expect(((await bySession.json()) as unknown[]).length).toBe(3);
    });

    it("refuses bad paging and times with 400 and a message per field", async () => {
      const token = await newToken(["demo_requests:read"]);
      for (const [query, field] of [
        ["since=yesterday", "since"],
        ["since=2026-11-24T09:00:00", "since"],
        ["perPage=0", "perPage"],
        ["perPage=101", "perPage"],
        ["page=-1", "page"],
        ["page=1&page=2", "page"],
      ] as const) {
        const response = await get(`/api/cms/demo-requests?${query}`, token);
        expect(response.status, query).toBe(400);
        const body = (await response.json()) as { message: string; errors: Record<string, string> };
        expect(Object.keys(body.errors), query).toEqual([field]);
      }
    });
  });
});
