import { setTimeout as wait } from "node:timers/promises";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { LandingPage, LandingPageRevision } from "../../shared/landing-pages.ts";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/databases.ts";
import { spawnServer, type ServerProcess, stopServers, signIn, callApi } from "../support/server-process.ts";
import { landingPageBody } from "../support/landing-pages.ts";

const admin = { username: "page-schedule-admin", password: "page-schedule-admin-password-1" };
const PUBLISHED_LOG = "landing page published on schedule";
/** As for posts (docs/decisions/049): live on every instance within a minute of its time. */
const WITHIN_MS = 60_000;

/**
 * Scheduled landing pages with the real clock and real server processes (docs/decisions/037): a page
 * whose time came while no server ran (kill -9) is published by the first sweep after start, and with
 * two instances on one PostgreSQL exactly one of them publishes it.
 */
describe.each(databaseKinds)("scheduled landing pages in server processes on %s", (kind) => {
  let database: TestDatabase;
  const running: ServerProcess[] = [];

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
  const schedule = async (server: ServerProcess, cookie: string, at: Date) => {
    const page = (await callApi(server, cookie, "POST", "/api/cms/landing-pages", landingPageBody())) as LandingPage;
    const scheduled = (await callApi(server, cookie, "POST", `/api/cms/landing-pages/${page.id}/schedule`, { at: at.toISOString() })) as LandingPage;
    expect(scheduled.status).toBe("scheduled");
    return scheduled;
  };
  const status = async (server: ServerProcess, cookie: string, id: number) =>
    ((await callApi(server, cookie, "GET", `/api/cms/landing-pages/${id}`)) as LandingPage).status;
  const seen = (server: ServerProcess, id: number) => server.output.some((line) => line.includes(PUBLISHED_LOG) && line.includes(`"pageId":${id},`));
  /** Resolves when a server process logs the publication of page `id`. */
  const published = (server: ServerProcess, id: number) =>
    new Promise<void>((resolve) => {
      if (seen(server, id)) return resolve();
      server.child.stdout.on("data", () => seen(server, id) && resolve());
    });

  it("publishes a page whose time came while the server was down (kill -9), at the next start", async () => {
    const first = await start();
    const cookie = await signIn(first, admin);
    const at = new Date(Date.now() + 2000);
    const page = await schedule(first, cookie, at);
    first.child.kill("SIGKILL");
    await first.exited;
    // The time passes with no server running.
    await wait(Math.max(0, at.getTime() - Date.now() + 500));

    const restarted = await start();
    await published(restarted, page.id);
    expect(Date.now() - at.getTime()).toBeLessThan(WITHIN_MS);
    expect(await status(restarted, await signIn(restarted, admin), page.id)).toBe("published");
  });

  // Several instances share PostgreSQL only (SQLite is one instance's file: docs/architecture.md).
  if (kind === "postgres") it("publishes once with two instances on one PostgreSQL: one revision, one log line", async () => {
    const [a, b] = await Promise.all([start(), start()]);
    const cookie = await signIn(a, admin);
    const at = new Date(Date.now() + 3000);
    const page = await schedule(a, cookie, at);
    // A save on b too, so both instances know the time and wake for it at once (not at their next poll).
    await callApi(b, cookie, "POST", `/api/cms/landing-pages/${page.id}/unschedule`);
    await callApi(b, cookie, "POST", `/api/cms/landing-pages/${page.id}/schedule`, { at: at.toISOString() });

    await Promise.race([published(a, page.id), published(b, page.id)]);
    expect(Date.now() - at.getTime()).toBeLessThan(WITHIN_MS);
    const revisions = (await callApi(b, cookie, "GET", `/api/cms/landing-pages/${page.id}/revisions`)) as LandingPageRevision[];
    // Both instances' timers fired at the time: a graceful stop lets the slower one finish its sweep first.
    await stopServers(running);
    expect(revisions.map((revision) => revision.reason)).toEqual(["publish", "save"]);
    expect([a, b].flatMap((server) => server.output).filter((line) => line.includes(PUBLISHED_LOG) && line.includes(`"pageId":${page.id},`))).toHaveLength(1);
  });
});
