import type { Db } from "../db/connect.ts";

/**
 * Bumps the blog's content version (docs/decisions/040), the validator of every public blog answer.
 * Called inside the transaction of every write that changes what a blog page shows: a post write
 * (server/services/posts.ts), an author's profile (server/services/authors.ts), a user's deletion
 * (their posts' bylines become the organisation's, server/services/auth.ts).
 */
export async function bumpBlogVersion(trx: Db, now: string): Promise<void> {
  await trx
    .updateTable("content_versions")
    .set((eb) => ({ version: eb("version", "+", 1), changed_at: now }))
    .where("name", "=", "blog")
    .execute();
}
