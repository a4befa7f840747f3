import { resolve } from "node:path";
import type { AddressInfo } from "node:net";
import { parseEnv, EnvError, type Env } from "./env.ts";
import { createLogger } from "./logger.ts";
import { connectDatabase, type DatabaseHandle } from "./db/connect.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { createServices } from "./services.ts";
import { createHttpApp, type AppBuild } from "./http.ts";
import { deleteExpiredRateLimits } from "./security/rate-limit.ts";

/** Boot: env -> database + migrations -> services -> HTTP; then wait for SIGTERM/SIGINT. */
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

  const database = connectDatabase(env.DATABASE_URL, (error) =>
    logger.warn({ err: error }, `lost a database connection: ${error.message}`),
  );
  try {
    await database.ping();
    const applied = await migrateToLatest(database);
    if (applied.length > 0) logger.info({ migrations: applied }, "database migrated");
  } catch (error) {
    logger.fatal(
      { err: error, database: redactUrl(env.DATABASE_URL) },
      `cannot use the database at ${redactUrl(env.DATABASE_URL)}: ${(error as Error).message}`,
    );
    await database.close().catch(() => {});
    process.exit(1);
  }

  const services = createServices({ database, env, logger });
  await services.auth.ensureAdmin();
  const sweepRateLimits = setInterval(() => {
    deleteExpiredRateLimits(database, services.clock()).catch((error) =>
      logger.warn({ err: error }, "could not sweep expired rate limits"),
    );
  }, 10 * 60_000);
  sweepRateLimits.unref();
  const build = await loadBuild(env);
  const app = createHttpApp(services, build);
  const server = app.listen(env.PORT, env.HOST ?? "0.0.0.0", () => {
    const { port } = server.address() as AddressInfo;
    logger.info({ port, database: database.kind }, `Zuri is listening on http://localhost:${port}`);
  });
  server.on("error", (error) => {
    logger.fatal({ err: error }, `cannot listen on port ${env.PORT}: ${error.message}`);
    process.exit(1);
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    clearInterval(sweepRateLimits);
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
    await services.demoNotifier.stop();
    await closeDatabase(database);
    logger.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

async function closeDatabase(database: DatabaseHandle) {
  await database.close().catch(() => {});
}

async function loadBuild(env: Env): Promise<AppBuild> {
  const buildDir = resolve(process.env.BUILD_DIR ?? "build");
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
