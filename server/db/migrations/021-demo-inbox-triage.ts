import { sql, type Kysely } from "kysely";
import type { PortableTypes } from "../portable-types.ts";

const STATUSES = sql`status in ('new', 'contacted', 'qualified', 'won', 'lost')`;

/**
 * The demo inbox as sales works it (docs/decisions/053-demo-inbox-triage-and-erasure.md).
 * - demo_requests.status: the pipeline New, Contacted, Qualified, Won, Lost. The first inbox's Closed
 *   said only "done", so it reads as Lost. SQLite cannot change a CHECK constraint in place: the table
 *   is rebuilt from its own CREATE statement with the new check, its rows and indexes kept.
 * - demo_requests.owner_id: the CMS user who looks after the lead (set null when that user goes);
 *   demo_requests.notify_last_error: why the last sales e-mail attempt failed.
 * - demo_request_notes and demo_request_events: internal notes, and the history of status, spam and
 *   owner changes, each with who and when; deleted with their request.
 * - webhook_deliveries.demo_request_id: the lead a `demo_request.created` delivery carries, so erasing
 *   the lead deletes its deliveries, pending or logged (on delete cascade). Filled for existing rows from
 *   the payload.
 */
export async function up(db: Kysely<unknown>, t: PortableTypes): Promise<void> {
  if (t.kind === "postgres") {
    await sql`alter table demo_requests drop constraint if exists demo_requests_status_check`.execute(db);
    await sql`update demo_requests set status = 'lost' where status = 'closed'`.execute(db);
    await sql`alter table demo_requests add constraint demo_requests_status_check check (${STATUSES})`.execute(db);
  } else {
    await rebuildSqliteDemoRequests(db);
  }

  await db.schema
    .alterTable("demo_requests")
    .addColumn("owner_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await db.schema.alterTable("demo_requests").addColumn("notify_last_error", "text").execute();
  // Duplicates are grouped by address, case aside; the retention sweep reads the last activity.
  await sql`create index demo_requests_email_key on demo_requests (lower(email))`.execute(db);
  await db.schema.createIndex("demo_requests_updated_at").on("demo_requests").column("updated_at").execute();

  await db.schema
    .createTable("demo_request_notes")
    .addColumn("id", t.id, (c) => t.idConstraints(c))
    .addColumn("demo_request_id", "integer", (c) => c.notNull().references("demo_requests.id").onDelete("cascade"))
    .addColumn("author_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("demo_request_notes_request").on("demo_request_notes").columns(["demo_request_id", "id"]).execute();

  await db.schema
    .createTable("demo_request_events")
    .addColumn("id", t.id, (c) => t.idConstraints(c))
    .addColumn("demo_request_id", "integer", (c) => c.notNull().references("demo_requests.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('status', 'spam', 'not-spam', 'owner')`))
    .addColumn("from_value", "text")
    .addColumn("to_value", "text")
    .addColumn("actor_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("demo_request_events_request").on("demo_request_events").columns(["demo_request_id", "id"]).execute();

  await db.schema
    .alterTable("webhook_deliveries")
    .addColumn("demo_request_id", "integer", (c) => c.references("demo_requests.id").onDelete("cascade"))
    .execute();
  const leadId =
    t.kind === "postgres"
      ? sql`((payload::json -> 'data' ->> 'id')::integer)`
      : sql`cast(json_extract(payload, '$.data.id') as integer)`;
  await sql`
    update webhook_deliveries set demo_request_id = ${leadId}
    where event_type = 'demo_request.created'
      and ${leadId} in (select id from demo_requests)
  `.execute(db);
  await db.schema.createIndex("webhook_deliveries_demo_request").on("webhook_deliveries").column("demo_request_id").execute();
}

/** SQLite's way to change a constraint: a copy of the table made from its own CREATE statement. */
async function rebuildSqliteDemoRequests(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ type: string; name: string; sql: string | null }>`
    select type, name, sql from sqlite_master where tbl_name = 'demo_requests'
  `.execute(db);
  const table = rows.find((row) => row.type === "table")?.sql;
  const oldCheck = /status in \('new', 'contacted', 'closed'\)/;
  if (!table || !oldCheck.test(table)) throw new Error("demo_requests is not as migration 001 made it");
  const created = table
    .replace(oldCheck, "status in ('new', 'contacted', 'qualified', 'won', 'lost')")
    .replace(/^create table "?demo_requests"?/i, 'create table "demo_requests_next"');
  await sql.raw(created).execute(db);
  await sql`insert into demo_requests_next select * from demo_requests`.execute(db);
  await sql`update demo_requests_next set status = 'lost' where status = 'closed'`.execute(db);
  await sql`drop table demo_requests`.execute(db);
  await sql`alter table demo_requests_next rename to demo_requests`.execute(db);
  for (const index of rows.filter((row) => row.type === "index" && row.sql)) await sql.raw(index.sql!).execute(db);
}
