import { afterAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { connectDatabase } from "../../server/db/connect.ts";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/databases.ts";
import { spawnServer, type ServerProcess } from "../support/server-process.ts";
import { startTcpProxy } from "../support/tcp-proxy.ts";

/** Polls until the condition holds; each attempt is a real request, bounded in count. */
async function eventually<T>(attempt: () => Promise<T>, accept: (value: T) => boolean, tries = 100): Promise<T> {
  let last: T | undefined;
  for (let i = 0; i < tries; i++) {
    last = await attempt();
    if (accept(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`condition never held; last value: ${JSON.stringify(last)}`);
}

describe.runIf(databaseKinds.includes("postgres"))("a PostgreSQL outage", () => {
  let database: TestDatabase;
  let server: ServerProcess | undefined;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  afterAll(async () => {
    server?.child.kill("SIGKILL");
    await proxy?.close();
    await database?.drop();
  });

  it("answers 503 quickly with a friendly page, does not crash, and recovers by itself", async () => {
    database = await createTestDatabase("postgres");
    const real = new URL(database.url);
    proxy = await startTcpProxy({ host: real.hostname, port: Number(real.port || 5432) });
    const viaProxy = new URL(database.url);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(proxy.port);
    server = await spawnServer({ DATABASE_URL: viaProxy.toString() });
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    expect((await fetch(`${server.url}/`)).status).toBe(200);

    await proxy.cut();

    const started = Date.now();
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(503);
    // A page that needs the database (a cached one may still be answered from memory: docs/decisions/021).
    const page = await fetch(`${server.url}/blog?page=1`);
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("30");
    const html = await page.text();
    expect(html).toContain("Temporarily unavailable");
    expect(html).not.toMatch(/ECONNREFUSED|Connection terminated|at .+\.(ts|js):\d+/);
    const api = await fetch(`${server.url}/api/blog?page=1`);
    expect(api.status).toBe(503);
    expect(await api.json()).toEqual({ message: "Service temporarily unavailable" });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    await proxy.restore();
    await eventually(() => fetch(`${server!.url}/readyz`).then((r) => r.status), (status) => status === 200);
    expect((await fetch(`${server.url}/`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/blog`)).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
  });

  it("survives connections dropping while a query holds them, reports each, and reconnects", async () => {
    const database = await createTestDatabase("postgres");
    const real = new URL(database.url);
    const proxy = await startTcpProxy({ host: real.hostname, port: Number(real.port || 5432) });
    const viaProxy = new URL(database.url);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(proxy.port);
    const lost: Error[] = [];
    const handle = connectDatabase(viaProxy.toString(), (error) => lost.push(error));
    try {
      // Two connections are checked out, running a query that will not finish before the cut.
      const running = [1, 2].map(() => sql`select pg_sleep(5)`.execute(handle.db));
      const settled = Promise.allSettled(running);
      const observer = connectDatabase(database.url);
      await eventually(
        () =>
          sql<{ running: number }>`select count(*) as running from pg_stat_activity
            where datname = current_database() and query = 'select pg_sleep(5)' and state = 'active'`
            .execute(observer.db)
            .then(({ rows }) => rows[0]!.running),
        (running) => running === 2,
      );
      await observer.close();
      await proxy.cut();
      const results = await settled;
      expect(results.map((result) => result.status)).toEqual(["rejected", "rejected"]);
      // Without a listener on checked-out clients, pg would have thrown these as uncaught errors.
      expect(lost.length).toBeGreaterThanOrEqual(2);
      expect(lost.every((error) => /Connection terminated/.test(error.message))).toBe(true);

      await proxy.restore();
      await eventually(
        () => handle.ping().then(() => "up", () => "down"),
        (state) => state === "up",
      );
    } finally {
      await handle.close();
      await proxy.close();
      await database.drop();
    }
  });
});
