import type { Kysely } from "kysely";
import type { PortableTypes } from "../portable-types.ts";

/**
 * Width variants of uploads (docs/decisions/047-responsive-media-variants.md): made on first request
 * and kept here, so every instance serves the same bytes and none makes one twice. One row per image
 * and width (the primary key is what `insert … on conflict do nothing` races on); they go with their
 * upload (cascade).
 */
export async function up(db: Kysely<unknown>, t: PortableTypes): Promise<void> {
  await db.schema
    .createTable("media_variants")
    .addColumn("media_id", "integer", (c) => c.notNull().references("media.id").onDelete("cascade"))
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("bytes", t.bytes, (c) => c.notNull())
    .addColumn("byte_size", "integer", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint("media_variants_pkey", ["media_id", "width"])
    .execute();
}
