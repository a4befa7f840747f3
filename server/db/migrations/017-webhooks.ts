import type { Kysely } from "kysely";
import type { PortableTypes } from "../portable-types.ts";

/**
 * Signed webhooks with a transactional outbox (docs/decisions/073-webhooks.md).
 * - webhooks: a receiver URL, the event types it wants (comma-separated), and its Standard Webhooks
 *   secret (`whsec_…`), kept as it is because every delivery is signed with it. `disabled_at` pauses it.
 * - webhook_deliveries: the outbox, one row per event and webhook, written in the transaction of the
 *   event itself. `message_id` is the `webhook-id` header, the same on every attempt; `payload` is the
 *   exact JSON body that is signed and sent. `next_attempt_at` is the time of the next attempt and,
 *   while one runs, its lease. The index serves the sweep: pending rows that are due.
 */
export async function up(db: Kysely<unknown>, t: PortableTypes): Promise<void> {
  await db.schema
    .createTable("webhooks")
    .addColumn("id", t.id, (c) => t.idConstraints(c))
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("events", "text", (c) => c.notNull())
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("disabled_at", t.timestamp)
    .execute();

  await db.schema
    .createTable("webhook_deliveries")
    .addColumn("id", t.id, (c) => t.idConstraints(c))
    .addColumn("webhook_id", "integer", (c) => c.notNull().references("webhooks.id").onDelete("cascade"))
    .addColumn("message_id", "text", (c) => c.notNull())
    .addColumn("event_type", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", t.timestamp)
    .addColumn("last_status_code", "integer")
    .addColumn("last_error", "text")
    .addColumn("last_attempt_at", t.timestamp)
    .addColumn("delivered_at", t.timestamp)
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("webhook_deliveries_due")
    .on("webhook_deliveries")
    .columns(["status", "next_attempt_at"])
    .execute();
  await db.schema
    .createIndex("webhook_deliveries_webhook")
    .on("webhook_deliveries")
    .columns(["webhook_id", "id"])
    .execute();
}
