import { createHash, randomBytes } from "node:crypto";
import type { DatabaseHandle, Db } from "../db/connect.ts";
import { toIso } from "../db/rows.ts";
import type { Logger } from "../logger.ts";
import { refuse, type Refusal } from "../../shared/refusal.ts";
import { USER_NOT_FOUND } from "../../shared/not-found.ts";
import type { SessionUser } from "../../shared/auth-schemas.ts";
import {
  RESET_EXPIRED,
  RESET_LINK_MINUTES,
  RESET_UNKNOWN,
  RESET_USED,
  WRONG_CURRENT_PASSWORD,
  type ChangePasswordInput,
  type SentLink,
} from "../../shared/team.ts";
import { createRateLimiter } from "../security/rate-limit.ts";
import { recordActivity } from "./activity-log.ts";
import { hashPassword, verifyPassword } from "./auth.ts";
import type { TeamMail } from "./team-mail.ts";

const sha256 = (token: string) => createHash("sha256").update(token).digest("hex");

/** Wrong current passwords per account: 5 in 15 minutes, as for confirming a second factor (docs/decisions/075). */
const CHANGE_LIMIT = { keyPrefix: "change-password-user", points: 5, durationSeconds: 15 * 60 };

/**
 * Passwords (docs/decisions/028-invitations-passwords-and-registration.md): one's own change (the
 * current password first; every other session of theirs ends), an administrator's reset link (once,
 * RESET_LINK_MINUTES) and its use (every session of that user ends). Each in one transaction, with
 * its activity line.
 */
export function createPasswordService({
  database,
  logger,
  clock,
  siteUrl,
  mail,
}: {
  database: DatabaseHandle;
  logger: Logger;
  clock: () => Date;
  siteUrl: string;
  mail: TeamMail;
}) {
  const { db } = database;
  const changeLimit = createRateLimiter(database, { ...CHANGE_LIMIT, clock });

  /** Ends a user's sessions, but `keepTokenHash`'s, and the password steps waiting for a second factor. */
  async function endSessions(trx: Db, userId: number, keepTokenHash?: string) {
    await trx
      .deleteFrom("sessions")
      .where("user_id", "=", userId)
      .$if(keepTokenHash !== undefined, (query) => query.where("token_hash", "!=", keepTokenHash!))
      .execute();
    await trx.deleteFrom("login_tickets").where("user_id", "=", userId).execute();
  }

  function unusable(row: { used_at: string | null; expires_at: string | Date } | undefined): Refusal | null {
    if (!row) return refuse("not-found", RESET_UNKNOWN);
    if (row.used_at !== null) return refuse("not-found", RESET_USED);
    if (Date.parse(toIso(row.expires_at)) <= clock().getTime()) return refuse("not-found", RESET_EXPIRED);
    return null;
  }

  const findReset = (token: string) =>
    db.selectFrom("password_resets").select(["used_at", "expires_at", "user_id"]).where("token_hash", "=", sha256(token)).executeTakeFirst();

  return {
    /**
     * Changes one's own password: the current one must be right (wrong: a 400 on `currentPassword`,
     * counted toward CHANGE_LIMIT). Every other session of theirs ends; `sessionToken`'s stays.
     */
    async changeOwn(user: SessionUser, input: ChangePasswordInput, sessionToken: string | null): Promise<true | Refusal> {
      const row = await db.selectFrom("users").select("password_hash").where("id", "=", user.id).executeTakeFirst();
      if (!row) return refuse("not-found", USER_NOT_FOUND);
      const limited = await changeLimit.consume(String(user.id));
      if (!limited.allowed) {
        const minutes = Math.ceil(limited.retryAfterSeconds / 60);
        const message = `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
        return refuse("rate-limited", message, { retryAfterSeconds: limited.retryAfterSeconds });
      }
      if (!(await verifyPassword(row.password_hash, input.currentPassword))) {
        return refuse("invalid", WRONG_CURRENT_PASSWORD, { fields: { currentPassword: WRONG_CURRENT_PASSWORD } });
      }
      await changeLimit.reset(String(user.id));
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction().execute(async (trx) => {
        const now = clock().toISOString();
        await trx.updateTable("users").set({ password_hash: passwordHash, updated_at: now }).where("id", "=", user.id).execute();
        await endSessions(trx, user.id, sessionToken ? sha256(sessionToken) : undefined);
        await recordActivity(trx, { actor: user, action: "password.change", subject: { type: "user", id: user.id, label: user.username } }, now);
      });
      logger.info({ userId: user.id }, "password changed; other sessions ended");
      return true;
    },

    /**
     * A reset link for another user, shown once to copy and e-mailed to their address when SMTP is
     * configured. Any earlier unused link of theirs stops working. Not for one's own account.
     */
    async issueResetLink(actor: SessionUser, userId: number): Promise<SentLink | Refusal> {
      if (userId === actor.id) return refuse("conflict", "Change your own password on your profile.");
      const token = randomBytes(32).toString("hex");
      const now = clock();
      const expiresAt = new Date(now.getTime() + RESET_LINK_MINUTES * 60_000).toISOString();
      const target = await db.transaction().execute(async (trx) => {
        const user = await trx.selectFrom("users").select(["id", "username", "email"]).where("id", "=", userId).executeTakeFirst();
        if (!user) return null;
        await trx.deleteFrom("password_resets").where("user_id", "=", userId).where("used_at", "is", null).execute();
        await trx
          .insertInto("password_resets")
          .values({ token_hash: sha256(token), user_id: userId, created_by: actor.id, created_at: now.toISOString(), expires_at: expiresAt })
          .execute();
        await recordActivity(
          trx,
          { actor, action: "password.reset-link", subject: { type: "user", id: userId, label: user.username } },
          now.toISOString(),
        );
        return user;
      });
      if (!target) return refuse("not-found", USER_NOT_FOUND);
      const link = `${siteUrl}/cms/reset-password/${token}`;
      const emailed = target.email
        ? await mail.send({
            to: target.email,
            subject: "Set a new password for the Zuri CMS",
            text: [
              `${actor.username} issued a link for you to set a new password for your Zuri CMS account, ${target.username}:`,
              link,
              "",
              `The link works once, for ${RESET_LINK_MINUTES} minutes. Setting a new password signs you out everywhere.`,
              "If you did not ask for this, tell an administrator.",
            ].join("\n"),
          })
        : false;
      logger.info({ actorId: actor.id, userId, emailed }, "password reset link issued");
      return { link, expiresAt, emailed };
    },

    /** Whose password a reset link would set, or why it cannot be used. */
    async previewReset(token: string): Promise<{ username: string; expiresAt: string } | Refusal> {
      const row = await findReset(token);
      const refused = unusable(row);
      if (refused || !row) return refused ?? refuse("not-found", RESET_UNKNOWN);
      const user = await db.selectFrom("users").select("username").where("id", "=", row.user_id).executeTakeFirst();
      if (!user) return refuse("not-found", RESET_UNKNOWN);
      return { username: user.username, expiresAt: toIso(row.expires_at) };
    },

    /** Uses a reset link: the new password, the link marked used, every session of that user ended. */
    async reset(token: string, password: string): Promise<true | Refusal> {
      const refused = unusable(await findReset(token));
      if (refused) return refused;
      const passwordHash = await hashPassword(password);
      const done = await db.transaction().execute(async (trx) => {
        const now = clock().toISOString();
        // Claimed first: of two uses of one link, the second finds it used.
        const claimed = await trx
          .updateTable("password_resets")
          .set({ used_at: now })
          .where("token_hash", "=", sha256(token))
          .where("used_at", "is", null)
          .where("expires_at", ">", now)
          .returning("user_id")
          .executeTakeFirst();
        if (!claimed) return null;
        const userId = Number(claimed.user_id);
        const user = await trx
          .updateTable("users")
          .set({ password_hash: passwordHash, updated_at: now })
          .where("id", "=", userId)
          .returning(["id", "username"])
          .executeTakeFirstOrThrow();
        await endSessions(trx, userId);
        const actor = { id: userId, username: user.username };
        await recordActivity(trx, { actor, action: "password.reset", subject: { type: "user", id: userId, label: user.username } }, now);
        return userId;
      });
      if (done === null) return unusable(await findReset(token)) ?? refuse("not-found", RESET_UNKNOWN);
      logger.info({ userId: done }, "password reset with a link; every session ended");
      return true;
    },
  };
}

