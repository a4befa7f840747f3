import type { Kysely } from "kysely";
import type { PortableTypes } from "../portable-types.ts";

/**
 * - demo_requests.spam_reasons: why a stored request is suspected spam (comma-separated signals,
 *   e.g. "too-fast"), null for a lead. Suspected spam is kept, never e-mailed, and listed under the
 *   inbox's "Suspected spam" filter (docs/decisions/050-demo-spam-defence.md).
 * - posts.first_published_at: when the post was first published; kept while it is a draft, so
 *   publishing it again keeps its date (docs/decisions/062-unpublishing-keeps-the-first-date.md).
 */
export async function up(db: Kysely<unknown>, t: PortableTypes): Promise<void> {
  await db.schema.alterTable("demo_requests").addColumn("spam_reasons", "text").execute();
  await db.schema.alterTable("posts").addColumn("first_published_at", t.timestamp).execute();
  await (db as Kysely<{ posts: { first_published_at: string | null; published_at: string | null } }>)
    .updateTable("posts")
    .set((eb) => ({ first_published_at: eb.ref("published_at") }))
    .execute();
}
