import { sql, type RawBuilder } from "kysely";
import type { Db } from "../db/connect.ts";
import type { DatabaseKind } from "../db/portable-types.ts";
import { publicColumns, toPostCore, type PostCore } from "./post-core.ts";
import { postsTaggedWith } from "./tags.ts";
import { fts5Query, searchDocument, tsQuery } from "./search-text.ts";

/**
 * Full-text search over published posts (docs/decisions/042), in each database's own engine:
 * - SQLite: `posts_search`, an FTS5 table (rowid = post id), ranked by bm25 with the title weighing
 *   5, the excerpt 2 and the content 1;
 * - PostgreSQL: `posts_search`, a table whose generated `document` tsvector weighs the title A, the
 *   excerpt B and the content C (GIN index), ranked by ts_rank (A 1.0, B 0.4, C 0.2: the same ratio).
 * Both hold the folded plain text of search-text.ts, written in the same transaction as every post
 * create, update and delete (server/services/posts.ts), so a change is found (or gone) at once.
 * Every post is indexed; only published ones are ever answered.
 */

/** A post as the index stores it: the saved (sanitised) fields. */
interface IndexedPost {
  id: number;
  title: string;
  excerpt: string | null;
  content: string;
}

/** Ranked hits as a derived table: the post id and a rank where higher is better, on either engine. */
type Hits = RawBuilder<{ post_id: number; rank: number }>;

export interface SearchQuery {
  /** Plain terms (`searchTerms`), at least one. */
  terms: string[];
  /** Only posts filed under this tag slug. */
  tag?: string;
}

/**
 * Every indexed post (drafts too) matching all `terms`, ranked: a derived table of the post id and a
 * rank where higher is better. Visitor search keeps the published ones; the CMS list all
 * (server/services/post-listing.ts, docs/decisions/045).
 */
export const rankedHits = (kind: DatabaseKind, terms: string[]): Hits =>
  kind === "sqlite"
    ? sql`(select rowid as post_id, -bm25(posts_search, 5.0, 2.0, 1.0) as rank
           from posts_search where posts_search match ${fts5Query(terms)})`
    : sql`(select post_id, ts_rank(document, query) as rank
           from posts_search, to_tsquery('simple', ${tsQuery(terms)}) as query
           where document @@ query)`;

export function createSearchService({ db, kind }: { db: Db; kind: DatabaseKind }) {
  const hits = (terms: string[]): Hits => rankedHits(kind, terms);

  /** Published hits, filtered by tag when asked: the base of both the page and its count. */
  const publishedHits = ({ terms, tag }: SearchQuery) => {
    let query = db
      .selectFrom("posts")
      .innerJoin(hits(terms).as("hits"), "hits.post_id", "posts.id")
      .where("posts.published", "=", true);
    if (tag !== undefined) query = query.where("posts.id", "in", postsTaggedWith(db, tag));
    return query;
  };

  return {
    /** Writes the post's document, replacing the one it had; inside the post save's transaction. */
    async indexPost(trx: Db, post: IndexedPost): Promise<void> {
      const document = searchDocument(post);
      if (kind === "sqlite") {
        await sql`delete from posts_search where rowid = ${post.id}`.execute(trx);
        await sql`insert into posts_search (rowid, title, excerpt, content)
                  values (${post.id}, ${document.title}, ${document.excerpt}, ${document.content})`.execute(trx);
      } else {
        await sql`insert into posts_search (post_id, title, excerpt, content)
                  values (${post.id}, ${document.title}, ${document.excerpt}, ${document.content})
                  on conflict (post_id) do update
                  set title = excluded.title, excerpt = excluded.excerpt, content = excluded.content`.execute(trx);
      }
    },

    /** Takes the post out of the index; inside the delete's transaction. */
    async removePost(trx: Db, postId: number): Promise<void> {
      await (kind === "sqlite"
        ? sql`delete from posts_search where rowid = ${postId}`
        : sql`delete from posts_search where post_id = ${postId}`
      ).execute(trx);
    },

    /** Published posts matching every term, best first (then newest); drafts never. */
    async searchPublished(query: SearchQuery, { limit, offset = 0 }: { limit: number; offset?: number }): Promise<PostCore[]> {
      const rows = await publishedHits(query)
        .select(publicColumns.map((column) => `posts.${column}` as const))
        .orderBy("hits.rank", "desc")
        .orderBy("posts.published_at", "desc")
        .orderBy("posts.id", "desc")
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map(toPostCore);
    },

    async countPublished(query: SearchQuery): Promise<number> {
      const row = await publishedHits(query)
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
