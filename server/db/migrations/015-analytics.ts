import type { Kysely } from "kysely";
import type { PortableTypes } from "../portable-types.ts";

/**
 * First-party analytics (docs/decisions/070-first-party-analytics.md), collected only with consent:
 * - analytics_events: one row per page view, kept 90 days. No IP address or user-agent string: the
 *   visitor is a hash of them with the day's salt. `day` is the UTC day of receipt ("YYYY-MM-DD"); the
 *   visit's attributes (landing page, referrer origin, campaign, device) are carried by every row, so a
 *   breakdown is one GROUP BY. Indexed by day (reports, rollups, retention) and visit (attribution).
 * - analytics_salts: the day's random salt, shared by every instance; deleted once the day is over, so a
 *   finished day's hashes cannot be recomputed from an address.
 * - analytics_rollups: one row per day rolled up; the claim that makes a rollup happen exactly once.
 * - analytics_daily: the aggregates of a rolled-up day per dimension and key, kept 25 months.
 * - demo_requests.visit_id: the consenting visit a demo request was sent from (null otherwise).
 */
export async function up(db: Kysely<unknown>, t: PortableTypes): Promise<void> {
  await db.schema
    .createTable("analytics_events")
    .addColumn("id", t.id, (c) => t.idConstraints(c))
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("visit_id", "text", (c) => c.notNull())
    .addColumn("visitor_hash", "text", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("landing_path", "text", (c) => c.notNull())
    .addColumn("referrer", "text")
    .addColumn("campaign", "text")
    .addColumn("device", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("analytics_events_day").on("analytics_events").column("day").execute();
  await db.schema.createIndex("analytics_events_visit").on("analytics_events").columns(["visit_id", "created_at"]).execute();

  await db.schema
    .createTable("analytics_salts")
    .addColumn("day", "text", (c) => c.primaryKey())
    .addColumn("salt", "text", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("analytics_rollups")
    .addColumn("day", "text", (c) => c.primaryKey())
    .addColumn("rolled_up_at", t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("analytics_daily")
    .addColumn("dimension", "text", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("page_views", "integer", (c) => c.notNull())
    .addColumn("visits", "integer", (c) => c.notNull())
    .addColumn("visitors", "integer", (c) => c.notNull())
    .addColumn("demo_requests", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("analytics_daily_pkey", ["dimension", "day", "key"])
    .execute();
  // Retention deletes by day alone.
  await db.schema.createIndex("analytics_daily_day").on("analytics_daily").column("day").execute();

  await db.schema.alterTable("demo_requests").addColumn("visit_id", "text").execute();
  await db.schema.createIndex("demo_requests_visit_id").on("demo_requests").column("visit_id").execute();
}
