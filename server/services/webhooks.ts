import { WEBHOOK_DELIVERY_NOT_FOUND, WEBHOOK_NOT_FOUND, webhookNotFound } from "../../shared/not-found.ts";
import { randomBytes } from "node:crypto";
import type { Selectable } from "kysely";
import type { Db } from "../db/connect.ts";
import type { WebhookDeliveriesTable, WebhooksTable } from "../db/schema.ts";
import { toIso, toIsoOrNull } from "../db/rows.ts";
import { refuse, type Refusal } from "../../shared/refusal.ts";
import {
  formatWebhookEvents,
  parseWebhookEvents,
  WEBHOOK_HEALTH_WINDOW,
  WEBHOOK_TEST_EVENT,
  type CreatedWebhook,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookHealth,
  type WebhookInput,
  type WebhookUpdate,
  WEBHOOK_NOTHING_TO_CHANGE,
} from "../../shared/webhooks.ts";
import { checkWebhookUrl, type AddressPolicy, type ResolvedAddress } from "./webhook-address.ts";
import type { WebhookOutbox } from "./webhook-outbox.ts";
import { recordActivity, type ActivityActor } from "./activity-log.ts";

export const WEBHOOK_DELIVERIES_PAGE_SIZE = 20;
export { WEBHOOK_NOT_FOUND, WEBHOOK_DELIVERY_NOT_FOUND };
export const WEBHOOK_DISABLED = "This webhook is paused. Resume it to send events.";
export const WEBHOOK_DELIVERY_PENDING = "This delivery is still queued or being retried; it cannot be sent again until it is delivered or has failed.";

/** A Standard Webhooks secret: `whsec_` + base64 of 32 random bytes (256 bits). */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString("base64")}`;

function toWebhook(row: Selectable<WebhooksTable>): Webhook {
  return {
    id: Number(row.id),
    url: row.url,
    events: parseWebhookEvents(row.events),
    description: row.description ?? null,
    createdAt: toIso(row.created_at),
    disabledAt: toIsoOrNull(row.disabled_at),
  };
}

function toDelivery(row: Selectable<WebhookDeliveriesTable>): WebhookDelivery {
  return {
    id: Number(row.id),
    webhookId: Number(row.webhook_id),
    messageId: row.message_id,
    eventType: row.event_type,
    status: row.status,
    attempts: Number(row.attempts),
    nextAttemptAt: row.status === "pending" ? toIsoOrNull(row.next_attempt_at) : null,
    lastStatusCode: row.last_status_code === null ? null : Number(row.last_status_code),
    lastError: row.last_error ?? null,
    lastAttemptAt: toIsoOrNull(row.last_attempt_at),
    deliveredAt: toIsoOrNull(row.delivered_at),
    createdAt: toIso(row.created_at),
  };
}

export interface WebhookServiceDeps {
  db: Db;
  clock: () => Date;
  policy: AddressPolicy;
  outbox: Pick<WebhookOutbox, "enqueueWebhookEvent">;
  /** Sends what was just committed now rather than at the next sweep (the worker's `kick`). */
  wake: () => void;
  /** Tests: resolve host names without DNS. */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
}

/**
 * Webhook management for administrators (docs/decisions/073-webhooks.md): add, list, change, pause,
 * delete; the delivery log; "Send test event" and "Redeliver", both through the outbox like any event.
 */
export function createWebhookService({ db, clock, policy, outbox, wake, resolve }: WebhookServiceDeps) {
  /** The URL, or an "invalid" refusal with a message on `url` (SSRF: webhook-address.ts). */
  async function checkUrl(url: string): Promise<Refusal | null> {
    const checked = await checkWebhookUrl(url, policy, resolve);
    return "refused" in checked ? refuse("invalid", checked.refused, { fields: { url: checked.refused } }) : null;
  }

  const findRow = (id: number) => db.selectFrom("webhooks").selectAll().where("id", "=", id).executeTakeFirst();

  return {
    async list(): Promise<Webhook[]> {
      const rows = await db.selectFrom("webhooks").selectAll().orderBy("id").execute();
      return rows.map(toWebhook);
    },

    /**
     * Each webhook's latest deliveries with an outcome (docs/decisions/073, "Endpoint status"), newest attempt first,
     * at most WEBHOOK_HEALTH_WINDOW a webhook in one query: the last outcome and how many failed in a row. A
     * delivery queued and never tried has no outcome; one being retried has its failed attempt's.
     */
    async health(): Promise<WebhookHealth[]> {
      const tried = db
        .selectFrom("webhook_deliveries")
        .select((eb) => [
          "webhook_id",
          "status",
          "last_status_code",
          "last_error",
          "last_attempt_at",
          "delivered_at",
          eb.fn
            .agg<number>("row_number")
            .over((over) => over.partitionBy("webhook_id").orderBy("last_attempt_at", "desc").orderBy("id", "desc"))
            .as("place"),
        ])
        .where("last_attempt_at", "is not", null)
        .where((eb) => eb.or([eb("status", "in", ["delivered", "failed"]), eb("last_status_code", "is not", null), eb("last_error", "is not", null)]));
      const rows = await db
        .selectFrom(tried.as("tried"))
        .selectAll()
        .where("place", "<=", WEBHOOK_HEALTH_WINDOW)
        .orderBy("webhook_id")
        .orderBy("place")
        .execute();
      const outcomeOf = (row: (typeof rows)[number]) =>
        row.status === "delivered" ? ("delivered" as const) : row.status === "failed" ? ("failed" as const) : ("retrying" as const);
      const webhooks = await db.selectFrom("webhooks").select("id").orderBy("id").execute();
      return webhooks.map(({ id }): WebhookHealth => {
        const latest = rows.filter((row) => Number(row.webhook_id) === Number(id));
        const first = latest[0];
        const delivered = latest.findIndex((row) => row.status === "delivered");
        return {
          webhookId: Number(id),
          last: first
            ? {
                outcome: outcomeOf(first),
                at: toIso(first.status === "delivered" && first.delivered_at !== null ? first.delivered_at : first.last_attempt_at!),
                statusCode: first.last_status_code === null ? null : Number(first.last_status_code),
                error: first.last_error ?? null,
              }
            : null,
          // The failures before the latest delivery that went through (all of them when none did).
          failedInARow: delivered === -1 ? latest.length : delivered,
        };
      });
    },

    async get(id: number): Promise<Webhook | Refusal> {
      const row = await findRow(id);
      return row ? toWebhook(row) : webhookNotFound();
    },

    /** Adds a webhook; the answer is the only time its secret is shown. */
    async create(input: WebhookInput, actor: ActivityActor): Promise<CreatedWebhook | Refusal> {
      const refused = await checkUrl(input.url);
      if (refused) return refused;
      const secret = newWebhookSecret();
      const now = clock().toISOString();
      const row = await db.transaction().execute(async (trx) => {
        const inserted = await trx
        .insertInto("webhooks")
        .values({
          url: input.url,
          events: formatWebhookEvents(input.events),
          secret,
          description: input.description ?? null,
          created_by: actor?.id ?? null,
          created_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
        const subject = { type: "webhook", id: Number(inserted.id), label: input.url } as const;
        await recordActivity(trx, { actor, action: "webhook.create", subject, detail: { events: input.events } }, now);
        return inserted;
      });
      return { ...toWebhook(row), secret };
    },

    /** Changes the URL (checked again), the events or the description, or pauses (`enabled: false`) or resumes it. */
    async update(id: number, input: WebhookUpdate): Promise<Webhook | Refusal> {
      const current = await findRow(id);
      if (!current) return refuse("not-found", WEBHOOK_NOT_FOUND);
      if (input.url !== undefined) {
        const refused = await checkUrl(input.url);
        if (refused) return refused;
      }
      const changes = {
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.events !== undefined ? { events: formatWebhookEvents(input.events) } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.enabled !== undefined ? { disabled_at: input.enabled ? null : (current.disabled_at ?? clock().toISOString()) } : {}),
      };
      // An UPDATE without a column is not SQL: nothing to change is the caller's mistake, never a 500.
      if (Object.keys(changes).length === 0) return refuse("invalid", WEBHOOK_NOTHING_TO_CHANGE);
      const row = await db
        .updateTable("webhooks")
        .set(changes)
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirst();
      return row ? toWebhook(row) : refuse("not-found", WEBHOOK_NOT_FOUND);
    },

    /** Deletes a webhook and its delivery log (foreign key cascade), logged with who did it; "Webhook not found" when there was none. */
    async remove(id: number, actor: ActivityActor): Promise<true | Refusal> {
      return db.transaction().execute(async (trx) => {
        const row = await trx.deleteFrom("webhooks").where("id", "=", id).returning("url").executeTakeFirst();
        if (!row) return webhookNotFound();
        await recordActivity(trx, { actor, action: "webhook.delete", subject: { type: "webhook", id, label: row.url } }, clock().toISOString());
        return true;
      });
    },

    /** The delivery log of one webhook, newest first. */
    async deliveries(webhookId: number, page = 1): Promise<WebhookDeliveryPage | Refusal> {
      if (!(await findRow(webhookId))) return refuse("not-found", WEBHOOK_NOT_FOUND);
      const where = db.selectFrom("webhook_deliveries").where("webhook_id", "=", webhookId);
      const [rows, count] = await Promise.all([
        where
          .selectAll()
          .orderBy("id", "desc")
          .limit(WEBHOOK_DELIVERIES_PAGE_SIZE)
          .offset((Math.max(1, page) - 1) * WEBHOOK_DELIVERIES_PAGE_SIZE)
          .execute(),
        where.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
      ]);
      return { deliveries: rows.map(toDelivery), total: Number(count.total), page: Math.max(1, page), pageSize: WEBHOOK_DELIVERIES_PAGE_SIZE };
    },

    /** "Send test event": a `webhook.test` event to this webhook only, queued and sent like any other. */
    async sendTest(webhookId: number): Promise<WebhookDelivery | Refusal> {
      const webhook = await findRow(webhookId);
      if (!webhook) return refuse("not-found", WEBHOOK_NOT_FOUND);
      if (webhook.disabled_at) return refuse("conflict", WEBHOOK_DISABLED);
      const row = await db.transaction().execute(async (trx) => {
        await outbox.enqueueWebhookEvent(
          trx,
          WEBHOOK_TEST_EVENT,
          { webhookId, message: "This is a test event from Zuri. Your endpoint received and can verify it." },
          { webhookId },
        );
        return trx
          .selectFrom("webhook_deliveries")
          .selectAll()
          .where("webhook_id", "=", webhookId)
          .orderBy("id", "desc")
          .executeTakeFirstOrThrow();
      });
      wake();
      return toDelivery(row);
    },

    /**
     * "Redeliver": a new delivery of the same body under the same message id (`webhook-id`, so a
     * receiver that already has it can tell), with fresh attempts. The original row stays in the log.
     * A delivery still pending is refused: it is already being retried.
     */
    async redeliver(deliveryId: number): Promise<WebhookDelivery | Refusal> {
      const original = await db.selectFrom("webhook_deliveries").selectAll().where("id", "=", deliveryId).executeTakeFirst();
      if (!original) return refuse("not-found", WEBHOOK_DELIVERY_NOT_FOUND);
      if (original.status === "pending") return refuse("conflict", WEBHOOK_DELIVERY_PENDING);
      const webhook = await findRow(Number(original.webhook_id));
      if (!webhook) return refuse("not-found", WEBHOOK_NOT_FOUND);
      if (webhook.disabled_at) return refuse("conflict", WEBHOOK_DISABLED);
      const row = await db
        .insertInto("webhook_deliveries")
        .values({
          webhook_id: Number(original.webhook_id),
          message_id: original.message_id,
          event_type: original.event_type,
          payload: original.payload,
          demo_request_id: original.demo_request_id ?? null,
          status: "pending",
          attempts: 0,
          next_attempt_at: null,
          created_at: clock().toISOString(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      wake();
      return toDelivery(row);
    },
  };
}

