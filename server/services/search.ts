import { sql, type Expression, type RawBuilder } from "kysely";
import type { Db } from "../db/connect.ts";
import type { DatabaseKind } from "../db/portable-types.ts";
import { notLivePostIds, publicColumns, toPostCore, type PostCore } from "./post-core.ts";
import { postsTaggedWith } from "./tags.ts";
import { fts5Query, fts5TitleQuery, searchDocument, tsQuery } from "./search-text.ts";

/**
 * Full-text search over the posts (docs/decisions/042), in each database's own engine:
 * - SQLite: `posts_search`, an FTS5 table (rowid = post id), ranked by bm25 with the title weighing
 *   5, the excerpt 2 and the content 1;
 * - PostgreSQL: `posts_search`, a table whose generated `document` tsvector weighs the title A, the
 *   excerpt B and the content C (GIN index), ranked by ts_rank (A 1.0, B 0.4, C 0.2: the same ratio).
 * Both hold the folded plain text of search-text.ts, written in the same transaction as every post
 * create, update and delete (server/services/posts.ts), so a change is found (or gone) at once.
 * Every post is indexed (drafts too): visitor search keeps the published ones, the CMS lists all.
 *
 * **Only the best candidates are ranked** (docs/decisions/023-no-stalls-at-10000-posts.md): ranking every
 * match made a word found in 7,500 of 10,000 posts cost 3–6× a rare word. The candidates are chosen by
 * the index, without scoring: the `candidates` newest matches, and the `candidates` newest matches with
 * every word in their title. They are ranked, best first (ties: newest first, then by id); every other
 * match follows them, newest (highest id) first, straight from the index. A search with at most
 * `candidates` matches is ranked whole, as before. The count is exact, from the index.
 */

/** How many of the newest matches (and of the newest title matches) are ranked: see decision 023. */
export const SEARCH_CANDIDATES = 100;

/** A post as the index stores it: the saved (sanitised) fields. */
interface IndexedPost {
  id: number;
  title: string;
  excerpt: string | null;
  content: string;
}

/** Subqueries of post ids that narrow a search: a tag's posts, a status's, the published ones. */
export interface SearchScope {
  /** The match must be among each of these. */
  within?: Expression<unknown>[];
  /** The match must be among none of these. */
  without?: Expression<unknown>[];
}

export interface SearchQuery {
  /** Plain terms (`searchTerms`), at least one. */
  terms: string[];
  /** Only posts filed under this tag slug. */
  tag?: string;
}

/** A window of a list, from 0. */
export interface Window {
  limit: number;
  offset?: number;
}

/** The column that orders ranked candidates of equal rank, newest first: the blog's date or the CMS's last edit. */
export type TieBreak = "published_at" | "updated_at";

interface Candidate {
  id: number;
  rank: number;
  at: string;
}

interface ScoredRow {
  post_id: number;
  rank: number;
  at: string | null;
}

/**
 * The terms of a search as the engine is asked for them: every term a word prefix; on SQLite, the terms in
 * `exact` are the only word of the index they start, asked for as that word (see `exactOnSqlite`).
 */
export interface Match {
  terms: string[];
  exact: ReadonlySet<string>;
}

/**
 * The ranked candidates of a search in a scope, best first, and whether they are every match: what each
 * window of its results is cut from. Valid until the next post write (a content version: post-listing.ts
 * keeps it per version, so a search's later pages do not rank it again).
 */
export interface Ranking {
  match: Match;
  list: Candidate[];
  complete: boolean;
}

/** Terms the index may read as exact words: plain ASCII letters and digits, which FTS5's tokenizer keeps as they are. */
const PLAIN_TERM = /^[a-z0-9]+$/;

const toCandidate = (row: ScoredRow): Candidate => ({ id: Number(row.post_id), rank: Number(row.rank), at: String(row.at ?? "") });

/** The post's tie-break date, read by key. */
const tieBreakOf = (postId: RawBuilder<unknown>, tieBreak: TieBreak) =>
  sql`(select posts.${sql.ref(tieBreak)} from posts where posts.id = ${postId})`;

export function createSearchService({ db, kind, candidates = SEARCH_CANDIDATES }: { db: Db; kind: DatabaseKind; candidates?: number }) {
  /** The engine's id column, as a filter (SQLite: `+rowid`, so the FTS5 table is never asked for ids one by one). */
  const idColumn = kind === "sqlite" ? sql`+rowid` : sql`post_id`;

  function scopeSql({ within = [], without = [] }: SearchScope): RawBuilder<unknown> {
    const parts = [
      ...within.map((ids) => sql` and ${idColumn} in ${ids}`),
      ...without.map((ids) => sql` and ${idColumn} not in ${ids}`),
    ];
    return parts.length === 0 ? sql`` : sql.join(parts, sql``);
  }

  /** `from posts_search where <every term matches> <scope>`; `titles`: every term in the title. */
  function matching({ terms, exact }: Match, scope: SearchScope, { titles = false } = {}): RawBuilder<unknown> {
    if (kind === "sqlite") {
      return sql`from posts_search where posts_search match ${titles ? fts5TitleQuery(terms, exact) : fts5Query(terms, exact)}${scopeSql(scope)}`;
    }
    const indexed = titles ? sql`to_tsvector('simple'::regconfig, title)` : sql`document`;
    return sql`from posts_search where ${indexed} @@ to_tsquery('simple', ${tsQuery(terms)})${scopeSql(scope)}`;
  }

  /**
   * SQLite: the index's words, one row per occurrence (`fts5vocab`, 'instance': finding the first word
   * at or after a text is one seek, whatever that word's count). A view of the index, made on this
   * connection at first use (`temp`: no schema change); false where it cannot be made (the terms then stay prefixes).
   */
  let vocabulary: Promise<boolean> | null = null;
  const vocabularyReady = () =>
    (vocabulary ??= sql`create virtual table if not exists temp.posts_search_words using fts5vocab(main, posts_search, instance)`
      .execute(db)
      .then(
        () => true,
        () => false,
      ));

  /**
   * SQLite: which terms are the only word of the index they start (decision 023). A prefix term
   * ("supplier"*) makes FTS5 merge the doclists of every word it starts before anything is read, in every
   * statement; the word itself ("supplier") is read as it is stored. When no longer word starts with the
   * term, both match the same posts, and bm25 counts the same occurrences in the same number of posts: the
   * same results and scores, for about half the work on a word found in every post. Two seeks in
   * `fts5vocab` per term tell: the first word at or after the term is the term, and the next one does not
   * start with it. A term the tokenizer might read otherwise (not plain ASCII) stays a prefix.
   */
  async function exactOnSqlite(terms: string[]): Promise<ReadonlySet<string>> {
    const plain = terms.filter((term) => PLAIN_TERM.test(term));
    if (plain.length === 0 || !(await vocabularyReady())) return new Set();
    const exact = new Set<string>();
    for (const term of plain) {
      const { rows } = await sql<{ first: string | null; next: string | null }>`
        select (select term from temp.posts_search_words where term >= ${term} limit 1) as first,
               (select term from temp.posts_search_words where term >= ${`${term}\u0001`} limit 1) as next`.execute(db);
      const { first = null, next = null } = rows[0] ?? {};
      if (first === term && (next === null || !next.startsWith(term))) exact.add(term);
    }
    return exact;
  }

  /** The terms as the engine is asked for them. */
  const matchOf = async (terms: string[]): Promise<Match> => ({
    terms,
    exact: kind === "sqlite" ? await exactOnSqlite(terms) : new Set(),
  });

  const id = kind === "sqlite" ? sql`rowid` : sql`post_id`;

  /** The newest `limit` matches (or title matches), by the index alone: no score is computed. */
  const newest = (match: Match, scope: SearchScope, titles: boolean) =>
    sql`select ${id} as post_id ${matching(match, scope, { titles })} order by ${id} desc limit ${candidates}`;

  /**
   * PostgreSQL: the newest `candidates` matches, looked for first among the newest `4 × candidates`
   * posts (the GIN bitmap ANDed with a primary-key range: a common word is found there without visiting
   * its thousands of other matches); only when fewer are found there, among all the matches (a rarer word,
   * whose matches are few), taken from the index first (`offset 0`: otherwise the planner may walk the primary
   * key backwards, reading every newer post's document, 9,800 of them for a word only in the oldest 200).
   * Either way exactly the newest matches.
   */
  function newestOnPostgres(match: Match, scope: SearchScope): RawBuilder<unknown> {
    const recent = sql`select post_id from (select post_id ${matching(match, scope)}
        and post_id > (select coalesce(max(post_id), 0) from posts_search) - ${candidates * 4} offset 0) as window_matches
      order by post_id desc limit ${candidates}`;
    return sql`with recent as materialized (${recent})
      select post_id from recent where (select count(*) from recent) >= ${candidates}
      union all
      (select post_id from (select post_id ${matching(match, scope)} and (select count(*) from recent) < ${candidates} offset 0) as all_matches
        order by post_id desc limit ${candidates})`;
  }

  /** The candidates with their rank (higher is better) and their tie-break date, best first. */
  async function ranked(match: Match, scope: SearchScope, tieBreak: TieBreak): Promise<Ranking> {
    const list = kind === "sqlite" ? await scoredOnSqlite(match, scope, tieBreak) : await scoredOnPostgres(match, scope, tieBreak);
    list.sort((a, b) => b.rank - a.rank || (a.at < b.at ? 1 : a.at > b.at ? -1 : 0) || b.id - a.id);
    // Fewer than `candidates` newest matches are every match (the title matches are among them).
    return { match, list, complete: list.length < candidates };
  }

  /**
   * SQLite: the newest matches and the newest title matches are chosen by the index (ids only), then scored in
   * one walk bounded by their lowest and highest id (FTS5 seeks a rowid range; without the bounds it would walk
   * every match of a common word). One scoring statement, because bm25 counts the documents that hold each
   * term once per statement: a pass over the whole doclist of a common word (decision 023, follow-up 3).
   */
  async function scoredOnSqlite(found: Match, scope: SearchScope, tieBreak: TieBreak): Promise<Candidate[]> {
    const ids = async (titles: boolean) =>
      (await sql<{ post_id: number }>`${newest(found, scope, titles)}`.execute(db)).rows.map((row) => Number(row.post_id));
    const chosen = [...new Set([...(await ids(false)), ...(await ids(true))])];
    if (chosen.length === 0) return [];
    const { rows } = await sql<ScoredRow>`
      select rowid as post_id, -bm25(posts_search, 5.0, 2.0, 1.0) as rank, ${tieBreakOf(sql`posts_search.rowid`, tieBreak)} as at
      from posts_search where posts_search match ${fts5Query(found.terms, found.exact)}
        and rowid >= ${Math.min(...chosen)} and rowid <= ${Math.max(...chosen)}
        and +rowid in (select value from json_each(${JSON.stringify(chosen)}))`.execute(db);
    return rows.map(toCandidate);
  }

  /** PostgreSQL: the newest matches and the newest title matches, scored by ts_rank in one statement. */
  async function scoredOnPostgres(match: Match, scope: SearchScope, tieBreak: TieBreak): Promise<Candidate[]> {
    const chosen = sql`(${newestOnPostgres(match, scope)}) union (${newest(match, scope, true)})`;
    // `= any(array(…))` and the date by key: the candidates are looked up, not joined to every row.
    const { rows } = await sql<ScoredRow>`
      select post_id, ts_rank(document, to_tsquery('simple', ${tsQuery(match.terms)})) as rank,
        ${tieBreakOf(sql`posts_search.post_id`, tieBreak)} as at
      from posts_search where post_id = any(array(${chosen}))`.execute(db);
    return rows.map(toCandidate);
  }

  async function countOf(query: RawBuilder<unknown>): Promise<number> {
    const { rows } = await (query as RawBuilder<{ count: number }>).execute(db);
    return Number(rows[0]?.count ?? 0);
  }

  /** Matches that are not candidates, newest first. */
  async function rest(match: Match, scope: SearchScope, excluded: number[], { limit, offset = 0 }: Window): Promise<number[]> {
    const notCandidates =
      excluded.length === 0
        ? sql``
        : kind === "sqlite"
          ? sql` and +rowid not in (select value from json_each(${JSON.stringify(excluded)}))`
          : sql` and post_id <> all(cast(${`{${excluded.join(",")}}`} as integer[]))`;
    const { rows } = await sql<{ post_id: number }>`
      select ${id} as post_id ${matching(match, scope)}${notCandidates} order by ${id} desc limit ${limit} offset ${offset}`.execute(db);
    return rows.map((row) => Number(row.post_id));
  }

  const search = {
    /**
     * The ids of one window of the matches in `scope`, in result order: the ranked candidates, best
     * first, then every other match, newest first.
     */
    async pageIds(terms: string[], scope: SearchScope, window: Window, tieBreak: TieBreak): Promise<number[]> {
      return search.windowOf(await search.ranking(terms, scope, tieBreak), scope, window);
    },

    /** The ranked candidates of a search in `scope`: `windowOf` cuts any window of its results from it. */
    async ranking(terms: string[] | Match, scope: SearchScope, tieBreak: TieBreak): Promise<Ranking> {
      return ranked(Array.isArray(terms) ? await matchOf(terms) : terms, scope, tieBreak);
    },

    /** The terms as the engine will be asked for them (on SQLite, which are exact words: one read of the index's words). */
    match: matchOf,

    /** One window of a ranking's results (the scope it was ranked in): its candidates, then every other match, newest first. */
    async windowOf({ match, list, complete }: Ranking, scope: SearchScope, { limit, offset = 0 }: Window): Promise<number[]> {
      const ids = list.slice(offset, offset + limit).map((candidate) => candidate.id);
      if (ids.length === limit || complete) return ids;
      const after = await rest(match, scope, list.map((candidate) => candidate.id), {
        limit: limit - ids.length,
        offset: Math.max(0, offset - list.length),
      });
      return [...ids, ...after];
    },

    /** How many posts in `scope` match every term: exact, counted in the index. */
    async countMatches(terms: string[] | Match, scope: SearchScope): Promise<number> {
      const match = Array.isArray(terms) ? await matchOf(terms) : terms;
      return countOf(sql`select count(*) as count ${matching(match, scope)}`);
    },

    /** The ids of every match in `scope` (a subquery, unranked): a filter for lists in another order. */
    matchingIds(terms: string[], scope: SearchScope = {}): RawBuilder<unknown> {
      return sql`(select ${id} ${matching({ terms, exact: new Set() }, scope)})`;
    },

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
    async searchPublished(query: SearchQuery, window: Window): Promise<PostCore[]> {
      const ids = await search.pageIds(query.terms, publishedScope(query), window, "published_at");
      if (ids.length === 0) return [];
      const rows = await db.selectFrom("posts").select(publicColumns).where("id", "in", ids).execute();
      const byId = new Map(rows.map((row) => [Number(row.id), toPostCore(row)]));
      return ids.flatMap((postId) => byId.get(postId) ?? []);
    },

    countPublished(query: SearchQuery): Promise<number> {
      return search.countMatches(query.terms, publishedScope(query));
    },
  };

  /** What visitors may find: not a draft or a scheduled post (few, so excluded rather than listed), in the tag if any. */
  function publishedScope({ tag }: SearchQuery): SearchScope {
    return {
      without: [notLivePostIds(db)],
      within: tag === undefined ? [] : [postsTaggedWith(db, tag)],
    };
  }

  return search;
}

export type SearchService = ReturnType<typeof createSearchService>;
