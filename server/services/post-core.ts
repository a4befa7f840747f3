import type { ExpressionBuilder, Selectable, SelectQueryBuilder } from "kysely";
import type { Db } from "../db/connect.ts";
import type { Database, PostsTable } from "../db/schema.ts";
import { toBoolean, toIso, toIsoOrNull } from "../db/rows.ts";

/**
 * What every read of a post has: the fields of docs/product.md §3 "Blog post (public view)" as stored, with
 * what its cover image's alt attribute is made of. Visitors get `toPublicPost` of it
 * (server/services/public-posts.ts), never this. The post service, and the tag and search services
 * whose queries list posts (tags.ts, search.ts), read it with these columns and this mapping.
 */
export interface PostCore {
  id: number;
  slug: string;
  title: string;
  excerpt: string | null;
  content: string;
  coverImage: string | null;
  coverImageAlt: string | null;
  coverImageDecorative: boolean;
  publishedAt: string | null;
  createdAt: string;
}

export const publicColumns = [
  "id",
  "slug",
  "title",
  "excerpt",
  "content",
  "cover_image",
  "cover_image_alt",
  "cover_image_decorative",
  "published_at",
  "created_at",
] as const;

export type CoreRow = Pick<Selectable<PostsTable>, (typeof publicColumns)[number]>;

export function toPostCore(row: CoreRow): PostCore {
  return {
    id: Number(row.id),
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    content: row.content,
    coverImage: row.cover_image,
    coverImageAlt: row.cover_image_alt,
    coverImageDecorative: toBoolean(row.cover_image_decorative),
    publishedAt: toIsoOrNull(row.published_at),
    createdAt: toIso(row.created_at),
  };
}

/**
 * One page of the posts `query` selects (already filtered: published, a tag's, an author's), in the blog
 * list's order, newest first then by id (docs/product.md §2): the one place that order and this mapping are applied.
 */
export async function newestFirst(
  query: SelectQueryBuilder<Database, "posts", Record<never, never>>,
  { limit, offset = 0 }: { limit: number; offset?: number },
): Promise<PostCore[]> {
  const rows = await query.select(publicColumns).orderBy("published_at", "desc").orderBy("id", "desc").limit(limit).offset(offset).execute();
  return rows.map(toPostCore);
}

/**
 * The one definition of a live post, what visitors may read: `posts.published = true`. A scheduled post
 * is `published = false` until the scheduler publishes it (docs/decisions/049), a draft always. Every
 * published-post read goes through these (docs/decisions/025). The predicate stays this exact equality
 * on the column: the indexes that serve those reads lead with `published` (001's
 * `posts_published_list`, 009's `posts_status_updated_list`, 020's covering `posts_published_id`).
 */
export const isLive = (eb: ExpressionBuilder<Database, "posts">) => eb("posts.published", "=", true);

/** Not live: a draft or a scheduled post. */
export const isNotLive = (eb: ExpressionBuilder<Database, "posts">) => eb("posts.published", "=", false);

/** The live posts, to select from: `select … from posts where posts.published = true`. */
export const livePosts = (db: Db) => db.selectFrom("posts").where(isLive);

/**
 * The ids of the posts that are not live, a subquery: search excludes them (they are few) rather than
 * listing the live ones (server/services/search.ts, post-listing.ts).
 */
export const notLivePostIds = (db: Db) => db.selectFrom("posts").select("id").where(isNotLive);
