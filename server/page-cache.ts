import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import type { AppBuild } from "./http.ts";
import type { Services } from "./services.ts";

/**
 * Render once, serve many (issue 8 item 2). Public pages are the same for every visitor until the
 * content or the deploy changes, so the first render of a URL is kept in memory, keyed by the
 * content version (a database row every post write bumps, so every instance sees a publish on its
 * next request) and the build version. The per-request CSP nonce is the only difference between two
 * visitors' copies: it is stored as a placeholder and a fresh nonce is put in on every hit.
 * See docs/decisions/005-render-cache-for-public-pages.md.
 */
const EXCLUDED = /^\/(cms|api|media|assets|book-demo)(\/|$|\.)/;
const NONCE_PLACEHOLDER = `__nonce_${randomBytes(8).toString("hex")}__`;
const KEPT_HEADERS = ["content-type", "cache-control", "etag", "last-modified", "link", "vary", "x-robots-tag"];

interface CachedPage {
  headers: [string, string][];
  body: string;
}

export function createPageCache(services: Services, build: AppBuild, maxEntries = 1000): RequestHandler {
  const pages = new Map<string, CachedPage>();
  let cachedVersion = "";

  return async (req, res, next) => {
    const cacheable =
      build.devMiddleware === null &&
      (req.method === "GET" || req.method === "HEAD") &&
      !EXCLUDED.test(req.path) &&
      req.query.preview === undefined;
    if (!cacheable) return next();

    let version: string;
    try {
      const [content, serverBuild] = await Promise.all([services.posts.blogVersion(), build.load()]);
      version = `${content.version}:${serverBuild.assets.version}`;
    } catch (error) {
      return next(error);
    }
    if (version !== cachedVersion) {
      pages.clear();
      cachedVersion = version;
    }

    const nonce = res.locals.cspNonce as string;
    const key = req.originalUrl;
    const hit = pages.get(key);
    if (hit) {
      // Refresh its place in the least-recently-used order.
      pages.delete(key);
      pages.set(key, hit);
      for (const [name, value] of hit.headers) res.setHeader(name, value);
      res.setHeader("X-Page-Cache", "hit");
      res.status(200).send(hit.body.replaceAll(NONCE_PLACEHOLDER, nonce));
      return;
    }

    // A miss: let React Router render, and keep a copy of a complete 200 answer.
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
    const capture = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function") return;
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, encoding as BufferEncoding));
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      capture(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      capture(chunk, rest[0]);
      const type = String(res.getHeader("content-type") ?? "");
      if (
        req.method === "GET" &&
        res.statusCode === 200 &&
        !res.hasHeader("set-cookie") &&
        /^(text\/html|application\/(rss\+)?xml|text\/plain)/.test(type) &&
        cachedVersion === version
      ) {
        const headers = KEPT_HEADERS.flatMap((name): [string, string][] =>
          res.hasHeader(name) ? [[name, String(res.getHeader(name))]] : [],
        );
        pages.set(key, { headers, body: Buffer.concat(chunks).toString("utf8").replaceAll(nonce, NONCE_PLACEHOLDER) });
        if (pages.size > maxEntries) pages.delete(pages.keys().next().value!);
      }
      return end(chunk, ...rest);
    }) as typeof res.end;
    res.setHeader("X-Page-Cache", "miss");
    next();
  };
}
