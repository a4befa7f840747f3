import { sql, type Kysely } from "kysely";
import type { PortableTypes } from "../portable-types.ts";
import { searchDocument } from "../../services/search-text.ts";

/**
 * Tags and visitor search (docs/decisions/042-tags-and-full-text-search.md):
 * - tags (slug unique: names that make the same slug are one tag) and post_tags (a post's tags;
 *   indexed by tag for `GET /api/blog?tag=…`), both cascading on delete;
 * - posts_search, each engine's own full-text index of the posts' folded plain text: an FTS5
 *   virtual table on SQLite (rowid = post id), a table with a generated, weighted tsvector and a GIN
 *   index on PostgreSQL. Existing posts are indexed here; from now on every post write keeps it in
 *   step (server/services/search.ts).
 */
export async function up(db: Kysely<unknown>, t: PortableTypes): Promise<void> {
  await db.schema
    .createTable("tags")
    .addColumn("id", t.id, (c) => t.idConstraints(c))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("description", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("post_tags")
    .addColumn("post_id", "integer", (c) => c.notNull().references("posts.id").onDelete("cascade"))
    .addColumn("tag_id", "integer", (c) => c.notNull().references("tags.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("post_tags_pkey", ["post_id", "tag_id"])
    .execute();
  await db.schema.createIndex("post_tags_tag_id").on("post_tags").column("tag_id").execute();

  if (t.kind === "sqlite") {
    await sql`create virtual table posts_search using fts5(
      title, excerpt, content, tokenize = 'unicode61 remove_diacritics 2'
    )`.execute(db);
  } else {
    // 'simple': no stemming or stop words, so both engines match the same words (decision 042).
    await db.schema
      .createTable("posts_search")
      .addColumn("post_id", "integer", (c) => c.primaryKey().references("posts.id").onDelete("cascade"))
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("excerpt", "text", (c) => c.notNull())
      .addColumn("content", "text", (c) => c.notNull())
      .addColumn("document", sql`tsvector`, (c) =>
        c
          .generatedAlwaysAs(
            sql`setweight(to_tsvector('simple'::regconfig, title), 'A')
              || setweight(to_tsvector('simple'::regconfig, excerpt), 'B')
              || setweight(to_tsvector('simple'::regconfig, content), 'C')`,
          )
          .stored(),
      )
      .execute();
    await db.schema.createIndex("posts_search_document").on("posts_search").using("gin").column("document").execute();
  }

  // Existing posts, a batch at a time (content can be large).
  type PostRow = { id: number; title: string; excerpt: string | null; content: string };
  const posts = db as Kysely<{ posts: PostRow }>;
  for (let after = 0; ; ) {
    const batch = await posts
      .selectFrom("posts")
      .select(["id", "title", "excerpt", "content"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(200)
      .execute();
    if (batch.length === 0) break;
    for (const post of batch) {
      const document = searchDocument(post);
      await (t.kind === "sqlite"
        ? sql`insert into posts_search (rowid, title, excerpt, content)
              values (${post.id}, ${document.title}, ${document.excerpt}, ${document.content})`
        : sql`insert into posts_search (post_id, title, excerpt, content)
              values (${post.id}, ${document.title}, ${document.excerpt}, ${document.content})`
      ).execute(db);
    }
    after = Number(batch.at(-1)!.id);
  }
}
