import express from "express";
import { z } from "../../app/lib/zod.ts";
import { CMS_API_PER_PAGE, CMS_PER_PAGE_MAX } from "../../app/lib/cms-listing.ts";
import { leadForOtherSoftware } from "../services/demo-request-record.ts";
import type { Services } from "../services.ts";
import { parseBody } from "./validation.ts";

const PAGE_MESSAGE = "page must be a positive whole number";
const PER_PAGE_MESSAGE = `perPage must be a whole number from 1 to ${CMS_PER_PAGE_MAX}`;
const SINCE_MESSAGE = "since must be an ISO 8601 time with a zone, e.g. 2026-11-24T09:00:00Z";

const wholeNumber = (message: string, max: number, fallback: number) =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(max, message).default(fallback);

/** `GET /api/cms/demo-requests`'s query; a parameter given twice is a 400 like any bad value. */
export const demoRequestsQuerySchema = z.object({
  page: wholeNumber(PAGE_MESSAGE, 1_000_000, 1),
  perPage: wholeNumber(PER_PAGE_MESSAGE, CMS_PER_PAGE_MAX, CMS_API_PER_PAGE),
  since: z.iso
    .datetime({ offset: true, error: SINCE_MESSAGE })
    .transform((value) => new Date(value).toISOString())
    .optional(),
});

/**
 * Demo requests for other software (docs/decisions/072), for an administrator's session or an API
 * token with `demo_requests:read` (server/api/guards.ts):
 * `GET /api/cms/demo-requests?since=…&page=…&perPage=…` answers the leads received at or after
 * `since`, oldest first, with `X-Total-Count` and `Link: <…>; rel="next"` while more follow.
 * Suspected spam is left out until someone marks it "Not spam" in the inbox.
 */
export function createCmsDemoRequestsApi({ demoRequests }: Services) {
  const router = express.Router();

  router.get("/cms/demo-requests", async (req, res) => {
    const query = parseBody(demoRequestsQuerySchema, req.query, res);
    if (!query) return;
    const { requests, total } = await demoRequests.listLeadsSince(query);
    res.set("X-Total-Count", String(total));
    if (query.page * query.perPage < total) {
      const next = new URLSearchParams({ page: String(query.page + 1), perPage: String(query.perPage) });
      if (query.since !== undefined) next.set("since", query.since);
      res.set("Link", `</api/cms/demo-requests?${next}>; rel="next"`);
    }
    res.json(requests.map(leadForOtherSoftware));
  });

  return router;
}
