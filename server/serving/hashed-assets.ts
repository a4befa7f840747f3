import { readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { extname, join } from "node:path";
import type { RequestHandler } from "express";
import { sendSharedAnswer, shareAnswer, type SharedAnswer } from "./shared-answer.ts";
import type { EarlyAnswers } from "./early-answers.ts";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".woff2": "font/woff2",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".webp": "image/webp",
  ".json": "application/json; charset=utf-8",
};
/** Already compressed formats gain nothing from brotli or gzip. */
const PRECOMPRESSED = new Set([".woff2", ".png", ".webp"]);

/**
 * The hashed build output under /assets (immutable for a year, decision 005). A name never changes
 * content, so each file is read once, kept in memory with its brotli and gzip copies, and sent like
 * the other shared answers. Only names present in the build are served: no path ever reaches the disk.
 */
export function createAssetHandler(assetsDir: string, early: EarlyAnswers): RequestHandler {
  const names = new Set(readdirSync(assetsDir));
  const loaded = new Map<string, Promise<SharedAnswer>>();

  const load = (name: string) => {
    let answer = loaded.get(name);
    if (!answer) {
      const extension = extname(name);
      const headers: [string, string][] = [
        ["content-type", TYPES[extension] ?? "application/octet-stream"],
        ["cache-control", "public, max-age=31536000, immutable"],
      ];
      answer = readFile(join(assetsDir, name)).then((body) =>
        shareAnswer(headers, body, { effort: PRECOMPRESSED.has(extension) ? "none" : "max" }),
      );
      loaded.set(name, answer);
    }
    return answer;
  };

  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    if (!names.has(name)) {
      res.status(404).type("text/plain").send("Not found");
      return;
    }
    try {
      const answer = await load(name);
      early.keep(req, res, answer, null);
      sendSharedAnswer(req, res, answer);
    } catch (error) {
      loaded.delete(name);
      next(error);
    }
  };
}
