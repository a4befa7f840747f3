import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Request, Response } from "express";

/**
 * An answer that is the same for every client until a version changes (issue 8 item 2): public
 * pages (server/page-cache.ts) and the public posts API (server/api/blog.ts). Its body is kept as
 * bytes with brotli and gzip copies made once in the thread pool, and sent like a static file.
 */
export interface SharedAnswer {
  headers: [string, string][];
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

/** The answer; its compressed copies follow (until then the compression middleware compresses on the fly). */
export function shareAnswer(headers: [string, string][], body: Buffer, { compress = true } = {}): SharedAnswer {
  const answer: SharedAnswer = { headers, identity: body };
  if (!compress) return answer;
  void Promise.all([
    compressBrotli(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
    compressGzip(body, { level: 9 }),
  ]).then(
    ([br, gzipped]) => Object.assign(answer, { br, gzip: gzipped }),
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
function acceptsEncoding(header: string | undefined): (coding: string) => boolean {
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
 */
export function createVersionedCache(maxEntries: number) {
  const entries = new Map<string, SharedAnswer>();
  let current = "";
  return {
    /** Moves to `version` (emptying the cache if it changed), then looks `key` up. */
    get(version: string, key: string): SharedAnswer | undefined {
      if (version !== current) {
        entries.clear();
        current = version;
      }
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key);
        entries.set(key, hit);
      }
      return hit;
    },
    /** The kept answer, or the one `make` gives (kept unless null). */
    async getOrMake(version: string, key: string, make: () => Promise<SharedAnswer | null>) {
      const cached = this.get(version, key);
      if (cached) return cached;
      const made = await make();
      if (made) this.set(version, key, made);
      return made;
    },
    /** Keeps the answer unless the cache moved to another version since it was looked up. */
    set(version: string, key: string, answer: SharedAnswer) {
      if (version !== current) return;
      entries.set(key, answer);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
  };
}
