import type { Selectable } from "kysely";
import type { DemoRequestsTable } from "../db/schema.ts";
import { toIso, toIsoOrNull } from "../db/rows.ts";
import { demoSpamReasons, type DemoRequestRecord as DemoRequest, type DemoSpamReason } from "../../shared/demo-request.ts";

/** A stored demo request as the inbox, the CSV and the API read it. */
export function toDemoRequest(row: Selectable<DemoRequestsTable>): DemoRequest {
  return {
    id: Number(row.id),
    name: row.name,
    email: row.email,
    phone: row.phone,
    organization: row.organization,
    message: row.message,
    status: row.status,
    spamReasons: (row.spam_reasons?.split(",") ?? []).filter((reason): reason is DemoSpamReason =>
      (demoSpamReasons as readonly string[]).includes(reason),
    ),
    sourcePage: row.source_page,
    utmSource: row.utm_source,
    utmMedium: row.utm_medium,
    utmCampaign: row.utm_campaign,
    utmTerm: row.utm_term,
    utmContent: row.utm_content,
    referrer: row.referrer,
    landingPage: row.landing_page,
    visitId: row.visit_id,
    formPage: row.form_page ?? null,
    ownerId: row.owner_id === null ? null : Number(row.owner_id),
    notifiedAt: toIsoOrNull(row.notified_at),
    notifyAttempts: Number(row.notify_attempts),
    notifyNextAt: toIsoOrNull(row.notify_next_at),
    notifyError: row.notify_last_error ?? null,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

/**
 * A lead as other software gets it: `GET /api/cms/demo-requests` (docs/decisions/072) and the
 * `demo_request.created` webhook (docs/decisions/073). The inbox's fields, as the CSV export has them: the
 * campaign too, that of the whole visit when the visitor consented to analytics (docs/decisions/052).
 */
export function leadForOtherSoftware(request: DemoRequest) {
  return {
    id: request.id,
    createdAt: request.createdAt,
    updatedAt: request.updatedAt,
    status: request.status,
    name: request.name,
    email: request.email,
    phone: request.phone,
    organization: request.organization,
    message: request.message,
    sourcePage: request.sourcePage,
    utmSource: request.utmSource,
    utmMedium: request.utmMedium,
    utmCampaign: request.utmCampaign,
    utmTerm: request.utmTerm,
    utmContent: request.utmContent,
    referrer: request.referrer,
    landingPage: request.landingPage,
    formPage: request.formPage,
    notifiedAt: request.notifiedAt,
  };
}
