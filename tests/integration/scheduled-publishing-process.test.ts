import { setTimeout as wait } from "node:timers/promises";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { FullPost } from "../../server/services/posts.ts";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/databases.ts";
import { spawnServer, type ServerProcess, stopServers, signIn, callApi } from "../support/server-process.ts";

const admin = { username: "schedule-admin", password: "schedule-admin-password-1" };
const PUBLISHED_LOG = "post published on schedule";
/** The promise of docs/decisions/049: live on every instance within a minute of its time. */
const WITHIN_MS = 60_000;

/**
 * Scheduled publishing with the real clock and real server processes (docs/decisions/049): nothing
 * but time makes the post go live, also across a kill -9 and restart, and with two instances on one
 * PostgreSQL exactly one of them publishes it.
 */
describe.each(databaseKinds)("scheduled publishing in server processes on %s", (kind) => {
  let database: TestDatabase;
  const running: ServerProcess[] = [];
  let n = 0;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterEach(async () => {
    await stopServers(running);
  });
  afterAll(() => database.drop());

  const start = async () => {
    const server = await spawnServer({ DATABASE_URL: database.url, ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password });
    running.push(server);
    return server;
  };
  const login = (server: ServerProcess) => signIn(server, admin);
  const send = async (server: ServerProcess, cookie: string, method: string, path: string, body: unknown) =>
    (await callApi(server, cookie, method, path, body)) as FullPost;
  const schedule = async (server: ServerProcess, cookie: string, at: Date) => {
    const slug = `scheduled-${kind}-${++n}-${process.pid}`;
    const body = { title: `Scheduled ${n}`, slug, content: "<p>Goes live on its own.</p>", published: true, publishedAt: at.toISOString() };
    const post = await send(server, cookie, "POST", "/api/cms/posts", body);
    expect(post.status).toBe("scheduled");
    return post;
  };
  /** Is the post in each of the places a visitor finds posts? */
  const places = async (server: ServerProcess, slug: string) => {
    const has = async (path: string) => (await (await fetch(`${server.url}${path}`)).text()).includes(slug);
    return [await has("/api/blog"), await has("/blog"), await has("/sitemap.xml"), await has("/blog/rss.xml")];
  };
  /** Resolves when a server process logs the publication of `postId`. */
  const published = (server: ServerProcess, postId: number) =>
    new Promise<void>((resolve) => {
      const seen = () => server.output.some((line) => line.includes(PUBLISHED_LOG) && line.includes(`"postId":${postId},`));
      if (seen()) return resolve();
      server.child.stdout.on("data", () => seen() && resolve());
    });
  const logCount = (servers: ServerProcess[], postId: number) =>
    servers.flatMap((server) => server.output).filter((line) => line.includes(PUBLISHED_LOG) && line.includes(`"postId":${postId},`)).length;

  it("publishes a post scheduled 2 s ahead within a minute of its time, without a request or a restart", async () => {
    const server = await start();
    const cookie = await login(server);
    const at = new Date(Date.now() + 2000);
    const post = await schedule(server, cookie, at);
    expect(await places(server, post.slug)).toEqual([false, false, false, false]);
    expect(Date.now()).toBeLessThan(at.getTime());

    await published(server, post.id);
    const lateBy = Date.now() - at.getTime();
    expect(lateBy).toBeGreaterThanOrEqual(0);
    expect(lateBy).toBeLessThan(WITHIN_MS);
    expect(await places(server, post.slug)).toEqual([true, true, true, true]);
  });

  it("publishes a post whose time came while the server was down (kill -9), at the next start", async () => {
    const first = await start();
    const cookie = await login(first);
    const at = new Date(Date.now() + 2000);
    const post = await schedule(first, cookie, at);
    first.child.kill("SIGKILL");
    await first.exited;
    // The time passes with no server running.
    await wait(Math.max(0, at.getTime() - Date.now() + 500));

    const restarted = await start();
    await published(restarted, post.id);
    expect(Date.now() - at.getTime()).toBeLessThan(WITHIN_MS);
    expect(await places(restarted, post.slug)).toEqual([true, true, true, true]);
  });

  // Several instances share PostgreSQL only (SQLite is one instance's file: docs/architecture.md).
  if (kind === "postgres") it("publishes once with two instances on one PostgreSQL: one revision, one log line", async () => {
    const [a, b] = await Promise.all([start(), start()]);
    const cookie = await login(a);
    const at = new Date(Date.now() + 3000);
    const created = await schedule(a, cookie, at);
    // A save on b too, so both instances know the time and wake for it at once (not at their next poll).
    const saved = await send(b, cookie, "PUT", `/api/cms/posts/${created.id}`, {
      ...created,
      title: `${created.title} (edited on b)`,
      tags: undefined,
      version: created.version,
    });
    expect(saved.status).toBe("scheduled");

    await Promise.race([published(a, created.id), published(b, created.id)]);
    expect(Date.now() - at.getTime()).toBeLessThan(WITHIN_MS);
    expect(await places(a, created.slug)).toEqual([true, true, true, true]);
    expect(await places(b, created.slug)).toEqual([true, true, true, true]);
    // Both instances' timers fired at the time; give the slower one a moment to finish its sweep.
    await wait(1500);
    expect(logCount([a, b], created.id)).toBe(1);
    const revisions = (await (await fetch(`${b.url}/api/cms/posts/${created.id}/revisions`, { headers: { cookie } })).json()) as { event: string }[];
    expect(revisions.map((revision) => revision.event)).toEqual(["scheduled-publish", "save", "save"]);
  });
});
