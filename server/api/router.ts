import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import type { Services } from "../services.ts";
import type { EarlyAnswers } from "../serving/early-answers.ts";
import { requireStaff } from "./guards.ts";
import { mountOperations, operationHandlers } from "./mount.ts";
import { apiOperations } from "./operations/index.ts";

const noStore: RequestHandler = (_req, res, next) => {
  res.set("Cache-Control", "no-store");
  next();
};

/**
 * The JSON API of docs/product.md §7: every operation of server/api/operations/, mounted by the one adapter
 * (server/api/mount.ts, docs/decisions/024-operations-declared-once.md).
 */
export function createApiRouter(services: Services, early: EarlyAnswers) {
  const router = express.Router();
  router.use(noStore);
  mountOperations(router, apiOperations, services, early);
  // An /api/cms address no operation answers is still the CMS's: judged as one before its 404 (decision 031).
  router.use("/cms", requireStaff);
  router.use((_req, res) => {
    res.status(404).json({ message: "Not found" });
  });
  router.use(apiErrorHandler);
  return router;
}

/**
 * The operations server/http.ts mounts ahead of the page machinery (the analytics beacon,
 * docs/decisions/070), each as `[path, ...handlers]`, answered by the same adapter.
 */
export function earlyApiRoutes(services: Services, early: EarlyAnswers): { method: "post"; path: string; handlers: RequestHandler[] }[] {
  return apiOperations
    .filter((operation) => operation.mountedEarly)
    .map((operation) => ({
      method: operation.method as "post",
      path: operation.path,
      handlers: [noStore, ...operationHandlers(operation, services, early), apiErrorHandler as unknown as RequestHandler],
    }));
}

/** Body-reader failures are the client's: 400, 413 or 415 with a plain message, never a stack trace. */
const apiErrorHandler: ErrorRequestHandler = (error, _req, res, next) => {
  const status = Number((error as { status?: number }).status);
  if (status === 413) return res.status(413).json({ message: "Request body too large" });
  if (status === 415) return res.status(415).json({ message: "Unsupported content type" });
  if (status === 400 || (error as { type?: string }).type === "entity.parse.failed") {
    return res.status(400).json({ message: "Request body is not valid JSON" });
  }
  next(error);
};
