import { Worker } from "node:worker_threads";
import pino from "pino";
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";
import type { Env } from "../env.ts";
import { systemClock, type Services } from "../services.ts";
import { renderErrorPage } from "../error-page.ts";

/** What the worker is given at start. */
export interface WorkerData {
  env: Env;
  /** The server build's file, as the main thread imports it (`${BUILD_DIR}/server/index.js`). */
  serverBuildPath: string;
}

export interface RenderRequest {
  type: "render";
  id: number;
  method: string;
  url: string;
  headers: [string, string][];
  body: Uint8Array | null;
  requestId: string;
  nonce: string;
  clientIp: string | undefined;
  /** The main thread's injected clock (tests), read at the request; undefined: the worker's own time. */
  now: number | undefined;
  /** The request log's `req` of the request, for the worker's log lines. */
  logBindings: Record<string, unknown>;
}

export interface RenderAnswer {
  type: "rendered";
  id: number;
  status: number;
  statusText: string;
  /** In order; each Set-Cookie apart. */
  headers: [string, string][];
  body: Uint8Array;
  sessionRead: boolean;
}

export type ToWorker = RenderRequest | { type: "content-version"; version: number } | { type: "stop" } | { type: "block"; ms: number };
export type FromWorker =
  | RenderAnswer
  | { type: "failed"; id: number; message: string; status?: number }
  | { type: "content-version"; version: number }
  | { type: "wake-webhooks" }
  | { type: "log"; line: string };

/**
 * Largest request body passed on to the worker. CMS page actions read at most 16 KB of form
 * (app/lib/cms-form.server.ts) and refuse more themselves (413); this bound only keeps a body far past
 * that from being read into memory here. Images are uploaded through /api, not page actions.
 */
export const CMS_BODY_LIMIT = 64 * 1024;
/** A worker that exits sooner than this after starting is restarted after this long (not in a loop). */
const RESTART_PAUSE_MS = 1000;
const STOP_GRACE_MS = 5000;

type Pending = { resolve: (answer: RenderAnswer) => void; reject: (error: Error) => void };

/**
 * The main thread's side of the CMS render worker (server/serving/cms-render-worker.ts, docs/decisions/023):
 * one worker, started with the app, restarted when it exits unexpectedly (what it was rendering is answered
 * 503 with Retry-After), stopped with the services' background work.
 */
export function createCmsRenderer({ services, serverBuildPath }: { services: Services; serverBuildPath: string }) {
  const log = services.logger.child({ component: "cms-render-worker" });
  const destination = (services.logger as unknown as Record<symbol, { write(line: string): void }>)[pino.symbols.streamSym];
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let worker: Worker;
  let startedAt = 0;
  let stopping: Promise<void> | null = null;
  let restarts = 0;
  /** False from the worker's exit until its replacement starts: requests are answered 503 meanwhile. */
  let alive = false;

  function start() {
    startedAt = Date.now();
    alive = true;
    const data: WorkerData = { env: services.env, serverBuildPath };
    const started = new Worker(new URL("./cms-render-worker.ts", import.meta.url), { workerData: data });
    worker = started;
    // The worker never keeps the process alive on its own: the HTTP server does.
    started.unref();
    started.on("message", (message: FromWorker) => {
      switch (message.type) {
        case "rendered":
          pending.get(message.id)?.resolve(message);
          pending.delete(message.id);
          return;
        case "failed": {
          const error = Object.assign(new Error(message.message), message.status ? { status: message.status } : {});
          pending.get(message.id)?.reject(error);
          pending.delete(message.id);
          return;
        }
        case "content-version":
          // The worker's write is making this version: as if this thread had bumped it (no NOTIFY on SQLite).
          services.contentVersion.expect(message.version);
          return;
        case "wake-webhooks":
          services.webhookDeliveries.kick();
          return;
        case "log":
          destination?.write(message.line);
          return;
      }
    });
    started.on("error", (error) => log.error({ err: error }, "the CMS render worker failed"));
    started.on("exit", (code) => {
      if (worker !== started) return;
      alive = false;
      for (const [id, request] of pending) {
        request.reject(Object.assign(new Error("the CMS render worker stopped"), { workerExited: true }));
        pending.delete(id);
      }
      if (stopping) return;
      restarts++;
      log.error({ code }, "the CMS render worker exited; starting another");
      const pause = Date.now() - startedAt < RESTART_PAUSE_MS ? RESTART_PAUSE_MS : 0;
      setTimeout(() => {
        if (!stopping) start();
      }, pause).unref();
    });
  }
  start();
  // Versions this thread's writes make (the API, the scheduler) reach the worker's services before its next request.
  services.contentVersion.onBump((version) => {
    if (!stopping) worker.postMessage({ type: "content-version", version } satisfies ToWorker);
  });
  services.onStop(() => stop());

  function stop(): Promise<void> {
    stopping ??= new Promise<void>((done) => {
      const stopped = worker;
      const forced = setTimeout(() => void stopped.terminate(), STOP_GRACE_MS);
      stopped.once("exit", () => {
        clearTimeout(forced);
        done();
      });
      stopped.postMessage({ type: "stop" } satisfies ToWorker);
    });
    return stopping;
  }

  function render(request: Omit<RenderRequest, "type" | "id">): Promise<RenderAnswer> {
    if (stopping || !alive) return Promise.reject(Object.assign(new Error("the CMS render worker is not running"), { workerExited: true }));
    const id = nextId++;
    return new Promise<RenderAnswer>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      const message: RenderRequest = { type: "render", id, ...request };
      worker.postMessage(message, message.body ? [message.body.buffer as ArrayBuffer] : []);
    });
  }

  /** The Express handler: the request's bytes to the worker, its answer's bytes back (after helmet, compression). */
  async function handle(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
    try {
      let body: Uint8Array | null = null;
      if (req.method !== "GET" && req.method !== "HEAD") {
        const declared = req.get("content-length");
        body = declared !== undefined && !(Number(declared) <= CMS_BODY_LIMIT) ? null : await readBody(req, CMS_BODY_LIMIT);
        if (body === null) {
          res.set("Connection", "close");
          return void res.status(413).type("html").send(renderErrorPage(413));
        }
      }
      const headers: [string, string][] = [];
      for (let i = 0; i < req.rawHeaders.length; i += 2) headers.push([req.rawHeaders[i]!, req.rawHeaders[i + 1]!]);
      const answer = await render({
        method: req.method,
        url: requestUrl(req),
        headers,
        body,
        requestId: String(req.id),
        nonce: res.locals.cspNonce as string,
        clientIp: req.ip,
        now: services.clock === systemClock ? undefined : services.clock().getTime(),
        logBindings: { id: req.id, method: req.headRequest ? "HEAD" : req.method, url: req.originalUrl },
      });
      if (res.destroyed || res.writableEnded) return;
      if (answer.sessionRead) res.locals.sessionRead = true;
      res.statusMessage = answer.statusText;
      res.status(answer.status);
      for (const [name, value] of answer.headers) res.append(name, value);
      res.end(Buffer.from(answer.body.buffer, answer.body.byteOffset, answer.body.byteLength));
    } catch (error) {
      if ((error as { workerExited?: boolean }).workerExited) {
        if (res.headersSent) return void res.destroy();
        res.set("Retry-After", "5").set("Cache-Control", "no-store");
        return void res.status(503).type("html").send(renderErrorPage(503));
      }
      next(error);
    }
  }

  return {
    handle,
    stop,
    /** How many times the worker was replaced (tests). */
    get restarts() {
      return restarts;
    },
    /** The worker's thread id (tests: a replaced worker has another). */
    get threadId() {
      return worker.threadId;
    },
    /** Ends the worker as a crash would, whatever it is doing (tests). */
    crash() {
      void worker.terminate();
    },
    /** Keeps the worker's thread busy for `ms`, as a heavy render would (tests). */
    block(ms: number) {
      worker.postMessage({ type: "block", ms } satisfies ToWorker);
    },
  };
}

export type CmsRenderer = ReturnType<typeof createCmsRenderer>;

/** The request's URL as @react-router/express builds it (X-Forwarded-Host when proxies are trusted). */
function requestUrl(req: ExpressRequest): string {
  const [, forwardedPort] = req.app.enabled("trust proxy") ? (req.get("X-Forwarded-Host")?.split(":") ?? []) : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const forwarded = Number.parseInt(forwardedPort ?? "", 10);
  const direct = Number.parseInt(hostPort ?? "", 10);
  const port = Number.isSafeInteger(forwarded) ? forwarded : Number.isSafeInteger(direct) ? direct : "";
  const host = `${req.hostname.split(/[\\/?#@]/)[0] || "localhost"}${port ? `:${port}` : ""}`;
  return new URL(`${req.protocol}://${host}${req.originalUrl}`).href;
}

/** The whole body, or null past `limit` bytes. */
function readBody(req: ExpressRequest, limit: number): Promise<Uint8Array | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on("data", (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > limit) {
        over = true;
        chunks.length = 0;
        return resolve(null);
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (over) return;
      const whole = Buffer.concat(chunks, size);
      // A copy the worker can own (a pooled Buffer's memory is shared).
      resolve(new Uint8Array(whole.buffer.slice(whole.byteOffset, whole.byteOffset + whole.byteLength)));
    });
    req.on("error", reject);
  });
}
