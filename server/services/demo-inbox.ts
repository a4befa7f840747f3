import { can, isRole, rolesWith } from "../../shared/roles.ts";
import { DEMO_REQUEST_GONE, demoRequestNotFound } from "../../shared/not-found.ts";
import { sql, type Selectable } from "kysely";
import type { Db } from "../db/connect.ts";
import type { DemoRequestsTable } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import { toIso } from "../db/rows.ts";
import { refuse, type Refusal } from "../../shared/refusal.ts";
import type { DemoRequestRecord, DemoRequestStatus, DemoTriageStatus } from "../../shared/demo-request.ts";
import {
  demoNotificationOf,
  type DemoInboxFilters,
  type DemoLeadGroup,
  type DemoOwnerOption,
  type DemoRequestEvent,
  type DemoRequestNote,
} from "../../shared/demo-inbox.ts";
import { toDemoRequest } from "./demo-request-record.ts";
import { demoRequestsToCsv } from "./demo-requests-csv.ts";
import { eraseDemoRequests, eraseUnlinkedDeliveriesOf, requestIdsOf } from "./demo-erasure.ts";
import type { WebhookOutbox } from "./webhook-outbox.ts";
import { recordActivity, type ActivityActor } from "./activity-log.ts";

export const DEMO_INBOX_PAGE_SIZE = 50;
export const OWNER_WITHOUT_INBOX = "Choose someone who works the demo inbox (sales or an administrator) as the owner.";
const REQUEST_GONE = DEMO_REQUEST_GONE;
const NOT_SUSPECTED_SPAM = "This demo request is not in Suspected spam.";

const likePattern = (search: string) => `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const emailKey = sql<string>`lower(email)`;

export interface DemoInboxDeps {
  db: Db;
  clock: () => Date;
  logger: Logger;
  /** Whether SMTP and a recipient are configured: "E-mail not configured" otherwise (docs/decisions/053). */
  emailConfigured: boolean;
  notifyInBackground: (id: number) => void;
  webhooks?: Pick<WebhookOutbox, "demoRequestCreated">;
}

type Row = Selectable<DemoRequestsTable>;

/**
 * An export's filters as the activity log keeps them: those set, the search only as "searched" (it
 * may be a person's name or address, which the log must not keep for a year).
 */
function exportedFilters({ q, view, ...rest }: Partial<DemoInboxFilters>): Record<string, string> {
  const set = Object.entries(rest).filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== "");
  return Object.fromEntries([...(view === "spam" ? [["view", "spam"]] : []), ...(q ? [["search", "yes"]] : []), ...set]);
}

/**
 * The inbox as sales works it (docs/decisions/053-demo-inbox-triage-and-erasure.md): filters, a person's
 * requests on one card, the six triage statuses, owners, notes and history, erasure, subject access.
 */
export function createDemoInbox({ db, clock, logger, emailConfigured, notifyInBackground, webhooks }: DemoInboxDeps) {
  const now = () => clock().toISOString();

  /** Leads or suspected spam, narrowed by the search and the filters. */
  function matching(filters: Partial<DemoInboxFilters>) {
    let query = db.selectFrom("demo_requests").where("spam_reasons", filters.view === "spam" ? "is not" : "is", null);
    const text = filters.q?.trim();
    if (text) {
      const pattern = likePattern(text);
      query = query.where((eb) =>
        eb.or((["name", "email", "organization"] as const).map((column) => sql<boolean>`lower(${eb.ref(column)}) like ${pattern} escape '\\'`)),
      );
    }
    if (filters.status) query = query.where("status", "=", filters.status);
    if (filters.from) query = query.where("created_at", ">=", `${filters.from}T00:00:00.000Z`);
    if (filters.to) {
      const end = new Date(`${filters.to}T00:00:00.000Z`);
      end.setUTCDate(end.getUTCDate() + 1);
      query = query.where("created_at", "<", end.toISOString());
    }
    if (filters.campaign) query = query.where("utm_campaign", "=", filters.campaign);
    if (filters.source) query = query.where("source_page", "=", filters.source);
    return query;
  }

  async function usersById(ids: (number | null)[]): Promise<Map<number, DemoOwnerOption>> {
    const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
    if (wanted.length === 0) return new Map();
    const rows = await db.selectFrom("users").select(["id", "username", "display_name"]).where("id", "in", wanted).execute();
    return new Map(rows.map((row) => [Number(row.id), { id: Number(row.id), name: row.display_name || row.username }]));
  }

  async function notesOf(ids: number[]): Promise<DemoRequestNote[]> {
    if (ids.length === 0) return [];
    const rows = await db.selectFrom("demo_request_notes").selectAll().where("demo_request_id", "in", ids).orderBy("id").execute();
    const authors = await usersById(rows.map((row) => (row.author_id === null ? null : Number(row.author_id))));
    return rows.map((row) => ({
      id: Number(row.id),
      demoRequestId: Number(row.demo_request_id),
      body: row.body,
      author: row.author_id === null ? null : (authors.get(Number(row.author_id)) ?? null),
      createdAt: toIso(row.created_at),
    }));
  }

  async function eventsOf(ids: number[]): Promise<DemoRequestEvent[]> {
    if (ids.length === 0) return [];
    const rows = await db.selectFrom("demo_request_events").selectAll().where("demo_request_id", "in", ids).orderBy("id").execute();
    const actors = await usersById(rows.map((row) => (row.actor_id === null ? null : Number(row.actor_id))));
    return rows.map((row) => ({
      id: Number(row.id),
      demoRequestId: Number(row.demo_request_id),
      kind: row.kind,
      from: row.from_value,
      to: row.to_value,
      actor: row.actor_id === null ? null : (actors.get(Number(row.actor_id)) ?? null),
      createdAt: toIso(row.created_at),
    }));
  }

  async function recordEvent(trx: Db, id: number, kind: DemoRequestEvent["kind"], from: string | null, to: string | null, actorId: number | null) {
    await trx
      .insertInto("demo_request_events")
      .values({ demo_request_id: id, kind, from_value: from, to_value: to, actor_id: actorId, created_at: now() })
      .execute();
  }

  const notificationOf = (request: DemoRequestRecord) => demoNotificationOf(request, emailConfigured, clock());

  /**
   * "Not spam": the request becomes a lead, and sales is e-mailed about it now. Refused when there is no
   * such request, or when it is not in Suspected spam (someone else released it first).
   */
  async function markNotSpam(id: number, actorId: number | null = null): Promise<DemoRequestRecord | Refusal> {
    const row = await db.transaction().execute(async (trx) => {
      const marked = await trx
        .updateTable("demo_requests")
        .set({ spam_reasons: null, updated_at: now() })
        .where("id", "=", id)
        .where("spam_reasons", "is not", null)
        .returningAll()
        .executeTakeFirst();
      if (!marked) return undefined;
      await recordEvent(trx, id, "not-spam", "spam", marked.status, actorId);
      // Now a lead: receivers hear of it once, like sales (docs/decisions/073-webhooks.md).
      await webhooks?.demoRequestCreated(trx, marked);
      return marked;
    });
    if (!row) return (await findRow(id)) ? refuse("conflict", NOT_SUSPECTED_SPAM) : demoRequestNotFound();
    logger.info({ demoRequestId: id }, "demo request marked as not spam");
    notifyInBackground(id);
    return toDemoRequest(row);
  }

  /**
   * "Spam": a person's judgement. The request leaves the leads with the reason `marked`; its sales e-mail,
   * if not sent yet, is held back, and its pending webhook deliveries are cancelled. Undefined when it was
   * spam already.
   */
  async function markSpam(id: number, actorId: number | null): Promise<Row | undefined> {
    return db.transaction().execute(async (trx) => {
      const marked = await trx
        .updateTable("demo_requests")
        .set({ spam_reasons: "marked", updated_at: now() })
        .where("id", "=", id)
        .where("spam_reasons", "is", null)
        .returningAll()
        .executeTakeFirst();
      if (!marked) return undefined;
      await recordEvent(trx, id, "spam", marked.status, "spam", actorId);
      await trx.deleteFrom("webhook_deliveries").where("demo_request_id", "=", id).where("status", "=", "pending").execute();
      logger.info({ demoRequestId: id }, "demo request marked as spam");
      return marked;
    });
  }

  async function findRow(id: number) {
    return db.selectFrom("demo_requests").selectAll().where("id", "=", id).executeTakeFirst();
  }

  return {
    markNotSpam,

    /**
     * One step from any of the six statuses to another (docs/decisions/053): Spam marks it; any other status
     * on a request kept as spam brings it back as a lead ("Not spam") with that status. "No such demo request" when there is none.
     */
    async setStatus(id: number, status: DemoTriageStatus, actorId: number | null = null): Promise<DemoRequestRecord | Refusal> {
      const current = await findRow(id);
      if (!current) return demoRequestNotFound();
      if (status === "spam") {
        await markSpam(id, actorId);
        const row = await findRow(id);
        return row ? toDemoRequest(row) : demoRequestNotFound();
      }
      if (current.spam_reasons !== null) await markNotSpam(id, actorId);
      const row = await db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom("demo_requests").select("status").where("id", "=", id).executeTakeFirst();
        if (!before) return undefined;
        if (before.status === status) return trx.selectFrom("demo_requests").selectAll().where("id", "=", id).executeTakeFirst();
        const updated = await trx
          .updateTable("demo_requests")
          .set({ status: status as DemoRequestStatus, updated_at: now() })
          .where("id", "=", id)
          .returningAll()
          .executeTakeFirst();
        if (updated) await recordEvent(trx, id, "status", before.status, status, actorId);
        return updated;
      });
      return row ? toDemoRequest(row) : demoRequestNotFound();
    },

    /** Gives the lead to an administrator, or to nobody (`null`). */
    async assignOwner(id: number, ownerId: number | null, actorId: number | null): Promise<DemoRequestRecord | Refusal> {
      if (ownerId !== null) {
        const owner = await db.selectFrom("users").select(["id", "role"]).where("id", "=", ownerId).executeTakeFirst();
        if (!owner || !can(isRole(owner.role) ? owner.role : null, "leads")) return refuse("invalid", OWNER_WITHOUT_INBOX, { fields: { ownerId: OWNER_WITHOUT_INBOX } });
      }
      const row = await db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom("demo_requests").selectAll().where("id", "=", id).executeTakeFirst();
        if (!before) return undefined;
        const was = before.owner_id === null ? null : Number(before.owner_id);
        if (was === ownerId) return before;
        const updated = await trx
          .updateTable("demo_requests")
          .set({ owner_id: ownerId, updated_at: now() })
          .where("id", "=", id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordEvent(trx, id, "owner", was === null ? null : String(was), ownerId === null ? null : String(ownerId), actorId);
        return updated;
      });
      return row ? toDemoRequest(row) : refuse("not-found", REQUEST_GONE);
    },

    /** An internal note, with its author and time. */
    async addNote(id: number, body: string, authorId: number | null): Promise<DemoRequestNote | Refusal> {
      const note = await db.transaction().execute(async (trx) => {
        const touched = await trx.updateTable("demo_requests").set({ updated_at: now() }).where("id", "=", id).returning("id").executeTakeFirst();
        if (!touched) return undefined;
        return trx
          .insertInto("demo_request_notes")
          .values({ demo_request_id: id, author_id: authorId, body, created_at: now() })
          .returning("id")
          .executeTakeFirstOrThrow();
      });
      if (!note) return refuse("not-found", REQUEST_GONE);
      return (await notesOf([id])).find((entry) => entry.id === Number(note.id))!;
    },

    /** One request with its owner, e-mail state, notes and history (the API's `GET …/{id}`). */
    async detail(id: number) {
      const row = await findRow(id);
      if (!row) return demoRequestNotFound();
      const request = toDemoRequest(row);
      const owners = await usersById([request.ownerId]);
      return {
        request,
        owner: request.ownerId === null ? null : (owners.get(request.ownerId) ?? null),
        notification: notificationOf(request),
        notes: await notesOf([id]),
        events: await eventsOf([id]),
      };
    },

    /**
     * The inbox (docs/decisions/053): one card per e-mail address, newest first, 50 a page. A card's lead is
     * the newest request from that address that matches the view and filters; it carries every request from
     * the address, with their notes and history.
     */
    async inbox(filters: Partial<DemoInboxFilters> & { page?: number }) {
      const page = Math.max(1, filters.page ?? 1);
      const [keys, count] = await Promise.all([
        matching(filters)
          .select((eb) => [emailKey.as("key"), eb.fn.max("created_at").as("last"), eb.fn.max("id").as("last_id")])
          .groupBy(emailKey)
          .orderBy("last", "desc")
          .orderBy("last_id", "desc")
          .limit(DEMO_INBOX_PAGE_SIZE)
          .offset((page - 1) * DEMO_INBOX_PAGE_SIZE)
          .execute(),
        matching(filters)
          .select(sql<number>`count(distinct lower(email))`.as("total"))
          .executeTakeFirstOrThrow(),
      ]);
      const groupKeys = keys.map((row) => row.key);
      if (groupKeys.length === 0) return { groups: [] as DemoLeadGroup[], total: Number(count.total), pageSize: DEMO_INBOX_PAGE_SIZE };
      const [leads, all] = await Promise.all([
        matching(filters).selectAll().where(emailKey, "in", groupKeys).orderBy("created_at", "desc").orderBy("id", "desc").execute(),
        db.selectFrom("demo_requests").selectAll().where(emailKey, "in", groupKeys).orderBy("created_at", "desc").orderBy("id", "desc").execute(),
      ]);
      const ids = all.map((row) => Number(row.id));
      const [notes, events, owners] = await Promise.all([
        notesOf(ids),
        eventsOf(ids),
        usersById(leads.map((row) => (row.owner_id === null ? null : Number(row.owner_id)))),
      ]);
      const groups = groupKeys.map((key): DemoLeadGroup => {
        const lead = toDemoRequest(leads.find((row) => row.email.toLowerCase() === key)!);
        const requests = all.filter((row) => row.email.toLowerCase() === key).map(toDemoRequest);
        const inGroup = new Set(requests.map((request) => request.id));
        return {
          key,
          lead,
          owner: lead.ownerId === null ? null : (owners.get(lead.ownerId) ?? null),
          notification: notificationOf(lead),
          requests,
          notes: notes.filter((note) => inGroup.has(note.demoRequestId)),
          events: events.filter((event) => inGroup.has(event.demoRequestId)),
        };
      });
      return { groups, total: Number(count.total), pageSize: DEMO_INBOX_PAGE_SIZE };
    },

    /** What the filters offer: the campaigns and source pages requests came with, and who may own a lead. */
    async filterOptions() {
      const [campaigns, sources, owners] = await Promise.all([
        db.selectFrom("demo_requests").select("utm_campaign as value").distinct().where("utm_campaign", "is not", null).orderBy("utm_campaign").limit(200).execute(),
        db.selectFrom("demo_requests").select("source_page as value").distinct().where("source_page", "is not", null).orderBy("source_page").limit(200).execute(),
        db.selectFrom("users").select(["id", "username", "display_name"]).where("role", "in", rolesWith("leads")).orderBy("username").execute(),
      ]);
      return {
        campaigns: campaigns.map((row) => row.value!),
        sourcePages: sources.map((row) => row.value!),
        owners: owners.map((row): DemoOwnerOption => ({ id: Number(row.id), name: row.display_name || row.username })),
      };
    },

    /**
     * 'Export CSV': every request of the view that matches the search and filters, newest first, one row
     * each, with its owner and status history; safe to open in a spreadsheet. Logged as `leads.export`
     * with who asked, before the file is answered (docs/decisions/029-activity-log-and-sessions.md).
     */
    async exportInboxCsv(filters: Partial<DemoInboxFilters>, actor: ActivityActor): Promise<string> {
      const rows = await matching(filters).selectAll().orderBy("created_at", "desc").orderBy("id", "desc").execute();
      const requests = rows.map(toDemoRequest);
      const events: DemoRequestEvent[] = [];
      for (let start = 0; start < requests.length; start += 1000) {
        events.push(...(await eventsOf(requests.slice(start, start + 1000).map((request) => request.id))));
      }
      const ownerIds = [
        ...requests.map((request) => request.ownerId),
        ...events.filter((event) => event.kind === "owner").flatMap((event) => [event.from, event.to].map((id) => (id === null ? null : Number(id)))),
      ];
      const byRequest = new Map<number, DemoRequestEvent[]>();
      for (const event of events) byRequest.set(event.demoRequestId, [...(byRequest.get(event.demoRequestId) ?? []), event]);
      const csv = demoRequestsToCsv(requests, { owners: await usersById(ownerIds), events: byRequest });
      const detail = { format: "csv", rows: requests.length, filters: exportedFilters(filters) };
      await recordActivity(db, { actor, action: "leads.export", subject: { type: "demo-requests", label: "Demo requests" }, detail }, now());
      return csv;
    },

    /** Erases one request (docs/decisions/053); `erased: 0` when it is gone already. */
    async erase(id: number): Promise<{ erased: number }> {
      const erased = await db.transaction().execute((trx) => eraseDemoRequests(trx, [id]));
      if (erased.length > 0) logger.info({ demoRequestIds: erased.map((row) => row.id) }, "demo request erased");
      return { erased: erased.length };
    },

    /** Erases every request from an address, case aside, and anything left that names it (an erasure request). */
    async eraseByEmail(email: string): Promise<{ erased: number }> {
      const erased = await db.transaction().execute(async (trx) => {
        const rows = await eraseDemoRequests(trx, await requestIdsOf(trx, email));
        await eraseUnlinkedDeliveriesOf(trx, email);
        return rows;
      });
      // The log names ids only, never the address (no personal data in logs).
      logger.info({ demoRequestIds: erased.map((row) => row.id) }, "demo requests erased for an erasure request");
      return { erased: erased.length };
    },

    /**
     * Subject access (UK GDPR/GDPR Art. 15): every request from an address with its notes, history and the
     * record of its webhook deliveries and sales e-mail, as one JSON document. Logged as `leads.export`
     * with who asked and how many requests, never the address (docs/decisions/029).
     */
    async subjectAccess(email: string, actor: ActivityActor) {
      const ids = await requestIdsOf(db, email);
      const rows = ids.length
        ? await db.selectFrom("demo_requests").selectAll().where("id", "in", ids).orderBy("created_at").orderBy("id").execute()
        : [];
      const [notes, events, deliveries] = await Promise.all([
        notesOf(ids),
        eventsOf(ids),
        ids.length
          ? db
              .selectFrom("webhook_deliveries")
              .select(["id", "demo_request_id", "webhook_id", "event_type", "status", "attempts", "last_status_code", "last_error", "created_at", "delivered_at", "payload"])
              .where("demo_request_id", "in", ids)
              .orderBy("id")
              .execute()
          : Promise.resolve([]),
      ]);
      const owners = await usersById(rows.map((row) => (row.owner_id === null ? null : Number(row.owner_id))));
      const detail = { format: "json", rows: rows.length };
      await recordActivity(db, { actor, action: "leads.export", subject: { type: "demo-requests", label: "One person's data" }, detail }, now());
      return {
        email: email.trim(),
        generatedAt: now(),
        requests: rows.map((row) => {
          const request = toDemoRequest(row);
          return {
            ...request,
            owner: request.ownerId === null ? null : (owners.get(request.ownerId) ?? null),
            salesEmail: notificationOf(request),
            notes: notes.filter((note) => note.demoRequestId === request.id),
            history: events.filter((event) => event.demoRequestId === request.id),
            webhookDeliveries: deliveries
              .filter((delivery) => Number(delivery.demo_request_id) === request.id)
              .map((delivery) => ({
                id: Number(delivery.id),
                webhookId: Number(delivery.webhook_id),
                eventType: delivery.event_type,
                status: delivery.status,
                attempts: Number(delivery.attempts),
                lastStatusCode: delivery.last_status_code === null ? null : Number(delivery.last_status_code),
                lastError: delivery.last_error,
                createdAt: toIso(delivery.created_at),
                deliveredAt: delivery.delivered_at === null ? null : toIso(delivery.delivered_at),
                payload: JSON.parse(delivery.payload) as unknown,
              })),
          };
        }),
      };
    },
  };
}

