import type { Selectable } from "kysely";
import type { Db } from "../db/connect.ts";
import type { PostRevisionsTable, PostsTable } from "../db/schema.ts";
import { postStatusOf } from "../../shared/post-status.ts";

/** Revisions kept per post; older ones are pruned in the save that goes past it (docs/decisions/067). */
export const REVISIONS_PER_POST = 200;

export type RevisionEvent = PostRevisionsTable["event"];

/**
 * Writes a post's revision in the transaction of the save that made it (server/services/posts.ts, the
 * scheduler), so a post and its history never disagree: a copy of the editable fields as saved, the
 * status they left the post in, who saved it and why. Past REVISIONS_PER_POST, the oldest go.
 * Reading, comparing and restoring revisions is server/services/revisions.ts.
 */
export async function recordRevision(
  trx: Db,
  row: Selectable<PostsTable>,
  { event, savedBy, now }: { event: RevisionEvent; savedBy: number | null; now: string },
): Promise<void> {
  await trx
    .insertInto("post_revisions")
    .values({
      post_id: row.id,
      title: row.title,
      slug: row.slug,
      content: row.content,
      excerpt: row.excerpt,
      cover_image: row.cover_image,
      cover_image_alt: row.cover_image_alt,
      cover_image_decorative: row.cover_image_decorative === true || row.cover_image_decorative === 1,
      meta_title: row.meta_title,
      meta_description: row.meta_description,
      keywords: row.keywords,
      canonical_url: row.canonical_url,
      status: postStatusOf(row),
      event,
      saved_by: savedBy,
      created_at: now,
    })
    .execute();
  // The id of the oldest revision to keep; everything before it goes (one indexed range delete).
  const oldestKept = await trx
    .selectFrom("post_revisions")
    .select("id")
    .where("post_id", "=", row.id)
    .orderBy("id", "desc")
    .offset(REVISIONS_PER_POST - 1)
    .limit(1)
    .executeTakeFirst();
  if (oldestKept) {
    await trx.deleteFrom("post_revisions").where("post_id", "=", row.id).where("id", "<", oldestKept.id).execute();
  }
}
