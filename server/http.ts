import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { extname, resolve } from "node:path";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import helmet from "helmet";
import { createRequestHandler } from "@react-router/express";
import type { RouterContextProvider, ServerBuild } from "react-router";
import type { Services } from "./services.ts";
import type { RequestInfo } from "../app/request-context.ts";
import { createApiRouter, earlyApiRoutes } from "./api/router.ts";
import { createMediaFileRouter } from "./api/media.ts";
import { renderErrorPage } from "./error-page.ts";
import type { AppBuild } from "./serving/app-build.ts";
import { createPageCache } from "./serving/page-cache.ts";
import { createPageRequests } from "./serving/page-requests.ts";
import { createAssetHandler } from "./serving/hashed-assets.ts";
import { rejectCrossOriginWrites } from "./security/csrf.ts";
import { sessionDeviceOf } from "./security/client-place.ts";
import { refuseOddRequests } from "./security/request-line.ts";
import { createRequestLog } from "./request-log.ts";
import { createEarlyAnswers } from "./serving/early-answers.ts";
import { PAGE_PREVIEW_PATH } from "../shared/landing-pages.ts";
import { EMBED_FRAME_HOSTS } from "../shared/embed.ts";

/**
 * Powerful browser features no page of ours uses are off for every page and any frame in it; passkeys
 * (docs/decisions/075) are this origin's alone.
 */
const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "browsing-topics=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "usb=()",
  "publickey-credentials-create=(self)",
  "publickey-credentials-get=(self)",
].join(", ");

/** The CMS's pages, in any letter case (React Router matches them so). */
const isCmsPath = (path: string) => /^\/cms(\/|$)/i.test(path);
/** The one page another page of this site may frame: the landing page editor's preview (docs/decisions/038). */
const isFramedPreview = (path: string) => path === PAGE_PREVIEW_PATH;

type EntryWithContext = { createLoadContext(services: Services, info: RequestInfo): RouterContextProvider };

export function createHttpApp(services: Services, build: AppBuild) {
  const { env, logger } = services;
  const https = env.SITE_URL.startsWith("https:");
  const app = express();
  app.locals.services = services; // read by the API guards (server/api/guards.ts)
  const requestLog = createRequestLog(logger);
  // Shared answers kept whole, answered before Express once they have gone through it (docs/decisions/021).
  const early = createEarlyAnswers({
    knownVersion: () => services.contentVersion.known()?.version,
    startRequest: requestLog.start,
  });
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    if (!early.answer(req, res)) app(req, res);
  };
  // Like Express 5's own listen (a callback hears a listen error), with the early answers in front.
  app.listen = ((...args: unknown[]) => {
    const server = createServer(handle);
    const done = args.at(-1);
    if (typeof done === "function") server.once("error", done as (error: Error) => void);
    return server.listen(...(args as Parameters<typeof server.listen>));
  }) as typeof app.listen;
  app.disable("x-powered-by");
  // Validators are set where they mean something (server/serving/conditional-get.ts), never hashed from any body.
  app.set("etag", false);
  app.set("trust proxy", env.trustProxy);

  app.use((req, res, next) => {
    requestLog.start(req, res);
    next();
  });

  app.use(refuseOddRequests);
  // Page views (docs/decisions/070): answered before the page machinery, behind the cross-origin check.
  for (const route of earlyApiRoutes(services, early)) app[route.method](route.path, rejectCrossOriginWrites(env.SITE_URL), ...route.handlers);
  // HEAD is answered as GET is, headers and all; Node leaves the body out (RFC 9110 §9.3.2).
  app.use((req, _res, next) => {
    if (req.method === "HEAD") Object.assign(req, { method: "GET", headRequest: true });
    next();
  });

  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  app.get("/readyz", async (req, res) => {
    res.set("Cache-Control", "no-store");
    try {
      await services.database.ping();
      res.json({ status: "ok", database: services.database.kind });
    } catch (error) {
      req.log.warn({ err: error }, "readiness check failed: database unreachable");
      res.status(503).json({ status: "unavailable", database: services.database.kind });
    }
  });

  const pageRequests = createPageRequests(build);
  app.use(pageRequests.redirectToCanonical);
  const pageCache = createPageCache(services, build, early);
  app.use(pageCache.serveStored);

  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  });
  app.use(
    helmet({
      // Vite's dev server injects inline scripts and a websocket; the policy applies to real builds.
      contentSecurityPolicy: build.devMiddleware
        ? false
        : {
            useDefaults: false,
            directives: {
              defaultSrc: ["'self'"],
              scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
              // Public pages are documents without a style attribute or element of their own; the CMS is
              // the React app, whose dialogs and editor set inline styles (docs/decisions/003, 019).
              styleSrc: ["'self'", (req) => (isCmsPath((req as express.Request).path) ? "'unsafe-inline'" : "")],
              imgSrc: ["'self'", "data:", "https:"],
              fontSrc: ["'self'"],
              connectSrc: ["'self'"],
              objectSrc: ["'none'"],
              // Embed cards' players, loaded only when a reader clicks one (docs/decisions/076-post-cards.md).
              frameSrc: ["'self'", ...EMBED_FRAME_HOSTS],
              baseUri: ["'self'"],
              formAction: ["'self'"],
              // The landing page editor shows its preview in frames of its own (docs/decisions/038); nothing else is framed.
              frameAncestors: [(req) => (isFramedPreview((req as express.Request).path) ? "'self'" : "'none'")],
              ...(https ? { upgradeInsecureRequests: [] } : {}),
            },
          },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      crossOriginEmbedderPolicy: false,
      xFrameOptions: { action: "deny" },
    }),
  );
  app.use((req, res, next) => {
    res.set("Permissions-Policy", PERMISSIONS_POLICY);
    if (isFramedPreview(req.path)) res.set("X-Frame-Options", "SAMEORIGIN");
    next();
  });
  app.use(compression());

  if (build.devMiddleware) {
    app.use(build.devMiddleware);
  } else {
    // Hashed build output never changes under the same name.
    app.use("/assets", createAssetHandler(resolve(build.clientDir, "assets"), early));
    // The few unhashed files (icons, manifest): only paths with an extension can be one.
    const publicFiles = express.static(build.clientDir, { maxAge: "1h", redirect: false, index: false });
    app.use((req, res, next) => (extname(req.path) ? publicFiles(req, res, next) : next()));
  }

  app.use(rejectCrossOriginWrites(env.SITE_URL));
  app.use("/api", createApiRouter(services, early));
  // Uploaded images (decision 060): before the pages, served from the database with immutable caching.
  app.use("/media", createMediaFileRouter(services));

  app.use(pageRequests.answerPageMethods);
  // Public pages, the blog, its feed and the sitemap: validators, 304s and the render cache.
  app.use(pageCache.renderAndStore);
  // One handler per build: given the build itself, React Router derives its routes and static handler
  // once; given the loading function, it did so on every request (~0.5–1 ms of the serving thread a page,
  // decision 023). A new build (Vite's, after an edit) gets a handler of its own.
  const documentHandlers = new WeakMap<ServerBuild, RequestHandler>();
  const documentHandlerFor = (serverBuild: ServerBuild): RequestHandler => {
    let handler = documentHandlers.get(serverBuild);
    if (!handler) {
      handler = createRequestHandler({
        build: serverBuild,
        mode: build.devMiddleware ? "development" : "production",
        getLoadContext: (req, res) => {
          const entry = serverBuild.entry.module as unknown as EntryWithContext;
          return entry.createLoadContext(services, {
            requestId: String(req.id),
            nonce: res.locals.cspNonce as string,
            log: req.log,
            clientIp: req.ip,
            device: sessionDeviceOf(req),
            onSessionRead: () => void (res.locals.sessionRead = true),
          });
        },
      });
      documentHandlers.set(serverBuild, handler);
    }
    return handler;
  };
  app.all("/{*path}", (req, res, next) => {
    build.load().then((serverBuild) => documentHandlerFor(serverBuild)(req, res, next), next);
  });

  app.use(errorHandler);
  return app;
}

/** Last resort: log with the request id, answer without a stack trace or internal detail. */
const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  const status = Number((error as { status?: number }).status ?? 500);
  const expected = status >= 400 && status < 500;
  if (res.headersSent) return res.destroy();
  if (expected) return sendError(req, res, status, (error as Error).message);
  req.log.error({ err: error }, "unhandled error");
  // While the database is unreachable, a server error is an outage: 503, so clients retry.
  const services = req.app.locals.services as Services;
  services.database.ping().then(
    () => sendError(req, res, 500, "Internal server error"),
    () => sendError(req, res, 503, "Service temporarily unavailable"),
  );
};

function sendError(req: express.Request, res: express.Response, code: number, message: string) {
  if (code === 503) res.set("Retry-After", "30");
  if (req.path.startsWith("/api/") || req.accepts(["html", "json"]) === "json") {
    res.status(code).json({ message });
  } else {
    res.status(code).type("html").send(renderErrorPage(code));
  }
}
