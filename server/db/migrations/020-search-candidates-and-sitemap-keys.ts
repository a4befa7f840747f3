import { sql, type Kysely } from "kysely";
import type { PortableTypes } from "../portable-types.ts";

/**
 * What keeps the blog and the CMS flat at 10,000 posts (docs/decisions/023-no-stalls-at-10000-posts.md):
 * - `posts_published_id` (published, id, slug, updated_at): the sitemap's files read their posts by key,
 *   `id > last`, from the index alone (server/services/sitemap-posts.ts): no post row is read, where
 *   OFFSET read and skipped every row before the file's;
 * - on PostgreSQL, `posts_search_title`, a GIN index of the titles alone: search ranks only its best
 *   candidates, and the newest posts with every word in their title are among them
 *   (server/services/search.ts). SQLite's FTS5 table filters by column from its own index.
 */
export async function up(db: Kysely<unknown>, t: PortableTypes): Promise<void> {
  await db.schema.createIndex("posts_published_id").on("posts").columns(["published", "id", "slug", "updated_at"]).execute();
  if (t.kind === "postgres") {
    await sql`create index posts_search_title on posts_search using gin (to_tsvector('simple'::regconfig, title))`.execute(db);
  }
}
