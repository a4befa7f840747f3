import express, { type RequestHandler } from "express";
import type { Services } from "../services.ts";
import { isRefusal } from "../../shared/refusal.ts";
import { sendRefusal } from "./answer.ts";

/** A page view is a few hundred bytes; anything much larger is refused before it is read (413). */
const EVENT_BODY_LIMIT = "4kb";

/**
 * `POST /api/events`: one page view from the consent-gated beacon (docs/decisions/070-first-party-analytics.md).
 * 202 at once whether the view was kept or dropped (Global Privacy Control, prefetch, a bot, a page that
 * is not one of the site's, a visit past its limit), so nobody learns which; 400 with field messages for a
 * malformed one, which is never stored. `navigator.sendBeacon` sends a string as text/plain, so both types
 * are read as JSON here, with a small limit of their own.
 *
 * Every page view of a consenting visitor comes here, so server/http.ts mounts it ahead of what a page
 * needs and an empty 202 does not (page cache, CSP nonce, helmet's headers, compression), after the
 * request log (which leaves it out) and behind the same cross-origin check as every write (csrf.ts).
 */
export function createEventsHandler({ analytics }: Services): RequestHandler[] {
  const parse = express.json({ limit: EVENT_BODY_LIMIT, strict: true, type: ["application/json", "text/plain"] });
  const record: RequestHandler = async (req, res) => {
    res.set("Cache-Control", "no-store");
    const result = await analytics.record({
      body: req.body,
      ip: req.ip,
      userAgent: req.get("user-agent"),
      gpc: req.get("sec-gpc") === "1",
      purpose: req.get("sec-purpose") ?? req.get("purpose"),
    });
    if (isRefusal(result)) return sendRefusal(res, result);
    res.status(202).end();
  };
  // Body-parser failures answer as the API's do: 413 or 400 with a plain message.
  const parseFailures: express.ErrorRequestHandler = (error, _req, res, next) => {
    const status = Number((error as { status?: number }).status);
    if (status === 413) return res.status(413).set("Cache-Control", "no-store").json({ message: "Request body too large" });
    if (status === 400) return res.status(400).set("Cache-Control", "no-store").json({ message: "Request body is not valid JSON" });
    next(error);
  };
  return [parse, record, parseFailures as unknown as RequestHandler];
}
