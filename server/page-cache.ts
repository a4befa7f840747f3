import { createHash } from "node:crypto";
import type { RequestHandler, Response } from "express";
import type { AppBuild } from "./http.ts";
import type { Services } from "./services.ts";
import { applyValidator, blogValidator } from "./http-cache.ts";
import { createVersionedCache, sendSharedAnswer, shareAnswer, type SharedAnswer } from "./shared-answer.ts";

/**
 * Render once, serve many (issue 8 item 2; docs/decisions/005-render-cache-for-public-pages.md).
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
 */
const EXCLUDED = /^\/(cms|api|media|assets|book-demo)(\/|$|\.)/;
const CACHEABLE_TYPE = /^(text\/html|application\/(rss\+)?xml|text\/plain)/;
const KEPT_HEADERS = ["content-type", "link", "x-robots-tag"];

export function createPageCache(services: Services, build: AppBuild, maxEntries = 1000): RequestHandler {
  const pages = createVersionedCache(maxEntries);

  return async (req, res, next) => {
    const cacheable =
      build.devMiddleware === null && (req.method === "GET" || req.method === "HEAD") && !EXCLUDED.test(req.path);
    if (!cacheable) return next();
    if (req.query.preview !== undefined) {
      // A preview shows a draft to one administrator: never stored anywhere.
      res.set("Cache-Control", "private, no-store");
      return next();
    }

    let etag: string;
    try {
      const [content, serverBuild] = await Promise.all([services.posts.blogVersion(), build.load()]);
      const validator = blogValidator(content, `page-${serverBuild.assets.version}-${new Date().getFullYear()}`);
      etag = validator.etag;
      if (applyValidator(req, res, validator)) {
        // A 304's headers update the stored ones: it carries no policy, so the stored one stays.
        res.removeHeader("Content-Security-Policy");
        res.status(304).end();
        return;
      }
    } catch (error) {
      return next(error);
    }
    const key = req.originalUrl;
    const hit = pages.get(etag, key) ?? (await pages.beingMade(etag, key));
    if (hit) {
      res.setHeader("X-Page-Cache", "hit");
      return sendSharedAnswer(req, res, hit);
    }
    res.setHeader("X-Page-Cache", "miss");
    if (req.method !== "GET") return next();
    // This request renders the page; others asking for it meanwhile wait for this render.
    const finish = pages.startMaking(etag, key);
    res.once("close", () => finish(null));

    // A miss: React Router renders the whole page (entry.server waits for onAllReady) into a
    // buffer; a complete 200 becomes the cached page and is sent as a hit would be.
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
      const page =
        res.statusCode === 200 &&
        !res.hasHeader("set-cookie") &&
        CACHEABLE_TYPE.test(String(res.getHeader("content-type") ?? ""))
          ? freeze(res, body, nonce)
          : null;
      finish(page);
      if (!page) return res.end(body, ...([encoding, callback].filter((arg) => typeof arg === "function") as []));
      sendSharedAnswer(req, res, page);
      return res;
    }) as typeof res.end;
    next();
  };
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
  const headers = KEPT_HEADERS.flatMap((name): [string, string][] =>
    res.hasHeader(name) ? [[name, String(res.getHeader(name))]] : [],
  );
  const policy = res.getHeader("content-security-policy");
  if (policy !== undefined) headers.push(["content-security-policy", policyWithHashes(String(policy), withNonce, nonce)]);
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
