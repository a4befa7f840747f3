import type { Kysely } from "kysely";
import type { PortableTypes } from "../portable-types.ts";

/**
 * posts.cover_image_alt and posts.cover_image_decorative: the cover image's alternative text, or the
 * writer's word that it is decorative (alt=""). Existing posts get neither: their pages fall back to
 * the title until the next save, which asks for one (shared/post-schema.ts).
 */
export async function up(db: Kysely<unknown>, t: PortableTypes): Promise<void> {
  await db.schema.alterTable("posts").addColumn("cover_image_alt", "text").execute();
  await db.schema
    .alterTable("posts")
    .addColumn("cover_image_decorative", t.boolean, (c) => c.notNull().defaultTo(false))
    .execute();
}
