import express from "express";
import { z } from "../../shared/zod.ts";
import { CMS_API_PER_PAGE, CMS_PER_PAGE_MAX } from "../../shared/cms-listing.ts";
import { leadForOtherSoftware } from "../services/demo-request-record.ts";
import type { Services } from "../services.ts";
import { demoNoteSchema, demoPersonSchema, demoRequestPatchSchema } from "../../shared/demo-inbox.ts";
import { triageStatusOf, type DemoRequestRecord } from "../../shared/demo-request.ts";
import { isRefusal } from "../../shared/refusal.ts";
import { sendRefusal } from "./answer.ts";
import { idParam, parseBody } from "./validation.ts";

const NOT_FOUND = "No such demo request";

/** One request as the triage calls answer it: the lead's fields, Spam as a status, owner, e-mail state, notes, history. */
function triaged(detail: NonNullable<Awaited<ReturnType<Services["demoRequests"]["detail"]>>>) {
  const { request } = detail;
  return {
    ...leadForOtherSoftware(request),
    status: triageStatusOf(request),
    spamReasons: request.spamReasons,
    owner: detail.owner,
    notification: detail.notification,
    notes: detail.notes.map(({ demoRequestId: _, ...note }) => note),
    history: detail.events.map(({ demoRequestId: _, ...event }) => event),
  };
}

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

  // Triage, notes, erasure and subject access (docs/decisions/053). Person-level calls name the
  // address in the body, never in the URL, which logs and histories keep.
  router.post("/cms/demo-requests/erasure", async (req, res) => {
    const input = parseBody(demoPersonSchema, req.body, res);
    if (!input) return;
    res.json(await demoRequests.eraseByEmail(input.email));
  });

  router.post("/cms/demo-requests/subject-access", async (req, res) => {
    const input = parseBody(demoPersonSchema, req.body, res);
    if (!input) return;
    res.set("Cache-Control", "private, no-store").json(await demoRequests.subjectAccess(input.email));
  });

  router.get("/cms/demo-requests/:id", async (req, res) => {
    const id = idParam(req.params.id, res, "Demo request");
    if (id === undefined) return;
    const detail = await demoRequests.detail(id);
    if (!detail) return void res.status(404).json({ message: NOT_FOUND });
    res.json(triaged(detail));
  });

  router.patch("/cms/demo-requests/:id", async (req, res) => {
    const id = idParam(req.params.id, res, "Demo request");
    if (id === undefined) return;
    const input = parseBody(demoRequestPatchSchema, req.body, res);
    if (!input) return;
    const actor = res.locals.user?.id ?? null;
    if (input.ownerId !== undefined) {
      const owned = await demoRequests.assignOwner(id, input.ownerId, actor);
      if (isRefusal(owned)) return sendRefusal(res, owned);
    }
    let updated: DemoRequestRecord | undefined;
    if (input.status !== undefined) updated = await demoRequests.setStatus(id, input.status, actor);
    const detail = await demoRequests.detail(id);
    if (!detail || (input.status !== undefined && !updated)) return void res.status(404).json({ message: NOT_FOUND });
    res.json(triaged(detail));
  });

  router.post("/cms/demo-requests/:id/notes", async (req, res) => {
    const id = idParam(req.params.id, res, "Demo request");
    if (id === undefined) return;
    const input = parseBody(demoNoteSchema, req.body, res);
    if (!input) return;
    const note = await demoRequests.addNote(id, input.body, res.locals.user?.id ?? null);
    if (isRefusal(note)) return sendRefusal(res, note);
    const { demoRequestId: _, ...body } = note;
    res.status(201).json(body);
  });

  /** Idempotent: 204 whether this call erased it or it was gone already. */
  router.delete("/cms/demo-requests/:id", async (req, res) => {
    const id = idParam(req.params.id, res, "Demo request");
    if (id === undefined) return;
    await demoRequests.erase(id);
    res.status(204).end();
  });

  return router;
}
