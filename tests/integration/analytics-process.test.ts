import { setTimeout as wait } from "node:timers/promises";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, type DatabaseHandle } from "../../server/db/connect.ts";
import { migrateToLatest } from "../../server/db/migrate.ts";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/databases.ts";
import { spawnRaw, spawnServer, type ServerProcess, stopServers } from "../support/server-process.ts";

const ROLLED_UP_LOG = "analytics day rolled up";
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);

/**
 * Analytics in real server processes with the real clock (docs/decisions/070): page views buffered at
 * SIGTERM are written before the process exits; a finished day is rolled up at start; on PostgreSQL a
 * rollup cut short by kill -9 is done again, once, by the next instance, and two instances starting
 * together roll a day up once.
 */
describe.each(databaseKinds)("analytics in server processes on %s", (kind) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  const running: ServerProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    handle = connectDatabase(database.url);
    await migrateToLatest(handle);
  });
  afterEach(async () => {
    await stopServers(running);
  });
  afterAll(async () => {
    await handle.close();
    await database.drop();
  });

  const start = async () => {
    const server = await spawnServer({ DATABASE_URL: database.url });
    running.push(server);
    return server;
  };
  /** Some page views of a past day, as the ingestion writes them. */
  const seed = async (day: string, visits: number) => {
    await handle.db
      .insertInto("analytics_events")
      .values(
        Array.from({ length: visits * 2 }, (_, i) => ({
          day,
          created_at: `${day}T12:00:${String(i % 60).padStart(2, "0")}.000Z`,
          visit_id: `seeded-${day}-${i % visits}-visit`,
          visitor_hash: `hash-${i % visits}`,
          path: i % 2 ? "/product" : "/",
          landing_path: "/",
          referrer: null,
          campaign: null,
          device: "desktop" as const,
        })),
      )
      .execute();
  };
  const rolledUpLines = (servers: ServerProcess[], day: string) =>
    servers.flatMap((server) => server.output).filter((line) => line.includes(ROLLED_UP_LOG) && line.includes(`"day":"${day}"`)).length;
  const rolledUp = (server: ServerProcess, day: string) =>
    new Promise<void>((resolve) => {
      if (rolledUpLines([server], day) > 0) return resolve();
      server.child.stdout.on("data", () => rolledUpLines([server], day) > 0 && resolve());
    });
  const totalOf = (day: string) =>
    handle.db.selectFrom("analytics_daily").select(["page_views", "visits", "visitors"]).where("dimension", "=", "total").where("day", "=", day).execute();
  const claimsOf = async (day: string) => (await handle.db.selectFrom("analytics_rollups").select("day").where("day", "=", day).execute()).length;

  it("writes the page views still buffered at SIGTERM before the process exits", async () => {
    const server = await start();
    const visitId = `sigterm-${kind}-visit-0001`;
    for (const path of ["/", "/product", "/blog", "/features", "/book-demo"]) {
      const response = await fetch(`${server.url}/api/events`, {
        method: "POST",
        headers: { "content-type": "text/plain", "user-agent": CHROME },
        body: JSON.stringify({ visitId, path, landingPath: "/", referrer: null, device: "tablet" }),
      });
      expect(response.status).toBe(202);
    }
    server.child.kill("SIGTERM");
    expect((await server.exited).code).toBe(0);
    const rows = await handle.db.selectFrom("analytics_events").select("path").where("visit_id", "=", visitId).execute();
    expect(rows).toHaveLength(5);
  }, 90_000);

  it("rolls up a finished day at start, once, and keeps it rolled up across restarts", async () => {
    const day = daysAgo(2);
    await seed(day, 3);
    const first = await start();
    await rolledUp(first, day);
    expect(await totalOf(day)).toEqual([{ page_views: 6, visits: 3, visitors: 3 }]);
    first.child.kill("SIGTERM");
    await first.exited;
    const second = await start();
    // The second instance's first sweep has run once /readyz answers and a moment has passed.
    await wait(1000);
    expect(rolledUpLines([second], day)).toBe(0);
    expect(await claimsOf(day)).toBe(1);
  }, 120_000);

  // Several instances share PostgreSQL only (SQLite is one instance's file: docs/architecture.md).
  if (kind === "postgres") {
    it("rolls a day up once after the instance doing it was killed (kill -9) mid-rollup", async () => {
      const day = daysAgo(3);
      await seed(day, 4);
      // Hold the aggregates table so the rollup stops halfway: its day claimed, its aggregates not written.
      const blocker = new pg.Client({ connectionString: database.url });
      await blocker.connect();
      const firstOutput: string[] = [];
      try {
        await blocker.query("begin");
        await blocker.query("lock table analytics_daily in access exclusive mode");
        // Not waiting for it to listen: its first sweep starts before that, and the pool's query timeout (10 s)
        // would end the wait on its own. The moment its insert waits for the lock, it is killed.
        const first = spawnRaw({ DATABASE_URL: database.url, LOG_LEVEL: "info" });
        first.child.stdout.on("data", (chunk: Buffer) => firstOutput.push(chunk.toString()));
        await expect
          .poll(
            // Asked outside the blocker's transaction: within one, pg_stat_activity is a snapshot.
            async () =>
              (await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query ilike 'insert into "analytics_daily"%'`.execute(handle.db)).rows[0]!.n,
            { timeout: 60_000, interval: 50 },
          )
          .toBe(1);
        first.child.kill("SIGKILL");
        await first.exited;
      } finally {
        await blocker.query("rollback");
        await blocker.end();
      }
      expect(firstOutput.join("")).not.toContain(ROLLED_UP_LOG);

      const second = await start();
      await rolledUp(second, day);
      expect(await claimsOf(day)).toBe(1);
      expect(await totalOf(day)).toEqual([{ page_views: 8, visits: 4, visitors: 4 }]);
    }, 180_000);

    it("rolls a day up once when two instances start together", async () => {
      const day = daysAgo(4);
      await seed(day, 5);
      const [a, b] = await Promise.all([start(), start()]);
      await Promise.race([rolledUp(a, day), rolledUp(b, day)]);
      // Both swept at start; give the slower one a moment to finish.
      await wait(1500);
      expect(rolledUpLines([a, b], day)).toBe(1);
      expect(await claimsOf(day)).toBe(1);
      expect(await totalOf(day)).toEqual([{ page_views: 10, visits: 5, visitors: 5 }]);
    }, 120_000);
  }
});
