import type { Kysely } from "kysely";
import type { PortableTypes } from "../portable-types.ts";

/** Fixed-window counters shared by every instance (see docs/decisions/004-rate-limits-in-the-database.md). */
export async function up(db: Kysely<unknown>, _t: PortableTypes): Promise<void> {
  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("points", "integer", (c) => c.notNull())
    // epoch milliseconds: compared arithmetically on both databases
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("rate_limits_expires_at").on("rate_limits").column("expires_at").execute();
}
