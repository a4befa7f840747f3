import { sql, type Kysely } from "kysely";
import type { PortableTypes } from "../portable-types.ts";

/**
 * Scheduled publishing and revisions (docs/decisions/049-scheduled-publishing.md,
 * docs/decisions/067-revisions.md):
 * - posts.scheduled_at: the time a draft goes live (UTC). A scheduled post stays `published = false`
 *   until the scheduler publishes it, so no public read has to know about schedules. Indexed: the
 *   scheduler asks for the due ones, and for the next one, every few seconds.
 * - post_revisions: a copy of a post's editable fields at every save, newest by id. Existing posts get
 *   one revision each, as they are now, so their history starts from something to compare with.
 */
export async function up(db: Kysely<unknown>, t: PortableTypes): Promise<void> {
  await db.schema.alterTable("posts").addColumn("scheduled_at", t.timestamp).execute();
  await db.schema.createIndex("posts_scheduled_at").on("posts").column("scheduled_at").execute();

  await db.schema
    .createTable("post_revisions")
    .addColumn("id", t.id, (c) => t.idConstraints(c))
    .addColumn("post_id", "integer", (c) => c.notNull().references("posts.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("excerpt", "text")
    .addColumn("cover_image", "text")
    .addColumn("cover_image_alt", "text")
    .addColumn("cover_image_decorative", t.boolean, (c) => c.notNull().defaultTo(t.kind === "sqlite" ? 0 : false))
    .addColumn("meta_title", "text")
    .addColumn("meta_description", "text")
    .addColumn("keywords", "text")
    .addColumn("canonical_url", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("event", "text", (c) => c.notNull())
    .addColumn("saved_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("post_revisions_post").on("post_revisions").columns(["post_id", "id"]).execute();

  await sql`insert into post_revisions (post_id, title, slug, content, excerpt, cover_image, cover_image_alt,
      cover_image_decorative, meta_title, meta_description, keywords, canonical_url, status, event, saved_by, created_at)
    select id, title, slug, content, excerpt, cover_image, cover_image_alt, cover_image_decorative, meta_title,
      meta_description, keywords, canonical_url,
      case when published = ${t.kind === "sqlite" ? 1 : true} then 'published' else 'draft' end,
      'save', author_id, updated_at
    from posts order by id`.execute(db);
}
