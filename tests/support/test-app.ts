import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import type { Server } from "node:http";
import { connectDatabase } from "../../server/db/connect.ts";
import { migrateToLatest } from "../../server/db/migrate.ts";
import { parseEnv } from "../../server/env.ts";
import { createHttpApp } from "../../server/http.ts";
import type { AppBuild } from "../../server/serving/app-build.ts";
import { createLogger } from "../../server/logger.ts";
import { createServices, type Services } from "../../server/services.ts";
import { createBackgroundRunner, type JobIntervals, type JobName } from "../../server/jobs/index.ts";
import type { JobRunner } from "../../server/jobs/runner.ts";
import { createTestDatabase, type DatabaseKind, type TestDatabase } from "./databases.ts";

export interface TestApp {
  baseUrl: string;
  services: Services;
  /** The Express app the server runs (createHttpApp), e.g. to list its routes. */
  http: ReturnType<typeof createHttpApp>;
  database: TestDatabase;
  /** Moves the injectable clock used by the services. */
  clock: TestClock;
  /** Every log line the app wrote, parsed. */
  logLines: Record<string, unknown>[];
  /** The SQL of every query the app ran, in order (a test may empty it). */
  queries: string[];
  /**
   * The background runner of this instance (docs/decisions/025): started only with the `jobs` option
   * (tests sweep themselves otherwise); `jobs.settled(name)` waits for what a wake started (tests/support/jobs.ts).
   */
  jobs: JobRunner;
  close(): Promise<void>;
}

export interface TestClock {
  (): Date;
  set(date: Date): void;
  advance(ms: number): void;
}

export function createTestClock(start = new Date()): TestClock {
  let now = start.getTime();
  const clock = (() => new Date(now)) as TestClock;
  clock.set = (date) => void (now = date.getTime());
  clock.advance = (ms) => void (now += ms);
  return clock;
}

/**
 * The real HTTP app (production build, real database) in this process on a random port.
 * Requires `npm run build` first; `npm test` does that.
 */
export async function startTestApp(
  kind: DatabaseKind,
  options: {
    env?: Record<string, string>;
    clock?: TestClock;
    /** The address the app connects with, given the test database's (e.g. through tests/support/tcp-proxy.ts). */
    connectVia?: (databaseUrl: string) => Promise<string>;
    /** How often the content version is polled (server/services/content-version.ts). */
    contentPollMs?: number;
    /**
     * Background jobs to run, as server/main.ts runs them (true: every one). Without it none runs: the
     * test calls the services' sweeps, or starts `app.jobs` itself.
     */
    jobs?: true | readonly JobName[];
    /** Shorter job intervals (server/jobs/index.ts). */
    jobIntervals?: JobIntervals;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(kind);
  const databaseUrl = options.connectVia ? await options.connectVia(database.url) : database.url;
  const env = parseEnv({ NODE_ENV: "production", LOG_LEVEL: "info", DATABASE_URL: databaseUrl, ...options.env });
  const queries: string[] = [];
  const handle = connectDatabase(env.DATABASE_URL, undefined, (sql) => void queries.push(sql));
  await migrateToLatest(handle);
  const clock = options.clock ?? createTestClock();
  const logLines: Record<string, unknown>[] = [];
  const logger = createLogger(env.LOG_LEVEL, { write: (line: string) => void logLines.push(JSON.parse(line)) });
  const services = createServices({ database: handle, env, logger, clock, contentPollMs: options.contentPollMs });
  const buildDir = resolve(process.env.BUILD_DIR ?? "build");
  const build: AppBuild = {
    load: () => import(/* @vite-ignore */ resolve(buildDir, "server/index.js")),
    devMiddleware: null,
    clientDir: resolve(buildDir, "client"),
  };
  const jobs = createBackgroundRunner(services, { only: options.jobs === true ? undefined : options.jobs, intervals: options.jobIntervals });
  if (options.jobs) jobs.start();
  const http = createHttpApp(services, build);
  const server: Server = http.listen(0, "127.0.0.1");
  await new Promise((done) => server.once("listening", done));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    services,
    http,
    database,
    clock,
    logLines,
    queries,
    jobs,
    async close() {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
      await jobs.stop();
      await services.stopBackgroundWork();
      await handle.close();
      await database.drop();
    },
  };
}
