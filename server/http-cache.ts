import type { Request, RequestHandler, Response } from "express";
import type { Services } from "./services.ts";
import type { AppBuild } from "./http.ts";
import type { BlogVersion } from "./services/posts.ts";

/**
 * Conditional GET for the public blog (issue 5 item 8). The validator is the blog's content
 * version, a database row that every post write bumps in its own transaction, so every instance
 * sees a change on the very next request; no per-process flag is involved
 * (docs/decisions/040-blog-caching-from-a-content-version-row.md).
 */
export interface Validator {
  etag: string;
  lastModified: string;
}

export function blogValidator(version: BlogVersion, scope: string): Validator {
  return {
    etag: `W/"blog-${version.version}-${scope}"`,
    lastModified: new Date(version.changedAt).toUTCString(),
  };
}

/**
 * Sets ETag and Last-Modified (and `no-cache`: store, but ask every time) and tells whether the
 * request's If-None-Match / If-Modified-Since already match, i.e. the answer is 304.
 */
export function applyValidator(req: Request, res: Response, validator: Validator): boolean {
  res.set("Cache-Control", "no-cache");
  res.set("ETag", validator.etag);
  res.set("Last-Modified", validator.lastModified);
  return isNotModified(req, validator);
}

/**
 * RFC 9110 §13.2.2: If-None-Match (weak comparison) decides when present, else If-Modified-Since.
 * NOTE: not Express's `req.fresh`, which ignores both whenever the request says
 * `Cache-Control: no-cache`, as fetch() does on every conditional request it makes itself.
 */
function isNotModified(req: Request, validator: Validator): boolean {
  const noneMatch = req.get("if-none-match");
  if (noneMatch !== undefined) {
    if (noneMatch.trim() === "*") return true;
    const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
    return noneMatch.split(",").some((tag) => opaque(tag) === opaque(validator.etag));
  }
  const modifiedSince = Date.parse(req.get("if-modified-since") ?? "");
  return !Number.isNaN(modifiedSince) && Date.parse(validator.lastModified) <= modifiedSince;
}

/** Public blog documents: the list, its pages, posts, old-slug redirects, the feed and the sitemap. */
const PUBLIC_BLOG_PATH = /^\/(blog\/?|blog\/[a-z0-9-]+\/?|blog\/rss\.xml|sitemap\.xml)$/;

/**
 * Runs before the React Router handler. A matching validator answers 304 at once, without rendering
 * and without a Content-Security-Policy header: a 304's headers replace the cached ones, and a new
 * CSP nonce would block the scripts of the cached page (which carry the nonce they were sent with).
 * Otherwise the headers are set and the page renders as usual. The build version is part of the
 * ETag, so a deploy never serves an old page's asset links.
 */
export function createBlogPageCache(services: Services, build: AppBuild): RequestHandler {
  return async (req, res, next) => {
    const cacheable =
      (req.method === "GET" || req.method === "HEAD") && PUBLIC_BLOG_PATH.test(req.path) && build.devMiddleware === null;
    if (!cacheable) return next();
    if (req.query.preview !== undefined) {
      // A preview shows a draft to one administrator: never stored anywhere.
      res.set("Cache-Control", "private, no-store");
      return next();
    }
    try {
      const [version, serverBuild] = await Promise.all([services.posts.blogVersion(), build.load()]);
      if (applyValidator(req, res, blogValidator(version, `page-${serverBuild.assets.version}`))) {
        res.removeHeader("Content-Security-Policy");
        res.status(304).end();
        return;
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}
