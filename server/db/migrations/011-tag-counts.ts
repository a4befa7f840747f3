import { sql, type Kysely } from "kysely";
import type { PortableTypes } from "../portable-types.ts";

/**
 * Each tag's post counts, kept in step by every post write (server/services/tags.ts `refreshCounts`,
 * docs/decisions/042): `post_count` (drafts included: the dashboard's tag filter and the editor's
 * suggestions) and `published_post_count` (the tags visitors see, the blog's topics, the sitemap). Reading
 * them costs one row per tag instead of a count over every post's tags at each uncached page.
 *
 * And `post_tags_tag_post` (tag_id, post_id) in place of 007's `post_tags_tag_id` (tag_id): a tag's newest
 * posts by id, read in order from the index (related posts, server/services/related-posts.ts).
 */
export async function up(db: Kysely<unknown>, _types: PortableTypes): Promise<void> {
  await db.schema
    .alterTable("tags")
    .addColumn("post_count", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("tags")
    .addColumn("published_post_count", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("post_tags_tag_post").on("post_tags").columns(["tag_id", "post_id"]).execute();
  await db.schema.dropIndex("post_tags_tag_id").execute();
  await sql`update tags set
    post_count = (select count(*) from post_tags where post_tags.tag_id = tags.id),
    published_post_count = (
      select count(*) from post_tags join posts on posts.id = post_tags.post_id
      where post_tags.tag_id = tags.id and posts.published = ${true}
    )`.execute(db);
}
