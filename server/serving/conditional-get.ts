import type { IncomingMessage } from "node:http";
import type { Request, Response } from "express";
import type { BlogVersion } from "../services/content-version.ts";

/**
 * Conditional GET for the public blog (decision 040). The validator is the blog's content
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
 * Sets ETag and Last-Modified (and `no-cache`: store, but ask every time; `Vary: Accept-Encoding`,
 * which a 304 repeats like the 200 it stands for, RFC 9110 §15.4.5) and tells whether the request's
 * If-None-Match / If-Modified-Since already match, i.e. the answer is 304.
 */
export function applyValidator(req: Request, res: Response, validator: Validator): boolean {
  res.set("Cache-Control", "no-cache");
  res.set("Vary", "Accept-Encoding");
  res.set("ETag", validator.etag);
  res.set("Last-Modified", validator.lastModified);
  return isNotModified(req, validator);
}

/**
 * RFC 9110 §13.2.2: If-None-Match (weak comparison) decides when present, else If-Modified-Since.
 * NOTE: not Express's `req.fresh`, which ignores both whenever the request says
 * `Cache-Control: no-cache`, as fetch() does on every conditional request it makes itself.
 */
export function isNotModified(req: IncomingMessage, validator: Partial<Validator>): boolean {
  const noneMatch = req.headers["if-none-match"];
  if (noneMatch !== undefined) {
    if (validator.etag === undefined) return false;
    if (noneMatch.trim() === "*") return true;
    const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
    return noneMatch.split(",").some((tag) => opaque(tag) === opaque(validator.etag!));
  }
  const modifiedSince = Date.parse(req.headers["if-modified-since"] ?? "");
  return validator.lastModified !== undefined && !Number.isNaN(modifiedSince) && Date.parse(validator.lastModified) <= modifiedSince;
}
