import type { Kysely } from "kysely";
import type { PortableTypes } from "../portable-types.ts";
import { authorSlugBase, publicAuthorName, uniqueAuthorSlug } from "../../../shared/authors.ts";

/**
 * No author address is a login name (docs/decisions/068-author-slugs.md, amendment of 2026-11-27). A user whose
 * display name is unset or is their login name shows as the team ("Zuri Team") and takes its slug ("zuri-team",
 * "zuri-team-2"… by user id); so does any user whose slug is someone's login name, by their public name. Slugs
 * other users have or had, and login names, are skipped. The login-name slugs left get no redirect row: the
 * login-name addresses decision 068 accepts already answer 301 (for authors with a published post), and no
 * other does. Bylines change, so the blog's content version moves on (decision 040).
 */
export async function up(db: Kysely<unknown>, _t: PortableTypes): Promise<void> {
  const store = db as unknown as Kysely<{
    users: { id: number; username: string; username_key: string; display_name: string | null; author_slug: string | null };
    author_slug_redirects: { old_slug: string; user_id: number };
    content_versions: { name: string; version: number; changed_at: string };
  }>;
  const users = await store.selectFrom("users").select(["id", "username", "username_key", "display_name", "author_slug"]).orderBy("id").execute();
  const redirects = await store.selectFrom("author_slug_redirects").select("old_slug").execute();
  const logins = new Set(users.map((user) => user.username_key));
  const taken = new Set<string>([...redirects.map((row) => row.old_slug), ...logins]);
  const moving = users.filter((user) => {
    const base = authorSlugBase(publicAuthorName(user.username, user.display_name));
    const fits = user.author_slug !== null && (user.author_slug === base || new RegExp(`^${base}-\\d+$`).test(user.author_slug));
    return user.author_slug !== null && (!fits || logins.has(user.author_slug));
  });
  const staying = users.filter((user) => user.author_slug !== null && !moving.includes(user));
  for (const user of staying) taken.add(user.author_slug!);
  for (const user of moving) {
    const slug = uniqueAuthorSlug(authorSlugBase(publicAuthorName(user.username, user.display_name)), (candidate) => taken.has(candidate));
    taken.add(slug);
    await store.updateTable("users").set({ author_slug: slug }).where("id", "=", user.id).execute();
  }
  if (moving.length > 0) {
    await store
      .updateTable("content_versions")
      .set((eb) => ({ version: eb("version", "+", 1), changed_at: new Date().toISOString() }))
      .where("name", "=", "blog")
      .execute();
  }
}
