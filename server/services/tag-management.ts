import type { Db } from "../db/connect.ts";
import { isUniqueViolation, nowIso } from "../db/rows.ts";
import { isRefusal, refuse, type Refusal } from "../../shared/refusal.ts";
import { tagSlug } from "../../shared/post-schema.ts";
import { MERGE_TARGET_INVALID, TAG_NAME_TAKEN, TAG_NOT_FOUND, TAG_SLUG_TAKEN, type TagInput } from "../../shared/tags.ts";
import type { ContentVersion } from "./content-version.ts";
import { toCmsTag, type CmsTag, type TagService } from "./tags.ts";

/**
 * The Tags page's writes (docs/decisions/035-tag-management.md): create, edit, merge and delete a tag,
 * each in one transaction that also bumps the blog's content version (decision 040), so cached tag
 * pages, post pages and lists show the change at once. Tag names are not in the search index
 * (server/services/search.ts filters by tag slug at query time), so nothing there moves. Old slugs (a
 * slug changed, a tag merged away) are kept in tag_redirects: /blog/tag/{old} answers 301.
 */
export interface TagManagementDeps {
  db: Db;
  clock: () => Date;
  tags: TagService;
  contentVersion: ContentVersion;
}

const tagNotFound = (): Refusal => refuse("not-found", TAG_NOT_FOUND);

export function createTagManagement({ db, clock, tags, contentVersion }: TagManagementDeps) {
  const tagAt = (trx: Db, slug: string) => trx.selectFrom("tags").selectAll().where("slug", "=", slug).executeTakeFirst();

  /** The field another tag already holds: its name's key or its slug (unique both, migration 023). */
  async function taken(trx: Db, input: TagInput, exceptId: number | null): Promise<Refusal | null> {
    const nameKey = tagSlug(input.name);
    let others = trx
      .selectFrom("tags")
      .select(["id", "slug", "name_key"])
      .where((eb) => eb.or([eb("name_key", "=", nameKey), eb("slug", "=", input.slug)]));
    if (exceptId !== null) others = others.where("id", "<>", exceptId);
    const rows = await others.execute();
    if (rows.some((row) => row.name_key === nameKey)) return refuse("conflict", TAG_NAME_TAKEN, { fields: { name: TAG_NAME_TAKEN } });
    if (rows.some((row) => row.slug === input.slug)) return refuse("conflict", TAG_SLUG_TAKEN, { fields: { slug: TAG_SLUG_TAKEN } });
    return null;
  }

  /** Runs one write in a transaction with the content version bumped; a unique index's refusal is a conflict. */
  async function write<T>(work: (trx: Db, now: string) => Promise<T | Refusal>): Promise<T | Refusal> {
    const now = nowIso(clock);
    try {
      return await db.transaction().execute(async (trx) => {
        const result = await work(trx, now);
        if (!isRefusal(result)) await contentVersion.bump(trx, now);
        return result;
      });
    } catch (error) {
      // Two writes at once with one name or slug: the database's unique indexes decide.
      if (isUniqueViolation(error)) return refuse("conflict", TAG_NAME_TAKEN, { fields: { name: TAG_NAME_TAKEN } });
      throw error;
    }
  }

  /** The tag as the CMS lists it, read in the write's transaction. */
  const answer = async (trx: Db, id: number): Promise<CmsTag> =>
    toCmsTag(await trx.selectFrom("tags").selectAll().where("id", "=", id).executeTakeFirstOrThrow());

  /** Keeps `oldSlug` answering for the tag `tagId` (a redirect, replacing any the slug had). */
  async function keepOldSlug(trx: Db, oldSlug: string, tagId: number, now: string): Promise<void> {
    await trx
      .insertInto("tag_redirects")
      .values({ old_slug: oldSlug, tag_id: tagId, created_at: now })
      .onConflict((conflict) => conflict.column("old_slug").doUpdateSet({ tag_id: tagId, created_at: now }))
      .execute();
  }

  const columns = (input: TagInput) => ({
    name: input.name,
    name_key: tagSlug(input.name),
    slug: input.slug,
    description: input.description,
    meta_title: input.metaTitle,
    meta_description: input.metaDescription,
    // Alt text only for an image that is not decorative: nothing stale is kept for a later one.
    image: input.image,
    image_alt: input.image === null || input.imageDecorative ? null : input.imageAlt,
    image_decorative: input.image !== null && input.imageDecorative,
  });

  return {
    /** A new tag without posts (it has no page until a published post carries it). */
    create: (input: TagInput) =>
      write(async (trx, now) => {
        const clash = await taken(trx, input, null);
        if (clash) return clash;
        const row = await trx.insertInto("tags").values({ ...columns(input), created_at: now }).returning("id").executeTakeFirstOrThrow();
        // A live tag wins over an old slug another tag left behind.
        await trx.deleteFrom("tag_redirects").where("old_slug", "=", input.slug).execute();
        return answer(trx, Number(row.id));
      }),

    /** Every field of the tag at `slug`; a new slug keeps the old one answering 301. */
    update: (slug: string, input: TagInput) =>
      write(async (trx, now) => {
        const current = await tagAt(trx, slug);
        if (!current) return tagNotFound();
        const id = Number(current.id);
        const clash = await taken(trx, input, id);
        if (clash) return clash;
        await trx.updateTable("tags").set(columns(input)).where("id", "=", id).execute();
        if (input.slug !== current.slug) {
          await trx.deleteFrom("tag_redirects").where("old_slug", "=", input.slug).execute();
          await keepOldSlug(trx, current.slug, id, now);
        }
        return answer(trx, id);
      }),

    /**
     * Files every post of the tag at `slug` under the tag at `into` (a post with both keeps one), deletes
     * the first, and sends its slug and old slugs to the target. A post never gains a tag, so the
     * limit of 10 holds. Answers the target.
     */
    merge: (slug: string, into: string) =>
      write(async (trx, now) => {
        const source = await tagAt(trx, slug);
        if (!source) return tagNotFound();
        const target = into === slug ? undefined : await tagAt(trx, into);
        if (!target) return refuse("invalid", MERGE_TARGET_INVALID, { fields: { into: MERGE_TARGET_INVALID } });
        const [sourceId, targetId] = [Number(source.id), Number(target.id)];
        await trx
          .insertInto("post_tags")
          .columns(["post_id", "tag_id"])
          .expression((eb) =>
            eb
              .selectFrom("post_tags")
              .select((row) => ["post_id", row.val(targetId).as("tag_id")])
              .where("tag_id", "=", sourceId)
              .where("post_id", "not in", eb.selectFrom("post_tags").select("post_id").where("tag_id", "=", targetId)),
          )
          .execute();
        await trx.updateTable("tag_redirects").set({ tag_id: targetId }).where("tag_id", "=", sourceId).execute();
        await trx.deleteFrom("tags").where("id", "=", sourceId).execute();
        await keepOldSlug(trx, source.slug, targetId, now);
        await tags.refreshCounts(trx, [targetId]);
        return answer(trx, targetId);
      }),

    /** Deletes the tag at `slug`: its posts keep everything else; its page and old slugs 404 from now on. */
    remove: (slug: string) =>
      write(async (trx) => {
        const deleted = await trx.deleteFrom("tags").where("slug", "=", slug).returning("id").executeTakeFirst();
        return deleted ? true : tagNotFound();
      }),
  };
}
