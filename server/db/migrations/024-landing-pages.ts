import type { Kysely } from "kysely";
import type { PortableTypes } from "../portable-types.ts";

/**
 * Landing pages (docs/decisions/037-landing-pages.md):
 * - landing_pages: one row per page, its blocks as JSON text (shared/landing-pages.ts checks their
 *   shape on every write). The row is what visitors see once `status` is "published": saving a
 *   published page changes the live page. `slug` is unique: `/l/{slug}` is read by this index alone.
 *   `scheduled_at` is indexed for the scheduler's sweep (like posts', migration 012).
 * - landing_page_revisions: the page's content at each save and publication, newest by id, at most
 *   LANDING_REVISIONS_PER_PAGE per page (server/services/landing-page-revisions.ts).
 * - landing_page_review_links: links that show a page as it is now to whoever has them; only the
 *   SHA-256 of the token is kept, as for posts' (migration 013, docs/decisions/065).
 */
export async function up(db: Kysely<unknown>, t: PortableTypes): Promise<void> {
  await db.schema
    .createTable("landing_pages")
    .addColumn("id", t.id, (c) => t.idConstraints(c))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("blocks", "text", (c) => c.notNull())
    .addColumn("meta_title", "text", (c) => c.notNull())
    .addColumn("meta_description", "text", (c) => c.notNull())
    .addColumn("og_image", "text", (c) => c.notNull())
    .addColumn("noindex", t.boolean, (c) => c.notNull().defaultTo(t.kind === "sqlite" ? 0 : false))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("published_at", t.timestamp)
    .addColumn("scheduled_at", t.timestamp)
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("updated_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("landing_pages_scheduled_at").on("landing_pages").column("scheduled_at").execute();
  await db.schema.createIndex("landing_pages_updated").on("landing_pages").columns(["updated_at", "id"]).execute();

  await db.schema
    .createTable("landing_page_revisions")
    .addColumn("id", t.id, (c) => t.idConstraints(c))
    .addColumn("page_id", "integer", (c) => c.notNull().references("landing_pages.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    /** The page's editable fields as JSON (LandingPageInput). */
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("saved_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("landing_page_revisions_page").on("landing_page_revisions").columns(["page_id", "id"]).execute();

  await db.schema
    .createTable("landing_page_review_links")
    .addColumn("id", t.id, (c) => t.idConstraints(c))
    .addColumn("page_id", "integer", (c) => c.notNull().references("landing_pages.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("expires_at", t.timestamp, (c) => c.notNull())
    .addColumn("revoked_at", t.timestamp)
    .execute();
  await db.schema.createIndex("landing_page_review_links_page").on("landing_page_review_links").columns(["page_id", "id"]).execute();
}
