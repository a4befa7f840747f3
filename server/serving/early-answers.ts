import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { isNotModified } from "./conditional-get.ts";
import { acceptsEncoding, PER_RESPONSE_HEADERS, type SharedAnswer } from "./shared-answer.ts";

/**
 * Answers served before the app (docs/decisions/021-cache-hits-before-the-app.md).
 *
 * A shared answer (a public page, a public posts API answer, a hashed asset: decision 005) that has
 * gone through the whole app once is kept here with every header it was sent with, already laid out
 * for `writeHead`. The next GET or HEAD of the same address is answered by `answer()` from the
 * node:http request handler itself: no Express, no middleware, no route matching, no database
 * (the content version is known in memory, server/services/content-version.ts). Anything else, or any
 * doubt (the version not known, a request this layer does not understand), goes to the app.
 *
 * What the app did for such a request and this layer does too: the request id and the access log
 * (server/request-log.ts), HEAD as GET without a body, 304 for a matching If-None-Match or
 * If-Modified-Since (RFC 9110 §13.2.2), the brotli / gzip / identity choice by Accept-Encoding.
 */
export interface EarlyAnswers {
  /** Answers the request and returns true when a kept answer fits it; false: the app must. */
  answer(req: IncomingMessage, res: ServerResponse): boolean;
  /**
   * Keeps the answer `res` is sending for `req`'s address, with the headers set on `res` so far and the
   * answer's own. `generation`: the content version it was made from (null: it never changes).
   */
  keep(req: Addressed, res: ServerResponse, answer: SharedAnswer, generation: number | null): void;
}

/** A request as Express has it: `url` is relative to the router it is in, `originalUrl` is what was asked. */
type Addressed = IncomingMessage & { originalUrl?: string };


type Coding = "br" | "gzip" | "identity";

interface Kept {
  /** Content version it was made from and the year (the footer's); null: immutable. */
  generation: string | null;
  /**
   * Flat ["x-request-id", <id>, name, value, …] for writeHead, per coding. The id's slot is filled just
   * before each writeHead, which reads the array there and then: no header is set on the response first,
   * so Node takes its fast path (no per-header merge).
   */
  headers: Record<Coding, string[] | undefined>;
  bodies: Record<Coding, Buffer | undefined>;
  /** For conditional requests; a 304 carries these headers. */
  etag?: string;
  lastModified?: string;
  notModified: string[];
}

export function createEarlyAnswers(options: {
  /** The blog's content version when known in memory, undefined when it must be read (then the app answers). */
  knownVersion: () => number | undefined;
  /** Gives the request its id (and access log line) before it is answered; the id goes in the headers written. */
  startRequest: (req: IncomingMessage, res: ServerResponse, sendsId: true) => string;
  maxEntries?: number;
}): EarlyAnswers {
  // The page cache keeps up to 1,000 pages and the posts API 500 answers (their buffers are shared with these).
  const { knownVersion, startRequest, maxEntries = 1600 } = options;
  /** The newest content version anything was kept for: older answers are let go at once. */
  let newest = 0;
  const kept = new Map<string, Kept>();
  const codings = new Map<string, Coding[]>();

  const generationOf = (version: number) => `${version}-${new Date().getFullYear()}`;

  function current(): string | undefined {
    const version = knownVersion();
    return version === undefined ? undefined : generationOf(version);
  }

  return {
    answer(req, res) {
      const method = req.method;
      if (method !== "GET" && method !== "HEAD") return false;
      const url = req.url;
      if (url === undefined) return false;
      const entry = kept.get(url);
      if (!entry) return false;
      if (entry.generation !== null && entry.generation !== current()) {
        kept.delete(url);
        return false;
      }
      if (method === "HEAD") req.headRequest = true;
      const id = startRequest(req, res, true);
      if (isConditional(req) && (entry.etag || entry.lastModified) && isNotModified(req, entry)) {
        entry.notModified[1] = id;
        res.writeHead(304, entry.notModified);
        res.end();
        return true;
      }
      const coding = preferredCoding(codingsAccepted(req.headers["accept-encoding"]), entry);
      const headers = entry.headers[coding]!;
      headers[1] = id;
      res.writeHead(200, headers);
      res.end(method === "HEAD" ? undefined : entry.bodies[coding]);
      return true;
    },

    keep(req, res, answer, version) {
      const url = req.originalUrl ?? req.url;
      if (url === undefined || res.hasHeader("set-cookie")) return;
      if (version !== null && version < newest) return;
      if (version !== null && version > newest) {
        newest = version;
        for (const [key, entry] of kept) if (entry.generation !== null) kept.delete(key);
      }
      const generation = version === null ? null : generationOf(version);
      const headers: OutgoingHttpHeaders = { ...res.getHeaders() };
      for (const [name, value] of answer.headers) headers[name.toLowerCase()] = value;
      for (const name of PER_RESPONSE_HEADERS) delete headers[name];
      if (headers["x-page-cache"] !== undefined) headers["x-page-cache"] = "hit";
      const csp = headers["content-security-policy"];
      // A nonce is per response (an API answer gets the policy of every answer): a kept copy carries none.
      if (typeof csp === "string") headers["content-security-policy"] = csp.replace(/'nonce-[^']*'\s?/g, "");
      void answer.compressed.then(() => {
        const bodies: Kept["bodies"] = { br: answer.br, gzip: answer.gzip, identity: answer.identity };
        if (bodies.br || bodies.gzip) headers["vary"] = "Accept-Encoding";
        const flat = Object.entries(headers).flatMap(([name, value]) =>
          value === undefined ? [] : Array.isArray(value) ? value.flatMap((one) => [name, one]) : [name, String(value)],
        );
        const laidOut = (coding: Coding): string[] | undefined => {
          const body = bodies[coding];
          if (!body) return undefined;
          const encoding = coding === "identity" ? [] : ["content-encoding", coding];
          return ["x-request-id", "", ...flat, ...encoding, "content-length", String(body.length)];
        };
        const etag = typeof headers["etag"] === "string" ? headers["etag"] : undefined;
        const lastModified = typeof headers["last-modified"] === "string" ? headers["last-modified"] : undefined;
        const validators = ["x-request-id", "", ...["cache-control", "vary", "etag", "last-modified"].flatMap((name) =>
          headers[name] === undefined ? [] : [name, String(headers[name])],
        )];
        if (generation !== null && version! < newest) return;
        kept.delete(url);
        kept.set(url, {
          generation,
          headers: { br: laidOut("br"), gzip: laidOut("gzip"), identity: laidOut("identity") },
          bodies,
          etag,
          lastModified,
          notModified: validators,
        });
        if (kept.size > maxEntries) kept.delete(kept.keys().next().value!);
      });
    },
  };

  /** The codings the request accepts, best first as we prefer them (brotli is smaller), remembered per header value. */
  function codingsAccepted(header: string | string[] | undefined): Coding[] {
    const value = Array.isArray(header) ? header.join(",") : (header ?? "");
    let accepted = codings.get(value);
    if (!accepted) {
      const accepts = acceptsEncoding(value);
      accepted = (["br", "gzip"] as const).filter((coding) => accepts(coding));
      // Header values are the clients' to choose: forget them all past a bound.
      if (codings.size >= 200) codings.clear();
      codings.set(value, accepted);
    }
    return accepted;
  }
}

function preferredCoding(accepted: Coding[], entry: Kept): Coding {
  for (const coding of accepted) if (entry.bodies[coding]) return coding;
  return "identity";
}

const isConditional = (req: IncomingMessage) =>
  req.headers["if-none-match"] !== undefined || req.headers["if-modified-since"] !== undefined;
