import type { Kysely } from "kysely";
import type { PortableTypes } from "../portable-types.ts";

/**
 * Demo intake (decisions 050, 051):
 * - app_secrets: random keys shared by every instance through the database (the demo form's
 *   signed fill-time token), so no secret has to be configured by hand.
 * - demo_requests.notify_next_at: when the notification may next be tried; also the lease that
 *   stops two instances sending the same e-mail (docs/decisions/051-demo-notification-outbox.md).
 */
export async function up(db: Kysely<unknown>, t: PortableTypes): Promise<void> {
  await db.schema
    .createTable("app_secrets")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema.alterTable("demo_requests").addColumn("notify_next_at", t.timestamp).execute();
  await db.schema.createIndex("demo_requests_notified_at").on("demo_requests").column("notified_at").execute();
}
