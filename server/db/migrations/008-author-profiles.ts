import { sql, type Kysely } from "kysely";

/**
 * Author profiles (docs/decisions/044-authors.md):
 * - users.display_name, users.bio and users.avatar (a `/media/…` path of an upload, decision 060).
 *   The display name of existing users starts as their username; a user added later without one is
 *   shown under their username too (the reads coalesce), so no write path has to know about it.
 * - posts_author_list: an author's published posts, newest first (the author page and
 *   `GET /api/blog?author=…`), without scanning every post.
 */
/** The same columns on both engines: nothing here needs the portable types. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("display_name", "text").execute();
  await db.schema.alterTable("users").addColumn("bio", "text").execute();
  await db.schema.alterTable("users").addColumn("avatar", "text").execute();
  await sql`update users set display_name = username`.execute(db);
  await db.schema
    .createIndex("posts_author_list")
    .on("posts")
    .columns(["author_id", "published", "published_at", "id"])
    .execute();
}
