import { sql, type SelectQueryBuilder } from "kysely";
import type { Db } from "../db/connect.ts";
import type { Selectable } from "kysely";
import type { Database, PostsTable } from "../db/schema.ts";
import type { DatabaseKind } from "../db/portable-types.ts";
import { toIso, toIsoOrNull } from "../db/rows.ts";
import { postStatusOf, type PostStatus } from "../../shared/post-status.ts";
import type { CmsSort, CmsStatus } from "../../shared/cms-listing.ts";
import { slugPattern } from "../../shared/slugify.ts";
import { postsTaggedWith, type PostTag, type TagService } from "./tags.ts";
import type { Match, SearchScope, SearchService } from "./search.ts";
import { searchTerms } from "./search-text.ts";
import { isLive, isNotLive, notLivePostIds } from "./post-core.ts";
import { nameOf } from "./authors.ts";

/**
 * The CMS post list (docs/product.md §2 CMS dashboard, §3 CMS list view, §7 GET /api/cms/posts), made to stay
 * fast at 10,000 posts (docs/decisions/045): a page reads only its own rows (limit/offset on an
 * index that gives the order: migration 009), the count is a separate query, and the tags of a
 * page come in one query. Search uses the full-text index `posts_search`, which holds drafts too
 * (docs/decisions/042), plus an exact match on the slug (the unique index); it ranks only its best
 * candidates (server/services/search.ts). Pages are kept per content version, and with them each list's
 * total and each search's ranking (so a search's later pages neither rank nor count again): every post write
 * bumps it (decision 040), drafts included, so nothing kept is older than the last write
 * (docs/decisions/023-no-stalls-at-10000-posts.md).
 */

/** A row of the CMS list: docs/product.md §3 "Blog post (CMS list view)" plus `tags`. */
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
  /** As the full post's: when it went live, or goes live if scheduled; null for a draft. */
  publishedAt: string | null;
  /** The byline's name; null: the organisation (no author, or a deleted one: docs/decisions/044). */
  authorName: string | null;
  /** The cover's URL, for the row's thumbnail (variants: shared/media-sizes.ts); null without one. */
  coverImage: string | null;
  /** Sorted by name (docs/decisions/042). */
  tags: PostTag[];
  /** When it was submitted for review and by whom (display name); null: not in review (docs/decisions/032). */
  submittedAt: string | null;
  submittedBy: string | null;
}

const listColumns = [
  "posts.id",
  "posts.slug",
  "posts.title",
  "posts.published",
  "posts.scheduled_at",
  "posts.updated_at",
  "posts.published_at",
  "posts.author_id",
  "posts.cover_image",
  "posts.submitted_at",
  "posts.submitted_by",
] as const;
type ListRow = Pick<
  Selectable<PostsTable>,
  | "id"
  | "slug"
  | "title"
  | "published"
  | "scheduled_at"
  | "updated_at"
  | "published_at"
  | "author_id"
  | "cover_image"
  | "submitted_at"
  | "submitted_by"
>;

function toListPost(row: ListRow, tags: PostTag[], names: Map<number, string>): CmsListPost {
  const status = postStatusOf(row);
  return {
    id: Number(row.id),
    slug: row.slug,
    title: row.title,
    published: status !== "draft",
    status,
    scheduledAt: toIsoOrNull(row.scheduled_at),
    updatedAt: toIso(row.updated_at),
    publishedAt: status === "draft" ? null : toIsoOrNull(status === "scheduled" ? row.scheduled_at : row.published_at),
    authorName: row.author_id === null ? null : (names.get(Number(row.author_id)) ?? null),
    coverImage: row.cover_image,
    tags,
    submittedAt: toIsoOrNull(row.submitted_at),
    submittedBy: row.submitted_at === null || row.submitted_by === null ? null : (names.get(Number(row.submitted_by)) ?? null),
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
  /** Only this author's posts: a viewer without posts.edit-any sees only theirs (shared/post-access.ts `listOwnerOf`). */
  ownerId?: number;
}

export interface CmsListPage {
  posts: CmsListPost[];
  /** Every post the filter matches, on all pages (`X-Total-Count`, "Showing 1–20 of 1,234"). */
  total: number;
}

/** `in (…)` lists are kept well under both engines' parameter limits (SQLite 32,766; pg 65,535). */
const ID_READ_CHUNK = 1000;
/**
 * Pages kept per content version (docs/decisions/023): the dashboard's and the API's pages are read
 * again only after a post write. The oldest goes first when full.
 */
const CACHED_PAGES = 200;
/** Totals, rankings and terms kept per content version (below), the oldest going first. */
const CACHED_WORK = 200;

/** Work a list's pages may share while no post is written: `key` names it (JSON). */
type Keep = <T>(key: unknown[], work: () => Promise<T>) => Promise<T>;
const keepNothing: Keep = (_key, work) => work();

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

/** The list's query as the filters and orders see it: posts. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- nothing selected yet
type PostsQuery = SelectQueryBuilder<Database, "posts", {}>;

/**
 * What each status shows (docs/product.md §4 states, and Scheduled: a draft with a time to go live, decision 049);
 * one entry here and in CMS_STATUSES each.
 */
const statusFilters: Record<CmsStatus, (query: PostsQuery) => PostsQuery> = {
  all: (query) => query,
  published: (query) => query.where(isLive),
  scheduled: (query) => query.where(isNotLive).where("posts.scheduled_at", "is not", null),
  draft: (query) => query.where(isNotLive).where("posts.scheduled_at", "is", null),
  review: (query) => query.where(isNotLive).where("posts.scheduled_at", "is", null).where("posts.submitted_at", "is not", null),
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

export function createPostListing({
  db,
  kind,
  tags,
  search,
}: {
  db: Db;
  kind: DatabaseKind;
  tags: Pick<TagService, "ofPosts">;
  search: Pick<SearchService, "match" | "ranking" | "windowOf" | "countMatches" | "matchingIds">;
}) {
  /** What each status keeps, as the search sees it: subqueries of post ids (drafts are few: excluded, not listed). */
  const statusScopes: Record<CmsStatus, () => SearchScope> = {
    all: () => ({}),
    published: () => ({ without: [notLivePostIds(db)] }),
    scheduled: () => ({ within: [statusFilters.scheduled(db.selectFrom("posts")).select("id")] }),
    draft: () => ({ within: [statusFilters.draft(db.selectFrom("posts")).select("id")] }),
    review: () => ({ within: [statusFilters.review(db.selectFrom("posts")).select("id")] }),
  };

  /** The posts the status, tag and owner keep, before order and paging. */
  function kept({ status, tag, ownerId }: Pick<CmsListFilter, "status" | "tag" | "ownerId">): PostsQuery {
    let query = statusFilters[status](db.selectFrom("posts"));
    if (ownerId !== undefined) query = query.where("posts.author_id", "=", ownerId);
    return tag === undefined ? query : query.where("posts.id", "in", postsTaggedWith(db, tag));
  }

  /**
   * What a search finds: the full-text terms (every one a word prefix) in the status and tag, and the
   * post whose slug is the text, if any, which comes first. Null when the text has neither.
   */
  async function searchFor({ q, status, tag, ownerId }: Omit<CmsListFilter, "sort"> & { q: string }, keep: Keep) {
    const words = searchTerms(q);
    const terms: Match | null = words.length === 0 ? null : await keep(["match", words], () => search.match(words));
    const slug = slugInQuery(q);
    if (terms === null && slug === null) return null;
    const slugId =
      slug === null
        ? null
        : await keep(["slug", slug, status, tag, ownerId], async () => {
            const row = await kept({ status, tag, ownerId }).select("posts.id").where("posts.slug", "=", slug).executeTakeFirst();
            return row === undefined ? null : Number(row.id);
          });
    const scope = statusScopes[status]();
    if (tag !== undefined) scope.within = [...(scope.within ?? []), postsTaggedWith(db, tag)];
    if (ownerId !== undefined) scope.within = [...(scope.within ?? []), db.selectFrom("posts").select("id").where("author_id", "=", ownerId)];
    if (slugId !== null) scope.without = [...(scope.without ?? []), db.selectFrom("posts").select("id").where("id", "=", slugId)];
    return { terms, slugId, scope, key: [q, status, tag, ownerId] };
  }
  type Found = NonNullable<Awaited<ReturnType<typeof searchFor>>>;

  const countFound = async ({ terms, slugId, scope, key }: Found, keep: Keep) =>
    (slugId === null ? 0 : 1) + (terms === null ? 0 : await keep(["count", key], () => search.countMatches(terms, scope)));

  /** The ids of a window of the ranked results: the slug's post, then the text's best candidates, then the rest. */
  async function rankedIds({ terms, slugId, scope, key }: Found, { limit, offset }: { limit: number; offset: number }, keep: Keep): Promise<number[]> {
    const lead = slugId === null ? [] : [slugId];
    const first = lead.slice(offset, offset + limit);
    if (terms === null || first.length === limit) return first;
    const ranking = await keep(["ranking", key], () => search.ranking(terms, scope, "updated_at"));
    const text = await search.windowOf(ranking, scope, { limit: limit - first.length, offset: Math.max(0, offset - lead.length) });
    return [...first, ...text];
  }

  /** The rows of `ids`, in that order, with their tags. */
  async function rowsOf(ids: number[]): Promise<CmsListPost[]> {
    const byId = new Map<number, ListRow>();
    for (let start = 0; start < ids.length; start += ID_READ_CHUNK) {
      const rows = await db.selectFrom("posts").select(listColumns).where("posts.id", "in", ids.slice(start, start + ID_READ_CHUNK)).execute();
      for (const row of rows) byId.set(Number(row.id), row);
    }
    return withTags(ids.flatMap((id) => byId.get(id) ?? []));
  }

  async function withTags(rows: ListRow[]): Promise<CmsListPost[]> {
    const tagsByPost = new Map<number, PostTag[]>();
    const ids = rows.map((row) => Number(row.id));
    for (let start = 0; start < ids.length; start += ID_READ_CHUNK) {
      for (const [id, postTags] of await tags.ofPosts(ids.slice(start, start + ID_READ_CHUNK))) tagsByPost.set(id, postTags);
    }
    // The page's authors and who submitted its drafts in review: a page's few users, one query.
    const people = [
      ...new Set(
        rows.flatMap((row) => [
          ...(row.author_id !== null ? [Number(row.author_id)] : []),
          ...(row.submitted_at !== null && row.submitted_by !== null ? [Number(row.submitted_by)] : []),
        ]),
      ),
    ];
    const names = new Map<number, string>();
    for (let start = 0; start < people.length; start += ID_READ_CHUNK) {
      const users = await db.selectFrom("users").select(["id", "username", "display_name"]).where("id", "in", people.slice(start, start + ID_READ_CHUNK)).execute();
      for (const user of users) names.set(Number(user.id), nameOf(user));
    }
    return rows.map((row) => toListPost(row, tagsByPost.get(Number(row.id)) ?? [], names));
  }

  /** The filter's posts in a listed order (not relevance), a window of them or all. */
  async function inOrder(filter: CmsListFilter, found: Found | null, window: { limit: number; offset: number } | null) {
    let query = kept(filter);
    if (found !== null) {
      // SQLite: `+posts.id`, so the order's index is walked and each id checked against the matches.
      const id = kind === "sqlite" ? sql`+posts.id` : sql`posts.id`;
      const text = found.terms === null ? sql<boolean>`0 = 1` : sql<boolean>`${id} in ${search.matchingIds(found.terms.terms)}`;
      query = query.where(found.slugId === null ? text : sql<boolean>`(${text} or posts.id = ${found.slugId})`);
    }
    let ordered = orders[filter.sort === "relevance" ? "updated-desc" : filter.sort](query).select(listColumns);
    if (window) ordered = ordered.limit(window.limit).offset(window.offset);
    return withTags(await ordered.execute());
  }

  async function page(filter: CmsListFilter & { page: number; perPage: number }, keep: Keep): Promise<CmsListPage> {
    const window = { limit: filter.perPage, offset: (filter.page - 1) * filter.perPage };
    if (filter.q === undefined) {
      const [posts, total] = await Promise.all([
        inOrder(filter, null, window),
        keep(["count", [null, filter.status, filter.tag, filter.ownerId]], async () => {
          const row = await kept(filter).select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
          return Number(row.count);
        }),
      ]);
      return { posts, total };
    }
    const found = await searchFor({ ...filter, q: filter.q }, keep);
    if (found === null) return { posts: [], total: 0 };
    const [posts, total] = await Promise.all([
      filter.sort === "relevance" ? rankedIds(found, window, keep).then(rowsOf) : inOrder(filter, found, window),
      countFound(found, keep),
    ]);
    return { posts, total };
  }

  /** The blog's content version (decision 040), read from its row: every post write moves it. */
  async function contentVersion(): Promise<number> {
    const row = await db.selectFrom("content_versions").select("version").where("name", "=", "blog").executeTakeFirst();
    return Number(row?.version ?? 0);
  }
  let keptVersion: number | null = null;
  const keptPages = new Map<string, CmsListPage>();
  /**
   * What a list's pages share, kept for the same version as the pages (decision 023): each filter's total,
   * each search's ranked candidates and terms. A search's later pages (each one new) then read only their
   * own rows; the counts stay exact, as no write has happened since they were counted.
   */
  const keptWork = new Map<string, Promise<unknown>>();
  /** Work kept while `version` is the kept one: started once, shared by the requests that ask meanwhile. */
  const keepFor =
    (version: number): Keep =>
    <T>(key: unknown[], work: () => Promise<T>): Promise<T> => {
      const name = JSON.stringify(key);
      const held = keptWork.get(name) as Promise<T> | undefined;
      if (held) return held;
      const started = work();
      if (keptVersion === version) {
        if (keptWork.size >= CACHED_WORK) keptWork.delete(keptWork.keys().next().value!);
        keptWork.set(name, started);
        started.catch(() => keptWork.get(name) === started && keptWork.delete(name));
      }
      return started;
    };

  return {
    /**
     * One page of the list (`page` from 1) and how many posts the filter matches in all; kept until
     * the next post write (the version is read first, so a page read meanwhile is never older than it).
     */
    async listPage(filter: CmsListFilter & { page: number; perPage: number }): Promise<CmsListPage> {
      const version = await contentVersion();
      if (version !== keptVersion) {
        keptPages.clear();
        keptWork.clear();
        keptVersion = version;
      }
      const key = JSON.stringify([filter.q, filter.status, filter.tag, filter.sort, filter.page, filter.perPage, filter.ownerId]);
      const hit = keptPages.get(key);
      if (hit) return hit;
      const result = await page(filter, keepFor(version));
      if (keptVersion === version) {
        if (keptPages.size >= CACHED_PAGES) keptPages.delete(keptPages.keys().next().value!);
        keptPages.set(key, result);
      }
      return result;
    },

    /**
     * Every post the filter matches, unpaged: what docs/product.md §7 clients of GET /api/cms/posts expect when
     * they send no page (docs/decisions/045). New clients page.
     */
    async listAll(filter: CmsListFilter): Promise<CmsListPage> {
      let posts: CmsListPost[];
      if (filter.q === undefined) posts = await inOrder(filter, null, null);
      else {
        const found = await searchFor({ ...filter, q: filter.q }, keepNothing);
        if (found === null) posts = [];
        else if (filter.sort === "relevance") posts = await rowsOf(await rankedIds(found, { limit: Number.MAX_SAFE_INTEGER, offset: 0 }, keepNothing));
        else posts = await inOrder(filter, found, null);
      }
      return { posts, total: posts.length };
    },

    /** One row by id, whatever the filter but the owner: the post a `?delete=` link names, wherever it is listed. */
    async findRow(id: number, ownerId?: number): Promise<CmsListPost | undefined> {
      let query = db.selectFrom("posts").select(listColumns).where("posts.id", "=", id);
      if (ownerId !== undefined) query = query.where("posts.author_id", "=", ownerId);
      const row = await query.executeTakeFirst();
      return row ? (await withTags([row]))[0] : undefined;
    },

    /** How many drafts wait for review (the review queue, docs/decisions/032), or only the owner's. */
    async reviewCount(ownerId?: number): Promise<number> {
      const row = await kept({ status: "review", ownerId })
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}
