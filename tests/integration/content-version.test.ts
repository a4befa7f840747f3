import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { connectDatabase } from "../../server/db/connect.ts";
import { CONTENT_NOTIFY_CHANNEL } from "../../server/services/content-version.ts";
import { databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { startSecondInstance } from "../support/second-instance.ts";
import { createSession } from "../support/auth.ts";
import { createPost, updatePost } from "../support/posts.ts";
import type { FullPost } from "../../server/services/posts.ts";

const NO_POLL = 3_600_000;
/** Headers of one response, not of the answer (a first answer may be compressed on the fly, in chunks). */
const PER_RESPONSE = ["x-request-id", "date", "x-page-cache", "content-length", "transfer-encoding", "content-encoding", "keep-alive", "connection"];

/**
 * Stops the background work that reads on its own timers, so every query seen is a request's (the
 * content version keeps listening). No job runs in a test app unless asked (docs/decisions/025): this
 * stops what services hold (buffered page views, e-mails, webhook attempts).
 */
async function quiet(services: TestApp["services"]) {
  const { demoNotifier, analytics, webhookDeliveries } = services;
  await Promise.all([demoNotifier.stop(), analytics.stop(), webhookDeliveries.stop()]);
}

/** Shared answers of every kind: pages, the public posts API, a hashed asset (docs/decisions/021). */
const sharedPaths = (slug: string) => ["/", "/blog", `/blog/${slug}`, "/api/blog", `/api/blog/${slug}`, "/api/tags"];

async function fetchAll(base: string, paths: string[], headers: Record<string, string> = {}) {
  return Promise.all(paths.map(async (path) => {
    const response = await fetch(`${base}${path}`, { headers });
    return { path, status: response.status, body: await response.text(), headers: response.headers };
  }));
}

describe.each(databaseKinds)("cached answers before the app on %s", (kind) => {
  let app: TestApp;
  let cookie: string;
  let post: FullPost;
  beforeAll(async () => {
    // No poll during the test: every query it sees is one a request made.
    app = await startTestApp(kind, { contentPollMs: NO_POLL });
    ({ cookie } = await createSession(app, { isAdmin: true }));
    post = await createPost(app, cookie, { title: "Early answers" });
    await quiet(app.services);
  });
  afterAll(() => app.close());

  it("answers a cached page, API answer and asset without a single database query, with the headers the app sent", async () => {
    const html = await (await fetch(`${app.baseUrl}/`)).text();
    const asset = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const paths = [...sharedPaths(post.slug), asset!];
    const first = await fetchAll(app.baseUrl, paths);
    expect(first.map((answer) => answer.status)).toEqual(paths.map(() => 200));
    // Express is not even entered: every answer comes from the server's own request handler.
    const express = app.http as unknown as { handle: (...args: unknown[]) => unknown };
    const handle = express.handle;
    let throughExpress = 0;
    // Kept once the compressed copies exist, which are made after a first answer, off the request: wait until
    // a whole round in each encoding is early answers (the machine's load decides how long that takes).
    await expect
      .poll(async () => {
        throughExpress = 0;
        express.handle = (...args) => (throughExpress++, handle.apply(app.http, args));
        await fetchAll(app.baseUrl, paths, { "accept-encoding": "br" }).finally(() => (express.handle = handle));
        await fetchAll(app.baseUrl, paths).finally(() => (express.handle = handle));
        return throughExpress;
      }, { timeout: 10_000 })
      .toBe(0);

    app.queries.length = 0;
    express.handle = (...args) => (throughExpress++, handle.apply(app.http, args));
    const again = await fetchAll(app.baseUrl, paths).finally(() => (express.handle = handle));
    express.handle = (...args) => (throughExpress++, handle.apply(app.http, args));
    const brotli = await fetchAll(app.baseUrl, paths, { "accept-encoding": "br, gzip" }).finally(() => (express.handle = handle));
    expect(app.queries).toEqual([]);
    expect(throughExpress).toBe(0);
    // …whereas a request it does not keep still is.
    express.handle = (...args) => (throughExpress++, handle.apply(app.http, args));
    await fetch(`${app.baseUrl}/healthz`).finally(() => (express.handle = handle));
    expect(throughExpress).toBe(1);

    for (const [i, answer] of again.entries()) {
      const before = first[i]!;
      expect(answer.body, answer.path).toBe(before.body);
      expect(brotli[i]!.body, answer.path).toBe(before.body);
      // The one difference: a kept copy carries no per-response CSP nonce (an API answer's policy has one, unused).
      const comparable = (headers: Headers) =>
        [...headers]
          .filter(([name]) => !PER_RESPONSE.includes(name))
          .map(([name, value]) => [name, value.replace(/'nonce-[^']*'\s?/g, "")]);
      expect(comparable(answer.headers), answer.path).toEqual(comparable(before.headers));
      expect(answer.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      expect(answer.headers.get("x-request-id")).not.toBe(before.headers.get("x-request-id"));
    }
    expect(brotli.every((answer) => answer.headers.get("content-encoding") !== null)).toBe(true);
    // Each is logged like any request, with its own id.
    const logged = app.logLines.filter((line) => line.msg === "request completed" && (line.req as { url: string }).url === `/blog/${post.slug}`);
    expect(logged.length).toBeGreaterThanOrEqual(3);
  });

  it("answers 304 and HEAD early too, and a publish on this instance at its very next request", async () => {
    const page = await fetch(`${app.baseUrl}/blog/${post.slug}`);
    const etag = page.headers.get("etag")!;
    app.queries.length = 0;
    const conditional = await fetch(`${app.baseUrl}/blog/${post.slug}`, { headers: { "if-none-match": etag } });
    expect(conditional.status).toBe(304);
    expect(conditional.headers.get("etag")).toBe(etag);
    const head = await fetch(`${app.baseUrl}/blog/${post.slug}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(page.headers.get("content-length"));
    expect(await head.text()).toBe("");
    expect(app.queries).toEqual([]);

    for (let i = 1; i <= 5; i++) {
      const title = `Renamed here ${i}`;
      const saved = await updatePost(app, cookie, post, { title });
      expect(saved.status).toBe(200);
      post = (await saved.json()) as FullPost;
      expect(await (await fetch(`${app.baseUrl}/blog/${post.slug}`)).text()).toContain(title);
      expect(await (await fetch(`${app.baseUrl}/api/blog/${post.slug}`)).text()).toContain(title);
      expect((await fetch(`${app.baseUrl}/blog/${post.slug}`, { headers: { "if-none-match": etag } })).status).toBe(200);
    }
  });
});

describe.runIf(databaseKinds.includes("postgres"))("the content version across two instances on PostgreSQL", () => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof startSecondInstance>>;
  let cookie: string;
  let post: FullPost;
  beforeAll(async () => {
    a = await startTestApp("postgres", { contentPollMs: NO_POLL });
    b = await startSecondInstance(a, { contentPollMs: NO_POLL });
    ({ cookie } = await createSession(a, { isAdmin: true }));
    post = await createPost(a, cookie, { title: "Seen on both" });
    await Promise.all([quiet(a.services), quiet(b.services)]);
    // Both listen before anything is measured.
    await until(() => b.services.contentVersion.known() !== undefined || fetch(`${b.baseUrl}/blog`).then(() => false));
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  async function until(check: () => boolean | Promise<boolean>, limitMs = 5000, everyMs = 10) {
    const started = Date.now();
    while (!(await check())) {
      if (Date.now() - started > limitMs) throw new Error("condition never held");
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  }
  /** The version row itself, as the database has it now. */
  const readVersion = (app: TestApp) =>
    app.services.database.db.selectFrom("content_versions").select("version").where("name", "=", "blog").executeTakeFirstOrThrow();

  it("hears a publish on one instance on the other within 100 ms and serves it at its next request; reads no version on a cache hit", async () => {
    const paths = sharedPaths(post.slug);
    await fetchAll(b.baseUrl, paths);
    await fetchAll(b.baseUrl, paths);
    b.queries.length = 0;
    for (let i = 0; i < 5; i++) await fetchAll(b.baseUrl, paths);
    expect(b.queries).toEqual([]);

    const heard: number[] = [];
    const served: number[] = [];
    for (let i = 1; i <= 5; i++) {
      const title = `Published on A, round ${i}`;
      // B has the page cached, then A saves: the time runs from A's commit (its answer) to B knowing the
      // new version, then B's next request must show the post as saved (rendered once, the cache moved on).
      await fetch(`${b.baseUrl}/blog/${post.slug}`);
      const saved = await updatePost(a, cookie, post, { title });
      const committed = performance.now();
      expect(saved.status).toBe(200);
      post = (await saved.json()) as FullPost;
      const version = (await readVersion(a)).version;
      await until(() => (b.services.contentVersion.known()?.version ?? 0) >= version, 2000, 1);
      heard.push(performance.now() - committed);
      expect(await (await fetch(`${b.baseUrl}/blog/${post.slug}`)).text()).toContain(title);
      served.push(performance.now() - committed);
    }
    const ms = (values: number[]) => values.map((value) => value.toFixed(1)).join(", ");
    console.log(`a publish on A: heard by B after ${ms(heard)} ms; served by B after ${ms(served)} ms`);
    expect(Math.max(...heard)).toBeLessThan(100);
  });

  it("reads the version on every request while its notification connection is down, and trusts memory again once it is back", async () => {
    await fetch(`${b.baseUrl}/blog`);
    // Every LISTEN connection of this database is ended by the server, as a failover or a proxy restart would.
    const admin = connectDatabase(a.database.url);
    try {
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
                where datname = current_database() and query = ${`LISTEN ${CONTENT_NOTIFY_CHANNEL}`}`.execute(admin.db);
    } finally {
      await admin.close();
    }
    await until(() => b.services.contentVersion.known() === undefined);
    b.queries.length = 0;
    const title = "Saved while B could not hear";
    const saved = await updatePost(a, cookie, post, { title });
    post = (await saved.json()) as FullPost;
    // Not heard of, but read: B shows it at its next request.
    expect(await (await fetch(`${b.baseUrl}/blog/${post.slug}`)).text()).toContain(title);
    expect(b.queries.some((query) => /content_versions/.test(query))).toBe(true);

    // Listening again (after a short pause), B trusts what it knows: hits read nothing.
    await until(async () => {
      await fetch(`${b.baseUrl}/blog/${post.slug}`);
      return b.services.contentVersion.known() !== undefined;
    });
    await fetch(`${b.baseUrl}/blog/${post.slug}`);
    b.queries.length = 0;
    await fetch(`${b.baseUrl}/blog/${post.slug}`);
    expect(b.queries).toEqual([]);
  });
});

describe.each(databaseKinds)("the content version poll on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind, { contentPollMs: 100 });
  });
  afterAll(() => app.close());

  it("sees a version moved by another process that sent no notification within the poll's period", async () => {
    await fetch(`${app.baseUrl}/blog`);
    await fetch(`${app.baseUrl}/blog`);
    const before = (await app.services.posts.blogVersion()).version;
    // As another process on the same SQLite file would, or a write behind a proxy that drops NOTIFY.
    await app.services.database.db
      .updateTable("content_versions")
      .set({ version: before + 7, changed_at: new Date().toISOString() })
      .where("name", "=", "blog")
      .execute();
    const started = performance.now();
    while (app.services.contentVersion.known()?.version !== before + 7) {
      if (performance.now() - started > 2000) throw new Error("the poll never saw the new version");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(performance.now() - started).toBeLessThan(1000);
    expect((await fetch(`${app.baseUrl}/blog`)).headers.get("etag")).toContain(`blog-${before + 7}-`);
  });
});
