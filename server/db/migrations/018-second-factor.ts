import type { Kysely } from "kysely";
import type { PortableTypes } from "../portable-types.ts";

/**
 * A second factor for CMS accounts (docs/decisions/075-second-factor.md).
 * - user_totp: one authenticator app per user. `secret` is the TOTP key encrypted with AES-256-GCM
 *   (key from app_secrets); `confirmed_at` null while set-up waits for the first code;
 *   `last_step` is the 30-second step of the last code accepted, so a code is never accepted twice.
 * - user_passkeys: WebAuthn credentials. `credential_id` (base64url) is unique; `public_key` is the
 *   COSE key; `counter` the signature counter (bigint: it is an unsigned 32-bit value).
 * - user_recovery_codes: single-use codes, only their HMAC-SHA-256 is kept; `used_at` once spent.
 * - login_tickets: the password step's answer for an account with a second factor, a 256-bit token of
 *   which only the SHA-256 is kept, bound to the user, expiring after 5 minutes, deleted when used.
 *   `challenge` is the passkey challenge asked for with it.
 * - passkey_challenges: the challenge of a passkey registration in progress, one per user.
 * - site_settings: named settings an administrator changes in the CMS (`require_second_factor`).
 */
export async function up(db: Kysely<unknown>, t: PortableTypes): Promise<void> {
  await db.schema
    .createTable("user_totp")
    .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("confirmed_at", t.timestamp)
    .addColumn("last_step", "bigint")
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("user_passkeys")
    .addColumn("id", t.id, (c) => t.idConstraints(c))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("credential_id", "text", (c) => c.notNull().unique())
    .addColumn("public_key", t.bytes, (c) => c.notNull())
    .addColumn("counter", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("transports", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("last_used_at", t.timestamp)
    .execute();
  await db.schema.createIndex("user_passkeys_user").on("user_passkeys").column("user_id").execute();

  await db.schema
    .createTable("user_recovery_codes")
    .addColumn("id", t.id, (c) => t.idConstraints(c))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("used_at", t.timestamp)
    .execute();
  await db.schema.createIndex("user_recovery_codes_user").on("user_recovery_codes").columns(["user_id", "code_hash"]).execute();

  await db.schema
    .createTable("login_tickets")
    .addColumn("ticket_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("challenge", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("expires_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("login_tickets_user").on("login_tickets").column("user_id").execute();

  await db.schema
    .createTable("passkey_challenges")
    .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("challenge", "text", (c) => c.notNull())
    .addColumn("expires_at", t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("site_settings")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .execute();
}
