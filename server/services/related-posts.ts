import { sql } from "kysely";
import type { Db } from "../db/connect.ts";
import { isLive, livePosts, publicColumns, toPostCore } from "./post-core.ts";
import { toPublicPost, type PublicPost } from "./public-posts.ts";
import type { TagService } from "./tags.ts";

/**
 * What a reader is offered at the end of a post (docs/product.md §2 blog post; docs/decisions/046): related
 * posts and the neighbouring posts by publication date. Only published posts, never the post itself.
 * Everything here is made of post rows and their tags, which change only in a post write, and every
 * post write bumps the blog's content version: so the post page, cached per version (decision 040),
 * never shows stale neighbours or related posts.
 */

/** How many related posts a post page shows. */
export const RELATED_POSTS_LIMIT = 3;
/** Related posts are chosen among the newest this many of each tag the post has (decision 046). */
export const CANDIDATES_PER_TAG = 100;

/** A neighbouring post as the previous/next links show it. */
export interface PostNeighbour {
  slug: string;
  title: string;
}

/** The post the end is made for: a published post, or a draft an administrator previews. */
export interface PostEndSubject {
  id: number;
  published: boolean;
  publishedAt: string | null;
}

export interface PostEnd {
  /** Best first: most tags in common, then newest; filled with the newest posts. */
  related: PublicPost[];
  /** The published post just before this one (older), or null for the first post. */
  previous: PostNeighbour | null;
  /** The published post just after this one (newer), or null for the latest post. */
  next: PostNeighbour | null;
}

const postColumns = publicColumns.map((column) => `posts.${column}` as const);

export function createRelatedPostService({ db, tags }: { db: Db; tags: Pick<TagService, "ofPosts"> }) {
  /**
   * The related-posts query, built apart so tests can read its plan. One statement:
   * - `shared`: the newest `CANDIDATES_PER_TAG` other posts under each of this post's tags (`tagIds`),
   *   with how many tags they share, read from post_tags by its `post_tags_tag_post` index;
   * - `by_tags`: the published ones among them, best `limit`;
   * - `recent`: the newest published posts not already chosen (the `posts_published_list` index,
   *   stopping after `limit` rows), for a post with no tags or too few related ones;
   * - the best `limit` of both.
   */
  const relatedQuery = (postId: number, tagIds: number[], limit: number) =>
    db
      .with("shared", (qb) =>
        qb
          .selectFrom((candidates) =>
            // The newest `CANDIDATES_PER_TAG` other posts of each of its tags (index post_tags_tag_post),
            // so the cost stays the same however many posts a tag gathers.
            // A post without tags has no candidates: tag id 0 names none (one empty index probe).
            (tagIds.length > 0 ? tagIds : [0])
              .map((tagId) =>
                candidates
                  .selectFrom((newest) =>
                    newest
                      .selectFrom("post_tags")
                      .select("post_tags.post_id")
                      .where("post_tags.tag_id", "=", tagId)
                      .where("post_tags.post_id", "!=", postId)
                      .orderBy("post_tags.post_id", "desc")
                      .limit(CANDIDATES_PER_TAG)
                      .as(`tag_${tagId}`),
                  )
                  .select(`tag_${tagId}.post_id`),
              )
              .reduce((all, next) => all.unionAll(next))
              .as("candidates"),
          )
          .select((eb) => ["candidates.post_id", eb.fn.countAll<number>().as("shared")])
          .groupBy("candidates.post_id"),
      )
      // Materialised: read once, by `recent` too (SQLite would otherwise plan it again there).
      .with((cte) => cte("by_tags").materialized(), (qb) =>
        qb
          .selectFrom("shared")
          .innerJoin("posts", "posts.id", "shared.post_id")
          .select([...postColumns, "shared.shared"])
          .where(isLive)
          .orderBy("shared.shared", "desc")
          .orderBy("posts.published_at", "desc")
          .orderBy("posts.id", "desc")
          .limit(limit),
      )
      .with("recent", (qb) =>
        qb
          .selectFrom("posts")
          .select([...postColumns, sql<number>`0`.as("shared")])
          .where(isLive)
          .where("posts.id", "!=", postId)
          .where("posts.id", "not in", qb.selectFrom("by_tags").select("by_tags.id"))
          .orderBy("posts.published_at", "desc")
          .orderBy("posts.id", "desc")
          .limit(limit),
      )
      .selectFrom((qb) =>
        qb.selectFrom("by_tags").selectAll().unionAll(qb.selectFrom("recent").selectAll()).as("candidates"),
      )
      .selectAll()
      .orderBy("shared", "desc")
      .orderBy("published_at", "desc")
      .orderBy("id", "desc")
      .limit(limit);

  /** Up to `limit` related published posts, in the public view (with their tags, read in one query). */
  async function related(postId: number, limit = RELATED_POSTS_LIMIT): Promise<PublicPost[]> {
    const tagIds = (await db.selectFrom("post_tags").select("tag_id").where("post_id", "=", postId).execute()).map((row) =>
      Number(row.tag_id),
    );
    const posts = (await relatedQuery(postId, tagIds, limit).execute()).map(toPostCore);
    const tagsByPost = await tags.ofPosts(posts.map((post) => post.id));
    return posts.map((post) => toPublicPost({ ...post, tags: tagsByPost.get(post.id) ?? [] }));
  }

  /**
   * The published posts just before and after this one in publication order (ties by id, as the
   * blog list orders them). A draft has no place in that order: it has neither.
   */
  async function neighbours(post: PostEndSubject): Promise<Pick<PostEnd, "previous" | "next">> {
    if (!post.published || post.publishedAt === null) return { previous: null, next: null };
    const position = [post.publishedAt, post.id] as const;
    const [previous, next] = await Promise.all([
      livePosts(db)
        .select(["slug", "title"])
        .where((eb) => eb(eb.refTuple("published_at", "id"), "<", eb.tuple(...position)))
        .orderBy("published_at", "desc")
        .orderBy("id", "desc")
        .limit(1)
        .executeTakeFirst(),
      livePosts(db)
        .select(["slug", "title"])
        .where((eb) => eb(eb.refTuple("published_at", "id"), ">", eb.tuple(...position)))
        .orderBy("published_at", "asc")
        .orderBy("id", "asc")
        .limit(1)
        .executeTakeFirst(),
    ]);
    return { previous: previous ?? null, next: next ?? null };
  }

  return {
    relatedQuery,
    related,
    neighbours,

    /** Everything the end of a post page shows, read in parallel. */
    async forPost(post: PostEndSubject): Promise<PostEnd> {
      const [relatedPosts, around] = await Promise.all([related(post.id), neighbours(post)]);
      return { related: relatedPosts, ...around };
    },
  };
}

