import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Request, RequestHandler, Response } from "express";
import type { AppBuild } from "./http.ts";
import type { Services } from "./services.ts";
import { applyValidator, blogValidator } from "./http-cache.ts";

/**
 * Render once, serve many (issue 8 item 2; docs/decisions/005-render-cache-for-public-pages.md).
 *
 * A public page is the same for every visitor until the content, the deploy or the year changes,
 * so it answers like a static file:
 * - Its validator is that version (a database row every post write bumps, so every instance sees
 *   a publish on its next request, plus the build and the year in the footer). A matching
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

interface CachedPage {
  headers: [string, string][];
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

export function createPageCache(services: Services, build: AppBuild, maxEntries = 1000): RequestHandler {
  const pages = new Map<string, CachedPage>();
  let cachedVersion = "";

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
      const validator = blogValidator(content, `page-${serverBuild.assets.version}-${new Date().getUTCFullYear()}`);
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
    if (etag !== cachedVersion) {
      pages.clear();
      cachedVersion = etag;
    }

    const key = req.originalUrl;
    const hit = pages.get(key);
    if (hit) {
      // Refresh its place in the least-recently-used order.
      pages.delete(key);
      pages.set(key, hit);
      res.setHeader("X-Page-Cache", "hit");
      return send(req, res, hit);
    }
    res.setHeader("X-Page-Cache", "miss");
    if (req.method !== "GET") return next();

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
        CACHEABLE_TYPE.test(String(res.getHeader("content-type") ?? "")) &&
        cachedVersion === etag
          ? freeze(res, body, nonce)
          : null;
      if (!page) return res.end(body, ...([encoding, callback].filter((arg) => typeof arg === "function") as []));
      pages.set(key, page);
      if (pages.size > maxEntries) pages.delete(pages.keys().next().value!);
      void compress(page);
      send(req, res, page);
      return res;
    }) as typeof res.end;
    next();
  };
}

/**
 * The visitor-independent copy of a rendered page: nonce attributes removed, and the policy's
 * nonce replaced by the hashes of the inline scripts. Null when the nonce shows up anywhere else,
 * since then the page is not the same for every visitor.
 */
function freeze(res: Response, rendered: Buffer, nonce: string): CachedPage | null {
  const html = rendered.toString("utf8").replaceAll(` nonce="${nonce}"`, "");
  if (html.includes(nonce)) return null;
  const headers = KEPT_HEADERS.flatMap((name): [string, string][] =>
    res.hasHeader(name) ? [[name, String(res.getHeader(name))]] : [],
  );
  const policy = res.getHeader("content-security-policy");
  if (policy !== undefined) {
    const hashes = inlineScripts(html).map((script) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`);
    headers.push(["content-security-policy", String(policy).replace(`'nonce-${nonce}'`, hashes.join(" "))]);
  }
  return { headers, identity: Buffer.from(html, "utf8") };
}

/** The text of every inline script the browser would run (not data blocks such as JSON-LD). */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes]) => !/\bsrc=/i.test(attributes!) && !/\btype="[^"]*json"/i.test(attributes!))
    .map(([, , text]) => text!);
}

async function compress(page: CachedPage) {
  const size = page.identity.length;
  [page.br, page.gzip] = await Promise.all([
    compressBrotli(page.identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: size },
    }),
    compressGzip(page.identity, { level: 9 }),
  ]);
}

function send(req: Request, res: Response, page: CachedPage) {
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("Vary", "Accept-Encoding");
  // Until its compressed copies are ready, the compression middleware compresses on the fly.
  const accepts = acceptsEncoding(req.get("accept-encoding"));
  const encoding = page.br && accepts("br") ? "br" : page.gzip && accepts("gzip") ? "gzip" : null;
  const body = encoding ? page[encoding]! : page.identity;
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.status(200).end(body);
}

/**
 * Whether the request accepts a content coding (RFC 9110 §12.5.3: listed, or covered by `*`, with
 * q > 0). Which accepted coding to send is our preference (brotli is smaller), not the client's order.
 */
function acceptsEncoding(header: string | undefined): (coding: string) => boolean {
  const weights = new Map<string, number>();
  for (const part of (header ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    if (name) weights.set(name, q === undefined ? 1 : Number(q));
  }
  return (coding) => (weights.get(coding) ?? weights.get("*") ?? 0) > 0;
}
