import { isRefusal } from "../../../shared/refusal.ts";
import { pageViewSchema } from "../../services/analytics-ingestion.ts";
import { anyone, operation } from "../operation.ts";
import * as answers from "../openapi/responses.ts";

/**
 * Analytics: `POST /api/events`, one page view from the consent-gated beacon
 * (docs/decisions/070-first-party-analytics.md). 202 at once whether the view was kept or dropped
 * (Global Privacy Control, prefetch, a bot, a page that is not one of the site's, a visit past its
 * limit), so nobody learns which; 400 with field messages for a malformed one, which is never stored.
 * `navigator.sendBeacon` sends a string as text/plain, so both types are read as JSON, with a small
 * limit of their own.
 *
 * Every page view of a consenting visitor comes here, so server/http.ts mounts it ahead of what a
 * page needs and an empty 202 does not (page cache, CSP nonce, helmet's headers, compression), after
 * the request log (which leaves it out) and behind the same cross-origin check as every write.
 */

/** A page view is a few hundred bytes; anything much larger is refused before it is read (413). */
export const EVENT_BODY_LIMIT = "4kb";

export const analyticsTags: { name: string; description: string }[] = [
  { name: "Analytics", description: "Page views from the consent-gated beacon (docs/decisions/070)." },
];

export const analyticsOperations = [
  operation({
    method: "post",
    path: "/api/events",
    operationId: "recordPageView",
    tag: "Analytics",
    summary: "Record a page view",
    description:
      "Sent only with the visitor's Analytics consent. Answered 202 whether the view was kept or dropped (Global Privacy Control, a prefetch, a bot, a page that is not the site's, a visit past its limit). The same JSON may be sent as text/plain (navigator.sendBeacon). Body at most 4 KB.",
    access: anyone,
    body: { kind: "beacon", schema: pageViewSchema, limit: EVENT_BODY_LIMIT, limitText: "4 KB" },
    readsDatabase: false,
    mountedEarly: true,
    answers: {
      202: { description: "Accepted." },
      400: { description: "Not one page view, or a field breaks its rule; nothing is stored.", body: answers.errorBody },
    },
    async handle({ body }, { services, req }) {
      const result = await services.analytics.record({
        body,
        ip: req.ip,
        userAgent: req.get("user-agent"),
        gpc: req.get("sec-gpc") === "1",
        purpose: req.get("sec-purpose") ?? req.get("purpose"),
      });
      return isRefusal(result) ? result : undefined;
    },
  }),
];
