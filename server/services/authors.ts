import { can, isRole, rolesWith, type Role } from "../../shared/roles.ts";
import { authorNotFound, USER_NOT_FOUND, userNotFound } from "../../shared/not-found.ts";
import type { Db } from "../db/connect.ts";
import { nowIso, toIso } from "../db/rows.ts";
import type { DatabaseKind } from "../db/portable-types.ts";
import { refuse, type Refusal } from "../../shared/refusal.ts";
import { AVATAR_PATH, type ProfileInput } from "../../shared/author-schema.ts";
import {
  authorSlugBase,
  publicAuthorName,
  uniqueAuthorSlug,
  type AuthorChoice,
  type OwnProfile,
  type PostAuthor,
  type PublicAuthorProfile,
} from "../../shared/authors.ts";
import type { ContentVersion } from "./content-version.ts";
import { mediaUrl } from "./media.ts";
import { isLive, livePosts, newestFirst, type PostCore } from "./post-core.ts";
import { postsTaggedWith } from "./tags.ts";

/**
 * Authors (docs/decisions/044-authors.md): every CMS user's profile (display name, bio, avatar),
 * who a post is by, and who may say so. The post service asks it, inside its save transactions, which
 * author a save records (`resolveForSave`) and, for every post it answers, the public author object
 * (`ofPost`, `ofPosts`); the public reads (public-posts.ts) list an author's posts through it.
 * Nothing about a user but display name, author slug, avatar and bio ever leaves here for visitors: the
 * author page's address is a slug of the display name, never the login name (docs/decisions/068).
 */

/** Who saves a post: the session's user (a post save needs one; tooling may pass none). */
export interface PostActor {
  id: number;
  role: Role | null;
}

export const AUTHOR_NOT_ALLOWED = "The author must be someone who writes posts, or the organisation (null).";
export const AUTHOR_CHANGE_FORBIDDEN = "Only an editor or an administrator can change a post's author.";
/** The roles whose people write posts: the bylines an editor may choose. */
const WRITERS = rolesWith("posts.write");

export const AVATAR_NOT_UPLOADED = "That image is not an upload of this site: upload the avatar again.";

type NameColumns = { username: string; display_name: string | null };
/**
 * The display name as the CMS shows it to staff; a user who never set one (or set it before migration 008 filled
 * it) shows as the username there. Visitors never see that: `publicNameOf` (docs/decisions/068, 2026-11-27).
 */
export const nameOf = (row: NameColumns) => row.display_name?.trim() || row.username;

/** Who made a token or a link, from a left join on users: null once that account is deleted. */
export const creatorOf = (row: { username: string | null; display_name: string | null }) =>
  row.username === null ? null : { username: row.username, name: nameOf({ username: row.username, display_name: row.display_name }) };
/** The author's public name: the display name when it is a real one, else the team's (docs/decisions/068). */
const publicNameOf = (row: NameColumns) => publicAuthorName(row.username, row.display_name);

const toPostAuthor = (row: NameColumns & { avatar: string | null; author_slug: string | null }): PostAuthor => ({
  // Every user with a post has a slug (migrations 026 and 028, `ensureSlug` on each save); the fallback is for none.
  slug: row.author_slug ?? authorSlugBase(publicNameOf(row)),
  name: publicNameOf(row),
  avatar: row.avatar,
});

/** Where an author page's address leads: the author, or the slug they have now (a 301), or not found. */
export type AuthorPageRead = PublicAuthorProfile | { currentSlug: string } | Refusal;

/** A filter of an author's published posts: a tag's too, when given (`GET /api/blog?author=…&tag=…`). */
export interface AuthorPostsFilter {
  tag?: string;
}

export function createAuthorService({
  db,
  clock,
  kind,
  contentVersion,
}: {
  db: Db;
  clock: () => Date;
  kind: DatabaseKind;
  /** A profile shows on the blog: its save moves the blog's content version (docs/decisions/040). */
  contentVersion: ContentVersion;
}) {
  /** Author slugs are lower case and unique (migration 026); the author page's address is one. */
  const authorIdOf = (slug: string) => db.selectFrom("users").select("id").where("author_slug", "=", slug.trim().toLowerCase());

  /** An author's published posts, as one query to page, count or test for existence. */
  const publishedBy = (slug: string, { tag }: AuthorPostsFilter = {}) => {
    let query = livePosts(db).where("author_id", "=", authorIdOf(slug));
    if (tag !== undefined) query = query.where("id", "in", postsTaggedWith(db, tag));
    return query;
  };

  async function ofPosts(postIds: number[], executor: Db = db): Promise<Map<number, PostAuthor | null>> {
    const byPost = new Map<number, PostAuthor | null>(postIds.map((id) => [id, null]));
    if (postIds.length === 0) return byPost;
    const rows = await executor
      .selectFrom("posts")
      .innerJoin("users", "users.id", "posts.author_id")
      .select(["posts.id as post_id", "users.username", "users.display_name", "users.avatar", "users.author_slug"])
      .where("posts.id", "in", postIds)
      .execute();
    for (const row of rows) byPost.set(Number(row.post_id), toPostAuthor(row));
    return byPost;
  }

  /**
   * A free author slug for `displayName`, for user `userId`: its base, or base-2, base-3… past the slugs other
   * users have or had (their old ones still redirect), and past every login name, so no author address is one
   * (docs/decisions/068, 2026-11-27). The user's own old slugs are free to take back.
   */
  async function freeSlug(executor: Db, userId: number, publicName: string): Promise<string> {
    const base = authorSlugBase(publicName);
    const [current, former, logins] = await Promise.all([
      executor.selectFrom("users").select("author_slug as slug").where("id", "!=", userId).where("author_slug", "like", `${base}%`).execute(),
      executor
        .selectFrom("author_slug_redirects")
        .select("old_slug as slug")
        .where("user_id", "!=", userId)
        .where("old_slug", "like", `${base}%`)
        .execute(),
      executor.selectFrom("users").select("username_key as slug").where("username_key", "like", `${base}%`).execute(),
    ]);
    const taken = new Set([...current, ...former, ...logins].map((row) => row.slug));
    return uniqueAuthorSlug(base, (candidate) => taken.has(candidate));
  }

  /**
   * Gives user `userId` the slug of their public name when they have none, or when that name no longer makes their
   * slug (a change of display name); the slug they leave answers 301 to the new one (docs/decisions/068). A
   * display name that is unset or the login name makes the team's name the public one ("zuri-team", "-2"…), and
   * a slug that was the login name gets no redirect of its own: `readPage` already answers the login-name
   * addresses decision 068 accepts, and no more (amendment of 2026-11-27).
   */
  async function ensureSlug(executor: Db, userId: number, displayName?: string | null): Promise<void> {
    const row = await executor
      .selectFrom("users")
      .select(["username", "display_name", "author_slug"])
      .where("id", "=", userId)
      .executeTakeFirst();
    if (!row) return;
    // The regular expression below takes the base as it is: slugs are [a-z0-9-] only (shared/slugify.ts).
    const name = publicAuthorName(row.username, displayName === undefined ? row.display_name : displayName);
    const base = authorSlugBase(name);
    const current = row.author_slug;
    if (current !== null && (current === base || new RegExp(`^${base}-\\d+$`).test(current))) return;
    const slug = await freeSlug(executor, userId, name);
    await executor.updateTable("users").set({ author_slug: slug }).where("id", "=", userId).execute();
    await executor.deleteFrom("author_slug_redirects").where("old_slug", "=", slug).execute();
    if (current !== null && current !== row.username.toLowerCase() && current !== authorSlugBase(row.username)) {
      await executor.insertInto("author_slug_redirects").values({ old_slug: current, user_id: userId, created_at: nowIso(clock) }).execute();
    }
  }

  /** The user's own profile, or "User not found" (an account deleted meanwhile). */
  async function ownProfile(userId: number, executor: Db = db): Promise<OwnProfile | Refusal> {
    const row = await executor
      .selectFrom("users")
      .select(["username", "display_name", "bio", "avatar", "author_slug"])
      .where("id", "=", userId)
      .executeTakeFirst();
    return row
      ? { username: row.username, authorSlug: row.author_slug, displayName: nameOf(row), bio: row.bio, avatar: row.avatar }
      : userNotFound();
  }

  return {
    /** The author of each post in `postIds`, in one query; null for none or a deleted user (shown as the organisation). */
    ofPosts,

    /** The public author object of a user id (a post's `author_id`), or null. */
    async ofPost(authorId: number | null, executor: Db = db): Promise<PostAuthor | null> {
      if (authorId === null) return null;
      const row = await executor
        .selectFrom("users")
        .select(["username", "display_name", "avatar", "author_slug"])
        .where("id", "=", authorId)
        .executeTakeFirst();
      return row ? toPostAuthor(row) : null;
    },

    /**
     * The author a post save records (docs/product.md §3 `authorId`; docs/decisions/044):
     * - omitted: an edit keeps the post's author (an edit by someone else never takes the byline);
     *   a new post is the signed-in user's;
     * - the author the post already has (or, for a new post, the signed-in user): accepted as it is;
     * - anything else is a change of author: only an administrator may make it, and only to an
     *   administrator or to null (the organisation). Otherwise an `authorId` field refusal (400).
     * On PostgreSQL the named user's row is locked until the save commits, so it cannot be deleted
     * in between (the foreign key would then fail the save with a 500).
     */
    async resolveForSave(
      trx: Db,
      { actor, requested, current }: { actor: PostActor | null; requested: number | null | undefined; current?: number | null },
    ): Promise<number | null | Refusal> {
      const keep = current === undefined ? (actor?.id ?? null) : current;
      if (requested === undefined || requested === keep) {
        // A user added after migration 026 gets their author slug with their first post (docs/decisions/068).
        if (keep !== null) await ensureSlug(trx, keep);
        return keep;
      }
      const refuseAuthor = (message: string) => refuse("invalid", message, { fields: { authorId: message } });
      if (!can(actor?.role, "posts.edit-any")) return refuseAuthor(AUTHOR_CHANGE_FORBIDDEN);
      if (requested === null) return null;
      const user = await trx
        .selectFrom("users")
        .select(["id", "role"])
        .where("id", "=", requested)
        .$if(kind === "postgres", (query) => query.forShare())
        .executeTakeFirst();
      if (!user || !can(isRole(user.role) ? user.role : null, "posts.write")) return refuseAuthor(AUTHOR_NOT_ALLOWED);
      await ensureSlug(trx, requested);
      return requested;
    },

    /**
     * The authors the editor offers, by display name: the administrators (they write posts, docs/product.md §6)
     * and the post's present author, whoever they are now.
     */
    async listChoices(currentAuthorId: number | null = null): Promise<AuthorChoice[]> {
      const rows = await db
        .selectFrom("users")
        .select(["id", "username", "display_name"])
        .where((eb) =>
          currentAuthorId === null ? eb("role", "in", WRITERS) : eb.or([eb("role", "in", WRITERS), eb("id", "=", currentAuthorId)]),
        )
        .execute();
      const byName = new Intl.Collator("en", { sensitivity: "base", numeric: true });
      return rows
        .map((row) => ({ id: Number(row.id), username: row.username, name: nameOf(row) }))
        .sort((a, b) => byName.compare(a.name, b.name) || byName.compare(a.username, b.username));
    },

    /** The signed-in user's own profile (/cms/profile, `GET /api/cms/profile`). */
    ownProfile,

    /**
     * Saves a user's own profile. An avatar must be an image this site stored (decision 060), not
     * any `/media/` address. What bylines show changes, so the blog's content version is bumped in
     * the same transaction (decision 040): every cached post and author page revalidates.
     */
    async updateProfile(userId: number, input: ProfileInput): Promise<OwnProfile | Refusal> {
      return db.transaction().execute(async (trx): Promise<OwnProfile | Refusal> => {
        if (input.avatar !== null) {
          const [, key] = AVATAR_PATH.exec(input.avatar) ?? [];
          const media = key ? await trx.selectFrom("media").select("mime_type").where("key", "=", key).executeTakeFirst() : undefined;
          if (!media || mediaUrl(key!, media.mime_type) !== input.avatar) {
            return refuse("invalid", AVATAR_NOT_UPLOADED, { fields: { avatar: AVATAR_NOT_UPLOADED } });
          }
        }
        const now = nowIso(clock);
        const result = await trx
          .updateTable("users")
          .set({ display_name: input.displayName, bio: input.bio, avatar: input.avatar, updated_at: now })
          .where("id", "=", userId)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return refuse("not-found", USER_NOT_FOUND);
        await ensureSlug(trx, userId, input.displayName);
        await contentVersion.bump(trx, now);
        return ownProfile(userId, trx);
      });
    },

    /**
     * The author page at `slug`: only for a user with at least one published post (else "Author not found", a 404).
     * A slug the author had before a change of name, or their login name (the addresses before
     * docs/decisions/068), leads to the page they have now: a 301 that never shows the login name in a page.
     */
    async readPage(slug: string): Promise<AuthorPageRead> {
      const key = slug.trim().toLowerCase();
      const row = await db
        .selectFrom("users")
        .select(["username", "display_name", "avatar", "bio", "author_slug"])
        .where("author_slug", "=", key)
        .executeTakeFirst();
      if (row) {
        const hasPosts = await publishedBy(key).select("id").limit(1).executeTakeFirst();
        return hasPosts ? { ...toPostAuthor(row), bio: row.bio } : authorNotFound();
      }
      const moved = await db
        .selectFrom("users")
        .select(["users.id", "users.author_slug"])
        .where((eb) =>
          eb.or([
            eb("users.id", "in", eb.selectFrom("author_slug_redirects").select("user_id").where("old_slug", "=", key)),
            eb("users.username_key", "=", key),
          ]),
        )
        .where("users.author_slug", "is not", null)
        .executeTakeFirst();
      if (!moved?.author_slug) return authorNotFound();
      const hasPosts = await livePosts(db).where("author_id", "=", moved.id).select("id").limit(1).executeTakeFirst();
      return hasPosts ? { currentSlug: moved.author_slug } : authorNotFound();
    },

    /** An author's published posts, newest first (the author page, `GET /api/blog?author=…`). */
    listPublishedBy(slug: string, filter: AuthorPostsFilter, window: { limit: number; offset?: number }): Promise<PostCore[]> {
      return newestFirst(publishedBy(slug, filter), window);
    },

    async countPublishedBy(slug: string, filter: AuthorPostsFilter = {}): Promise<number> {
      const row = await publishedBy(slug, filter)
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /**
     * Authors with published posts, for /sitemap.xml: the page's last change is the later of their
     * newest post edit and their profile's.
     */
    async listSitemapEntries(): Promise<{ slug: string; updatedAt: string }[]> {
      // One index seek per user (posts_author_list), not a pass over every post: users are few, posts many.
      const rows = await db
        .selectFrom("users")
        .select((eb) => [
          "users.author_slug",
          "users.updated_at",
          eb
            .selectFrom("posts")
            .select((max) => max.fn.max("posts.published_at").as("last"))
            .whereRef("posts.author_id", "=", "users.id")
            .where(isLive)
            .as("last_post"),
        ])
        .orderBy("users.author_slug")
        .execute();
      return rows.flatMap((row) => {
        if (row.last_post === null || row.last_post === undefined || row.author_slug === null) return [];
        const profile = toIso(row.updated_at);
        const post = toIso(row.last_post as string);
        return [{ slug: row.author_slug, updatedAt: profile > post ? profile : post }];
      });
    },
  };
}

export type AuthorService = ReturnType<typeof createAuthorService>;
