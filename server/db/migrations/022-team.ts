import { sql, type Kysely } from "kysely";
import type { PortableTypes } from "../portable-types.ts";

const ROLES = sql`role in ('contributor', 'author', 'editor', 'sales', 'administrator')`;

/**
 * A team with roles (docs/decisions/027-staff-roles.md).
 * - users.role replaces users.is_admin: null is an account without CMS access; administrators keep
 *   theirs. users.email (an invitation's address), users.disabled_at (signs in no more, keeps their
 *   posts), users.last_sign_in_at.
 * - sessions.id: a random public name for a session, so one can be ended from the profile without
 *   its token; sessions.user_agent and sessions.place (a country or city a trusted proxy named).
 * - invitations and password_resets: single-use links, stored as SHA-256 of the token only.
 * - activity_log: who did what and when, written in the action's own transaction.
 * - posts.submitted_at/submitted_by: a draft waiting in the review queue; posts.review_note and
 *   its author and time: what the editor said when sending it back.
 */
export async function up(db: Kysely<unknown>, t: PortableTypes): Promise<void> {
  await db.schema.alterTable("users").addColumn("role", "text", (c) => c.check(ROLES)).execute();
  await sql`update users set role = 'administrator' where is_admin = ${t.kind === "postgres" ? sql`true` : sql`1`}`.execute(db);
  await db.schema.alterTable("users").dropColumn("is_admin").execute();
  await db.schema.alterTable("users").addColumn("email", "text").execute();
  await db.schema.alterTable("users").addColumn("disabled_at", t.timestamp).execute();
  await db.schema.alterTable("users").addColumn("last_sign_in_at", t.timestamp).execute();
  await db.schema.createIndex("users_role").on("users").column("role").execute();

  await db.schema.alterTable("sessions").addColumn("id", "text").execute();
  const randomId = t.kind === "postgres" ? sql`md5(random()::text || token_hash)` : sql`lower(hex(randomblob(16)))`;
  await sql`update sessions set id = ${randomId}`.execute(db);
  await db.schema.createIndex("sessions_id").on("sessions").column("id").unique().execute();
  await db.schema.alterTable("sessions").addColumn("user_agent", "text").execute();
  await db.schema.alterTable("sessions").addColumn("place", "text").execute();

  await db.schema
    .createTable("invitations")
    .addColumn("id", t.id, (c) => t.idConstraints(c))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull().check(ROLES))
    .addColumn("invited_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("expires_at", t.timestamp, (c) => c.notNull())
    .addColumn("accepted_at", t.timestamp)
    .addColumn("accepted_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("revoked_at", t.timestamp)
    .execute();
  await db.schema.createIndex("invitations_created_at").on("invitations").column("created_at").execute();

  await db.schema
    .createTable("password_resets")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("expires_at", t.timestamp, (c) => c.notNull())
    .addColumn("used_at", t.timestamp)
    .execute();
  await db.schema.createIndex("password_resets_user").on("password_resets").column("user_id").execute();

  await db.schema
    .createTable("activity_log")
    .addColumn("id", t.id, (c) => t.idConstraints(c))
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("actor_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    // The name at the time: the log still says who after the account is deleted or renamed.
    .addColumn("actor_name", "text")
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("subject_type", "text")
    .addColumn("subject_id", "text")
    .addColumn("subject_label", "text")
    .addColumn("detail", "text")
    .execute();
  await db.schema.createIndex("activity_log_created_at").on("activity_log").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("activity_log_actor").on("activity_log").columns(["actor_id", "created_at"]).execute();
  await db.schema.createIndex("activity_log_action").on("activity_log").columns(["action", "created_at"]).execute();

  await db.schema.alterTable("posts").addColumn("submitted_at", t.timestamp).execute();
  await db.schema
    .alterTable("posts")
    .addColumn("submitted_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await db.schema.alterTable("posts").addColumn("review_note", "text").execute();
  await db.schema
    .alterTable("posts")
    .addColumn("review_note_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await db.schema.alterTable("posts").addColumn("review_note_at", t.timestamp).execute();
  await db.schema.createIndex("posts_submitted_at").on("posts").column("submitted_at").execute();
}
