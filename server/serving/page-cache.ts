import { createHash } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import type { RequestHandler, Response } from "express";
import type { ServerBuild } from "react-router";
import { matchPage, type AppBuild } from "./app-build.ts";
import type { Services } from "../services.ts";
import { applyValidator, blogValidator } from "./conditional-get.ts";
import { createVersionedCache, PER_RESPONSE_HEADERS, sendSharedAnswer, shareAnswer, type SharedAnswer } from "./shared-answer.ts";
import type { EarlyAnswers } from "./early-answers.ts";
import { isSharedHandle } from "../../shared/cache-scope.ts";

/**
 * Render once, serve many (docs/decisions/005-render-cache-for-public-pages.md).
 *
 * A public page is the same for every visitor until the content, the deploy or the year changes,
 * so it answers like a static file:
 * - Its validator is that version (a database row every post write bumps, so every instance sees
 *   a publish on its next request, plus the build and the footer's year, computed the same way). A matching
 *   If-None-Match / If-Modified-Since is a 304 before anything renders.
 * - The first render of a URL in that version is kept, byte for byte the same for everyone: the
 *   per-request CSP nonce is taken out and the policy allows the page's inline scripts by their
 *   SHA-256 hashes instead, so no visitor's copy carries a nonce another visitor could learn (and a
 *   CDN may keep it). Brotli and gzip copies are made once, off the event loop.
 * Pages rendered per request (CMS, demo form, previews, errors) keep their per-request nonce.
 *
 * Which pages are shared is declared by their route (`handle = sharedPage`, shared/cache-scope.ts)
 * and looked up by matching the URL the way React Router will (any letter case), so a page that
 * declares nothing is never stored. A rendered answer is stored only when it is also a complete 200
 * that did not read the session, set a cookie or ask to be private / not stored.
 */
const CACHEABLE_TYPE = /^(text\/html|application\/(rss\+)?xml|text\/plain)/;
/** Headers of the rendered response that are not the page's: per request, per connection, or set again on every answer. */
const NOT_STORED = new Set([
  ...PER_RESPONSE_HEADERS,
  "x-page-cache",
  "set-cookie",
  "vary",
  "etag",
  "last-modified",
  "cache-control",
]);

/**
 * Two stages, so that a stored page costs no more than a static file:
 * - `serveStored` runs first, before the security headers and compression: it answers 304s and
 *   stored pages, whose copy carries the headers its render had (the policy with hashes) and is
 *   already compressed.
 * - `renderAndStore` runs where the page would be rendered: a miss goes through the whole chain
 *   like any request, and its complete 200 becomes the stored copy.
 * A conditional request is answered 304 only once the page is known to be a 200 (stored, or just
 * rendered): a missing post or page stays a 404 whatever the request's conditions (RFC 9110 §13.2.1).
 */
export function createPageCache(services: Services, build: AppBuild, early: EarlyAnswers, maxEntries = 1000) {
  const pages = createVersionedCache(maxEntries);
  const files = publicFiles(build);

  const serveStored: RequestHandler = async (req, res, next) => {
    const cacheable =
      build.devMiddleware === null && (req.method === "GET" || req.method === "HEAD") && !files.has(req.path);
    if (!cacheable) return next();

    let etag: string;
    let notModified: boolean;
    let version: number;
    try {
      const serverBuild = await build.load();
      if (!isSharedRoute(serverBuild, req.path)) return next();
      if (req.query.preview !== undefined) {
        // A preview shows a draft to one administrator: never stored anywhere.
        res.set("Cache-Control", "private, no-store");
        return next();
      }
      const content = await services.posts.blogVersion();
      version = content.version;
      const validator = blogValidator(content, `page-${serverBuild.assets.version}-${new Date().getFullYear()}`);
      etag = validator.etag;
      notModified = applyValidator(req, res, validator);
    } catch (error) {
      return next(error);
    }
    const key = req.originalUrl;
    const stored = pages.get(etag, key) ?? (await pages.beingMade(etag, key));
    if (stored) {
      if (notModified) return res.status(304).end();
      res.setHeader("X-Page-Cache", "hit");
      // Answered before the compression middleware: the first hits wait the few ms its copies take.
      await stored.compressed;
      early.keep(req, res, stored, version);
      return sendSharedAnswer(req, res, stored);
    }
    res.setHeader("X-Page-Cache", "miss");
    res.locals.pageToStore = { etag, key, notModified, version } satisfies PageToStore;
    next();
  };

  const renderAndStore: RequestHandler = (req, res, next) => {
    const toStore = res.locals.pageToStore as PageToStore | undefined;
    if (!toStore) return next();
    // This request renders the page; others asking for it meanwhile wait for this render.
    const finish = pages.startMaking(toStore.etag, toStore.key);
    res.once("close", () => finish(null));

    // React Router renders the whole page (entry.server waits for onAllReady) into a buffer; a
    // complete 200 becomes the stored page and is sent as a stored one would be.
    const nonce = res.locals.cspNonce as string;
    const chunks: Buffer[] = [];
    const { write, end } = res;
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function") return;
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, encoding as BufferEncoding));
    };
    res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
      collect(chunk, encoding);
      const done = [encoding, callback].find((arg) => typeof arg === "function") as (() => void) | undefined;
      if (done) process.nextTick(done);
      return true;
    }) as typeof res.write;
    res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
      collect(chunk, encoding);
      res.write = write;
      res.end = end;
      const body = Buffer.concat(chunks);
      const page = isShareable(res) ? freeze(res, body, nonce) : null;
      finish(page);
      if (!page) {
        // Not the page the validators describe (a 404, a redirect, an error): they do not apply to it.
        if (!res.headersSent) for (const name of ["ETag", "Last-Modified", "X-Page-Cache"]) res.removeHeader(name);
        return res.end(body, ...([encoding, callback].filter((arg) => typeof arg === "function") as []));
      }
      if (toStore.notModified) return res.status(304).end();
      early.keep(req, res, page, toStore.version);
      sendSharedAnswer(req, res, page);
      return res;
    }) as typeof res.end;
    next();
  };

  return { serveStored, renderAndStore };
}

interface PageToStore {
  etag: string;
  key: string;
  /** The request's conditions match the validator: a 304 once the page is known to be a 200. */
  notModified: boolean;
  /** The content version the page is made from. */
  version: number;
}

/** A complete answer that is the same for every visitor: anything personal is never stored. */
function isShareable(res: Response): boolean {
  return (
    res.statusCode === 200 &&
    res.locals.sessionRead !== true &&
    !res.hasHeader("set-cookie") &&
    !/\b(private|no-store)\b/i.test(String(res.getHeader("cache-control") ?? "")) &&
    CACHEABLE_TYPE.test(String(res.getHeader("content-type") ?? ""))
  );
}

/** Whether the route a path leads to declared itself shared (docs/decisions/005). */
export function isSharedRoute(build: ServerBuild, path: string): boolean {
  return isSharedHandle(matchPage(build, path)?.module.handle);
}

/** The files of the build's public folder (favicon, icons, manifest), served by express.static, not pages. */
function publicFiles(build: AppBuild): Set<string> {
  if (build.devMiddleware !== null || !existsSync(build.clientDir)) return new Set();
  return new Set(
    readdirSync(build.clientDir, { recursive: true, encoding: "utf8" })
      .filter((path) => !path.startsWith("assets"))
      .map((path) => `/${path}`),
  );
}

/**
 * The visitor-independent copy of a rendered page: the policy's nonce is replaced by the hashes of
 * the inline scripts that carry it, and the nonce attributes are removed. A script without the nonce
 * (markup that got into the page some other way) gets no hash, so it stays blocked as it was.
 * Null when the nonce shows up anywhere else, since then the page is not the same for every visitor.
 */
function freeze(res: Response, rendered: Buffer, nonce: string): SharedAnswer | null {
  const withNonce = rendered.toString("utf8");
  const html = withNonce.replaceAll(` nonce="${nonce}"`, "");
  if (html.includes(nonce)) return null;
  const headers = Object.entries(res.getHeaders())
    .filter(([name, value]) => value !== undefined && !NOT_STORED.has(name))
    .map(([name, value]): [string, string] => [
      name,
      name === "content-security-policy" ? policyWithHashes(String(value), withNonce, nonce) : String(value),
    ]);
  return shareAnswer(headers, Buffer.from(html, "utf8"));
}

/** The policy with its nonce replaced by the hashes of the page's inline scripts that carry that nonce. */
export function policyWithHashes(policy: string, html: string, nonce: string): string {
  const hashes = inlineScripts(html)
    .filter((script) => script.attributes.includes(` nonce="${nonce}"`))
    .map((script) => `'${scriptHash(script.text)}'`);
  return policy.replace(`'nonce-${nonce}'`, hashes.join(" "));
}

/** The inline scripts the browser would run (not external ones, not data blocks such as JSON-LD). */
export function inlineScripts(html: string): { attributes: string; text: string }[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)]
    .map(([, attributes, text]) => ({ attributes: attributes!, text: text! }))
    .filter(({ attributes }) => !/\bsrc=/i.test(attributes) && !/\btype="[^"]*json"/i.test(attributes));
}

/** A CSP hash source for a script's text, without the quotes. */
export const scriptHash = (text: string) => `sha256-${createHash("sha256").update(text).digest("base64")}`;
