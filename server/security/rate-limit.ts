import { sql } from "kysely";
import type { DatabaseHandle } from "../db/connect.ts";

export interface RateLimitOptions {
  /** Namespace of the counter, e.g. "login-ip". */
  keyPrefix: string;
  /** Requests allowed per window. */
  points: number;
  durationSeconds: number;
  /** Injectable time source (tests move it); defaults to the wall clock. */
  clock?: () => Date;
}

/** `count`: the requests counted in the current window, this one included. */
export type RateLimitResult = { allowed: true; count: number } | { allowed: false; count: number; retryAfterSeconds: number };

export interface RateLimiter {
  consume(key: string): Promise<RateLimitResult>;
  /** What the current window has counted for the key, without counting anything. */
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

/**
 * A fixed-window counter kept in the database, so every instance on one PostgreSQL shares it and a
 * restart does not forget it. One atomic upsert per call on both SQLite and PostgreSQL.
 */
export function createRateLimiter({ db }: DatabaseHandle, options: RateLimitOptions): RateLimiter {
  const { keyPrefix, points, durationSeconds, clock = () => new Date() } = options;
  const fullKey = (key: string) => `${keyPrefix}:${key}`;
  return {
    async consume(key) {
      const now = clock().getTime();
      const windowEnd = now + durationSeconds * 1000;
      const row = await db
        .insertInto("rate_limits")
        .values({ key: fullKey(key), points: 1, expires_at: windowEnd })
        .onConflict((oc) =>
          oc.column("key").doUpdateSet({
            points: sql<number>`case when rate_limits.expires_at <= ${now} then 1 else rate_limits.points + 1 end`,
            expires_at: sql<number>`case when rate_limits.expires_at <= ${now} then ${windowEnd} else rate_limits.expires_at end`,
          }),
        )
        .returning(["points", "expires_at"])
        .executeTakeFirstOrThrow();
      const count = Number(row.points);
      if (count <= points) return { allowed: true, count };
      return { allowed: false, count, retryAfterSeconds: Math.max(1, Math.ceil((Number(row.expires_at) - now) / 1000)) };
    },
    async count(key) {
      const row = await db
        .selectFrom("rate_limits")
        .select("points")
        .where("key", "=", fullKey(key))
        .where("expires_at", ">", clock().getTime())
        .executeTakeFirst();
      return row ? Number(row.points) : 0;
    },
    async reset(key) {
      await db.deleteFrom("rate_limits").where("key", "=", fullKey(key)).execute();
    },
  };
}

/** Deletes counters whose window has ended; called periodically by the server. */
export async function deleteExpiredRateLimits({ db }: DatabaseHandle, now: Date): Promise<void> {
  await db.deleteFrom("rate_limits").where("expires_at", "<=", now.getTime()).execute();
}
