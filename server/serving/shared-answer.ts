import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Request, Response } from "express";

/**
 * An answer that is the same for every client until a version changes (decision 005): public
 * pages (server/serving/page-cache.ts) and the public posts API (server/api/blog.ts). Its body is kept as
 * bytes with brotli and gzip copies made once in the thread pool, and sent like a static file.
 */
/** Headers of one response, not of the answer: set again on each, or computed by Node. */
export const PER_RESPONSE_HEADERS: ReadonlySet<string> = new Set([
  "x-request-id",
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "content-encoding",
]);

export interface SharedAnswer {
  headers: [string, string][];
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  /** Settles when the compressed copies exist (or could not be made). */
  compressed: Promise<void>;
}

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

/**
 * How hard to compress. "max" (brotli 11) for what is made once per deploy, the hashed assets.
 * "fast" (brotli 6) for answers remade whenever the content changes, pages and the posts API: the
 * home page takes about 2 ms instead of 110 ms and comes out 13% larger (14.1 KB instead of 12.4 KB).
 * Under `npm run load`, whose admin publishes every second, brotli 11 on pages gave 1435 req/s and
 * p99 349 ms against 2482 req/s and 138 ms (docs/decisions/005).
 */
export type CompressionEffort = "none" | "fast" | "max";

const BROTLI_QUALITY = { fast: 6, max: 11 } as const;

/** The answer; its compressed copies follow (until then the compression middleware compresses on the fly). */
export function shareAnswer(
  headers: [string, string][],
  body: Buffer,
  { effort = "fast" }: { effort?: CompressionEffort } = {},
): SharedAnswer {
  const answer: SharedAnswer = { headers, identity: body, compressed: Promise.resolve() };
  if (effort === "none") return answer;
  answer.compressed = Promise.all([
    compressBrotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[effort],
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    compressGzip(body, { level: effort === "max" ? 9 : 6 }),
  ]).then(
    ([br, gzipped]) => void Object.assign(answer, { br, gzip: gzipped }),
    // Without its copies the answer is still whole: the compression middleware keeps compressing it.
    () => {},
  );
  return answer;
}

export function sendSharedAnswer(req: Request, res: Response, answer: SharedAnswer) {
  for (const [name, value] of answer.headers) res.setHeader(name, value);
  if (answer.br || answer.gzip) res.setHeader("Vary", "Accept-Encoding");
  const accepts = acceptsEncoding(req.get("accept-encoding"));
  const encoding = answer.br && accepts("br") ? "br" : answer.gzip && accepts("gzip") ? "gzip" : null;
  const body = encoding ? answer[encoding]! : answer.identity;
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.status(200).end(body);
}

/**
 * Whether the request accepts a content coding (RFC 9110 §12.5.3: listed, or covered by `*`, with
 * q > 0). Which accepted coding to send is our preference (brotli is smaller), not the client's order.
 */
export function acceptsEncoding(header: string | undefined): (coding: string) => boolean {
  const weights = new Map<string, number>();
  for (const part of (header ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    if (name) weights.set(name, q === undefined ? 1 : Number(q));
  }
  return (coding) => (weights.get(coding) ?? weights.get("*") ?? 0) > 0;
}

/**
 * Shared answers of one version, least recently used dropped beyond `maxEntries`. A request with a
 * new version empties it: that is the whole invalidation (the version is read on every request).
 *
 * Single flight: while an answer is being made, the other requests for it wait for that one
 * instead of making their own. After a publish every visitor misses at once; where making an
 * answer waits on I/O (PostgreSQL), each of them would otherwise render and compress the same page.
 */
export function createVersionedCache(maxEntries: number) {
  const entries = new Map<string, SharedAnswer>();
  const making = new Map<string, Promise<SharedAnswer | null>>();
  let current = "";
  const cache = {
    /** Moves to `version` (emptying the cache if it changed), then looks `key` up. */
    get(version: string, key: string): SharedAnswer | undefined {
      if (version !== current) {
        entries.clear();
        making.clear();
        current = version;
      }
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key);
        entries.set(key, hit);
      }
      return hit;
    },
    /** The answer another request is making for `key` in `version`, if one is. */
    beingMade(version: string, key: string): Promise<SharedAnswer | null> | undefined {
      return version === current ? making.get(key) : undefined;
    },
    /**
     * Claims the making of `key`: requests that ask `beingMade` meanwhile wait for it. `finish`
     * keeps the answer (null: there is none to share, the waiters make their own).
     */
    startMaking(version: string, key: string): (answer: SharedAnswer | null) => void {
      const { promise, resolve } = Promise.withResolvers<SharedAnswer | null>();
      if (version === current) making.set(key, promise);
      return (answer) => {
        if (making.get(key) === promise) making.delete(key);
        if (answer) cache.set(version, key, answer);
        resolve(answer);
      };
    },
    /** The kept answer, or the one `make` gives (kept unless null), made once however many ask. */
    async getOrMake(version: string, key: string, make: () => Promise<SharedAnswer | null>) {
      const cached = cache.get(version, key);
      if (cached) return cached;
      const pending = cache.beingMade(version, key);
      if (pending) return pending;
      const finish = cache.startMaking(version, key);
      try {
        const made = await make();
        finish(made);
        return made;
      } catch (error) {
        finish(null);
        throw error;
      }
    },
    /** Keeps the answer unless the cache moved to another version since it was looked up. */
    set(version: string, key: string, answer: SharedAnswer) {
      if (version !== current) return;
      entries.set(key, answer);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
  };
  return cache;
}
