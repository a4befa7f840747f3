import { demoRequestNotFound } from "../../shared/not-found.ts";
import { sql } from "kysely";
import type { DatabaseHandle } from "../db/connect.ts";
import type { Logger } from "../logger.ts";
import { createRateLimiter } from "../security/rate-limit.ts";
import type {
  DemoAttribution,
  DemoRequestFields,
  DemoRequestRecord,
  DemoRequestStatus,
  DemoSpamReason,
  DemoSpamSignals,
} from "../../shared/demo-request.ts";
import { demoRateLimitedMessage } from "../../shared/demo-request.ts";
import { PLACEHOLDER_SITE_DETAILS } from "../../shared/site-details.ts";
import { refuse, type Refusal } from "../../shared/refusal.ts";
import type { DemoFormTokens } from "./demo-form-token.ts";
import type { DemoNotifier } from "./demo-notifier.ts";
import type { WebhookOutbox } from "./webhook-outbox.ts";
import { toDemoRequest } from "./demo-request-record.ts";
import { createDemoInbox, DEMO_INBOX_PAGE_SIZE } from "./demo-inbox.ts";
import type { ActivityActor } from "./activity-log.ts";
import { landingPageTitles } from "./landing-page-titles.ts";

export type { DemoRequestStatus };

export type DemoRequest = DemoRequestRecord;
export { DEMO_INBOX_PAGE_SIZE };


/** The inbox's two views: leads, or the requests kept as suspected spam. */
export type DemoInboxView = "leads" | "spam";

/** Not in the product document (decision 050): 5 accepted requests per hour per IP, shared by every instance. */
export const DEMO_RATE_LIMIT = { points: 5, durationSeconds: 60 * 60 };

const likePattern = (search: string) => `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface DemoRequestServiceDeps {
  database: DatabaseHandle;
  clock: () => Date;
  logger: Logger;
  formTokens: DemoFormTokens;
  notifier: Pick<DemoNotifier, "notifyInBackground"> & { configured?: boolean };
  /** `demo_request.created`, queued in the transaction that stores a lead (docs/decisions/073-webhooks.md). */
  webhooks?: Pick<WebhookOutbox, "demoRequestCreated">;
  /**
   * Whether `/l/{slug}` is a published landing page: a request credits the page its form was sent from only then
   * (docs/decisions/038). Without it, no request credits a page.
   */
  isPublishedLandingPage?: (path: string) => Promise<boolean>;
  /** The sales mailbox a rate-limited visitor may write to instead (site settings, docs/decisions/054). */
  salesEmail?: () => Promise<string>;
}

export function createDemoRequestService({
  database,
  clock,
  logger,
  formTokens,
  notifier,
  webhooks,
  isPublishedLandingPage = async () => false,
  salesEmail = async () => PLACEHOLDER_SITE_DETAILS.salesEmail,
}: DemoRequestServiceDeps) {
  const { db } = database;
  const limiter = createRateLimiter(database, { keyPrefix: "demo-request-ip", ...DEMO_RATE_LIMIT, clock });
  // Triage, owners, notes, erasure and subject access (docs/decisions/053).
  const inbox = createDemoInbox({
    db,
    clock,
    logger,
    emailConfigured: notifier.configured ?? false,
    notifyInBackground: (id) => notifier.notifyInBackground(id),
    webhooks,
  });

  /** In the view, and name, e-mail or organisation contains the search text, case-insensitively on both databases. */
  const matching = (search: string | undefined, view: DemoInboxView) => {
    let query = db.selectFrom("demo_requests").where("spam_reasons", view === "spam" ? "is not" : "is", null);
    const text = search?.trim();
    if (text) {
      const pattern = likePattern(text);
      query = query.where((eb) =>
        eb.or(
          (["name", "email", "organization"] as const).map(
            (column) => sql<boolean>`lower(${eb.ref(column)}) like ${pattern} escape '\\'`,
          ),
        ),
      );
    }
    return query;
  };

  async function create(
    fields: DemoRequestFields,
    attribution?: Partial<DemoAttribution>,
    spamReasons: DemoSpamReason[] = [],
  ): Promise<DemoRequest> {
    const now = clock().toISOString();
    // The lead and its webhook deliveries commit together (suspected spam queues none: decision 050).
    const row = await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto("demo_requests")
        .values({
          ...fields,
          source_page: attribution?.sourcePage ?? null,
          utm_source: attribution?.utmSource ?? null,
          utm_medium: attribution?.utmMedium ?? null,
          utm_campaign: attribution?.utmCampaign ?? null,
          utm_term: attribution?.utmTerm ?? null,
          utm_content: attribution?.utmContent ?? null,
          referrer: attribution?.referrer ?? null,
          landing_page: attribution?.landingPage ?? null,
          visit_id: attribution?.visitId ?? null,
          form_page: attribution?.formPage ?? null,
          spam_reasons: spamReasons.length > 0 ? spamReasons.join(",") : null,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await webhooks?.demoRequestCreated(trx, inserted);
      return inserted;
    });
    return toDemoRequest(row);
  }

  return {
    ...inbox,
    create,

    /** The titles of the landing pages requests were sent from, by address: the inbox's "Sent from" (docs/decisions/038). */
    formPageTitles: async (paths: readonly string[]) => Object.fromEntries(await landingPageTitles(db, paths)),

    /** The signed "form shown at" token every rendering of the demo form carries. */
    issueFormToken: () => formTokens.issue(),

    /**
     * A visitor's submission, already validated with the shared schema (docs/product.md §5): rate limit, then
     * the request is committed before anyone is answered, whatever the spam signals say. A lead is
     * e-mailed to sales in the background; suspected spam waits in the inbox for "Not spam".
     * `requireFormToken` is false only for the JSON API, whose docs/product.md §7 payload has no token
     * (docs/decisions/050-demo-spam-defence.md).
     */
    async submit(input: {
      fields: DemoRequestFields;
      attribution: DemoAttribution;
      spam: DemoSpamSignals;
      clientIp: string | undefined;
      requireFormToken: boolean;
    }): Promise<DemoRequest | Refusal> {
      const limit = await limiter.consume(input.clientIp ?? "unknown");
      if (!limit.allowed) {
        const { retryAfterSeconds } = limit;
        return refuse("rate-limited", demoRateLimitedMessage(retryAfterSeconds, await salesEmail()), { retryAfterSeconds });
      }

      const token = await formTokens.check(input.spam.formToken);
      const spamReasons: DemoSpamReason[] = [
        ...(input.spam.website ? (["honeypot"] as const) : []),
        ...(token === "too-fast" ? (["too-fast"] as const) : []),
        ...(token === "invalid" ? (["invalid-token"] as const) : []),
        ...(token === "missing" && input.requireFormToken ? (["missing-token"] as const) : []),
      ];

      // A page that does not exist or is not live is credited with nothing, never refused (docs/decisions/038).
      const { formPage } = input.attribution;
      const formPageLive = formPage !== null && (await isPublishedLandingPage(formPage));
      const attribution = { ...input.attribution, formPage: formPageLive ? formPage : null };
      const request = await create(input.fields, attribution, spamReasons);
      if (spamReasons.length > 0) {
        logger.info({ demoRequestId: request.id, spamReasons }, "demo request kept as suspected spam");
      } else {
        logger.info({ demoRequestId: request.id }, "demo request stored");
        notifier.notifyInBackground(request.id);
      }
      return request;
    },

    async findById(id: number): Promise<DemoRequest | Refusal> {
      const row = await db.selectFrom("demo_requests").selectAll().where("id", "=", id).executeTakeFirst();
      return row ? toDemoRequest(row) : demoRequestNotFound();
    },

    /** The sales inbox: newest first, leads or suspected spam, optionally filtered by name, e-mail or organisation. */
    async list({ search, page = 1, view = "leads" }: { search?: string; page?: number; view?: DemoInboxView }) {
      const [rows, count] = await Promise.all([
        matching(search, view)
          .selectAll()
          .orderBy("created_at", "desc")
          .orderBy("id", "desc")
          .limit(DEMO_INBOX_PAGE_SIZE)
          .offset((Math.max(1, page) - 1) * DEMO_INBOX_PAGE_SIZE)
          .execute(),
        matching(search, view)
          .select((eb) => eb.fn.countAll<number>().as("total"))
          .executeTakeFirstOrThrow(),
      ]);
      return { requests: rows.map(toDemoRequest), total: Number(count.total), pageSize: DEMO_INBOX_PAGE_SIZE };
    },

    /**
     * `GET /api/cms/demo-requests` (docs/decisions/072): leads (never suspected spam) received at or
     * after `since`, oldest first, so a client that pages through while new leads arrive misses none.
     */
    async listLeadsSince({ since, page, perPage }: { since?: string; page: number; perPage: number }) {
      let query = db.selectFrom("demo_requests").where("spam_reasons", "is", null);
      if (since !== undefined) query = query.where("created_at", ">=", since);
      const [rows, count] = await Promise.all([
        query.selectAll().orderBy("created_at", "asc").orderBy("id", "asc").limit(perPage).offset((page - 1) * perPage).execute(),
        query.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
      ]);
      return { requests: rows.map(toDemoRequest), total: Number(count.total) };
    },

    /** 'Export CSV' of a view and search (the inbox's filters: `exportInboxCsv`), by `actor`. */
    exportCsv: ({ search, view = "leads" }: { search?: string; view?: DemoInboxView }, actor: ActivityActor) => inbox.exportInboxCsv({ q: search, view }, actor),

    /** A pipeline status, as sales sets it (history recorded); see `setStatus` for Spam. */
    async updateStatus(id: number, status: DemoRequestStatus, actorId: number | null = null): Promise<DemoRequest | Refusal> {
      return inbox.setStatus(id, status, actorId);
    },
  };
}

