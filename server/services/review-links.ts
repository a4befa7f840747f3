import { createHash, randomBytes } from "node:crypto";
import { creatorOf } from "./authors.ts";
import type { Db } from "../db/connect.ts";
import { toIso } from "../db/rows.ts";
import { isRefusal, refuse, type Refusal } from "../../shared/refusal.ts";
import { postNotFound, REVIEW_LINK_NOT_FOUND } from "../../shared/not-found.ts";
import {
  REVIEW_TOKEN_PATTERN,
  reviewLinkPath,
  type CreatedReviewLink,
  type ReviewLink,
} from "../../shared/review-links.ts";
import { toPublicPost, type PublicPost } from "./public-posts.ts";
import type { FullPost, PostService } from "./posts.ts";
import type { PostActor } from "./authors.ts";
import type { PostAccess } from "./post-access.ts";

/**
 * Review links (docs/decisions/065-review-links.md): "Share preview" on a post that is not live makes
 * a link that shows it, as it will look, to anyone who has the link, until the link expires or is
 * revoked. The token is 256 random bits and only its SHA-256 is stored, as for sessions, so the link
 * can be shown once, when it is made. Every visit reads the database: a revoke or an expiry holds at
 * once on every instance.
 */

/** What a review link opens: the post (its public view and the whole post), and until when. */
export type ReviewRead =
  | { post: PublicPost; full: FullPost; expiresAt: string }
  /** The post has been published since the link was made: its public address serves it now. */
  | { publishedSlug: string };

export { REVIEW_LINK_NOT_FOUND };
export const POST_ALREADY_PUBLISHED = "This post is published: share its address on the blog instead of a review link.";

/** What is stored of a review link's token (posts' and landing pages'): its SHA-256, never the token. */
export const reviewTokenHash = (token: string) => createHash("sha256").update(token).digest("hex");
/** 256 random bits as lower-case hex (REVIEW_TOKEN_PATTERN). */
export const newReviewToken = () => randomBytes(32).toString("hex");
export const REVIEW_LINK_DAY_MS = 24 * 60 * 60 * 1000;

/** A link row (with its maker's names from a left join on users) as the editor lists it: posts' and landing pages'. */
export const toReviewLink = (row: { id: number; created_at: string; expires_at: string; username: string | null; display_name: string | null }): ReviewLink => ({
  id: Number(row.id),
  createdAt: toIso(row.created_at),
  expiresAt: toIso(row.expires_at),
  createdBy: creatorOf(row),
});

/**
 * Ends an active link (of a post or a landing page, already found to be its own) now. False when a revoke
 * that raced this one did it first: the link is revoked either way, but only one of them did it.
 */
export async function revokeLink(db: Db, table: "post_review_links" | "landing_page_review_links", linkId: number, now: string): Promise<boolean> {
  const result = await db.updateTable(table).set({ revoked_at: now }).where("id", "=", linkId).where("revoked_at", "is", null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface ReviewLinkServiceDeps {
  db: Db;
  clock: () => Date;
  /** SITE_URL: the absolute address a new link is shared as. */
  siteUrl: string;
  /** The whole post a link opens, read as the post page reads it (tags, author). */
  posts: Pick<PostService, "getById" | "openFor">;
  /** Only for a post the writer may open (docs/decisions/032). */
  access: PostAccess;
}

export function createReviewLinkService({ db, clock, siteUrl, posts, access }: ReviewLinkServiceDeps) {
  /** Whether the viewer (null: tooling) may open the post: "Post not found" otherwise, as for none. */
  const postOpenable = async (postId: number, viewer: PostActor | null) => !isRefusal(await access.openable(db, postId, viewer));

  /** The active links of a post (neither revoked nor expired), newest first, or only the one with `linkId`. */
  const activeLinks = (postId: number, now: string, linkId?: number) => {
    let query = db
      .selectFrom("post_review_links")
      .leftJoin("users", "users.id", "post_review_links.created_by")
      .select([
        "post_review_links.id",
        "post_review_links.created_at",
        "post_review_links.expires_at",
        "users.username",
        "users.display_name",
      ])
      .where("post_review_links.post_id", "=", postId)
      .where("post_review_links.revoked_at", "is", null)
      .where("post_review_links.expires_at", ">", now);
    if (linkId !== undefined) query = query.where("post_review_links.id", "=", linkId);
    return query.orderBy("post_review_links.id", "desc").execute();
  };


  return {
    /**
     * A new link to a post that is not live, valid for `days` days. The answer is the only place its
     * token appears: only the token's hash is stored.
     */
    async create(postId: number, actor: PostActor | null, { days }: { days: number }): Promise<CreatedReviewLink | Refusal> {
      const post = await posts.openFor(postId, actor);
      if (isRefusal(post)) return post;
      // A review link is for a post that is not live: a draft, or scheduled and not yet published.
      if (post.status === "published") return refuse("conflict", POST_ALREADY_PUBLISHED);
      const token = newReviewToken();
      const now = clock();
      const row = await db
        .insertInto("post_review_links")
        .values({
          post_id: postId,
          token_hash: reviewTokenHash(token),
          created_by: actor?.id ?? null,
          created_at: now.toISOString(),
          expires_at: new Date(now.getTime() + days * REVIEW_LINK_DAY_MS).toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const [link] = await activeLinks(postId, now.toISOString(), Number(row.id));
      const path = reviewLinkPath(token);
      return { ...toReviewLink(link!), token, path, url: `${siteUrl}${path}` };
    },

    /** A post's links that still open it, newest first. */
    async list(postId: number, viewer: PostActor | null = null): Promise<ReviewLink[] | Refusal> {
      if (!(await postOpenable(postId, viewer))) return postNotFound();
      return (await activeLinks(postId, clock().toISOString())).map(toReviewLink);
    },

    /**
     * Ends a link of this post now; from the next request on, on every instance, it opens nothing.
     * An unknown link, another post's, or one already revoked or expired: not found.
     */
    async revoke(postId: number, linkId: number, viewer: PostActor | null = null): Promise<ReviewLink | Refusal> {
      if (!(await postOpenable(postId, viewer))) return postNotFound();
      const now = clock().toISOString();
      const [link] = await activeLinks(postId, now, linkId);
      if (!link) return refuse("not-found", REVIEW_LINK_NOT_FOUND);
      if (!(await revokeLink(db, "post_review_links", link.id, now))) return refuse("not-found", REVIEW_LINK_NOT_FOUND);
      return toReviewLink(link);
    },

    /**
     * What a link's token opens: the post while the link is neither revoked nor expired and the post is
     * not live; its public address once it is; otherwise "Review link not found" (unknown, revoked,
     * expired, or the post deleted), which visitors see as the site's 404.
     */
    async resolve(token: string): Promise<ReviewRead | Refusal> {
      // Anything that is not a token of ours never reaches the database.
      if (!REVIEW_TOKEN_PATTERN.test(token)) return refuse("not-found", REVIEW_LINK_NOT_FOUND);
      const link = await db
        .selectFrom("post_review_links")
        .select(["post_id", "expires_at"])
        .where("token_hash", "=", reviewTokenHash(token))
        .where("revoked_at", "is", null)
        .where("expires_at", ">", clock().toISOString())
        .executeTakeFirst();
      if (!link) return refuse("not-found", REVIEW_LINK_NOT_FOUND);
      const full = await posts.getById(Number(link.post_id));
      if (isRefusal(full)) return refuse("not-found", REVIEW_LINK_NOT_FOUND);
      if (full.status === "published") return { publishedSlug: full.slug };
      return { post: toPublicPost(full), full, expiresAt: toIso(link.expires_at) };
    },
  };
}

