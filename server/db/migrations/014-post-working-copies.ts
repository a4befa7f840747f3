import type { Kysely } from "kysely";
import type { PortableTypes } from "../portable-types.ts";

/**
 * Working copies of posts (docs/decisions/066-server-autosave-working-copies.md): what the editor
 * autosaves while a writer types, one row per post and writer (the primary key is what the upsert
 * races on). `fields` is the editor's form as JSON text; `base_version` the post version the copy
 * started from. Never read by public pages; it goes with its post or its writer (cascade).
 */
export async function up(db: Kysely<unknown>, t: PortableTypes): Promise<void> {
  await db.schema
    .createTable("post_working_copies")
    .addColumn("post_id", "integer", (c) => c.notNull().references("posts.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("fields", "text", (c) => c.notNull())
    .addColumn("base_version", "integer", (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint("post_working_copies_pkey", ["post_id", "user_id"])
    .execute();
  // Deleting a user cascades here; without an index PostgreSQL would scan the table for it.
  await db.schema.createIndex("post_working_copies_user_id").on("post_working_copies").column("user_id").execute();
}
