import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
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
  const describe = (req: IncomingMessage & { originalUrl?: string }) => ({
    id: req.id,
    method: req.headRequest ? "HEAD" : req.method,
    // What was asked: Express's routers shorten `url` while they handle it.
    url: redactedUrl(req.originalUrl ?? req.url ?? ""),
  });

  function finished(req: IncomingMessage, res: ServerResponse, started: number) {
    const status = res.statusCode;
    const line = { req: describe(req), res: { statusCode: status }, responseTime: Math.round(performance.now() - started) };
    if (!res.writableFinished) logger.info(line, "request aborted");
    else if (status >= 500) logger.error(line, "request errored");
    else logger.info(line, "request completed");
  }

  return {
    /** Gives the request its id and lazy logger, and logs it when it ends if `info` is on. */
    start(req: IncomingMessage, res: ServerResponse): void {
      const id = randomUUID();
      req.id = id;
      res.setHeader("X-Request-Id", id);
      let own: Logger | undefined;
      Object.defineProperty(req, "log", {
        configurable: true,
        get: () => (own ??= logger.child({ req: describe(req) })),
      });
      if (!logger.isLevelEnabled("info") || NOT_LOGGED.has(req.url ?? "")) return;
      const started = performance.now();
      res.once("close", () => finished(req, res, started));
    },
  };
}

export type RequestLog = ReturnType<typeof createRequestLog>;
