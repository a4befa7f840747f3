import { isRole } from "../../shared/roles.ts";
import { API_TOKEN_NOT_FOUND } from "../../shared/not-found.ts";
import { createHash, randomBytes } from "node:crypto";
import { creatorOf } from "./authors.ts";
import type { DatabaseHandle, Db } from "../db/connect.ts";
import { toIso, toIsoOrNull } from "../db/rows.ts";
import { createRateLimiter } from "../security/rate-limit.ts";
import { refuse, type Refusal } from "../../shared/refusal.ts";
import type { SessionUser } from "../../shared/auth-schemas.ts";
import { recordActivity, type ActivityActor } from "./activity-log.ts";
import {
  API_TOKEN_OWNER_WITHOUT_ACCESS,
  API_TOKEN_PATTERN,
  API_TOKEN_PREFIX_LENGTH,
  apiTokenRateLimited,
  formatScopes,
  parseScopes,
  type ApiToken,
  type ApiTokenScope,
  type CreatedApiToken,
} from "../../shared/api-tokens.ts";

/**
 * API tokens (docs/decisions/072-api-tokens.md): an administrator makes a named token with scopes
 * for other software to call /api/cms/* with `Authorization: Bearer …`. The token is 256 random bits
 * and only its SHA-256 is stored, as for sessions and review links, so it is shown once, when it is
 * made. Every request looks the hash up: a revoke holds at once, on every instance.
 */

/** Per token, shared by every instance (decision 004): a sync job's burst, not a flood. */
export const API_TOKEN_RATE_LIMIT = { points: 600, durationSeconds: 60 };
/** `last_used_at` is written at most this often per token: one small write a minute, not one per request. */
export const LAST_USED_RESOLUTION_MS = 60_000;
export { API_TOKEN_NOT_FOUND };

/** A bearer request's token: what it may do, and who its writes are by. */
export interface TokenAccess {
  tokenId: number;
  name: string;
  scopes: ApiTokenScope[];
  /** The person who made the token: the token acts with their rights as they are now. */
  actor: SessionUser;
}

/**
 * Revokes every live token a person made, inside the transaction that deletes them: their tokens end
 * with them (docs/decisions/072).
 */
export async function revokeTokensOf(trx: Db, userId: number, now: string): Promise<void> {
  await trx.updateTable("api_tokens").set({ revoked_at: now }).where("created_by", "=", userId).where("revoked_at", "is", null).execute();
}

const sha256 = (token: string) => createHash("sha256").update(token).digest("hex");
const newToken = () => `zuri_${randomBytes(32).toString("base64url")}`;

export interface ApiTokenServiceDeps {
  database: DatabaseHandle;
  clock: () => Date;
}

export function createApiTokenService({ database, clock }: ApiTokenServiceDeps) {
  const { db } = database;
  const limiter = createRateLimiter(database, { keyPrefix: "api-token", ...API_TOKEN_RATE_LIMIT, clock });

  /** Tokens not revoked, newest first, or only the one with `id`. */
  const activeTokens = (id?: number) => {
    let query = db
      .selectFrom("api_tokens")
      .leftJoin("users", "users.id", "api_tokens.created_by")
      .select([
        "api_tokens.id",
        "api_tokens.name",
        "api_tokens.prefix",
        "api_tokens.scopes",
        "api_tokens.created_at",
        "api_tokens.last_used_at",
        "api_tokens.revoked_at",
        "users.username",
        "users.display_name",
      ])
      .where("api_tokens.revoked_at", "is", null);
    if (id !== undefined) query = query.where("api_tokens.id", "=", id);
    return query.orderBy("api_tokens.id", "desc").execute();
  };

  type TokenRow = Awaited<ReturnType<typeof activeTokens>>[number];
  const toApiToken = (row: TokenRow): ApiToken => ({
    id: Number(row.id),
    name: row.name,
    prefix: row.prefix,
    scopes: parseScopes(row.scopes),
    createdAt: toIso(row.created_at),
    createdBy: creatorOf(row),
    lastUsedAt: toIsoOrNull(row.last_used_at),
    revokedAt: toIsoOrNull(row.revoked_at),
  });

  return {
    /** A new token; the answer is the only place it appears (validated input: shared/api-tokens.ts). */
    async create(input: { name: string; scopes: ApiTokenScope[] }, actor: ActivityActor): Promise<CreatedApiToken> {
      const token = newToken();
      const now = clock().toISOString();
      const row = await db.transaction().execute(async (trx) => {
        const inserted = await trx
        .insertInto("api_tokens")
        .values({
          name: input.name,
          scopes: formatScopes(input.scopes),
          token_hash: sha256(token),
          prefix: token.slice(0, API_TOKEN_PREFIX_LENGTH),
          created_by: actor?.id ?? null,
          created_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
        const subject = { type: "token", id: Number(inserted.id), label: input.name } as const;
        await recordActivity(trx, { actor, action: "token.create", subject, detail: { scopes: input.scopes } }, now);
        return inserted;
      });
      const [created] = await activeTokens(Number(row.id));
      return { ...toApiToken(created!), token };
    },

    /** Every token that still works, newest first. */
    async list(): Promise<ApiToken[]> {
      return (await activeTokens()).map(toApiToken);
    },

    /** Ends a token now: from the next request on, on every instance, it is a 401. Logged with who did it. */
    async revoke(id: number, actor: ActivityActor): Promise<ApiToken | Refusal> {
      const [token] = await activeTokens(id);
      if (!token) return refuse("not-found", API_TOKEN_NOT_FOUND);
      const now = clock().toISOString();
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable("api_tokens")
          .set({ revoked_at: now })
          .where("id", "=", id)
          .where("revoked_at", "is", null)
          .executeTakeFirst();
        // A revoke that raced another one: the token is revoked either way, but only one of them did it (and is logged).
        if (Number(result.numUpdatedRows) === 0) return refuse("not-found", API_TOKEN_NOT_FOUND);
        await recordActivity(trx, { actor, action: "token.revoke", subject: { type: "token", id, label: token.name } }, now);
        return { ...toApiToken(token), revokedAt: now };
      });
    },

    /**
     * The access a bearer token gives, or null for anything that is not a live token of ours. One
     * unique-index read (no constant-time compare needed: the lookup is by hash, never by the secret);
     * `last_used_at` is written when it is a minute old or more, so a busy token costs a write a minute.
     * A token acts with its maker's rights as they are at this request (docs/decisions/072, 027): while
     * they have no role or are disabled it is refused (403), and it works again when they have one again;
     * the guard then checks their role grants the operation.
     * A token whose maker is gone is no token (deleting a person revokes theirs).
     */
    async authenticate(bearer: string): Promise<TokenAccess | Refusal | null> {
      if (!API_TOKEN_PATTERN.test(bearer)) return null;
      const row = await db
        .selectFrom("api_tokens")
        .leftJoin("users", "users.id", "api_tokens.created_by")
        .select([
          "api_tokens.id",
          "api_tokens.name",
          "api_tokens.scopes",
          "api_tokens.last_used_at",
          "users.id as user_id",
          "users.username",
          "users.role",
          "users.disabled_at",
          "users.created_at as user_created_at",
        ])
        .where("api_tokens.token_hash", "=", sha256(bearer))
        .where("api_tokens.revoked_at", "is", null)
        .executeTakeFirst();
      if (!row || row.user_id === null || row.username === null || row.user_created_at === null) return null;
      const role = isRole(row.role) ? row.role : null;
      if (role === null || row.disabled_at !== null) return refuse("forbidden", API_TOKEN_OWNER_WITHOUT_ACCESS);
      const now = clock();
      const cutoff = new Date(now.getTime() - LAST_USED_RESOLUTION_MS).toISOString();
      if (row.last_used_at === null || toIso(row.last_used_at) <= cutoff) {
        // Conditional, so instances racing on the same minute write it once.
        await db
          .updateTable("api_tokens")
          .set({ last_used_at: now.toISOString() })
          .where("id", "=", row.id)
          .where((eb) => eb.or([eb("last_used_at", "is", null), eb("last_used_at", "<=", cutoff)]))
          .execute();
      }
      const actor = { id: Number(row.user_id), username: row.username, role, isAdmin: role === "administrator", createdAt: toIso(row.user_created_at) };
      return { tokenId: Number(row.id), name: row.name, scopes: parseScopes(row.scopes), actor };
    },

    /** Counts one request of a token: a 429 refusal past API_TOKEN_RATE_LIMIT in the window. */
    async consume(tokenId: number): Promise<Refusal | null> {
      const result = await limiter.consume(String(tokenId));
      if (result.allowed) return null;
      return refuse("rate-limited", apiTokenRateLimited(result.retryAfterSeconds), { retryAfterSeconds: result.retryAfterSeconds });
    },
  };
}

