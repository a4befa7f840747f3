import { resolve } from "node:path";
import type { AddressInfo } from "node:net";
import { parseEnv, EnvError, type Env } from "./env.ts";
import { createLogger } from "./logger.ts";
import { connectDatabase, type DatabaseHandle } from "./db/connect.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { createServices } from "./services.ts";
import { createHttpApp } from "./http.ts";
import type { AppBuild } from "./serving/app-build.ts";
import { createBackgroundRunner } from "./jobs/index.ts";
import { warnAboutPlaceholders } from "./services/site-settings.ts";

/** Boot: env -> database + migrations -> services -> background jobs -> HTTP; then wait for SIGTERM/SIGINT. */
async function main() {
  let env: Env;
  try {
    env = parseEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(env.LOG_LEVEL);

  let database: DatabaseHandle;
  try {
    database = connectDatabase(env.DATABASE_URL, (error) =>
      logger.warn({ err: error }, `lost a database connection: ${error.message}`),
    );
    await database.ping();
    const applied = await migrateToLatest(database);
    if (applied.length > 0) logger.info({ migrations: applied }, "database migrated");
  } catch (error) {
    return stopAtStart(
      `Cannot use the database at ${redactUrl(env.DATABASE_URL)}: ${(error as Error).message}. Check DATABASE_URL (a writable file:<path>, or postgres://…).`,
      database!,
    );
  }

  const services = createServices({ database, env, logger });
  await services.auth.ensureAdmin();
  await warnAboutPlaceholders(services.siteSettings, env.SITE_URL, logger);
  // Every background job (scheduled posts, webhooks, e-mails, retention, analytics): docs/decisions/025.
  const jobs = createBackgroundRunner(services);
  jobs.start();
  const build = await loadBuild(env);
  const app = createHttpApp(services, build);
  // Express 5 calls this back with the error when listening fails (e.g. the port is taken).
  const server = app.listen(env.PORT, env.HOST ?? "0.0.0.0", (error?: Error) => {
    if (error) return void stopAtStart(listenFailure(error as NodeJS.ErrnoException, env.PORT), database);
    const { port } = server.address() as AddressInfo;
    logger.info({ port, database: database.kind }, `Zuri is listening on http://localhost:${port}`);
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: no new connections, finishing in-flight requests");
    const forced = setTimeout(() => {
      logger.warn("in-flight requests did not finish in time; closing their connections");
      server.closeAllConnections();
    }, env.SHUTDOWN_TIMEOUT_MS);
    forced.unref();
    // Connections that finish their last request after close() would otherwise idle until keep-alive ends.
    const closeIdle = setInterval(() => server.closeIdleConnections(), 100);
    await new Promise<void>((done) => server.close(() => done()));
    clearInterval(closeIdle);
    clearTimeout(forced);
    // The sweeps under way end (webhook attempts included), then what the services hold is written.
    await jobs.stop();
    await services.stopBackgroundWork();
    await closeDatabase(database);
    logger.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

/** A start-up failure a newcomer can act on: one line on stderr, no stack trace, exit 1. */
async function stopAtStart(message: string, database: DatabaseHandle | undefined): Promise<never> {
  console.error(message);
  if (database) await closeDatabase(database);
  process.exit(1);
}

function listenFailure(error: NodeJS.ErrnoException, port: number): string {
  if (error.code === "EADDRINUSE") return `Port ${port} is already in use: stop what is using it, or start Zuri on another port with PORT=<number>.`;
  if (error.code === "EACCES") return `Port ${port} needs more privileges than this process has: start Zuri on another port with PORT=<number> (e.g. 3000).`;
  return `Cannot listen on port ${port}: ${error.message}`;
}

async function closeDatabase(database: DatabaseHandle) {
  await database.close().catch(() => {});
}

async function loadBuild(env: Env): Promise<AppBuild> {
  const buildDir = resolve(env.BUILD_DIR);
  const clientDir = resolve(buildDir, "client");
  if (env.NODE_ENV === "development") {
    const vite = await import("vite");
    const devServer = await vite.createServer({ server: { middlewareMode: true } });
    return {
      load: () => devServer.ssrLoadModule("virtual:react-router/server-build") as never,
      devMiddleware: devServer.middlewares as never,
      clientDir,
    };
  }
  const serverBuild = await import(resolve(buildDir, "server/index.js"));
  return { load: async () => serverBuild, devMiddleware: null, clientDir };
}

function redactUrl(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@");
}

await main();
