import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/databases.ts";
import { startReverseProxy } from "../support/reverse-proxy.ts";
import { spawnServer, type ServerProcess } from "../support/server-process.ts";

const admin = { username: "multi-admin", password: "multi-admin-password-1" };

/** Two server processes on one PostgreSQL, as in a scaled-out deployment (decision 002). */
describe.runIf(databaseKinds.includes("postgres"))("two instances on one PostgreSQL", () => {
  let database: TestDatabase;
  let a: ServerProcess;
  let b: ServerProcess;
  const env = () => ({
    DATABASE_URL: database.url,
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    TRUST_PROXY: "loopback",
  });
  const stop = async (server: ServerProcess) => {
    server.child.kill("SIGTERM");
    return server.exited;
  };

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    [a, b] = await Promise.all([spawnServer(env()), spawnServer(env())]);
  });
  afterAll(async () => {
    for (const server of [a, b]) if (server.child.exitCode === null) server.child.kill("SIGKILL");
    await database.drop();
  });

  const login = async (base: string, credentials = admin) =>
    fetch(`${base}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(credentials),
    });
  const sessionCookie = (response: Response) => response.headers.get("set-cookie")!.split(";")[0]!;

  it("shares sessions: made on one, valid on the other; logout on one ends it on both", async () => {
    const loggedIn = await login(a.url);
    expect(loggedIn.status).toBe(200);
    const cookie = sessionCookie(loggedIn);
    const onB = await fetch(`${b.url}/api/user`, { headers: { cookie } });
    expect(onB.status).toBe(200);
    expect(await onB.json()).toMatchObject({ authenticated: true, user: { username: admin.username, isAdmin: true } });
    expect((await fetch(`${b.url}/api/logout`, { method: "POST", headers: { cookie } })).status).toBe(200);
    expect((await fetch(`${a.url}/api/user`, { headers: { cookie } })).status).toBe(401);
    expect((await fetch(`${b.url}/api/user`, { headers: { cookie } })).status).toBe(401);
  });

  it("shares rate limits: failures on either instance count together", async () => {
    const statuses: number[] = [];
    const guess = { username: "someone-else", password: "wrong-password" };
    for (let i = 0; i < 6; i++) statuses.push((await login(i % 2 ? b.url : a.url, guess)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  /** B's answer at `path` once it contains `text`: B hears of A's writes within 100 ms (docs/decisions/021). */
  const shownOn = async (base: string, path: string, text: string) => {
    const started = Date.now();
    for (;;) {
      const body = await (await fetch(`${base}${path}`)).text();
      if (body.includes(text)) return body;
      if (Date.now() - started > 2000) throw new Error(`${path} did not show "${text}" within 2 s`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  it("shows a post published through one instance on the other", async () => {
    const cookie = sessionCookie(await login(b.url));
    const body = {
      title: "Published on A",
      slug: "published-on-a",
      content: "<p>Seen on B</p>",
      published: true,
    };
    const created = await fetch(`${a.url}/api/cms/posts`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify(body),
    });
    expect(created.status).toBe(201);
    const post = (await created.json()) as { id: number; version: number };
    const list = JSON.parse(await shownOn(b.url, "/api/blog", "published-on-a"));
    expect(list).toEqual(expect.arrayContaining([expect.objectContaining({ slug: "published-on-a" })]));
    expect(await shownOn(b.url, "/blog/published-on-a", "Published on A")).toContain("Published on A");

    const updated = await fetch(`${a.url}/api/cms/posts/${post.id}`, {
      method: "PUT",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ ...body, title: "Renamed on A", version: post.version }),
    });
    expect(updated.status).toBe(200);
    expect(await shownOn(b.url, "/blog/published-on-a", "Renamed on A")).toContain("Renamed on A");
  });

  it("survives a rolling restart under steady traffic without failing a request", async () => {
    const proxy = await startReverseProxy([a.url, b.url]);
    const failures: string[] = [];
    let served = 0;
    let running = true;
    let servedTarget = Infinity;
    let reachedTarget = () => {};
    const paths = ["/", "/api/blog", "/blog", "/healthz"];
    const visitor = async (n: number) => {
      for (let i = n; running; i++) {
        const path = paths[i % paths.length]!;
        const response = await fetch(`${proxy.url}${path}`).catch((error: Error) => error);
        if (response instanceof Error) failures.push(`${path}: ${response.message}`);
        else if (response.status !== 200) failures.push(`${path}: ${response.status} ${(await response.text()).slice(0, 60)}`);
        else {
          await response.arrayBuffer();
          if (++served >= servedTarget) reachedTarget();
        }
      }
    };
    const traffic = Promise.all([0, 1, 2, 3].map(visitor));
    try {
      for (const which of ["a", "b"] as const) {
        const old = which === "a" ? a : b;
        const other = which === "a" ? b : a;
        const stopped = stop(old);
        expect(await stopped).toEqual({ code: 0, signal: null });
        const fresh = await spawnServer(env());
        proxy.setBackends([other.url, fresh.url]);
        if (which === "a") a = fresh;
        else b = fresh;
      }
      // Keep the traffic going on the two new instances for a while before judging.
      await new Promise<void>((resolve) => {
        servedTarget = served + 20;
        reachedTarget = resolve;
      });
    } finally {
      running = false;
      await traffic;
      await proxy.close();
    }
    expect(failures).toEqual([]);
    expect(served).toBeGreaterThan(20);
  }, 60_000);
});
