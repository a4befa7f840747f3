/**
 * The CMS render worker (docs/decisions/023): a worker thread that renders the CMS's documents (`/cms`,
 * `/cms/*`, their `.data`), GET and POST, with its own services and database connection, so the tens of
 * milliseconds of React rendering a dashboard costs are not spent on the loop that serves public pages.
 * The main side is server/serving/cms-renderer.ts; it sends requests and writes the answers back.
 *
 * Its services start no background work (the main thread runs the scheduler, deliveries and sweeps); the
 * versions its writes make are told to the main thread and the main thread's to it, before their commit.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { parentPort, workerData } from "node:worker_threads";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild, type RouterContextProvider } from "react-router";
import { connectDatabase } from "../db/connect.ts";
import type { Env } from "../env.ts";
import { createLogger } from "../logger.ts";
import { createServices, type Services } from "../services.ts";
import type { RequestInfo } from "../../app/request-context.ts";
import type { RenderRequest, RenderAnswer, WorkerData, FromWorker, ToWorker } from "./cms-renderer.ts";

type EntryWithContext = { createLoadContext(services: Services, info: RequestInfo): RouterContextProvider };

const port = parentPort!;
const { env, serverBuildPath } = workerData as WorkerData;
const send = (message: FromWorker, transfer?: ArrayBuffer[]) => port.postMessage(message, transfer ?? []);

// Log lines go to the main thread's destination, as its own would (same level, same shape).
const logger = createLogger(env.LOG_LEVEL, { write: (line: string) => void send({ type: "log", line }) });
// An injected clock (tests) is the main thread's: each request carries its reading.
const requestTime = new AsyncLocalStorage<number | undefined>();
const clock = () => {
  const now = requestTime.getStore();
  return now === undefined ? new Date() : new Date(now);
};

const database = connectDatabase(env.DATABASE_URL as Env["DATABASE_URL"], (error) =>
  logger.warn({ err: error }, `lost a database connection: ${error.message}`),
);
const services = createServices({
  database,
  env,
  logger,
  clock,
  background: false,
  wakeWebhooks: () => send({ type: "wake-webhooks" }),
});
services.contentVersion.onBump((version) => send({ type: "content-version", version }));

const ready = (async () => {
  const build = (await import(pathToFileURL(serverBuildPath).href)) as ServerBuild;
  return { build, handle: createRequestHandler(build, "production") };
})();

async function render(message: RenderRequest): Promise<RenderAnswer> {
  const { build, handle } = await ready;
  const log = logger.child({ req: message.logBindings, thread: "cms-render-worker" });
  let sessionRead = false;
  const entry = build.entry.module as unknown as EntryWithContext;
  const context = entry.createLoadContext(services, {
    requestId: message.requestId,
    nonce: message.nonce,
    log,
    clientIp: message.clientIp,
    onSessionRead: () => void (sessionRead = true),
  });
  const request = new Request(message.url, {
    method: message.method,
    headers: message.headers,
    body: message.body ? (message.body as Uint8Array<ArrayBuffer>) : undefined,
  });
  const response = await requestTime.run(message.now, () => handle(request, context));
  const headers: [string, string][] = [];
  for (const [name, value] of response.headers) if (name !== "set-cookie") headers.push([name, value]);
  for (const cookie of response.headers.getSetCookie()) headers.push(["set-cookie", cookie]);
  const body = new Uint8Array(await response.arrayBuffer());
  return { type: "rendered", id: message.id, status: response.status, statusText: response.statusText, headers, body, sessionRead };
}

port.on("message", (message: ToWorker) => {
  if (message.type === "content-version") return services.contentVersion.expect(message.version);
  if (message.type === "stop") {
    void services
      .stopBackgroundWork()
      .then(() => database.close())
      .catch(() => {})
      .finally(() => process.exit(0));
    return;
  }
  if (message.type === "block") {
    // Tests: this thread busy for a while, as a heavy render would keep it.
    const until = performance.now() + message.ms;
    while (performance.now() < until);
    return;
  }
  render(message).then(
    (answer) => send(answer, [answer.body.buffer as ArrayBuffer]),
    (error: Error) => {
      logger.error({ err: error, req: message.logBindings }, "CMS render failed");
      send({ type: "failed", id: message.id, message: error.message, status: (error as { status?: number }).status });
    },
  );
});
