import { createHash } from "node:crypto";
import type { Db } from "../db/connect.ts";
import type { Env } from "../env.ts";
import { toIso } from "../db/rows.ts";
import { refuse, type Refusal } from "../../shared/refusal.ts";
import { describeDevice } from "../../shared/user-agent.ts";
import { SESSION_NOT_FOUND, type SignedInSession } from "../../shared/sessions.ts";

const sha256 = (token: string) => createHash("sha256").update(token).digest("hex");

export interface SessionListDeps {
  db: Db;
  env: Pick<Env, "SESSION_IDLE_MINUTES" | "SESSION_MAX_HOURS">;
  clock: () => Date;
}

/**
 * One's own signed-in sessions (docs/decisions/029-activity-log-and-sessions.md): listed on the
 * profile by their public id (sessions.id, migration 022), never by their token, and ended one by one
 * or all but the current one. Every call names the user, and every query is limited to that user's
 * rows: nobody lists or ends another person's session. Sessions past their idle or absolute timeout
 * (decision 030) are not shown; they no longer work.
 */
export function createSessionList({ db, env, clock }: SessionListDeps) {
  const idleMs = env.SESSION_IDLE_MINUTES * 60_000;
  const absoluteMs = env.SESSION_MAX_HOURS * 3_600_000;

  return {
    /** The user's live sessions, the most recently seen first; `current` marks the one of `currentToken`. */
    async list(userId: number, currentToken: string | null): Promise<SignedInSession[]> {
      const now = clock().getTime();
      const currentHash = currentToken ? sha256(currentToken) : null;
      const rows = await db
        .selectFrom("sessions")
        .select(["id", "token_hash", "created_at", "last_seen_at", "user_agent", "place"])
        .where("user_id", "=", userId)
        .where("last_seen_at", ">", new Date(now - idleMs).toISOString())
        .where("created_at", ">", new Date(now - absoluteMs).toISOString())
        .orderBy("last_seen_at", "desc")
        .orderBy("created_at", "desc")
        .execute();
      const sessions = rows.map((row) => ({
        id: row.id,
        device: describeDevice(row.user_agent),
        place: row.place,
        signedInAt: toIso(row.created_at),
        lastSeenAt: toIso(row.last_seen_at),
        current: row.token_hash === currentHash,
      }));
      // This device first, then the others by when they were last seen.
      return [...sessions.filter((session) => session.current), ...sessions.filter((session) => !session.current)];
    },

    /** Ends one of the user's sessions by its public id; "not found" for an id that is not theirs, or gone. */
    async signOut(userId: number, sessionId: string): Promise<true | Refusal> {
      const result = await db.deleteFrom("sessions").where("id", "=", sessionId).where("user_id", "=", userId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0 || refuse("not-found", SESSION_NOT_FOUND);
    },

    /** Ends every session of the user but the current one; answers how many ended. */
    async signOutOthers(userId: number, currentToken: string | null): Promise<{ signedOut: number }> {
      let query = db.deleteFrom("sessions").where("user_id", "=", userId);
      if (currentToken) query = query.where("token_hash", "!=", sha256(currentToken));
      const result = await query.executeTakeFirst();
      return { signedOut: Number(result.numDeletedRows) };
    },
  };
}
