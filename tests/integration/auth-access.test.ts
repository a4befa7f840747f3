import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { createSession } from "../support/auth.ts";
import { builtRoutePaths } from "../support/routes.ts";
import { getPage, postForm, sendJson, sessionCookieOf } from "../support/http.ts";

/** Pages anyone may open; every other route under /cms must be guarded. The single-use link pages: docs/decisions/028. */
const OPEN_CMS_PATHS = new Set(["/cms", "/cms/login", "/cms/logout", "/cms/unauthorized", ...["invitation", "reset-password"].flatMap((page) => [`/cms/${page}/:token`, `/cms/${page}/1`])]);

/** Every page route under /cms in the built app (so routes added later are covered too), params filled in. */
async function protectedCmsPages(): Promise<string[]> {
  const paths = (await builtRoutePaths())
    .filter((path) => path.startsWith("/cms") && !path.includes("*"))
    // An optional segment is tried both ways: /cms/editor/:id? gives /cms/editor and /cms/editor/1.
    .flatMap((path) => [path.replace(/\/:[A-Za-z]+\?/g, ""), path.replace(/:[A-Za-z]+\??/g, "1")])
    .filter((path) => !OPEN_CMS_PATHS.has(path));
  return [...new Set(paths)];
}

const CMS_API_CALLS: [method: string, path: string][] = [
  ["GET", "/api/cms/posts"],
  ["POST", "/api/cms/posts"],
  ["GET", "/api/cms/posts/1"],
  ["PUT", "/api/cms/posts/1"],
  ["DELETE", "/api/cms/posts/1"],
  ["POST", "/api/cms/media"],
  ["GET", "/api/cms/users"],
  ["PATCH", "/api/cms/users/1"],
  ["DELETE", "/api/cms/users/1"],
  ["GET", "/api/cms/demo-requests"],
  ["GET", "/api/cms/a-route-nobody-wrote"],
];

describe.each(databaseKinds)("CMS access on %s", (kind) => {
  let app: TestApp;
  let pages: string[];
  let admin: Awaited<ReturnType<typeof createSession>>;
  let member: Awaited<ReturnType<typeof createSession>>;
  beforeAll(async () => {
    app = await startTestApp(kind);
    pages = await protectedCmsPages();
    admin = await createSession(app, { isAdmin: true, username: "chief" });
    member = await createSession(app, { isAdmin: false, username: "reader" });
    const now = app.clock().toISOString();
    await app.services.database.db
      .insertInto("posts")
      .values({ title: "Secret draft about pricing", slug: "secret-draft", content: "<p>x</p>", published: false, created_at: now, updated_at: now })
      .execute();
  });
  afterAll(() => app.close());

  it("finds the protected CMS pages in the build", () => {
    expect(pages).toEqual(expect.arrayContaining(["/cms/control", "/cms/users"]));
    expect(pages.some((path) => OPEN_CMS_PATHS.has(path))).toBe(false);
  });

  it("answers every /api/cms/* call with 401 for anonymous and 403 for non-admin users, before reading any data", async () => {
    for (const [method, path] of CMS_API_CALLS) {
      const call = (cookie?: string) =>
        method === "GET"
          ? fetch(`${app.baseUrl}${path}`, { headers: cookie ? { cookie } : {} })
          : sendJson(app, path, { title: "x" }, { method, cookie });
      const anonymous = await call();
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect(await anonymous.json()).toEqual({ message: "Not authenticated" });
      const forbidden = await call(member.cookie);
      expect(forbidden.status, `${method} ${path}`).toBe(403);
      expect(await forbidden.json()).toEqual({ message: "Forbidden" });
    }
    const allowed = await fetch(`${app.baseUrl}/api/cms/users`, { headers: { cookie: admin.cookie } });
    expect(allowed.status).toBe(200);
  });

  it("redirects anonymous visitors of every protected page to /cms/login?redirectTo=<page> with no protected content", async () => {
    for (const path of pages) {
      const response = await getPage(app, path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("location")).toBe(`/cms/login?${new URLSearchParams({ redirectTo: path })}`);
      expect(await response.text()).not.toContain("Secret draft");
      const data = await getPage(app, `${path}.data`);
      const body = await data.text();
      expect(body, `${path}.data`).toContain("SingleFetchRedirect");
      expect(body).not.toContain("Secret draft");
    }
  });

  it("redirects non-admin users of every protected page to /cms/unauthorized", async () => {
    for (const path of pages) {
      const response = await getPage(app, path, member.cookie);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("location")).toBe("/cms/unauthorized");
      expect(await response.text()).not.toContain("Secret draft");
    }
  });

  it("refuses the users page's form actions to anonymous and non-admin users", async () => {
    const target = await createSession(app, { isAdmin: false });
    for (const cookie of [undefined, member.cookie]) {
      const response = await postForm(app, "/cms/users", { intent: "grant", userId: String(target.user.id) }, { cookie });
      expect(response.status).toBe(302);
    }
    const row = await app.services.database.db.selectFrom("users").select("role").where("id", "=", target.user.id).executeTakeFirstOrThrow();
    expect(row.role).toBeNull();
  });

  it("shows the dashboard with the posts from the database to an admin, never cached", async () => {
    const response = await getPage(app, "/cms/control", admin.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const html = await response.text();
    expect(html).toContain("Blog Posts");
    expect(html).toContain("Secret draft about pricing");
    expect(html).toContain('href="/cms/editor"');
    expect(html).toContain("Zuri CMS");
  });

  it("shows Access Denied to a signed-in non-admin, and sends anonymous visitors to log in", async () => {
    const response = await getPage(app, "/cms/unauthorized", member.cookie);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Access Denied");
    expect(html).toContain("You don&#x27;t have permission to access this area. Only administrators can access the content management system.");
    expect(html).toContain("Return to Homepage");
    expect(html).toContain("Logout");
    expect((await getPage(app, "/cms/unauthorized")).headers.get("location")).toMatch(/^\/cms\/login/);
  });

  it("sends a signed-in visitor of /cms/login on to the dashboard", async () => {
    const response = await getPage(app, "/cms/login", admin.cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/cms/control");
    const anonymous = await getPage(app, "/cms/login");
    expect(anonymous.status).toBe(200);
    const html = await anonymous.text();
    expect(html).toContain("Zuri CMS");
    expect(html).toContain("Access the content management system");
  });
});

describe.each(databaseKinds)("CMS login and logout without JavaScript on %s", (kind) => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof createSession>>;
  beforeAll(async () => {
    app = await startTestApp(kind);
    admin = await createSession(app, { isAdmin: true, username: "editor-in-chief" });
  });
  afterAll(() => app.close());

  const loginForm = (redirectTo: string) =>
    postForm(app, "/cms/login", { intent: "login", username: admin.user.username, password: admin.password, redirectTo });

  it("returns to the page that was asked for after login, if it is a same-site path", async () => {
    const response = await loginForm("/cms/users?tab=1");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/cms/users?tab=1");
    expect((await getPage(app, "/cms/users", sessionCookieOf(response))).status).toBe(200);
  });

  it.each(["//evil.example/x", "https://evil.example/", "/\\evil.example", "javascript:alert(1)", "/%2F%2Fevil.example", "\t//evil.example", "/\t/evil.example"])(
    "never redirects off-site (redirectTo=%s)",
    async (target) => {
      const response = await loginForm(target);
      expect(response.status).toBe(302);
      const location = response.headers.get("location")!;
      expect(new URL(location, app.baseUrl).origin).toBe(app.baseUrl);
      expect(location).toMatch(/^\/(?![/\\])/);
    },
  );

  it("shows the error on the page, with status 401, for a wrong password", async () => {
    const response = await postForm(app, "/cms/login", { intent: "login", username: admin.user.username, password: "wrong password!" });
    expect(response.status).toBe(401);
    expect(await response.text()).toContain("Invalid username or password");
  });

  it("registers an ordinary user through the Register tab, signed in, landing on access denied", async () => {
    const response = await postForm(app, "/cms/login", {
      intent: "register",
      username: "new-writer",
      password: "a fine password",
      confirmPassword: "a fine password",
      isAdmin: "true",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/cms/control");
    const cookie = sessionCookieOf(response);
    expect((await getPage(app, "/cms/control", cookie)).headers.get("location")).toBe("/cms/unauthorized");
  });

  it("shows 'Passwords do not match' inline when the confirmation differs, and creates no account", async () => {
    const response = await postForm(app, "/cms/login", {
      intent: "register",
      username: "mismatch-user",
      password: "a fine password",
      confirmPassword: "another password",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Passwords do not match");
    const row = await app.services.database.db.selectFrom("users").select("id").where("username_key", "=", "mismatch-user").executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it("logs out through the form: the session ends and the cookie is cleared", async () => {
    const { cookie } = await createSession(app, { isAdmin: true });
    const response = await postForm(app, "/cms/logout", {}, { cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/cms/login");
    expect(response.headers.getSetCookie().join()).toContain("Max-Age=0");
    expect((await getPage(app, "/cms/control", cookie)).headers.get("location")).toMatch(/^\/cms\/login/);
    // A GET never logs anyone out.
    const other = await createSession(app, { isAdmin: true });
    await getPage(app, "/cms/logout", other.cookie);
    expect((await getPage(app, "/cms/control", other.cookie)).status).toBe(200);
  });
});
