import { z } from "../../../shared/zod.ts";
import { isRefusal } from "../../../shared/refusal.ts";
import { CMS_API_PER_PAGE, CMS_PER_PAGE_MAX } from "../../../shared/cms-listing.ts";
import { demoNoteSchema, demoPersonSchema, demoRequestPatchSchema } from "../../../shared/demo-inbox.ts";
import {
  demoAttributionSchema,
  demoRequestSchema,
  demoSpamSignalsSchema,
  triageStatusOf,
} from "../../../shared/demo-request.ts";
import { leadForOtherSoftware } from "../../services/demo-request-record.ts";
import type { Services } from "../../services.ts";
import { staff, anyone, operation, reply } from "../operation.ts";
import { idParams } from "../validation.ts";
import * as answers from "../openapi/responses.ts";

/**
 * Leads: the demo form's endpoint, leads for other software (docs/decisions/072) and their triage,
 * notes, erasure and subject access (docs/decisions/053). Person-level calls name the address in the
 * body, never in the URL, which logs and histories keep.
 */

const error = answers.errorBody;

export const leadsTags: { name: string; description: string }[] = [
  { name: "Demo requests", description: "The demo form's endpoint, and leads for other software (docs/decisions/072)." },
];

type Detail = Exclude<Awaited<ReturnType<Services["demoRequests"]["detail"]>>, { refused: true }>;

/** One request as the triage calls answer it: the lead's fields, Spam as a status, owner, e-mail state, notes, history. */
function triaged(detail: Detail) {
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
const demoRequestsQuerySchema = z.object({
  page: wholeNumber(PAGE_MESSAGE, 1_000_000, 1),
  perPage: wholeNumber(PER_PAGE_MESSAGE, CMS_PER_PAGE_MAX, CMS_API_PER_PAGE),
  since: z.iso
    .datetime({ offset: true, error: SINCE_MESSAGE })
    .transform((value) => new Date(value).toISOString())
    .optional(),
});

/** The demo form as `POST /api/book-demo` reads it: the fields (refused when bad), where the lead came from and the spam signals (never refused). */
const bookDemoSchema = z
  .object({ ...demoRequestSchema.shape, ...demoAttributionSchema.shape, ...demoSpamSignalsSchema.shape })
  .transform(({ name, email, phone, organization, message, website, formToken, ...attribution }) => ({
    fields: { name, email, phone, organization, message },
    attribution,
    spam: { website, formToken },
  }));

const demoRequestParams = idParams("Demo request");

export const leadsOperations = [
  operation({
    method: "post",
    path: "/api/book-demo",
    operationId: "bookDemo",
    tag: "Demo requests",
    summary: "Request a demo",
    description:
      "docs/product.md §7. Optional attribution fields (`sourcePage`, UTM parameters; with the visitor's analytics consent `referrer`, `landingPage` and `visitId`) say where the visitor came from (docs/decisions/052); a value that does not fit is stored as null, never refused. Suspected spam is stored and answered alike.",
    access: anyone,
    body: { kind: "json", schema: bookDemoSchema, required: true },
    answers: {
      201: { description: "Received.", body: answers.messageOnly },
      400: { description: "A field is missing or breaks its rule.", body: error },
      429: { description: "Too many requests from this address.", body: error, headers: ["Retry-After"] },
    },
    async handle({ body }, { services, req }) {
      const result = await services.demoRequests.submit({ ...body, clientIp: req.ip, requireFormToken: false });
      // A lead and suspected spam are answered alike (both are stored), so a bot learns nothing.
      return isRefusal(result) ? result : { message: "Demo request received" };
    },
  }),
  operation({
    method: "get",
    path: "/api/cms/demo-requests",
    operationId: "listDemoRequests",
    tag: "Demo requests",
    summary: "List leads",
    description:
      "Leads received at or after `since`, oldest first, for a CRM to pull (docs/integrations.md). Suspected spam is left out until marked Not spam.",
    access: staff("leads", "demo_requests:read"),
    query: demoRequestsQuerySchema,
    answers: {
      200: { description: "A page of leads.", body: answers.demoRequestLead.array(), headers: ["X-Total-Count", "Link"] },
      400: { description: "A bad `page`, `perPage` or `since`.", body: error },
    },
    async handle({ query }, { services }) {
      const { requests, total } = await services.demoRequests.listLeadsSince(query);
      const headers: Record<string, string> = { "X-Total-Count": String(total) };
      if (query.page * query.perPage < total) {
        const next = new URLSearchParams({ page: String(query.page + 1), perPage: String(query.perPage) });
        if (query.since !== undefined) next.set("since", query.since);
        headers.Link = `</api/cms/demo-requests?${next}>; rel="next"`;
      }
      return reply(requests.map(leadForOtherSoftware), { headers });
    },
  }),
  operation({
    method: "post",
    path: "/api/cms/demo-requests/erasure",
    operationId: "eraseDemoRequester",
    tag: "Demo requests",
    summary: "Honor an erasure request",
    description:
      "Erases every request from the address (case aside) as `DELETE …/{id}` does, and any webhook delivery that names it. The address goes in the body, never in the URL. Idempotent: `erased: 0` when nothing is left.",
    access: staff("leads", "demo_requests:write"),
    body: { kind: "json", schema: demoPersonSchema, required: true },
    answers: {
      200: { description: "How many requests were erased.", body: answers.demoErasure },
      400: { description: "Not an e-mail address.", body: error },
    },
    handle: ({ body }, { services }) => services.demoRequests.eraseByEmail(body.email),
  }),
  operation({
    method: "post",
    path: "/api/cms/demo-requests/subject-access",
    operationId: "exportDemoRequester",
    tag: "Demo requests",
    summary: "Export one person's data (subject access)",
    description: "Every request from the address, with owner, sales e-mail state, notes, history and webhook delivery records.",
    access: staff("leads", "demo_requests:read"),
    body: { kind: "json", schema: demoPersonSchema, required: true },
    answers: {
      200: { description: "The person's data; `requests` is empty when there is none.", body: answers.demoSubjectAccess, headers: ["Cache-Control"] },
      400: { description: "Not an e-mail address.", body: error },
    },
    async handle({ body }, { services, user }) {
      return reply(await services.demoRequests.subjectAccess(body.email, user), { headers: { "Cache-Control": "private, no-store" } });
    },
  }),
  operation({
    method: "get",
    path: "/api/cms/demo-requests/{id}",
    operationId: "getDemoRequest",
    tag: "Demo requests",
    summary: "Get a demo request with its triage",
    description: "Status (Spam included), owner, the sales e-mail's state, notes and history (docs/decisions/053).",
    access: staff("leads", "demo_requests:read"),
    params: demoRequestParams,
    answers: {
      200: { description: "The request.", body: answers.demoRequestTriaged },
      404: { description: "No such request (never received, or erased).", body: error },
    },
    async handle({ params }, { services }) {
      const detail = await services.demoRequests.detail(params.id);
      return isRefusal(detail) ? detail : triaged(detail);
    },
  }),
  operation({
    method: "patch",
    path: "/api/cms/demo-requests/{id}",
    operationId: "updateDemoRequest",
    tag: "Demo requests",
    summary: "Change a demo request's status or owner",
    description:
      "`status` is one of new, contacted, qualified, won, lost or spam: spam takes the request out of the leads (its pending e-mail and webhook deliveries are held back or cancelled); any other status on a spam request brings it back as a lead (Not spam). `ownerId` is an administrator's id, or null. Each change is kept in the history.",
    access: staff("leads", "demo_requests:write"),
    params: demoRequestParams,
    body: { kind: "json", schema: demoRequestPatchSchema, required: true },
    answers: {
      200: { description: "The request as it is now.", body: answers.demoRequestTriaged },
      400: { description: "A bad status or owner, or the id is not a positive whole number: `errors` names the field.", body: error },
      404: { description: "No such request.", body: error },
    },
    async handle({ params: { id }, body }, { services: { demoRequests }, user }) {
      const actor = user?.id ?? null;
      if (body.ownerId !== undefined) {
        const owned = await demoRequests.assignOwner(id, body.ownerId, actor);
        if (isRefusal(owned)) return owned;
      }
      if (body.status !== undefined) {
        const updated = await demoRequests.setStatus(id, body.status, actor);
        if (isRefusal(updated)) return updated;
      }
      const detail = await demoRequests.detail(id);
      return isRefusal(detail) ? detail : triaged(detail);
    },
  }),
  operation({
    method: "post",
    path: "/api/cms/demo-requests/{id}/notes",
    operationId: "addDemoRequestNote",
    tag: "Demo requests",
    summary: "Add an internal note",
    access: staff("leads", "demo_requests:write"),
    params: demoRequestParams,
    body: { kind: "json", schema: demoNoteSchema, required: true },
    answers: {
      201: { description: "The note, with its author and time.", body: answers.demoRequestNote },
      400: { description: "An empty or over-long note, or a bad id.", body: error },
      404: { description: "No such request.", body: error },
    },
    async handle({ params, body }, { services, user }) {
      const note = await services.demoRequests.addNote(params.id, body.body, user?.id ?? null);
      if (isRefusal(note)) return note;
      const { demoRequestId: _, ...answer } = note;
      return answer;
    },
  }),
  operation({
    method: "delete",
    path: "/api/cms/demo-requests/{id}",
    operationId: "deleteDemoRequest",
    tag: "Demo requests",
    summary: "Erase a demo request",
    description:
      "Deletes the request with its notes and history, its webhook deliveries (pending ones are cancelled), its sales e-mail if unsent, and the page views of its analytics visit. Idempotent: 204 also when it is gone already.",
    access: staff("leads", "demo_requests:write"),
    params: demoRequestParams,
    answers: { 204: { description: "Erased, or not there." } },
    async handle({ params }, { services }) {
      await services.demoRequests.erase(params.id);
      return undefined;
    },
  }),
];
