import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { resolve } from "node:path";
import { connectDatabase } from "../../server/db/connect.ts";
import { parseEnv } from "../../server/env.ts";
import { createHttpApp } from "../../server/http.ts";
import { createLogger } from "../../server/logger.ts";
import { createServices } from "../../server/services.ts";
import type { TestApp } from "./test-app.ts";

/**
 * Another instance of the app on the same database as `app` (its own process state, its own
 * connection pool), as a second server behind a load balancer would be.
 */
export async function startSecondInstance(app: TestApp): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const env = parseEnv({ NODE_ENV: "production", LOG_LEVEL: "silent", DATABASE_URL: app.database.url, SITE_URL: app.services.env.SITE_URL });
  const handle = connectDatabase(env.DATABASE_URL);
  const services = createServices({ database: handle, env, logger: createLogger("silent"), clock: app.clock });
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
    async close() {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
      await services.stopBackgroundWork();
      await handle.close();
    },
  };
}
