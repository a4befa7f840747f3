import type { Kysely } from "kysely";

/**
 * demo_requests.referrer and demo_requests.landing_page: where the visit that brought a lead came from (the
 * origin of the external site) and the path it landed on, sent with the demo form only with Analytics consent
 * (docs/decisions/052, 070). Null for earlier requests and without consent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite adds only one at a time.
  await db.schema.alterTable("demo_requests").addColumn("referrer", "text").execute();
  await db.schema.alterTable("demo_requests").addColumn("landing_page", "text").execute();
}
