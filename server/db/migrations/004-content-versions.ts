import type { Kysely } from "kysely";
import type { PortableTypes } from "../portable-types.ts";

/**
 * One row per body of public content ('blog'), bumped in the same transaction as every post write.
 * Every instance derives its HTTP validators (ETag, Last-Modified) from it, so a change is visible
 * on the next request everywhere (docs/decisions/040-blog-caching-from-a-content-version-row.md).
 */
export async function up(db: Kysely<unknown>, t: PortableTypes): Promise<void> {
  await db.schema
    .createTable("content_versions")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("changed_at", t.timestamp, (c) => c.notNull())
    .execute();
  await (db as Kysely<{ content_versions: { name: string; version: number; changed_at: string } }>)
    .insertInto("content_versions")
    .values({ name: "blog", version: 1, changed_at: new Date().toISOString() })
    .execute();
}
