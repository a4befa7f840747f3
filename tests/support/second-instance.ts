import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { resolve } from "node:path";
import { connectDatabase } from "../../server/db/connect.ts";
import { parseEnv } from "../../server/env.ts";
import { createHttpApp } from "../../server/http.ts";
import { createLogger } from "../../server/logger.ts";
import { createServices, type Services } from "../../server/services.ts";
import { createBackgroundRunner, type JobName } from "../../server/jobs/index.ts";
import type { JobRunner } from "../../server/jobs/runner.ts";
import type { TestApp } from "./test-app.ts";

/**
 * Another instance of the app on the same database as `app` (its own process state, its own
 * connection pool), as a second server behind a load balancer would be.
 */
export async function startSecondInstance(
  app: TestApp,
  { contentPollMs, jobs: run }: { contentPollMs?: number; /** Background jobs to run, as test-app's option. */ jobs?: true | readonly JobName[] } = {},
): Promise<{ baseUrl: string; services: Services; queries: string[]; jobs: JobRunner; close(): Promise<void> }> {
  const env = parseEnv({ NODE_ENV: "production", LOG_LEVEL: "silent", DATABASE_URL: app.database.url, SITE_URL: app.services.env.SITE_URL });
  const queries: string[] = [];
  const handle = connectDatabase(env.DATABASE_URL, undefined, (sql) => void queries.push(sql));
  const services = createServices({ database: handle, env, logger: createLogger("silent"), clock: app.clock, contentPollMs });
  const jobs = createBackgroundRunner(services, { only: run === true ? undefined : run });
  if (run) jobs.start();
  const buildDir = resolve(process.env.BUILD_DIR ?? "build");
  const server: Server = createHttpApp(services, {
    load: () => import(/* @vite-ignore */ resolve(buildDir, "server/index.js")),
    devMiddleware: null,
    clientDir: resolve(buildDir, "client"),
  }).listen(0, "127.0.0.1");
  await new Promise((done) => server.once("listening", done));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    services,
    queries,
    jobs,
    async close() {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
      await jobs.stop();
      await services.stopBackgroundWork();
      await handle.close();
    },
  };
}

/**
 * Resolves once `services` knows the content version the database holds now: another instance's write
 * reaches it by NOTIFY on PostgreSQL within milliseconds, by the one-second poll on SQLite (docs/decisions/021).
 */
export async function heardOfWrites(services: Services, limitMs = 3000): Promise<void> {
  const row = await services.database.db.selectFrom("content_versions").select("version").where("name", "=", "blog").executeTakeFirstOrThrow();
  const started = Date.now();
  while ((services.contentVersion.known()?.version ?? 0) < Number(row.version)) {
    if (Date.now() - started > limitMs) throw new Error(`version ${row.version} not heard of within ${limitMs} ms`);
    // An instance that knows nothing (its listener down) reads at the next request: ask it.
    if (services.contentVersion.known() === undefined) await services.contentVersion.current();
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
