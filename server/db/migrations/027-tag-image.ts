import type { Kysely } from "kysely";
import type { PortableTypes } from "../portable-types.ts";

/**
 * A tag's image (docs/decisions/035-tag-management.md, "Tag image"), stored as a post's cover is
 * (migration 006): tags.image, an http(s) address or an upload's `/media/…` path; tags.image_alt, its
 * alternative text; tags.image_decorative, the writer's word that it is decorative (alt=""). An image
 * needs one of the two (shared/tags.ts). Existing tags get none.
 */
export async function up(db: Kysely<unknown>, t: PortableTypes): Promise<void> {
  await db.schema.alterTable("tags").addColumn("image", "text").execute();
  await db.schema.alterTable("tags").addColumn("image_alt", "text").execute();
  await db.schema
    .alterTable("tags")
    .addColumn("image_decorative", t.boolean, (c) => c.notNull().defaultTo(false))
    .execute();
}
