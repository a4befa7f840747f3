import { sql, type Kysely } from "kysely";
import type { PortableTypes } from "../portable-types.ts";

/**
 * The CMS list's orders, each read from an index so a page costs its own rows at 10,000 posts
 * (docs/decisions/045, server/services/post-listing.ts):
 * - last edited (the default), all posts or one status;
 * - title, case-insensitively (`lower(title)`, an expression index on both engines).
 * Published dates use 001's `posts_published_list` (published, published_at, id).
 */
export async function up(db: Kysely<unknown>, _types: PortableTypes): Promise<void> {
  await db.schema.createIndex("posts_updated_list").on("posts").columns(["updated_at", "id"]).execute();
  await db.schema
    .createIndex("posts_status_updated_list")
    .on("posts")
    .columns(["published", "updated_at", "id"])
    .execute();
  await sql`create index posts_title_list on posts (lower(title), id)`.execute(db);
}
