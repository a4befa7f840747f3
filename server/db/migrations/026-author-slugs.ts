import type { Kysely } from "kysely";
import type { PortableTypes } from "../portable-types.ts";
import { authorSlugBase, uniqueAuthorSlug } from "../../../shared/authors.ts";

/**
 * Author pages by a slug of the display name, never the login name (docs/decisions/068-author-slugs.md):
 * - users.author_slug: `authorSlugBase(display name)`, unique, with "-2", "-3"… for a second author of the same
 *   name. Every existing user gets one here; a user added later gets one when a post is first saved as theirs
 *   or their profile is saved (server/services/authors.ts).
 * - author_slug_redirects: a slug a user had before a change of display name, answered 301 to their page
 *   from /blog/author/{slug}; gone with the user.
 */
export async function up(db: Kysely<unknown>, t: PortableTypes): Promise<void> {
  await db.schema.alterTable("users").addColumn("author_slug", "text").execute();
  const users = db as unknown as Kysely<{
    users: { id: number; username: string; display_name: string | null; author_slug: string | null };
  }>;
  const taken = new Set<string>();
  for (const user of await users.selectFrom("users").select(["id", "username", "display_name"]).orderBy("id").execute()) {
    const slug = uniqueAuthorSlug(authorSlugBase(user.display_name?.trim() || user.username), (candidate) => taken.has(candidate));
    taken.add(slug);
    await users.updateTable("users").set({ author_slug: slug }).where("id", "=", user.id).execute();
  }
  await db.schema.createIndex("users_author_slug").on("users").column("author_slug").unique().execute();

  await db.schema
    .createTable("author_slug_redirects")
    .addColumn("old_slug", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("author_slug_redirects_user_id").on("author_slug_redirects").column("user_id").execute();
}
