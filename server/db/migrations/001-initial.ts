import { sql, type Kysely } from "kysely";
import type { PortableTypes } from "../portable-types.ts";

/** The tables the whole product needs (docs/product.md §3): users, sessions, posts, demo requests, media. */
export async function up(db: Kysely<unknown>, t: PortableTypes): Promise<void> {
  await db.schema
    .createTable("users")
    .addColumn("id", t.id, (c) => t.idConstraints(c))
    .addColumn("username", "text", (c) => c.notNull())
    .addColumn("username_key", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("is_admin", t.boolean, (c) => c.notNull().defaultTo(false))
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("last_seen_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sessions_user_id").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("posts")
    .addColumn("id", t.id, (c) => t.idConstraints(c))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("excerpt", "text")
    .addColumn("cover_image", "text")
    .addColumn("meta_title", "text")
    .addColumn("meta_description", "text")
    .addColumn("keywords", "text")
    .addColumn("canonical_url", "text")
    .addColumn("author_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("published", t.boolean, (c) => c.notNull().defaultTo(false))
    .addColumn("published_at", t.timestamp)
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  // The public list: published posts, newest first (docs/product.md §2 blog list), paginated.
  await db.schema
    .createIndex("posts_published_list")
    .on("posts")
    .columns(["published", "published_at", "id"])
    .execute();

  await db.schema
    .createTable("post_redirects")
    .addColumn("old_slug", "text", (c) => c.primaryKey())
    .addColumn("post_id", "integer", (c) => c.notNull().references("posts.id").onDelete("cascade"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("demo_requests")
    .addColumn("id", t.id, (c) => t.idConstraints(c))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text")
    .addColumn("organization", "text", (c) => c.notNull())
    .addColumn("message", "text")
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("new").check(sql`status in ('new', 'contacted', 'closed')`),
    )
    .addColumn("source_page", "text")
    .addColumn("utm_source", "text")
    .addColumn("utm_medium", "text")
    .addColumn("utm_campaign", "text")
    .addColumn("utm_term", "text")
    .addColumn("utm_content", "text")
    .addColumn("notified_at", t.timestamp)
    .addColumn("notify_attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("demo_requests_created_at").on("demo_requests").column("created_at").execute();

  await db.schema
    .createTable("media")
    .addColumn("id", t.id, (c) => t.idConstraints(c))
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("mime_type", "text", (c) => c.notNull())
    .addColumn("bytes", t.bytes, (c) => c.notNull())
    .addColumn("byte_size", "integer", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("uploaded_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
}
