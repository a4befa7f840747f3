import type { Kysely } from "kysely";
import type { PortableTypes } from "../portable-types.ts";
import { tagSlug } from "../../../shared/post-schema.ts";

/**
 * Tags managed on /cms/tags (docs/decisions/035-tag-management.md):
 * - tags.meta_title and tags.meta_description: the tag page's <title> and description when set;
 * - tags.name_key: `tagSlug(name)`, unique. A tag's slug can now be changed apart from its name, so a
 *   post's tag name finds its tag by this key first, then by slug (server/services/tags.ts), and two
 *   tags can never have names that make the same slug;
 * - tag_redirects: an old slug (renamed, or a tag merged into another) and the tag it answers 301 to
 *   from /blog/tag/{slug}; gone with its tag.
 */
export async function up(db: Kysely<unknown>, t: PortableTypes): Promise<void> {
  await db.schema.alterTable("tags").addColumn("meta_title", "text").execute();
  await db.schema.alterTable("tags").addColumn("meta_description", "text").execute();
  await db.schema.alterTable("tags").addColumn("name_key", "text").execute();
  const tags = db as unknown as Kysely<{ tags: { id: number; name: string; name_key: string | null } }>;
  // Until now every tag's slug was tagSlug(name) and unique, so the keys are too.
  for (const tag of await tags.selectFrom("tags").select(["id", "name"]).execute()) {
    await tags.updateTable("tags").set({ name_key: tagSlug(tag.name) }).where("id", "=", tag.id).execute();
  }
  await db.schema.createIndex("tags_name_key").on("tags").column("name_key").unique().execute();

  await db.schema
    .createTable("tag_redirects")
    .addColumn("old_slug", "text", (c) => c.primaryKey())
    .addColumn("tag_id", "integer", (c) => c.notNull().references("tags.id").onDelete("cascade"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("tag_redirects_tag_id").on("tag_redirects").column("tag_id").execute();
}
