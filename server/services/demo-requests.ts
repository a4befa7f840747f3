import { sql, type Selectable } from "kysely";
import type { DatabaseHandle } from "../db/connect.ts";
import type { DemoRequestsTable } from "../db/schema.ts";
import { toIso, toIsoOrNull } from "../db/rows.ts";
import type { Logger } from "../logger.ts";
import { createRateLimiter } from "../security/rate-limit.ts";
import type {
  DemoAttribution,
  DemoRequestFields,
  DemoRequestRecord,
  DemoRequestStatus,
  DemoSpamSignals,
} from "../../app/lib/demo-request.ts";
import type { DemoFormTokens } from "./demo-form-token.ts";
import type { DemoNotifier } from "./demo-notifier.ts";
import { demoRequestsToCsv } from "./demo-requests-csv.ts";

export type { DemoRequestStatus };

export type DemoRequest = DemoRequestRecord;

export type DemoSubmission =
  | { outcome: "stored"; request: DemoRequest }
  /** Spam: the visitor is told it worked, nothing is stored or sent. */
  | { outcome: "dropped"; reason: "honeypot" | "too-fast" | "invalid-token" | "missing-token" }
  | { outcome: "rate-limited"; retryAfterSeconds: number };

/** SPEC-free limit (issue 7): 5 accepted requests per hour per IP, shared by every instance. */
export const DEMO_RATE_LIMIT = { points: 5, durationSeconds: 60 * 60 };
export const DEMO_INBOX_PAGE_SIZE = 50;

function toDemoRequest(row: Selectable<DemoRequestsTable>): DemoRequest {
  return {
    id: Number(row.id),
    name: row.name,
    email: row.email,
    phone: row.phone,
    organization: row.organization,
    message: row.message,
    status: row.status,
    sourcePage: row.source_page,
    utmSource: row.utm_source,
    utmMedium: row.utm_medium,
    utmCampaign: row.utm_campaign,
    utmTerm: row.utm_term,
    utmContent: row.utm_content,
    notifiedAt: toIsoOrNull(row.notified_at),
    notifyAttempts: Number(row.notify_attempts),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

const likePattern = (search: string) => `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface DemoRequestServiceDeps {
  database: DatabaseHandle;
  clock: () => Date;
  logger: Logger;
  formTokens: DemoFormTokens;
  notifier: Pick<DemoNotifier, "notifyInBackground">;
}

export function createDemoRequestService({ database, clock, logger, formTokens, notifier }: DemoRequestServiceDeps) {
  const { db } = database;
  const limiter = createRateLimiter(database, { keyPrefix: "demo-request-ip", ...DEMO_RATE_LIMIT, clock });

  /** Name, e-mail or organisation contains the search text, case-insensitively on both databases. */
  const matching = (search: string | undefined) => {
    let query = db.selectFrom("demo_requests");
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

  async function create(fields: DemoRequestFields, attribution?: Partial<DemoAttribution>): Promise<DemoRequest> {
    const now = clock().toISOString();
    const row = await db
      .insertInto("demo_requests")
      .values({
        ...fields,
        source_page: attribution?.sourcePage ?? null,
        utm_source: attribution?.utmSource ?? null,
        utm_medium: attribution?.utmMedium ?? null,
        utm_campaign: attribution?.utmCampaign ?? null,
        utm_term: attribution?.utmTerm ?? null,
        utm_content: attribution?.utmContent ?? null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toDemoRequest(row);
  }

  return {
    create,

    /** The signed "form shown at" token every rendering of the demo form carries. */
    issueFormToken: () => formTokens.issue(),

    /**
     * A visitor's submission, already validated with the shared schema (SPEC §5): rate limit, spam
     * checks, then the lead is committed before anyone is answered, and sales is told in the
     * background. `requireFormToken` is false only for the JSON API, whose SPEC §7 payload has
     * no token (docs/decisions/050-demo-spam-defence.md).
     */
    async submit(input: {
      fields: DemoRequestFields;
      attribution: DemoAttribution;
      spam: DemoSpamSignals;
      clientIp: string | undefined;
      requireFormToken: boolean;
    }): Promise<DemoSubmission> {
      const limit = await limiter.consume(input.clientIp ?? "unknown");
      if (!limit.allowed) return { outcome: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };

      const dropped = (reason: Extract<DemoSubmission, { outcome: "dropped" }>["reason"]): DemoSubmission => {
        logger.info({ reason }, "demo request dropped as spam");
        return { outcome: "dropped", reason };
      };
      if (input.spam.website) return dropped("honeypot");
      const token = await formTokens.check(input.spam.formToken);
      if (token === "too-fast") return dropped("too-fast");
      if (token === "invalid") return dropped("invalid-token");
      if (token === "missing" && input.requireFormToken) return dropped("missing-token");

      const request = await create(input.fields, input.attribution);
      logger.info({ demoRequestId: request.id }, "demo request stored");
      notifier.notifyInBackground(request.id);
      return { outcome: "stored", request };
    },

    async findById(id: number): Promise<DemoRequest | undefined> {
      const row = await db.selectFrom("demo_requests").selectAll().where("id", "=", id).executeTakeFirst();
      return row ? toDemoRequest(row) : undefined;
    },

    /** The sales inbox: newest first, optionally filtered by name, e-mail or organisation. */
    async list({ search, page = 1 }: { search?: string; page?: number }) {
      const [rows, count] = await Promise.all([
        matching(search)
          .selectAll()
          .orderBy("created_at", "desc")
          .orderBy("id", "desc")
          .limit(DEMO_INBOX_PAGE_SIZE)
          .offset((Math.max(1, page) - 1) * DEMO_INBOX_PAGE_SIZE)
          .execute(),
        matching(search)
          .select((eb) => eb.fn.countAll<number>().as("total"))
          .executeTakeFirstOrThrow(),
      ]);
      return { requests: rows.map(toDemoRequest), total: Number(count.total), pageSize: DEMO_INBOX_PAGE_SIZE };
    },

    /** 'Export CSV': every matching request, newest first, safe to open in a spreadsheet. */
    async exportCsv({ search }: { search?: string }): Promise<string> {
      const rows = await matching(search).selectAll().orderBy("created_at", "desc").orderBy("id", "desc").execute();
      return demoRequestsToCsv(rows.map(toDemoRequest));
    },

    async updateStatus(id: number, status: DemoRequestStatus): Promise<DemoRequest | undefined> {
      const row = await db
        .updateTable("demo_requests")
        .set({ status, updated_at: clock().toISOString() })
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirst();
      return row ? toDemoRequest(row) : undefined;
    },
  };
}

export type DemoRequestService = ReturnType<typeof createDemoRequestService>;
