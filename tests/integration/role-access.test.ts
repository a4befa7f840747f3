import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { createSession } from "../support/auth.ts";
import { builtRoutePaths } from "../support/routes.ts";
import { getPage, sendJson } from "../support/http.ts";
import { apiOperations } from "../../server/api/operations/index.ts";
import type { AnyOperation } from "../../server/api/operation.ts";
import type { ApiTokenScope } from "../../shared/api-tokens.ts";
import { ROLES, type Role } from "../../shared/roles.ts";

/**
 * Who may call what, written out by hand (docs/decisions/027-staff-roles.md): every operation of the JSON API
 * and every CMS page, against every role, an account without one, nobody, and an API token of each scope. The
 * table is the policy as a person would state it, not read from the code it checks; an operation or page it
 * does not list fails the test, so nothing new ships without a line here.
 */
const C = "contributor",
  A = "author",
  E = "editor",
  S = "sales",
  X = "administrator";
const WRITERS: Role[] = [C, A, E, X];
const STAFF: Role[] = [C, A, E, S, X];
const LEADS: Role[] = [S, X];
const ADMIN: Role[] = [X];

type Rule = "public" | { roles: Role[]; token?: ApiTokenScope };
const writers = (token?: ApiTokenScope): Rule => ({ roles: WRITERS, ...(token ? { token } : {}) });
const leads = (token: ApiTokenScope): Rule => ({ roles: LEADS, token });
const staff: Rule = { roles: STAFF };
const admin: Rule = { roles: ADMIN };
const pages: Rule = { roles: [E, X] };

const OPERATIONS: Record<string, Rule> = {
  // Public: the blog, the forms, signing in.
  listPosts: "public",
  getPost: "public",
  listTags: "public",
  recordPageView: "public",
  bookDemo: "public",
  register: "public",
  login: "public",
  loginSecondStep: "public",
  passkeyLoginOptions: "public",
  logout: "public",
  getCurrentUser: "public",
  getOpenApiDocument: "public",
  acceptInvitation: "public",
  resetPassword: "public",
  // Posts: whoever writes; which post is the post service's rule (docs/decisions/032).
  listCmsPosts: writers("posts:read"),
  getCmsPost: writers("posts:read"),
  createPost: writers("posts:write"),
  updatePost: writers("posts:write"),
  deletePost: writers("posts:write"),
  listCmsTags: writers("posts:read"),
  uploadImage: writers("posts:write"),
  importImage: writers("posts:write"),
  previewBookmark: writers("posts:write"),
  listRevisions: writers("posts:read"),
  getRevision: writers("posts:read"),
  restoreRevision: writers("posts:write"),
  getWorkingCopy: writers(),
  saveWorkingCopy: writers(),
  deleteWorkingCopy: writers(),
  createReviewLink: writers(),
  listReviewLinks: writers(),
  revokeReviewLink: writers(),
  submitPostForReview: writers("posts:write"),
  // Sending a draft back is reviewing it: editors and administrators (docs/decisions/032).
  sendPostBack: { roles: [E, X], token: "posts:write" },
  // Managing tags: who may edit any post, editors and administrators (docs/decisions/035).
  createTag: { roles: [E, X], token: "posts:write" },
  updateTag: { roles: [E, X], token: "posts:write" },
  mergeTag: { roles: [E, X], token: "posts:write" },
  deleteTag: { roles: [E, X], token: "posts:write" },
  // Landing pages: editors and administrators, by session only (docs/decisions/037).
  listLandingPages: pages,
  createLandingPage: pages,
  getLandingPage: pages,
  updateLandingPage: pages,
  deleteLandingPage: pages,
  publishLandingPage: pages,
  unpublishLandingPage: pages,
  scheduleLandingPage: pages,
  unscheduleLandingPage: pages,
  duplicateLandingPage: pages,
  listLandingPageRevisions: pages,
  restoreLandingPageRevision: pages,
  listLandingPageReviewLinks: pages,
  createLandingPageReviewLink: pages,
  revokeLandingPageReviewLink: pages,
  // The demo inbox: sales and administrators.
  listDemoRequests: leads("demo_requests:read"),
  getDemoRequest: leads("demo_requests:read"),
  exportDemoRequester: leads("demo_requests:read"),
  updateDemoRequest: leads("demo_requests:write"),
  addDemoRequestNote: leads("demo_requests:write"),
  deleteDemoRequest: leads("demo_requests:write"),
  eraseDemoRequester: leads("demo_requests:write"),
  // Everyone with a role: their own profile and second factors.
  getProfile: staff,
  updateProfile: staff,
  getSecondFactors: staff,
  beginTotp: staff,
  confirmTotp: staff,
  disableTotp: staff,
  passkeyRegistrationOptions: staff,
  registerPasskey: staff,
  removePasskey: staff,
  regenerateRecoveryCodes: staff,
  changePassword: staff,
  listSessions: staff,
  endSession: staff,
  endOtherSessions: staff,
  // Administrators: people, security, integrations.
  listUsers: admin,
  setUserRole: admin,
  deleteUser: admin,
  setUserStatus: admin,
  issuePasswordReset: admin,
  listInvitations: admin,
  createInvitation: admin,
  revokeInvitation: admin,
  getSiteSettings: admin,
  updateSiteSettings: admin,
  getSiteDetails: admin,
  updateSiteDetails: admin,
  listActivity: admin,
  getSecondFactorPolicy: admin,
  setSecondFactorPolicy: admin,
  resetSecondFactors: admin,
  listWebhooks: admin,
  createWebhook: admin,
  getWebhook: admin,
  updateWebhook: admin,
  deleteWebhook: admin,
  listWebhookDeliveries: admin,
  sendWebhookTest: admin,
  redeliverWebhookDelivery: admin,
};

/** CMS pages: "open" to anyone, else the roles that may open them. */
const PAGES: Record<string, "open" | Role[]> = {
  "/cms": "open",
  "/cms/login": "open",
  "/cms/logout": "open",
  "/cms/unauthorized": "open",
  "/cms/invitation/999999": "open",
  "/cms/reset-password/999999": "open",
  "/cms/control": WRITERS,
  "/cms/editor": WRITERS,
  "/cms/editor/999999": WRITERS,
  "/cms/preview": WRITERS,
  "/cms/page-preview": [E, X],
  "/cms/tags": [E, X],
  "/cms/pages": [E, X],
  "/cms/pages/999999": [E, X],
  "/cms/profile": STAFF,
  "/cms/profile/sessions": STAFF,
  "/cms/demo-requests": LEADS,
  "/cms/demo-requests.csv": LEADS,
  "/cms/demo-requests/subject-access": LEADS,
  "/cms/users": ADMIN,
  "/cms/settings": ADMIN,
  "/cms/activity": ADMIN,
  "/cms/activity.csv": ADMIN,
  "/cms/tokens": ADMIN,
  "/cms/webhooks": ADMIN,
  "/cms/api": ADMIN,
  "/cms/insights": ADMIN,
  "/cms/insights.csv": ADMIN,
};

/** A call of the operation with every path parameter an id nobody has, and a body the guard never reads. */
function callOf(operation: AnyOperation) {
  const path = operation.path.replace(/\{[^}]+\}/g, "999999");
  const method = operation.method.toUpperCase();
  const body = !operation.body ? undefined : operation.body.kind === "bytes" ? new Uint8Array([1, 2, 3]) : "{}";
  return (app: TestApp, headers: Record<string, string>) =>
    fetch(`${app.baseUrl}${path}`, {
      method,
      redirect: "manual",
      headers: { ...(body instanceof Uint8Array ? { "content-type": "image/png" } : body ? { "content-type": "application/json" } : {}), ...headers },
      ...(body ? { body } : {}),
    });
}

/** Let through the guard: whatever the operation then answers (400 for the empty body, 404 for the id), not 401 or 403. */
const passedGuard = (status: number) => status !== 401 && status !== 403 && status < 500;

/** Every /cms page of the build, parameters filled in; an optional segment both ways. */
async function cmsPages(): Promise<string[]> {
  const paths = (await builtRoutePaths())
    .filter((path) => path.startsWith("/cms") && !path.includes("*"))
    .flatMap((path) => [path.replace(/\/:[A-Za-z]+\?/g, ""), path.replace(/:[A-Za-z]+\??/g, "999999")])
    .filter((path) => !path.includes(":"));
  return [...new Set(paths)];
}

describe("the access table", () => {
  it("lists every operation the API mounts, and nothing it does not", () => {
    const mounted = apiOperations.map((operation) => operation.operationId).sort();
    expect(Object.keys(OPERATIONS).sort()).toEqual(mounted);
  });

  it("lists every CMS page of the build", async () => {
    expect(Object.keys(PAGES).sort()).toEqual((await cmsPages()).sort());
  });
});

describe.each(databaseKinds)("who may call what, on %s", (kind) => {
  let app: TestApp;
  const sessions = new Map<Role | "no role", string>();
  const tokens = new Map<ApiTokenScope, string>();

  beforeAll(async () => {
    app = await startTestApp(kind);
    for (const role of ROLES) sessions.set(role, (await createSession(app, { role })).cookie);
    sessions.set("no role", (await createSession(app, { role: null })).cookie);
    const maker = await createSession(app, { role: "administrator", username: "token-maker" });
    for (const scope of ["posts:read", "posts:write", "demo_requests:read", "demo_requests:write"] as const) {
      tokens.set(scope, (await app.services.apiTokens.create({ name: scope, scopes: [scope] }, maker.user)).token);
    }
  });
  afterAll(() => app.close());

  it("answers each operation to exactly the roles the table names; nobody gets 401, an account without a role 403", async () => {
    const wrong: string[] = [];
    for (const operation of apiOperations) {
      const rule = OPERATIONS[operation.operationId];
      if (rule === undefined) throw new Error(`${operation.operationId} has no line in the access table`);
      if (rule === "public") {
        if (operation.access.who !== "anyone") wrong.push(`${operation.operationId}: public in the table, guarded in the code`);
        continue;
      }
      const call = callOf(operation);
      const anonymous = await call(app, {});
      if (anonymous.status !== 401) wrong.push(`${operation.operationId} anonymous: ${anonymous.status}`);
      for (const [who, cookie] of sessions) {
        const status = (await call(app, { cookie })).status;
        const expected = who !== "no role" && rule.roles.includes(who);
        if (expected ? !passedGuard(status) : status !== 403) wrong.push(`${operation.operationId} as ${who}: ${status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("answers each operation to an API token only with the scope the table names (or one that includes it)", async () => {
    const includes: Record<ApiTokenScope, ApiTokenScope[]> = {
      "posts:read": ["posts:read"],
      "posts:write": ["posts:write", "posts:read"],
      "demo_requests:read": ["demo_requests:read"],
      "demo_requests:write": ["demo_requests:write", "demo_requests:read"],
    };
    const wrong: string[] = [];
    for (const operation of apiOperations) {
      const rule = OPERATIONS[operation.operationId];
      if (!rule || rule === "public") continue;
      const call = callOf(operation);
      for (const [scope, token] of tokens) {
        const status = (await call(app, { authorization: `Bearer ${token}` })).status;
        const expected = rule.token !== undefined && includes[scope].includes(rule.token);
        if (expected ? !passedGuard(status) : status !== 403) wrong.push(`${operation.operationId} with ${scope}: ${status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("opens each CMS page to exactly the roles the table names; others are sent away before any content", async () => {
    const wrong: string[] = [];
    for (const path of await cmsPages()) {
      const rule = PAGES[path];
      if (rule === undefined) throw new Error(`${path} has no line in the access table`);
      if (rule === "open") continue;
      const anonymous = await getPage(app, path);
      if (anonymous.status !== 302 || !anonymous.headers.get("location")?.startsWith("/cms/login?")) {
        wrong.push(`${path} anonymous: ${anonymous.status} ${anonymous.headers.get("location")}`);
      }
      for (const [who, cookie] of sessions) {
        const response = await getPage(app, path, cookie);
        const location = response.headers.get("location") ?? "";
        const allowed = who !== "no role" && rule.includes(who);
        const sentAway = response.status === 302 && (location.startsWith("/cms/unauthorized") || location.startsWith("/cms/login") || (path === "/cms/control" && location === "/cms/demo-requests"));
        const ok = allowed ? !sentAway && passedGuard(response.status) : sentAway;
        if (!ok) wrong.push(`${path} as ${who}: ${response.status} ${location}`);
        await response.body?.cancel();
      }
    }
    expect(wrong).toEqual([]);
  });

  it("tells a member of staff which page their role does not include, and an account without a role the product's text", async () => {
    const sales = await getPage(app, "/cms/unauthorized?page=%2Fcms%2Feditor", sessions.get("sales"));
    expect(sales.status).toBe(200);
    expect((await sales.text()).replace(/<!-- -->/g, "")).toContain("Your role, Sales, doesn&#x27;t include this page.");
    const none = await getPage(app, "/cms/unauthorized", sessions.get("no role"));
    expect(await none.text()).toContain("Only administrators can access the content management system.");
  });

  it("shows each role only the CMS links it may open", async () => {
    const html = await (await getPage(app, "/cms/demo-requests", sessions.get("sales"))).text();
    const nav = html.slice(html.indexOf('aria-label="CMS"'), html.indexOf("</nav>", html.indexOf('aria-label="CMS"')));
    expect(nav).toContain('href="/cms/demo-requests"');
    expect(nav).not.toContain('href="/cms/control"');
    expect(nav).not.toContain('href="/cms/users"');
  });

  it("changes what every session of a user may do on their next request when an administrator changes the role", async () => {
    const chief = await createSession(app, { role: "administrator" });
    const writer = await createSession(app, { role: "editor" });
    const second = `${app.services.auth.cookie.name}=${await app.services.auth.createSession(writer.user.id)}`;
    for (const cookie of [writer.cookie, second]) {
      expect((await fetch(`${app.baseUrl}/api/cms/posts`, { headers: { cookie } })).status).toBe(200);
    }
    const changed = await sendJson(app, `/api/cms/users/${writer.user.id}`, { role: "sales" }, { method: "PATCH", cookie: chief.cookie });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ role: "sales", isAdmin: false });
    for (const cookie of [writer.cookie, second]) {
      expect((await fetch(`${app.baseUrl}/api/cms/posts`, { headers: { cookie } })).status).toBe(403);
      expect((await fetch(`${app.baseUrl}/api/cms/demo-requests`, { headers: { cookie } })).status).toBe(200);
    }
  });

  it("refuses an unknown role with a field message, changing nothing", async () => {
    const chief = await createSession(app, { role: "administrator" });
    const target = await createSession(app, { role: "author" });
    const bad = await sendJson(app, `/api/cms/users/${target.user.id}`, { role: "owner" }, { method: "PATCH", cookie: chief.cookie });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toHaveProperty("role");
    const row = await app.services.database.db.selectFrom("users").select("role").where("id", "=", target.user.id).executeTakeFirstOrThrow();
    expect(row.role).toBe("author");
  });

  it("refuses every API token once its maker has no role that grants the call, and lets it through again when they have", async () => {
    const maker = await createSession(app, { role: "administrator" });
    const { token } = await app.services.apiTokens.create({ name: "sync", scopes: ["posts:write"] }, maker.user);
    const list = () => fetch(`${app.baseUrl}/api/cms/posts`, { headers: { authorization: `Bearer ${token}` } });
    expect((await list()).status).toBe(200);
    const chief = await createSession(app, { role: "administrator" });
    await app.services.auth.setRole(chief.user, maker.user.id, "sales");
    expect((await list()).status).toBe(403);
    await app.services.auth.setRole(chief.user, maker.user.id, "contributor");
    expect((await list()).status).toBe(200);
  });
});
