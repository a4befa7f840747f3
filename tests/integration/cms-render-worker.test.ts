import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { createSession } from "../support/auth.ts";
import { createPost } from "../support/posts.ts";
import type { CmsRenderer } from "../../server/serving/cms-renderer.ts";

/**
 * CMS documents are rendered in a worker thread, off the loop that serves public pages
 * (server/serving/cms-renderer.ts, docs/decisions/023).
 */
describe.each(databaseKinds)("the CMS render worker on %s", (kind) => {
  let app: TestApp;
  let renderer: CmsRenderer;
  beforeAll(async () => {
    app = await startTestApp(kind);
    renderer = app.http.locals.cmsRenderer as CmsRenderer;
  });
  afterAll(() => app.close());

  const waitFor = async (ready: () => boolean, limitMs = 10_000) => {
    const started = Date.now();
    while (!ready()) {
      if (Date.now() - started > limitMs) throw new Error("timed out");
      await new Promise((done) => setTimeout(done, 20));
    }
  };

  it("answers public pages while the worker is busy with a CMS page", async () => {
    const { cookie } = await createSession(app, { isAdmin: true });
    await fetch(`${app.baseUrl}/`); // stored
    renderer.block(1500);
    const started = performance.now();
    const cms = fetch(`${app.baseUrl}/cms/control`, { headers: { cookie } }).then((response) => ({ response, at: performance.now() - started }));
    await new Promise((done) => setTimeout(done, 100));
    const publicStarted = performance.now();
    const home = await fetch(`${app.baseUrl}/`);
    await home.text();
    const publicMs = performance.now() - publicStarted;
    expect(home.status).toBe(200);
    // The worker's thread is blocked for 1.5 s: had the CMS page been rendered here, the public page would wait too.
    expect(publicMs).toBeLessThan(500);
    const { response, at } = await cms;
    expect(response.status).toBe(200);
    expect(at).toBeGreaterThan(1400);
    const html = await response.text();
    expect(html).toContain("Blog Posts");
    // The scripts carry the nonce the CSP header names (set on the main thread).
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`nonce="${nonce}"`);
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });

  it("logs in through the page action, shows the dashboard and a deleted post is gone at the next public request", async () => {
    const { user, password } = await createSession(app, { isAdmin: true });
    const login = await fetch(`${app.baseUrl}/cms/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.baseUrl },
      body: new URLSearchParams({ username: user.username, password, redirectTo: "/cms/control" }),
      redirect: "manual",
    });
    expect(login.status, await login.clone().text()).toBe(302);
    expect(login.headers.get("location")).toBe("/cms/control");
    const cookie = login.headers.getSetCookie()[0]!.split(";")[0]!;

    const post = await createPost(app, cookie, { title: "Rendered elsewhere", slug: "rendered-elsewhere" });
    // Published through the API (this thread): the dashboard (the worker) lists it at once.
    const dashboard = await fetch(`${app.baseUrl}/cms/control`, { headers: { cookie } });
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain("Rendered elsewhere");
    expect(dashboard.headers.get("cache-control")).toMatch(/private|no-store/);
    // The client navigation's data too.
    const data = await fetch(`${app.baseUrl}/cms/control.data`, { headers: { cookie } });
    expect(data.status).toBe(200);
    expect(await data.text()).toContain("Rendered elsewhere");

    // Shown on the public site and kept there.
    expect((await fetch(`${app.baseUrl}/blog/rendered-elsewhere`)).status).toBe(200);
    expect((await fetch(`${app.baseUrl}/blog/rendered-elsewhere`)).status).toBe(200);

    // Deleted through the dashboard's page action (the worker's services bump the version).
    const deleted = await fetch(`${app.baseUrl}/cms/control`, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: app.baseUrl },
      body: new URLSearchParams({ intent: "delete", postId: String(post.id) }),
      redirect: "manual",
    });
    expect(deleted.status).toBe(302);
    // The very next public request knows (SQLite: the worker told this thread; PostgreSQL: also NOTIFY).
    expect((await fetch(`${app.baseUrl}/blog/rendered-elsewhere`)).status).toBe(404);
    expect(await (await fetch(`${app.baseUrl}/blog`)).text()).not.toContain("Rendered elsewhere");
  });

  it("replaces a crashed worker; what it was rendering is answered 503 with Retry-After", async () => {
    const { cookie } = await createSession(app, { isAdmin: true });
    const before = renderer.threadId;
    renderer.block(3000);
    const inFlight = fetch(`${app.baseUrl}/cms/control`, { headers: { cookie } });
    await new Promise((done) => setTimeout(done, 200));
    renderer.crash();
    const answer = await inFlight;
    expect(answer.status).toBe(503);
    expect(answer.headers.get("retry-after")).toBeTruthy();
    await waitFor(() => renderer.threadId !== before && renderer.restarts > 0);
    const after = await fetch(`${app.baseUrl}/cms/control`, { headers: { cookie } });
    expect(after.status).toBe(200);
    expect(await after.text()).toContain("Blog Posts");
  });
});
