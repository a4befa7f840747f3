import type { Kysely } from "kysely";
import type { PortableTypes } from "../portable-types.ts";

/**
 * API tokens for server-to-server use (docs/decisions/072-api-tokens.md).
 * - Only the SHA-256 of the secret is kept (`token_hash`, unique: the one lookup every bearer request
 *   makes), as for sessions and review links: a copy of the database calls no API.
 * - `prefix` (`zuri_` and the first 8 characters of the secret) recognises a token in the list.
 * - `scopes`: comma-separated scope names (shared/api-tokens.ts), in their canonical order.
 * - The administrator who made it may be deleted (set null); the token stays the organisation's.
 * - Rows are never deleted: a revoked token keeps `revoked_at` as a record of what was issued.
 */
export async function up(db: Kysely<unknown>, t: PortableTypes): Promise<void> {
  await db.schema
    .createTable("api_tokens")
    .addColumn("id", t.id, (c) => t.idConstraints(c))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("scopes", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("prefix", "text", (c) => c.notNull())
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("last_used_at", t.timestamp)
    .addColumn("revoked_at", t.timestamp)
    .execute();
}
