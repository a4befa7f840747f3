import type { Selectable } from "kysely";
import type { Db } from "../db/connect.ts";
import type { TagsTable } from "../db/schema.ts";
import { tagSlug } from "../../shared/post-schema.ts";
import { tagImageAltText } from "../../shared/tags.ts";
import { toBoolean } from "../db/rows.ts";
import { isLive, livePosts, newestFirst, type PostCore } from "./post-core.ts";

/**
 * Tags (docs/decisions/042): a post carries up to 10, given by name in its save (shared/post-schema.ts);
 * a name not known yet creates the tag, a name whose slug an existing tag has reuses it. Every post
 * answer carries its tags as `{ slug, name }` sorted by name; `GET /api/blog?tag={slug}` lists a
 * tag's published posts and `GET /api/tags` the tags visitors can find posts under.
 */

/** A tag as post answers carry it. */
export interface PostTag {
  slug: string;
  name: string;
}

/**
 * Every tag, as `GET /api/cms/tags` lists it for the editor, the dashboard (docs/decisions/045) and the
 * Tags page with what it edits (docs/decisions/035).
 */
export interface CmsTag extends PostTag {
  /** Its posts, drafts included. */
  count: number;
  /** Its published posts. */
  publishedCount: number;
  description: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
  /** The tag page's header image: an http(s) address or an upload's `/media/…` path (docs/decisions/035). */
  image: string | null;
  /** Its alt text; null when it is decorative or there is no image. */
  imageAlt: string | null;
  imageDecorative: boolean;
}

/** A tag image as readers get it: its address and its alt attribute ("" for a decorative one). */
export interface TagImage {
  src: string;
  alt: string;
}

/** A tag page's tag: with what its <title> and meta description say when set (docs/decisions/035). */
export interface TagPage extends PublicTag {
  metaTitle: string | null;
  metaDescription: string | null;
  /** Shown in the page's header, its feed's channel image and its sharing image (docs/decisions/035). */
  image: TagImage | null;
}

/** A tag with published posts, as `GET /api/tags` lists it. */
export interface PublicTag extends PostTag {
  description: string | null;
  /** Its published posts. */
  count: number;
}

const byName = new Intl.Collator("en", { sensitivity: "base", numeric: true });
/** Tags as every post answer orders them; a preview orders its own the same way (server/services/post-preview.ts). */
export const sortByName = <T extends PostTag>(tags: T[]): T[] =>
  tags.sort((a, b) => byName.compare(a.name, b.name) || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));

/** The ids of the posts filed under the tag at `slug`: a subquery for the listings and search. */
export const postsTaggedWith = (db: Db, slug: string) =>
  db
    .selectFrom("post_tags")
    .innerJoin("tags", "tags.id", "post_tags.tag_id")
    .select("post_tags.post_id")
    .where("tags.slug", "=", slug);

/** The columns a tag is listed and shown with. */
const TAG_COLUMNS = [
  "slug",
  "name",
  "description",
  "meta_title",
  "meta_description",
  "post_count",
  "published_post_count",
  "image",
  "image_alt",
  "image_decorative",
] as const;
type TagRow = Pick<Selectable<TagsTable>, (typeof TAG_COLUMNS)[number]>;

/** The image of a tag row as readers get it (`tagImageAltText`), or null. */
const tagImageOf = (row: TagRow): TagImage | null => {
  const alt = tagImageAltText({ name: row.name, image: row.image, imageAlt: row.image_alt, imageDecorative: toBoolean(row.image_decorative) });
  return row.image === null || alt === null ? null : { src: row.image, alt };
};

/** A tag row as the CMS lists it. */
export const toCmsTag = (row: TagRow): CmsTag => ({
  slug: row.slug,
  name: row.name,
  count: Number(row.post_count),
  publishedCount: Number(row.published_post_count),
  description: row.description,
  metaTitle: row.meta_title,
  metaDescription: row.meta_description,
  image: row.image,
  imageAlt: row.image_alt,
  imageDecorative: toBoolean(row.image_decorative),
});

export function createTagService({ db }: { db: Db }) {
  /** The tags of each post in `postIds`, in one query (a page of posts never costs a query per post). */
  async function ofPosts(postIds: number[], executor: Db = db): Promise<Map<number, PostTag[]>> {
    const tagsByPost = new Map<number, PostTag[]>(postIds.map((id) => [id, []]));
    if (postIds.length === 0) return tagsByPost;
    const rows = await executor
      .selectFrom("post_tags")
      .innerJoin("tags", "tags.id", "post_tags.tag_id")
      .select(["post_tags.post_id", "tags.slug", "tags.name"])
      .where("post_tags.post_id", "in", postIds)
      .execute();
    for (const row of rows) tagsByPost.get(Number(row.post_id))?.push({ slug: row.slug, name: row.name });
    for (const tags of tagsByPost.values()) sortByName(tags);
    return tagsByPost;
  }

  const ofPost = async (postId: number, executor: Db = db): Promise<PostTag[]> =>
    (await ofPosts([postId], executor)).get(postId) ?? [];

  /** The ids of the tags a post is filed under. */
  const idsOf = async (trx: Db, postId: number): Promise<number[]> =>
    (await trx.selectFrom("post_tags").select("tag_id").where("post_id", "=", postId).execute()).map((row) => Number(row.tag_id));

  /**
   * Recounts the posts of `tagIds` (migration 011), inside the write's transaction: what changed a
   * post's tags or its published state (a save, a delete, a scheduled publication) calls it with the
   * tags the post had and has, so `tags.post_count` and `published_post_count` are never stale.
   */
  async function refreshCounts(trx: Db, tagIds: number[]): Promise<void> {
    if (tagIds.length === 0) return;
    await trx
      .updateTable("tags")
      .set((eb) => ({
        post_count: eb
          .selectFrom("post_tags")
          .select((count) => count.fn.countAll<number>().as("count"))
          .whereRef("post_tags.tag_id", "=", "tags.id"),
        published_post_count: eb
          .selectFrom("post_tags")
          .innerJoin("posts", "posts.id", "post_tags.post_id")
          .select((count) => count.fn.countAll<number>().as("count"))
          .whereRef("post_tags.tag_id", "=", "tags.id")
          .where(isLive),
      }))
      .where("id", "in", [...new Set(tagIds)].sort((a, b) => a - b))
      .execute();
  }

  return {
    ofPosts,
    ofPost,
    idsOf,
    refreshCounts,

    /**
     * Files the post under exactly `names` (already checked by `tagNamesSchema`), creating the tags
     * not known yet, inside the caller's transaction: the post save's, which also bumps the blog's
     * content version (decision 040). `undefined` keeps the post's tags. Answers the post's tags.
     * Called after the post's row is written, it recounts the tags it had and has (its published
     * state may have changed with them).
     */
    async setForPost(trx: Db, postId: number, names: string[] | undefined, now: string): Promise<PostTag[]> {
      const before = await idsOf(trx, postId);
      if (names === undefined) {
        await refreshCounts(trx, before);
        return ofPost(postId, trx);
      }
      await trx.deleteFrom("post_tags").where("post_id", "=", postId).execute();
      if (names.length === 0) {
        await refreshCounts(trx, before);
        return [];
      }
      // Sorted by slug, so two saves creating the same new tags take their locks in the same order.
      const wanted = names.map((name) => ({ name, slug: tagSlug(name) })).sort((a, b) => (a.slug < b.slug ? -1 : 1));
      // A tag created meanwhile by another save wins; this one then reuses it (unique slug and name key).
      await trx
        .insertInto("tags")
        .values(wanted.map(({ name, slug }) => ({ name, slug, name_key: slug, created_at: now })))
        .onConflict((conflict) => conflict.doNothing())
        .execute();
      const keys = wanted.map((tag) => tag.slug);
      const found = await trx
        .selectFrom("tags")
        .select(["id", "slug", "name", "name_key"])
        .where((eb) => eb.or([eb("name_key", "in", keys), eb("slug", "in", keys)]))
        .execute();
      // A name is the tag whose name makes the same slug, else the tag at that slug (one renamed, docs/decisions/035).
      const tags = [
        ...new Map(
          keys.flatMap((key) => {
            const tag = found.find((row) => row.name_key === key) ?? found.find((row) => row.slug === key);
            return tag ? [[Number(tag.id), tag] as const] : [];
          }),
        ).values(),
      ];
      await trx
        .insertInto("post_tags")
        .values(tags.map((tag) => ({ post_id: postId, tag_id: Number(tag.id) })))
        .execute();
      await refreshCounts(trx, [...before, ...tags.map((tag) => Number(tag.id))]);
      return sortByName(tags.map(({ slug, name }) => ({ slug, name })));
    },

    /** Published posts filed under `slug`, newest first; an unknown tag has none. */
    listPublishedWithTag(slug: string, window: { limit: number; offset?: number }): Promise<PostCore[]> {
      return newestFirst(livePosts(db).where("id", "in", postsTaggedWith(db, slug)), window);
    },

    /** The tag's published posts: its kept count (migration 011), 0 for an unknown tag. */
    async countPublishedWithTag(slug: string): Promise<number> {
      const row = await db.selectFrom("tags").select("published_post_count").where("slug", "=", slug).executeTakeFirst();
      return Number(row?.published_post_count ?? 0);
    },

    /**
     * Every tag with how many posts carry it, drafts included, sorted by name (`GET /api/cms/tags`):
     * the editor's suggestions and the dashboard's tag filter. A tag no post carries any more is
     * listed with 0, so its spelling is still offered.
     */
    async listAll(executor: Db = db): Promise<CmsTag[]> {
      const rows = await executor
        .selectFrom("tags")
        .select([...TAG_COLUMNS])
        .execute();
      return sortByName(rows.map(toCmsTag));
    },

    /**
     * Tags with at least one published post and how many, sorted by name (`GET /api/tags`): the
     * editor's suggestions and the tag pages. A tag whose posts are all drafts or gone is not listed.
     */
    async listPublic(): Promise<PublicTag[]> {
      const rows = await db
        .selectFrom("tags")
        .select(["slug", "name", "description", "published_post_count"])
        .where("published_post_count", ">", 0)
        .execute();
      return sortByName(
        rows.map((row) => ({ slug: row.slug, name: row.name, description: row.description, count: Number(row.published_post_count) })),
      );
    },

    /**
     * The tag at `slug` if it has published posts (a tag page, docs/decisions/043), with its meta title,
     * description and image (docs/decisions/035): a tag whose posts are all drafts or gone has no page,
     * exactly as `listPublic` does not list it.
     */
    async findPublic(slug: string): Promise<TagPage | undefined> {
      const row = await db
        .selectFrom("tags")
        .select([...TAG_COLUMNS])
        .where("slug", "=", slug)
        .where("published_post_count", ">", 0)
        .executeTakeFirst();
      return (
        row && {
          slug: row.slug,
          name: row.name,
          description: row.description,
          count: Number(row.published_post_count),
          metaTitle: row.meta_title,
          metaDescription: row.meta_description,
          image: tagImageOf(row),
        }
      );
    },

    /** The slug an old one (renamed, or merged away) now answers 301 to, unless a tag has it again (docs/decisions/035). */
    async redirectOf(oldSlug: string): Promise<string | undefined> {
      const row = await db
        .selectFrom("tag_redirects")
        .innerJoin("tags", "tags.id", "tag_redirects.tag_id")
        .select("tags.slug")
        .where("tag_redirects.old_slug", "=", oldSlug)
        .where((eb) => eb.not(eb.exists(eb.selectFrom("tags as live").select("live.id").where("live.slug", "=", oldSlug))))
        .executeTakeFirst();
      return row?.slug;
    },
  };
}

export type TagService = ReturnType<typeof createTagService>;
