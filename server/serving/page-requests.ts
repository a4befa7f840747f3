import type { Request, RequestHandler } from "express";
import { matchPage, type AppBuild, type MatchedPage } from "./app-build.ts";
import { isReviewPath, REVIEW_PAGE_HEADERS } from "../../shared/review-links.ts";

/**
 * What a page answers before React Router renders it (RFC 9110; docs/decisions/014-one-url-and-http-semantics.md):
 * - `redirectToCanonical`: a page asked for by any other spelling of its path (another letter case,
 *   a trailing slash, doubled slashes) is a 301 to the one path the sitemap and its canonical link
 *   name, query string kept.
 * - `answerPageMethods`: OPTIONS is 204 with `Allow`; a method the page has no handler for is 405
 *   with `Allow`; any method on a path that is no page leaves the 404 to the not-found route.
 * Paths of the API, media and assets never match a page other than the catch-all, so they pass.
 */
export function createPageRequests(build: AppBuild) {
  const pageOf = async (req: Request, path = req.path): Promise<MatchedPage | null> => {
    if (build.devMiddleware) return null;
    const page = matchPage(await build.load(), path);
    return page && page.pattern !== "/*" ? page : null;
  };

  const redirectToCanonical: RequestHandler = async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const canonical = canonicalPath(req.path);
    if (canonical === req.path || req.path.endsWith(".data")) return next();
    try {
      if (!(await pageOf(req, canonical))) return next();
    } catch (error) {
      return next(error);
    }
    const query = req.originalUrl.indexOf("?");
    // A review link's redirect names its token: as private as the page itself (docs/decisions/065).
    if (isReviewPath(canonical)) res.set(REVIEW_PAGE_HEADERS);
    res.redirect(301, canonical + (query >= 0 ? req.originalUrl.slice(query) : ""));
  };

  const answerPageMethods: RequestHandler = async (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    let page: MatchedPage | null;
    try {
      page = await pageOf(req);
    } catch (error) {
      return next(error);
    }
    if (!page) return next();
    const allow = ["GET", "HEAD", ...(page.module.action ? ["POST"] : []), "OPTIONS"].join(", ");
    if (req.method === "OPTIONS") return void res.status(204).set("Allow", allow).end();
    if (!page.module.action) return void res.status(405).set("Allow", allow).type("text").send("Method not allowed");
    next();
  };

  return { redirectToCanonical, answerPageMethods };
}

/** The one spelling of a page path: lower case, single slashes, no trailing slash (but "/"). */
export function canonicalPath(path: string): string {
  const single = path.replace(/\/{2,}/g, "/").toLowerCase();
  return single.length > 1 ? single.replace(/\/$/, "") : single;
}
