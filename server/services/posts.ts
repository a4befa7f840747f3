import type { Selectable } from "kysely";
import { isRefusal, refuse, type Refusal } from "../../shared/refusal.ts";
import { postNotFound } from "../../shared/not-found.ts";
import type { Db } from "../db/connect.ts";
import type { PostsTable } from "../db/schema.ts";
import { toBoolean, toIso, toIsoOrNull, nowIso, isUniqueViolation } from "../db/rows.ts";
import type { PostFields, PostUpdateFields } from "../../shared/post-schema.ts";
import { sanitizePostHtml, toPlainText } from "./sanitize-html.ts";
import { createPublicReads } from "./public-posts.ts";
import { isLive, livePosts, newestFirst, toPostCore, type PostCore } from "./post-core.ts";
import type { PostTag, TagService } from "./tags.ts";
import type { SearchService } from "./search.ts";
import type { AuthorService, PostActor } from "./authors.ts";
import type { BlogVersion, ContentVersion } from "./content-version.ts";
import type { PostAuthor } from "../../shared/authors.ts";
import { postStatusOf, type PostStatus } from "../../shared/post-status.ts";
import type { PostChanges } from "./post-changes.ts";
import { CANNOT_DELETE, CANNOT_PUBLISH, type PostViewer } from "../../shared/post-access.ts";
import { activityActorOf, rightsOn, type PostAccess } from "./post-access.ts";
import { reviewCleared, reviewOf, type PostReview } from "./post-review.ts";

/** The whole post, for the editor and the post page's SEO tags (docs/product.md §3, "Blog post (editor / full)"). */
export interface FullPost extends PostCore {
  metaTitle: string | null;
  metaDescription: string | null;
  keywords: string | null;
  canonicalUrl: string | null;
  authorId: number | null;
  /** Who the byline names; null: the organisation (no author, or a deleted one). docs/decisions/044. */
  author: PostAuthor | null;
  /** True when published or scheduled: `published: true` with a future `publishedAt` is scheduled (docs/decisions/049). */
  published: boolean;
  /** Draft, Scheduled (publishedAt is when it goes live) or Published. */
  status: PostStatus;
  /** When the post was first published; kept while it is a draft (docs/decisions/062). CMS only. */
  firstPublishedAt: string | null;
  updatedAt: string;
  /** Incremented on every save; a PUT must name the version it was based on (edit conflicts). */
  version: number;
  /** Sorted by name (docs/decisions/042). */
  tags: PostTag[];
  /** Where it stands in the review workflow (docs/decisions/032). CMS only. */
  review: PostReview;
}

/** What the feed and the sitemap need of a published post. */
export interface PublishedPostEntry {
  slug: string;
  title: string;
  excerpt: string | null;
  content: string;
  publishedAt: string;
  updatedAt: string;
}

/** A save answers the saved post, or refuses: not found, a taken slug, or an edit conflict (decision 041). */
export type SavePostResult = FullPost | Refusal;

export const EDIT_CONFLICT =
  "This post was changed by someone else after you opened it. Reload it to see their changes, then save again.";

const slugTaken = (slug: string) => {
  const message = `The slug "${slug}" is already used by another post. Choose a different slug.`;
  return refuse("conflict", message, { fields: { slug: message } });
};
const editConflict = (current: FullPost) => refuse("conflict", EDIT_CONFLICT, { details: { conflict: true, current } });

function toFullPost(row: Selectable<PostsTable>, tags: PostTag[], author: PostAuthor | null, review: PostReview): FullPost {
  const status = postStatusOf(row);
  const core = toPostCore(row);
  return {
    ...core,
    publishedAt: status === "scheduled" ? toIsoOrNull(row.scheduled_at) : core.publishedAt,
    metaTitle: row.meta_title,
    metaDescription: row.meta_description,
    keywords: row.keywords,
    canonicalUrl: row.canonical_url,
    authorId: authorIdOf(row),
    author,
    published: status !== "draft",
    status,
    firstPublishedAt: toIsoOrNull(row.first_published_at),
    updatedAt: toIso(row.updated_at),
    version: Number(row.version),
    tags,
    review,
  };
}

const authorIdOf = (row: Pick<Selectable<PostsTable>, "author_id">) => (row.author_id === null ? null : Number(row.author_id));

/** The stored form of the editable fields: HTML sanitised, plain text stripped of control characters. */
function toColumns(fields: PostFields, siteUrl: string) {
  const plain = (value: string | null) => (value === null ? null : toPlainText(value));
  return {
    title: toPlainText(fields.title),
    slug: fields.slug,
    content: sanitizePostHtml(fields.content, siteUrl),
    excerpt: plain(fields.excerpt),
    cover_image: fields.coverImage,
    cover_image_alt: plain(fields.coverImageAlt),
    cover_image_decorative: fields.coverImageDecorative,
    meta_title: plain(fields.metaTitle),
    meta_description: plain(fields.metaDescription),
    keywords: plain(fields.keywords),
    canonical_url: fields.canonicalUrl,
  };
}

/** The time a save schedules the post for: `published` with a `publishedAt` still to come (docs/decisions/049). */
const scheduleOf = (fields: PostFields, now: string): string | null =>
  fields.published && fields.publishedAt !== null && fields.publishedAt > now ? fields.publishedAt : null;

export interface PostServiceDeps {
  db: Db;
  clock: () => Date;
  /** SITE_URL: links to it are the site's own (docs/decisions/063). */
  siteUrl: string;
  /** A post's tags, read with it (docs/decisions/042). */
  tags: TagService;
  /** Visitor search (docs/decisions/042). */
  search: SearchService;
  /** Who a save records as the author, and the author object of every answer (docs/decisions/044). */
  authors: AuthorService;
  /** The blog's content version, the validator of every public answer (docs/decisions/040, 021). */
  contentVersion: ContentVersion;
  /**
   * What every write does after the row, in its transaction: tags, search index, content version,
   * revision, webhook (docs/decisions/025-one-post-change-step-and-one-job-runner.md).
   */
  changes: PostChanges;
  /** Who may do what to a post, judged inside each write's transaction (docs/decisions/032). */
  access: PostAccess;
}

export function createPostService({ db, clock, siteUrl, tags, search, authors, contentVersion, changes, access }: PostServiceDeps) {
  const slugTakenByAnother = async (trx: Db, slug: string, id: number | null) => {
    let query = trx.selectFrom("posts").select("id").where("slug", "=", slug);
    if (id !== null) query = query.where("id", "!=", id);
    return (await query.executeTakeFirst()) !== undefined;
  };

  /** The whole post of a row, with its tags and author (read on `executor`: inside a transaction, its own). */
  const withTags = async (row: Selectable<PostsTable>, executor: Db = db): Promise<FullPost> =>
    toFullPost(row, await tags.ofPost(Number(row.id), executor), await authors.ofPost(authorIdOf(row), executor), await reviewOf(executor, row));

  /** The whole post, or "Post not found". */
  const getById = async (id: number): Promise<FullPost | Refusal> => {
    const row = await db.selectFrom("posts").selectAll().where("id", "=", id).executeTakeFirst();
    return row ? withTags(row) : postNotFound();
  };

  const service = {
    /** Published posts, newest first (docs/product.md §7 GET /api/blog, §2 blog list; paged by `listPage`). */
    listPublished(window: { limit: number; offset?: number }): Promise<PostCore[]> {
      return newestFirst(livePosts(db), window);
    },

    async countPublished(): Promise<number> {
      const row = await livePosts(db)
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** A published post by slug, with its SEO fields; drafts are invisible here. */
    async findPublishedBySlug(slug: string): Promise<FullPost | undefined> {
      const row = await livePosts(db).selectAll().where("slug", "=", slug).executeTakeFirst();
      return row ? withTags(row) : undefined;
    },

    /** Any post by slug, drafts included: only for an administrator's preview (docs/product.md §2 route table). */
    async findBySlugForPreview(slug: string): Promise<FullPost | undefined> {
      const row = await db.selectFrom("posts").selectAll().where("slug", "=", slug).executeTakeFirst();
      return row ? withTags(row) : undefined;
    },

    /** The current slug of the published post that once lived at `oldSlug` (decision 040). */
    async findRedirect(oldSlug: string): Promise<string | undefined> {
      const row = await db
        .selectFrom("post_redirects")
        .innerJoin("posts", "posts.id", "post_redirects.post_id")
        .select("posts.slug")
        .where("post_redirects.old_slug", "=", oldSlug)
        .where(isLive)
        .executeTakeFirst();
      return row?.slug;
    },

    getById,

    /**
     * The whole post for a viewer who may open it (the editor, `GET /api/cms/posts/{id}`); "Post not found"
     * for one they may not, as for none (docs/decisions/032).
     */
    async openFor(id: number, viewer: PostViewer | null): Promise<FullPost | Refusal> {
      const row = await access.openable(db, id, viewer);
      return isRefusal(row) ? row : withTags(row);
    },

    /**
     * Creates a post; publishing stamps publishedAt with the save time (docs/product.md §4). The author is the
     * signed-in user unless `authorId` names another (authors.resolveForSave, docs/decisions/044).
     */
    async create(fields: PostFields, actor: PostActor | null): Promise<SavePostResult> {
      const now = nowIso(clock);
      const scheduledAt = scheduleOf(fields, now);
      const published = fields.published && scheduledAt === null;
      try {
        return await db.transaction().execute(async (trx): Promise<SavePostResult> => {
          // Judged by the role as it is now, in this transaction (docs/decisions/027, 032).
          const who = await access.actorNow(trx, actor);
          if (isRefusal(who)) return who;
          const authorId = await authors.resolveForSave(trx, { actor: who, requested: fields.authorId });
          if (isRefusal(authorId)) return authorId;
          const live = published || scheduledAt !== null;
          if (live && !rightsOn(who, { author_id: authorId, published: false, scheduled_at: null, submitted_at: null }).publish) {
            return refuse("forbidden", CANNOT_PUBLISH);
          }
          if (await slugTakenByAnother(trx, fields.slug, null)) return slugTaken(fields.slug);
          const row = await trx
            .insertInto("posts")
            .values({
              ...toColumns(fields, siteUrl),
              author_id: authorId,
              published,
              published_at: published ? now : null,
              first_published_at: published ? now : null,
              scheduled_at: scheduledAt,
              created_at: now,
              updated_at: now,
              version: 1,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          // A live post wins over an old slug another post left behind.
          await trx.deleteFrom("post_redirects").where("old_slug", "=", fields.slug).execute();
          const postTags = await changes.afterPostWrite(trx, {
            kind: "create",
            after: row,
            tags: fields.tags ?? [],
            actor: activityActorOf(who),
            now,
          });
          return toFullPost(row, postTags, await authors.ofPost(authorId, trx), await reviewOf(trx, row));
        });
      } catch (error) {
        // Two simultaneous creates with one slug: the database's unique index decides.
        if (isUniqueViolation(error)) return slugTaken(fields.slug);
        throw error;
      }
    },

    /**
     * Saves an edit made on `fields.version`. A newer version in the database means someone else
     * saved meanwhile: the edit is refused (conflict) rather than silently overwriting their work.
     * A published post keeps its date on later saves; saving as draft clears publishedAt (docs/product.md §4)
     * but keeps the first publication, which publishing again brings back unless `publishAsNew`
     * (docs/decisions/062-unpublishing-keeps-the-first-date.md). The author stays the post's unless
     * an administrator names another (authors.resolveForSave, docs/decisions/044). A draft saved with
     * a `publishedAt` still to come is scheduled; a live post keeps its date whatever `publishedAt`
     * says (docs/decisions/049). Every save keeps a revision; `restore` records it as a revision restored
     * (revisions.ts) rather than a save.
     */
    async update(
      id: number,
      fields: PostUpdateFields,
      actor: PostActor | null,
      { restore = false }: { restore?: boolean } = {},
    ): Promise<SavePostResult> {
      const now = nowIso(clock);
      try {
        return await db.transaction().execute(async (trx): Promise<SavePostResult> => {
          // Judged by the role as it is now, in this transaction (docs/decisions/027, 032): someone else's
          // post is not found (before the version check, whose conflict answers the post), one they may
          // open but not change is refused with the reason.
          const who = await access.actorNow(trx, actor);
          if (isRefusal(who)) return who;
          const current = await access.openable(trx, id, who);
          if (isRefusal(current)) return current;
          const rights = rightsOn(who, current);
          if (rights.editRefusal) return refuse("forbidden", rights.editRefusal);

          const wasPublished = toBoolean(current.published);
          const scheduledAt = wasPublished ? null : scheduleOf(fields, now);
          const published = fields.published && scheduledAt === null;
          const statusChanges =
            published !== wasPublished || toIsoOrNull(current.scheduled_at) !== toIsoOrNull(scheduledAt);
          if (statusChanges && !rights.publish) return refuse("forbidden", CANNOT_PUBLISH);

          if (Number(current.version) !== fields.version) return editConflict(await withTags(current, trx));
          if (await slugTakenByAnother(trx, fields.slug, id)) return slugTaken(fields.slug);
          const authorId = await authors.resolveForSave(trx, { actor: who, requested: fields.authorId, current: authorIdOf(current) });
          if (isRefusal(authorId)) return authorId;
          // Rows published before first_published_at was kept have only published_at.
          let firstPublishedAt = current.first_published_at ?? current.published_at;
          let publishedAt: string | null = null;
          if (published) {
            if (wasPublished && current.published_at) publishedAt = current.published_at;
            else if (firstPublishedAt && !fields.publishAsNew) publishedAt = firstPublishedAt;
            else publishedAt = firstPublishedAt = now;
          }
          // The version check is repeated in the UPDATE itself, so two racing saves cannot both win.
          const row = await trx
            .updateTable("posts")
            .set({
              ...toColumns(fields, siteUrl),
              author_id: authorId,
              published,
              published_at: publishedAt,
              first_published_at: firstPublishedAt,
              scheduled_at: scheduledAt,
              updated_at: now,
              version: fields.version + 1,
              // Published or scheduled: it has left the review queue, approved (docs/decisions/032).
              ...(published || scheduledAt !== null ? reviewCleared : {}),
            })
            .where("id", "=", id)
            .where("version", "=", fields.version)
            .returningAll()
            .executeTakeFirst();
          if (!row) {
            const latest = await trx.selectFrom("posts").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
            return editConflict(await withTags(latest, trx));
          }
          if (current.slug !== fields.slug) {
            await trx.deleteFrom("post_redirects").where("old_slug", "=", fields.slug).execute();
            // Only a slug visitors could have seen needs a redirect.
            if (wasPublished) {
              await trx.deleteFrom("post_redirects").where("old_slug", "=", current.slug).execute();
              await trx
                .insertInto("post_redirects")
                .values({ old_slug: current.slug, post_id: id, created_at: now })
                .execute();
            }
          }
          const postTags = await changes.afterPostWrite(trx, {
            kind: restore ? "restore" : "update",
            before: current,
            after: row,
            // No `tags` in the body keeps the post's tags (clients without tags send none).
            tags: fields.tags,
            actor: activityActorOf(who),
            now,
          });
          return toFullPost(row, postTags, await authors.ofPost(authorId, trx), await reviewOf(trx, row));
        });
      } catch (error) {
        if (isUniqueViolation(error)) return slugTaken(fields.slug);
        throw error;
      }
    },

    /**
     * Deletes a post and its old-slug redirects in one transaction (its tags and revisions go by the
     * foreign keys' cascade; its search document, tag counts and the rest by the post-change step);
     * "Post not found" when there was none, or the actor may not open it; 403 when they may open it but
     * not delete it (a contributor's published post, docs/decisions/032). A null actor is tooling.
     */
    async remove(id: number, actor: PostViewer | null = null): Promise<true | Refusal> {
      const now = nowIso(clock);
      return db.transaction().execute(async (trx) => {
        const who = await access.actorNow(trx, actor);
        if (isRefusal(who)) return who;
        const current = await access.openable(trx, id, who);
        if (isRefusal(current)) return current;
        if (!rightsOn(who, current).delete) return refuse("forbidden", CANNOT_DELETE);
        await trx.deleteFrom("post_redirects").where("post_id", "=", id).execute();
        const tagIds = await tags.idsOf(trx, id);
        const deleted = await trx.deleteFrom("posts").where("id", "=", id).returningAll().executeTakeFirst();
        if (!deleted) return postNotFound();
        await changes.afterPostWrite(trx, { kind: "delete", before: deleted, tagIds, actor: activityActorOf(who), now });
        return true;
      });
    },

    /** The validator of every public blog answer (ETag, Last-Modified): from memory when known (decision 021). */
    blogVersion(): Promise<BlogVersion> {
      return contentVersion.current();
    },

    /** Published posts for the RSS feed and the sitemap, newest first. */
    async listPublishedEntries({ limit }: { limit?: number } = {}): Promise<PublishedPostEntry[]> {
      let query = livePosts(db)
        .select(["slug", "title", "excerpt", "content", "published_at", "updated_at"])
        .orderBy("published_at", "desc")
        .orderBy("id", "desc");
      if (limit !== undefined) query = query.limit(limit);
      const rows = await query.execute();
      return rows.map((row) => ({
        slug: row.slug,
        title: row.title,
        excerpt: row.excerpt,
        content: row.content,
        publishedAt: toIso(row.published_at ?? row.updated_at),
        updatedAt: toIso(row.updated_at),
      }));
    },
  };
  // What visitors may read (`readPublic`, `listPage`, `searchPage`) is decided once, from these
  // queries and the tag and search services' (public-posts.ts).
  return Object.assign(service, createPublicReads(service, { tags, search, authors }));
}

export type PostService = ReturnType<typeof createPostService>;
