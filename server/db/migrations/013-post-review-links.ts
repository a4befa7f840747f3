import type { Kysely } from "kysely";
import type { PortableTypes } from "../portable-types.ts";

/**
 * Review links (docs/decisions/065-review-links.md): a link that shows an unpublished post to anyone
 * who has it, until it expires or is revoked.
 * - Only the SHA-256 of the link's token is kept (`token_hash`, unique: the one lookup a visitor's
 *   request makes), like the session tokens: a copy of the database opens no preview.
 * - A link goes with its post (cascade); the administrator who made it may be deleted (set null).
 * - `post_review_links_post`: a post's links for the editor's list.
 */
export async function up(db: Kysely<unknown>, t: PortableTypes): Promise<void> {
  await db.schema
    .createTable("post_review_links")
    .addColumn("id", t.id, (c) => t.idConstraints(c))
    .addColumn("post_id", "integer", (c) => c.notNull().references("posts.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("expires_at", t.timestamp, (c) => c.notNull())
    .addColumn("revoked_at", t.timestamp)
    .execute();
  await db.schema.createIndex("post_review_links_post").on("post_review_links").columns(["post_id", "id"]).execute();
}
