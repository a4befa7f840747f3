import { sql, type RawBuilder, type SelectQueryBuilder } from "kysely";
import type { Db } from "../db/connect.ts";
import type { Selectable } from "kysely";
import type { Database, PostsTable } from "../db/schema.ts";
import type { DatabaseKind } from "../db/portable-types.ts";
import { toIso, toIsoOrNull } from "../db/rows.ts";
import { postStatusOf, type PostStatus } from "../../app/lib/post-status.ts";
import type { CmsSort, CmsStatus } from "../../app/lib/cms-listing.ts";
import { slugPattern } from "../../app/lib/slugify.ts";
import { postsTaggedWith, type PostTag, type TagService } from "./tags.ts";
import { rankedHits } from "./search.ts";
import { searchTerms } from "./search-text.ts";

/**
 * The CMS post list (SPEC §2 CMS dashboard, §3 CMS list view, §7 GET /api/cms/posts), made to stay
 * fast at 10,000 posts (docs/decisions/045): a page reads only its own rows (limit/offset on an
 * index that gives the order: migration 009), the count is a separate query, and the tags of a
 * page come in one query. Search uses the full-text index `posts_search`, which holds drafts too
 * (docs/decisions/042), plus an exact match on the slug (the unique index).
 */

/** A row of the CMS list: SPEC §3 "Blog post (CMS list view)" plus `tags`. */
export interface CmsListPost {
  id: number;
  slug: string;
  title: string;
  /** True when published or scheduled, as in the full post (docs/decisions/049). */
  published: boolean;
  status: PostStatus;
  /** When a scheduled post goes live; null otherwise. */
  scheduledAt: string | null;
  updatedAt: string;
  /** Sorted by name (docs/decisions/042). */
  tags: PostTag[];
}

const listColumns = ["posts.id", "posts.slug", "posts.title", "posts.published", "posts.scheduled_at", "posts.updated_at"] as const;
type ListRow = Pick<Selectable<PostsTable>, "id" | "slug" | "title" | "published" | "scheduled_at" | "updated_at">;

function toListPost(row: ListRow, tags: PostTag[]): CmsListPost {
  const status = postStatusOf(row);
  return {
    id: Number(row.id),
    slug: row.slug,
    title: row.title,
    published: status !== "draft",
    status,
    scheduledAt: toIsoOrNull(row.scheduled_at),
    updatedAt: toIso(row.updated_at),
    tags,
  };
}

export interface CmsListFilter {
  /** Search text: every word must start a word of the title, excerpt or content; or the exact slug. */
  q?: string;
  status: CmsStatus;
  /** Only posts filed under this tag slug. */
  tag?: string;
  /** "relevance" without `q` reads as "updated-desc". */
  sort: CmsSort;
}

export interface CmsListPage {
  posts: CmsListPost[];
  /** Every post the filter matches, on all pages (`X-Total-Count`, "Showing 1–20 of 1,234"). */
  total: number;
}

/** An exact slug match is the best match there is. */
const SLUG_MATCH_RANK = 1_000_000_000;
/** `in (…)` lists are kept well under both engines' parameter limits (SQLite 32,766; pg 65,535). */
const TAG_READ_CHUNK = 1000;

/**
 * The slug a search may name: the text itself, or the last part of a `/blog/{slug}` address an
 * editor pasted. Null when it cannot be a slug.
 */
export function slugInQuery(q: string): string | null {
  let candidate = q.trim().toLowerCase();
  const blog = candidate.lastIndexOf("/blog/");
  if (blog >= 0) candidate = candidate.slice(blog + "/blog/".length);
  candidate = candidate.replace(/[?#].*$/, "").replace(/\/+$/, "");
  return candidate.length > 0 && candidate.length <= 200 && slugPattern.test(candidate) ? candidate : null;
}

/**
 * The list's query as the filters and orders see it: posts. A search joins its ranked matches as
 * `matches`, which only the relevance order reads (by name, in SQL).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- nothing selected yet
type PostsQuery = SelectQueryBuilder<Database, "posts", {}>;

/**
 * What each status shows (SPEC §4 states, and Scheduled: a draft with a time to go live, decision 049);
 * one entry here and in CMS_STATUSES each.
 */
const statusFilters: Record<CmsStatus, (query: PostsQuery) => PostsQuery> = {
  all: (query) => query,
  published: (query) => query.where("posts.published", "=", true),
  scheduled: (query) => query.where("posts.published", "=", false).where("posts.scheduled_at", "is not", null),
  draft: (query) => query.where("posts.published", "=", false).where("posts.scheduled_at", "is", null),
};

/**
 * Each order ends with the id, so pages never overlap or skip a row when values tie. Each has an
 * index that gives it (migration 009; published dates: 001's `posts_published_list`, read
 * backwards: published posts newest first, then drafts).
 */
const orders: Record<Exclude<CmsSort, "relevance">, (query: PostsQuery) => PostsQuery> = {
  "updated-desc": (query) => query.orderBy("posts.updated_at", "desc").orderBy("posts.id", "desc"),
  "updated-asc": (query) => query.orderBy("posts.updated_at", "asc").orderBy("posts.id", "asc"),
  "title-asc": (query) => query.orderBy(sql`lower(posts.title)`, "asc").orderBy("posts.id", "asc"),
  "title-desc": (query) => query.orderBy(sql`lower(posts.title)`, "desc").orderBy("posts.id", "desc"),
  "published-desc": (query) =>
    query.orderBy("posts.published", "desc").orderBy("posts.published_at", "desc").orderBy("posts.id", "desc"),
  "published-asc": (query) =>
    query.orderBy("posts.published", "desc").orderBy("posts.published_at", "asc").orderBy("posts.id", "asc"),
};

export function createPostListing({ db, kind, tags }: { db: Db; kind: DatabaseKind; tags: Pick<TagService, "ofPosts"> }) {
  /**
   * The posts a search finds, drafts included, ranked: full-text hits (every term a word prefix),
   * and the post whose slug is the text, first. Null when the text has neither (nothing is found).
   */
  function matches(q: string): RawBuilder<{ post_id: number; rank: number }> | null {
    const terms = searchTerms(q);
    const slug = slugInQuery(q);
    if (terms.length === 0 && slug === null) return null;
    if (slug === null) return rankedHits(kind, terms);
    const bySlug = sql`select id as post_id, cast(${SLUG_MATCH_RANK} as real) as rank from posts where slug = ${slug}`;
    if (terms.length === 0) return sql`(${bySlug})`;
    return sql`(select post_id, max(rank) as rank from (
      select post_id, rank from ${rankedHits(kind, terms)} as text_hits
      union all
      ${bySlug}
    ) as candidates group by post_id)`;
  }

  /** The posts the filter keeps, before order and paging: the base of both the page and its count. */
  function filtered({ q, status, tag }: Omit<CmsListFilter, "sort">): PostsQuery | null {
    let query: PostsQuery = db.selectFrom("posts");
    if (q !== undefined) {
      const found = matches(q);
      if (found === null) return null;
      query = query.innerJoin(found.as("matches"), "matches.post_id", "posts.id") as unknown as PostsQuery;
    }
    query = statusFilters[status](query);
    if (tag !== undefined) query = query.where("posts.id", "in", postsTaggedWith(db, tag));
    return query;
  }

  function ordered(query: PostsQuery, { q, sort }: Pick<CmsListFilter, "q" | "sort">): PostsQuery {
    if (sort === "relevance" && q !== undefined) {
      return query.orderBy(sql`matches.rank`, "desc").orderBy("posts.updated_at", "desc").orderBy("posts.id", "desc");
    }
    return orders[sort === "relevance" ? "updated-desc" : sort](query);
  }

  /** The tags of `postIds`, read a chunk at a time (the whole list can be thousands of posts). */
  async function tagsOf(postIds: number[]): Promise<Map<number, PostTag[]>> {
    const all = new Map<number, PostTag[]>();
    for (let start = 0; start < postIds.length; start += TAG_READ_CHUNK) {
      for (const [id, postTags] of await tags.ofPosts(postIds.slice(start, start + TAG_READ_CHUNK))) all.set(id, postTags);
    }
    return all;
  }

  async function read(filter: CmsListFilter, window: { limit: number; offset: number } | null): Promise<CmsListPost[]> {
    const base = filtered(filter);
    if (base === null) return [];
    let query = ordered(base, filter).select(listColumns);
    if (window) query = query.limit(window.limit).offset(window.offset);
    const rows = await query.execute();
    const tagsByPost = await tagsOf(rows.map((row) => Number(row.id)));
    return rows.map((row) => toListPost(row, tagsByPost.get(Number(row.id)) ?? []));
  }

  async function count(filter: Omit<CmsListFilter, "sort">): Promise<number> {
    const base = filtered(filter);
    if (base === null) return 0;
    const row = await base.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
    return Number(row.count);
  }

  return {
    /** One page of the list (`page` from 1) and how many posts the filter matches in all. */
    async listPage(filter: CmsListFilter & { page: number; perPage: number }): Promise<CmsListPage> {
      const [posts, total] = await Promise.all([
        read(filter, { limit: filter.perPage, offset: (filter.page - 1) * filter.perPage }),
        count(filter),
      ]);
      return { posts, total };
    },

    /**
     * Every post the filter matches, unpaged: what SPEC §7 clients of GET /api/cms/posts expect when
     * they send no page (docs/decisions/045). New clients page.
     */
    async listAll(filter: CmsListFilter): Promise<CmsListPage> {
      const posts = await read(filter, null);
      return { posts, total: posts.length };
    },

    /** One row by id, whatever the filter: the post a `?delete=` link names, wherever it is listed. */
    async findRow(id: number): Promise<CmsListPost | undefined> {
      const row = await db.selectFrom("posts").select(listColumns).where("posts.id", "=", id).executeTakeFirst();
      if (!row) return undefined;
      return toListPost(row, (await tags.ofPosts([Number(row.id)])).get(Number(row.id)) ?? []);
    },
  };
}

export type PostListing = ReturnType<typeof createPostListing>;
