import { randomUUID } from "node:crypto";
import { IncomingMessage, type ServerResponse } from "node:http";
import { pino, type DestinationStream } from "pino";
import type { Logger } from "./logger.ts";
import { redactedUrl } from "./security/secrets-in-urls.ts";

declare module "node:http" {
  interface IncomingMessage {
    /** This request's id, also sent as X-Request-Id and written on its log lines. */
    id: string;
    /** A logger whose lines carry this request (id, method, address): made on first use. */
    log: Logger;
    /** HEAD answered as GET (server/http.ts). */
    headRequest?: boolean;
  }
}

/** Page views (docs/decisions/070) and probes: one request per page a consenting visitor sees, or per check: not logged. */
const NOT_LOGGED = new Set(["/healthz", "/readyz", "/api/events"]);

const REQUEST_LOGGER = Symbol("request logger");
const OWN_LOGGER = Symbol("own logger");
type Logged = IncomingMessage & { originalUrl?: string; [REQUEST_LOGGER]?: Logger; [OWN_LOGGER]?: Logger };

const describe = (req: Logged) => ({
  id: req.id,
  method: req.headRequest ? "HEAD" : req.method,
  // What was asked: Express's routers shorten `url` while they handle it.
  url: redactedUrl(req.originalUrl ?? req.url ?? ""),
});

// `req.log`, made on first use: one getter for every request instead of a logger (or a property) each.
Object.defineProperty(IncomingMessage.prototype, "log", {
  configurable: true,
  get(this: Logged): Logger {
    const logger = this[REQUEST_LOGGER];
    if (!logger) throw new Error("req.log is only there for requests the request log has started");
    return (this[OWN_LOGGER] ??= logger.child({ req: describe(this) }));
  },
});

/**
 * The access log and each request's id (docs/decisions/021). A request costs an id and nothing else
 * unless a line is written: the line of a finished request is only prepared when `info` is on, and a
 * request's own logger only when something asks for `req.log`.
 *
 * Lines are pino-http's: `request completed` (info; `error` with a 5xx), `request aborted` when the
 * client went away first, each with `req` (id, method, address with secrets redacted: decisions 065,
 * 072), `res.statusCode` and `responseTime` in ms.
 */
export function createRequestLog(logger: Logger) {
  const accessLines = createAccessLines(logger);

  function finished(req: Logged, res: ServerResponse, started: number) {
    const status = res.statusCode;
    const msg = !res.writableFinished ? "request aborted" : status >= 500 ? "request errored" : "request completed";
    accessLines.write(req, status, performance.now() - started, msg);
  }

  return {
    /**
     * Gives the request its id and its logger, and logs it when it ends if `info` is on. The id is sent
     * as X-Request-Id unless `sendsId` says the caller puts it in the headers it writes itself.
     */
    start(req: Logged, res: ServerResponse, sendsId = false): string {
      const id = randomUUID();
      req.id = id;
      req[REQUEST_LOGGER] = logger;
      if (!sendsId) res.setHeader("X-Request-Id", id);
      if (logger.isLevelEnabled("info") && !NOT_LOGGED.has(req.url ?? "")) {
        const started = performance.now();
        res.once("close", () => finished(req, res, started));
      }
      return id;
    },
  };
}

/**
 * The access lines, written as pino writes a line (`level`, `time`, the fields, `msg`) but composed here:
 * a line a request is the one log call on the cache-hit path, and pino's general machinery (redaction of
 * headers this line never has, serializers) cost as much as the answer itself (docs/decisions/021).
 */
function createAccessLines(logger: Logger) {
  const destination = (logger as unknown as Record<symbol, DestinationStream>)[pino.symbols.streamSym]!;
  let lastMs = 0;
  let lastTime = "";
  return {
    write(req: Logged, status: number, ms: number, msg: string) {
      const level = status >= 500 && msg !== "request aborted" ? 50 : 30;
      const now = Date.now();
      if (now !== lastMs) {
        lastMs = now;
        lastTime = new Date(now).toISOString();
      }
      const method = req.headRequest ? "HEAD" : req.method;
      const url = JSON.stringify(redactedUrl(req.originalUrl ?? req.url ?? ""));
      destination.write(
        `{"level":${level},"time":"${lastTime}","req":{"id":"${req.id}","method":"${method}","url":${url}},` +
        `"res":{"statusCode":${status}},"responseTime":${Math.round(ms)},"msg":"${msg}"}\n`,
      );
    },
  };
}
