import express, { type ErrorRequestHandler } from "express";
import type { Services } from "../services.ts";
import { createBlogApi } from "./blog.ts";
import { createCmsPostsApi } from "./cms-posts.ts";
import { createCmsWorkingCopiesApi } from "./cms-working-copies.ts";
import { createCmsRevisionsApi } from "./cms-revisions.ts";
import { createMediaApi } from "./media.ts";
import { createBookDemoApi } from "./book-demo.ts";
import { createAuthApi } from "./auth.ts";
import { createCmsUsersApi } from "./cms-users.ts";
import { createCmsProfileApi } from "./cms-profile.ts";
import { createCmsReviewLinksApi } from "./cms-review-links.ts";
import { createCmsWebhooksApi } from "./cms-webhooks.ts";
import { createCmsDemoRequestsApi } from "./cms-demo-requests.ts";
import { createSecondFactorApi } from "./second-factor.ts";
import { requireAdmin } from "./guards.ts";
import { openApiDocument } from "./openapi/document.ts";
import type { EarlyAnswers } from "../serving/early-answers.ts";

/** The JSON API of docs/product.md §7. Handlers are thin: parse -> service -> JSON. */
export function createApiRouter(services: Services, early: EarlyAnswers) {
  const router = express.Router();
  router.use((_req, res, next) => {
    res.set("Cache-Control", "no-store");
    next();
  });
  // Every /api/cms/* call is for administrators only, whatever router serves it (decision 031).
  router.use("/cms", requireAdmin);
  router.use(express.json({ limit: "1mb", strict: true }));

  /** The API described for machines (docs/decisions/074): the same for everyone until the next release. */
  router.get("/openapi.json", (_req, res) => {
    res.set("Cache-Control", "public, max-age=300").json(openApiDocument(services.env.SITE_URL));
  });

  router.use(createBlogApi(services, early));
  router.use(createCmsPostsApi(services));
  router.use(createCmsWorkingCopiesApi(services));
  router.use(createCmsRevisionsApi(services));
  router.use(createMediaApi(services));
  router.use(createBookDemoApi(services));
  router.use(createAuthApi(services));
  router.use(createCmsUsersApi(services));
  router.use(createCmsProfileApi(services));
  router.use(createCmsReviewLinksApi(services));
  router.use(createCmsWebhooksApi(services));
  router.use(createCmsDemoRequestsApi(services));
  router.use(createSecondFactorApi(services));

  router.use((_req, res) => {
    res.status(404).json({ message: "Not found" });
  });
  router.use(apiErrorHandler);
  return router;
}

/** Body-parser failures are the client's: 400 or 413 with a plain message, never a stack trace. */
const apiErrorHandler: ErrorRequestHandler = (error, req, res, next) => {
  const status = Number((error as { status?: number }).status);
  if (status === 413) return res.status(413).json({ message: "Request body too large" });
  if (status === 400 || (error as { type?: string }).type === "entity.parse.failed") {
    return res.status(400).json({ message: "Request body is not valid JSON" });
  }
  if (status === 415) return res.status(415).json({ message: "Unsupported content type" });
  next(error);
};
