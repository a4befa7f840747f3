import { USER_NOT_FOUND } from "../../shared/not-found.ts";
import { createHash, randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import type { Selectable } from "kysely";
import type { DatabaseHandle } from "../db/connect.ts";
import type { UsersTable } from "../db/schema.ts";
import { toIso } from "../db/rows.ts";
import { isRole, type Role } from "../../shared/roles.ts";
import { recordActivity } from "./activity-log.ts";
import { FAILURE_BURST, networkLabel, signInDetail } from "./sign-in-record.ts";
import type { Env } from "../env.ts";
import type { Logger } from "../logger.ts";
import { createRateLimiter, type RateLimiter, type RateLimitResult } from "../security/rate-limit.ts";
import { clientNetwork } from "../security/client-network.ts";
import { createSessionCookie } from "./session-cookie.ts";
import { registrationOpen } from "./site-settings.ts";
import { REGISTRATION_CLOSED } from "../../shared/team.ts";
import type { ContentVersion } from "./content-version.ts";
import { revokeTokensOf } from "./api-tokens.ts";
import type { LoginInput, RegisterInput, SessionUser } from "../../shared/auth-schemas.ts";
import { refuse, type Refusal } from "../../shared/refusal.ts";
import { TICKET_EXPIRED, type PendingLogin, type SecondStepInput } from "../../shared/second-factor.ts";
import type { SecondFactorService } from "./second-factor.ts";

export type { SessionUser };

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** What a session remembers of the device that signed in: its User-Agent and, from a trusted proxy, a place. */
export interface SessionDevice {
  userAgent?: string | null;
  place?: string | null;
}

/** A signed-in user and the session token for the cookie. */
export type SignedIn = { user: SessionUser; token: string };

export interface AuthServiceDeps {
  database: DatabaseHandle;
  env: Env;
  logger: Logger;
  clock: () => Date;
  /** Two-step sign-in (docs/decisions/075): holds a login for its second factor and checks that factor. */
  secondFactor?: Pick<SecondFactorService, "hold" | "ticketUserId" | "verifySecondStep">;
  /** A user's deletion changes their posts' bylines: it moves the blog's content version (docs/decisions/044). */
  contentVersion: ContentVersion;
}

/** OWASP Password Storage Cheat Sheet: argon2id, m=19 MiB, t=2, p=1. */
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Every password the app stores is hashed so: registration, invitations, resets (docs/decisions/028). */
export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

export const INVALID_CREDENTIALS = "Invalid username or password";
export const USERNAME_TAKEN = "That username is already taken";
const LAST_ADMIN = "At least one administrator must remain";

/** How often last_seen_at is written: at most once a minute per session, not on every request. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Login and registration limits (decision 031). Each counts a client network (an IPv4 address, an
 * IPv6 /64: server/security/client-network.ts). Failed logins lock an account only for the network
 * they came from; failures for an account from anywhere make its failure answers slower and slower,
 * but never refuse the right password. The site-wide caps (which bound the argon2 work a crowd of
 * networks can ask for) apply only to networks already under suspicion: one with a failed login in
 * the last 15 minutes, or a second registration within the hour. A few networks can fill them, but
 * never for the account's owner, or a newcomer, on a clean network.
 */
const LIMITS = {
  loginUserIp: { keyPrefix: "login-fail-user-ip", points: 5, durationSeconds: 15 * 60 },
  // Counters, never refusals: failures per account set failureDelayMs; failures per network make it suspect.
  loginUser: { keyPrefix: "login-fail-user", points: Number.POSITIVE_INFINITY, durationSeconds: 15 * 60 },
  loginFailIp: { keyPrefix: "login-fail-ip", points: Number.POSITIVE_INFINITY, durationSeconds: 15 * 60 },
  loginIp: { keyPrefix: "login-ip", points: 100, durationSeconds: 15 * 60 },
  loginGlobal: { keyPrefix: "login-global", points: 300, durationSeconds: 60 },
  registerIp: { keyPrefix: "register-ip", points: 20, durationSeconds: 60 * 60 },
  registerGlobal: { keyPrefix: "register-global", points: 200, durationSeconds: 60 * 60 },
};

/**
 * How long a failed login for an account waits before it is answered, given the failures for that
 * account in the last 15 minutes from every address: none for the first 10, then 250 ms doubling up
 * to 4 s. It slows guessing spread over many addresses without a lock anyone could trigger.
 */
export function failureDelayMs(accountFailures: number): number {
  const beyondFree = accountFailures - 10;
  return beyondFree <= 0 ? 0 : Math.min(250 * 2 ** (beyondFree - 1), 4000);
}

const sha256 = (token: string) => createHash("sha256").update(token).digest("hex");
const newToken = () => randomBytes(32).toString("base64url");
const usernameKey = (username: string) => username.trim().toLowerCase();

type UserRow = Pick<Selectable<UsersTable>, "id" | "username" | "role" | "created_at">;
const userColumns = ["id", "username", "role", "created_at"] as const;

function toSessionUser(row: UserRow): SessionUser {
  const role = isRole(row.role) ? row.role : null;
  return { id: Number(row.id), username: row.username, role, isAdmin: role === "administrator", createdAt: toIso(row.created_at) };
}

/** Consumes the limits in order, stopping at the first refusal: a refused attempt counts toward no later limit. */
async function withinLimits(...checks: [RateLimiter, string][]): Promise<Refusal | null> {
  for (const [limiter, key] of checks) {
    const refused = tooManyAttempts([await limiter.consume(key)]);
    if (refused) return refused;
  }
  return null;
}

function tooManyAttempts(results: RateLimitResult[]): Refusal | null {
  const waits = results.flatMap((result) => (result.allowed ? [] : [result.retryAfterSeconds]));
  if (waits.length === 0) return null;
  const retryAfterSeconds = Math.max(...waits);
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const message = `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
  return refuse("rate-limited", message, { retryAfterSeconds });
}

/**
 * Accounts, sessions and the admin role (decisions 030, 031). Sessions live in the database: the cookie carries
 * a 256-bit random token, only its SHA-256 is stored, and every request re-reads the user, so a
 * deleted user or a revoked role takes effect at once (decision 030).
 */
export function createAuthService({ database, env, logger, clock, secondFactor, contentVersion }: AuthServiceDeps) {
  const { db } = database;
  const idleMs = env.SESSION_IDLE_MINUTES * 60_000;
  const absoluteMs = env.SESSION_MAX_HOURS * 3_600_000;
  const cookie = createSessionCookie(env.SITE_URL, Math.floor(absoluteMs / 1000));
  const limiter = (options: (typeof LIMITS)[keyof typeof LIMITS]) => createRateLimiter(database, { ...options, clock });
  const limits = {
    loginUserIp: limiter(LIMITS.loginUserIp),
    loginUser: limiter(LIMITS.loginUser),
    loginFailIp: limiter(LIMITS.loginFailIp),
    loginIp: limiter(LIMITS.loginIp),
    loginGlobal: limiter(LIMITS.loginGlobal),
    registerIp: limiter(LIMITS.registerIp),
    registerGlobal: limiter(LIMITS.registerGlobal),
  };

  // Verified against when the username does not exist, so both failures cost one argon2 run.
  let dummyHash: Promise<string> | undefined;

  /**
   * A new session; `device` is what the profile's session list shows of it (docs/decisions/027).
   * `executor`: the transaction of an action that signs someone in with it (docs/decisions/028).
   */
  async function createSession(userId: number, device: SessionDevice = {}, executor: typeof db = db): Promise<string> {
    const token = newToken();
    const now = clock().toISOString();
    await executor
      .insertInto("sessions")
      .values({
        token_hash: sha256(token),
        id: randomBytes(16).toString("hex"),
        user_id: userId,
        created_at: now,
        last_seen_at: now,
        user_agent: device.userAgent?.slice(0, 400) ?? null,
        place: device.place?.slice(0, 120) ?? null,
      })
      .execute();
    return token;
  }

  /** Every login attempt's first check, password or second step: the network's budget, then the site-wide one. */
  async function loginAttemptLimits(network: string): Promise<Refusal | null> {
    return (
      (await withinLimits([limits.loginIp, network])) ??
      ((await limits.loginFailIp.count(network)) > 0 ? await withinLimits([limits.loginGlobal, "all"]) : null)
    );
  }

  async function deleteSession(token: string | null) {
    if (token) await db.deleteFrom("sessions").where("token_hash", "=", sha256(token)).execute();
  }

  /**
   * A sign-in that succeeded, password or second step: its session, users.last_sign_in_at and its
   * line in the activity log, in one transaction (docs/decisions/029-activity-log-and-sessions.md).
   */
  async function signIn(user: SessionUser, method: "password" | "second-factor", device: SessionDevice = {}): Promise<SignedIn> {
    const token = await db.transaction().execute(async (trx) => {
      const now = clock().toISOString();
      await trx.updateTable("users").set({ last_sign_in_at: now }).where("id", "=", user.id).execute();
      await recordActivity(trx, { actor: user, action: "sign-in", detail: signInDetail(method, device) }, now);
      return createSession(user.id, device, trx);
    });
    return { user, token };
  }

  /** One line when an account reaches FAILURE_BURST failed sign-ins in the window, never one per failure (docs/decisions/029). */
  async function noteFailures(accountFailures: number, account: { id: number | string; username: string } | undefined, network: string) {
    if (accountFailures !== FAILURE_BURST || !account) return;
    const detail = { count: accountFailures, windowMinutes: LIMITS.loginUser.durationSeconds / 60, network: networkLabel(network) };
    await recordActivity(db, { actor: null, action: "sign-in.failures", subject: { type: "user", id: Number(account.id), label: account.username }, detail }, clock().toISOString());
  }

  async function deleteExpiredSessions() {
    const now = clock().getTime();
    await db
      .deleteFrom("sessions")
      .where((eb) =>
        eb.or([
          eb("last_seen_at", "<=", new Date(now - idleMs).toISOString()),
          eb("created_at", "<=", new Date(now - absoluteMs).toISOString()),
        ]),
      )
      .execute();
  }

  async function insertUser(username: string, passwordHash: string, role: Role | null): Promise<SessionUser | null> {
    const now = clock().toISOString();
    const row = await db
      .insertInto("users")
      .values({ username, username_key: usernameKey(username), password_hash: passwordHash, role, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column("username_key").doNothing())
      .returning(userColumns)
      .executeTakeFirst();
    return row ? toSessionUser(row) : null;
  }

  /** Counts admins inside a transaction, locking their rows on PostgreSQL so two demotions cannot race to zero. */
  async function otherAdminsExist(trx: typeof db, exceptUserId: number): Promise<boolean> {
    const admins = await trx
      .selectFrom("users")
      .select("id")
      .where("role", "=", "administrator")
      .where("disabled_at", "is", null)
      .$if(database.kind === "postgres", (query) => query.forUpdate())
      .execute();
    return admins.some((admin) => Number(admin.id) !== exceptUserId);
  }

  return {
    cookie,

    /** docs/product.md §7 POST /api/register: always an ordinary user; signs the new user in. */
    async register(input: RegisterInput, { ip, device }: { ip: string; device?: SessionDevice }): Promise<SignedIn | Refusal> {
      // Administrators may close it: then only invitations make accounts (docs/decisions/028).
      if (!(await registrationOpen(db))) return refuse("forbidden", REGISTRATION_CLOSED);
      const network = clientNetwork(ip);
      const perNetwork = await limits.registerIp.consume(network);
      // A network's first registration in the hour is never refused by the site-wide cap.
      const limited = tooManyAttempts([perNetwork]) ?? (perNetwork.count > 1 ? await withinLimits([limits.registerGlobal, "all"]) : null);
      if (limited) return limited;
      const user = await insertUser(input.username, await hashPassword(input.password), null);
      if (!user) return refuse("conflict", USERNAME_TAKEN);
      logger.info({ userId: user.id }, "user registered");
      return { user, token: await createSession(user.id, device) };
    },

    /**
     * docs/product.md §7 POST /api/login. Unknown user and wrong password give the same answer after the same
     * work; a new session every time (no fixation), and the one presented with the request is ended.
     */
    async login(
      input: LoginInput,
      { ip, previousToken, device }: { ip: string; previousToken: string | null; device?: SessionDevice },
    ): Promise<SignedIn | PendingLogin | Refusal> {
      const network = clientNetwork(ip);
      const limited = await loginAttemptLimits(network);
      if (limited) return limited;
      const key = usernameKey(input.username);
      const row = await db
        .selectFrom("users")
        .select([...userColumns, "password_hash", "disabled_at"])
        .where("username_key", "=", key)
        .executeTakeFirst();
      dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
      const valid = await verifyPassword(row?.password_hash ?? (await dummyHash), input.password);
      // A right password still counts against an account locked for this address; only then is it cleared.
      const blocked = tooManyAttempts([await limits.loginUserIp.consume(`${key}|${network}`)]);
      if (blocked) {
        logger.warn({ username: key, network }, "login refused: too many failed attempts from this address");
        return blocked;
      }
      // A disabled account answers as a wrong password does: it signs in no more (docs/decisions/027).
      if (!row || !valid || row.disabled_at !== null) {
        const [accountFailures] = await Promise.all([limits.loginUser.consume(key), limits.loginFailIp.consume(network)]);
        await noteFailures(accountFailures.count, row, network);
        await sleep(failureDelayMs(accountFailures.count));
        return refuse("not-authenticated", INVALID_CREDENTIALS);
      }
      await Promise.all([limits.loginUserIp.reset(`${key}|${network}`), limits.loginUser.reset(key)]);
      const user = toSessionUser(row);
      // An account with a second factor gets a ticket for the second step, not a session (docs/decisions/075).
      const pending = await secondFactor?.hold(user);
      if (pending) return { secondFactor: pending };
      await deleteSession(previousToken);
      await deleteExpiredSessions();
      return signIn(user, "password", device);
    },

    /**
     * The second step of a login (docs/decisions/075): the ticket of the password step and a TOTP
     * code, a recovery code or a passkey. The login limits apply as to a password: the address's
     * budget first, then the lock for this account from this network, which wrong codes count toward
     * and a right one clears; then a new session, as login makes.
     */
    async loginSecondStep(
      input: SecondStepInput,
      { ip, previousToken, device }: { ip: string; previousToken: string | null; device?: SessionDevice },
    ): Promise<SignedIn | Refusal> {
      const network = clientNetwork(ip);
      const limited = await loginAttemptLimits(network);
      if (limited) return limited;
      const userId = secondFactor ? await secondFactor.ticketUserId(input.ticket) : null;
      const row = userId === null ? undefined : await db.selectFrom("users").select(userColumns).where("id", "=", userId).executeTakeFirst();
      if (!secondFactor || !row) {
        await limits.loginFailIp.consume(network);
        return refuse("not-authenticated", TICKET_EXPIRED);
      }
      const key = usernameKey(row.username);
      const blocked = tooManyAttempts([await limits.loginUserIp.consume(`${key}|${network}`)]);
      if (blocked) {
        logger.warn({ username: key, network }, "second step refused: too many failed attempts from this address");
        return blocked;
      }
      const verified = await secondFactor.verifySecondStep(Number(row.id), input);
      if (verified !== true) {
        const [accountFailures] = await Promise.all([limits.loginUser.consume(key), limits.loginFailIp.consume(network)]);
        await noteFailures(accountFailures.count, row, network);
        await sleep(failureDelayMs(accountFailures.count));
        return verified;
      }
      await Promise.all([limits.loginUserIp.reset(`${key}|${network}`), limits.loginUser.reset(key)]);
      await deleteSession(previousToken);
      await deleteExpiredSessions();
      return signIn(toSessionUser(row), "second-factor", device);
    },

    /** docs/product.md §7 POST /api/logout: the session stops working at once, server-side. */
    async logout(token: string | null): Promise<void> {
      await deleteSession(token);
    },

    /** The user behind a session token, or null when unknown, idle too long, too old, or the user is gone. */
    async getSessionUser(token: string | null): Promise<SessionUser | null> {
      if (!token) return null;
      const tokenHash = sha256(token);
      const row = await db
        .selectFrom("sessions")
        .innerJoin("users", "users.id", "sessions.user_id")
        .select(["users.id", "users.username", "users.role", "users.created_at", "sessions.created_at as session_created_at", "sessions.last_seen_at"])
        .where("sessions.token_hash", "=", tokenHash)
        .where("users.disabled_at", "is", null)
        .executeTakeFirst();
      if (!row) return null;
      const now = clock().getTime();
      const lastSeen = Date.parse(toIso(row.last_seen_at));
      if (now - lastSeen >= idleMs || now - Date.parse(toIso(row.session_created_at)) >= absoluteMs) {
        await db.deleteFrom("sessions").where("token_hash", "=", tokenHash).execute();
        return null;
      }
      if (now - lastSeen >= TOUCH_INTERVAL_MS) {
        await db.updateTable("sessions").set({ last_seen_at: new Date(now).toISOString() }).where("token_hash", "=", tokenHash).execute();
      }
      return toSessionUser(row);
    },

    /** A session for an existing user without a password (test helpers and tooling only). */
    createSession,

    async listUsers(): Promise<SessionUser[]> {
      const rows = await db.selectFrom("users").select(userColumns).orderBy("created_at", "asc").orderBy("id", "asc").execute();
      return rows.map(toSessionUser);
    },

    /**
     * Sets a user's role (null: no CMS access; docs/decisions/027). Never one's own, never the last
     * administrator's. Every session of that user has the new role on its next request (each request
     * re-reads the user). Written to the activity log in the same transaction.
     */
    async setRole(actor: SessionUser, userId: number, role: Role | null): Promise<SessionUser | Refusal> {
      if (userId === actor.id) return refuse("conflict", "You cannot change your own role");
      return db.transaction().execute(async (trx) => {
        const target = await trx.selectFrom("users").select(userColumns).where("id", "=", userId).executeTakeFirst();
        if (!target) return refuse("not-found", USER_NOT_FOUND);
        if (role !== "administrator" && target.role === "administrator" && !(await otherAdminsExist(trx, userId))) {
          return refuse("conflict", LAST_ADMIN);
        }
        const now = clock().toISOString();
        const row = await trx.updateTable("users").set({ role, updated_at: now }).where("id", "=", userId).returning(userColumns).executeTakeFirstOrThrow();
        if (target.role !== role) {
          await recordActivity(
            trx,
            { actor, action: "user.role", subject: { type: "user", id: userId, label: target.username }, detail: { from: target.role, to: role } },
            now,
          );
        }
        logger.info({ actorId: actor.id, userId, role }, "user role changed");
        return toSessionUser(row);
      });
    },

    /**
     * Disables or enables an account (docs/decisions/028): a disabled one signs in no more, its
     * sessions end at once and its API tokens are refused (docs/decisions/072) until it is enabled
     * again. Never one's own, never the last active administrator. Logged in the same transaction.
     */
    async setDisabled(actor: SessionUser, userId: number, disabled: boolean): Promise<SessionUser | Refusal> {
      if (userId === actor.id) return refuse("conflict", "You cannot disable your own account");
      return db.transaction().execute(async (trx) => {
        const target = await trx.selectFrom("users").select([...userColumns, "disabled_at"]).where("id", "=", userId).executeTakeFirst();
        if (!target) return refuse("not-found", USER_NOT_FOUND);
        if (disabled && target.role === "administrator" && !(await otherAdminsExist(trx, userId))) return refuse("conflict", LAST_ADMIN);
        if (disabled === (target.disabled_at !== null)) return toSessionUser(target);
        const now = clock().toISOString();
        await trx.updateTable("users").set({ disabled_at: disabled ? now : null, updated_at: now }).where("id", "=", userId).execute();
        if (disabled) {
          // A password step waiting for its second factor would otherwise still end in a session.
          await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
          await trx.deleteFrom("login_tickets").where("user_id", "=", userId).execute();
        }
        const action = disabled ? "user.disable" : "user.enable";
        await recordActivity(trx, { actor, action, subject: { type: "user", id: userId, label: target.username } }, now);
        logger.info({ actorId: actor.id, userId, disabled }, disabled ? "user disabled" : "user enabled");
        return toSessionUser(target);
      });
    },

    /** Deletes an account and its sessions, in one transaction; answers the deleted user. Never oneself, never the last admin. */
    async deleteUser(actor: SessionUser, userId: number): Promise<SessionUser | Refusal> {
      if (userId === actor.id) return refuse("conflict", "You cannot delete your own account");
      return db.transaction().execute(async (trx) => {
        const target = await trx.selectFrom("users").select(userColumns).where("id", "=", userId).executeTakeFirst();
        if (!target) return refuse("not-found", USER_NOT_FOUND);
        if (target.role === "administrator" && !(await otherAdminsExist(trx, userId))) {
          return refuse("conflict", LAST_ADMIN);
        }
        const now = clock().toISOString();
        await recordActivity(trx, { actor, action: "user.delete", subject: { type: "user", id: userId, label: target.username } }, now);
        await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
        await revokeTokensOf(trx, userId, clock().toISOString());
        await trx.deleteFrom("users").where("id", "=", userId).execute();
        // Their posts' bylines become the organisation's (the foreign key sets author_id null): the
        // blog's cached pages must revalidate (docs/decisions/044).
        await contentVersion.bump(trx, clock().toISOString());
        logger.info({ actorId: actor.id, userId }, "user deleted");
        return toSessionUser(target);
      });
    },

    /**
     * Start-up (decision 031): ADMIN_USERNAME + ADMIN_PASSWORD ensure that admin exists with that password;
     * otherwise, when no admin exists, `admin` is created with a random password printed once.
     */
    async ensureAdmin(): Promise<void> {
      if (env.ADMIN_USERNAME && env.ADMIN_PASSWORD) {
        const username = env.ADMIN_USERNAME.trim();
        const existing = await db
          .selectFrom("users")
          .select(["id", "password_hash", "role", "disabled_at"])
          .where("username_key", "=", usernameKey(username))
          .executeTakeFirst();
        if (!existing) {
          await insertUser(username, await hashPassword(env.ADMIN_PASSWORD), "administrator");
          logger.info({ username }, "admin account created from ADMIN_USERNAME");
          return;
        }
        const passwordChanged = !(await verifyPassword(existing.password_hash, env.ADMIN_PASSWORD));
        await db
          .updateTable("users")
          .set({
            role: "administrator",
            disabled_at: null,
            updated_at: clock().toISOString(),
            ...(passwordChanged ? { password_hash: await hashPassword(env.ADMIN_PASSWORD) } : {}),
          })
          .where("id", "=", existing.id)
          .execute();
        if (passwordChanged) await db.deleteFrom("sessions").where("user_id", "=", existing.id).execute();
        if (passwordChanged || existing.role !== "administrator" || existing.disabled_at !== null) {
          logger.info({ username }, "admin account reset from ADMIN_USERNAME/ADMIN_PASSWORD");
        }
        return;
      }
      const anyAdmin = await db
        .selectFrom("users")
        .select("id")
        .where("role", "=", "administrator")
        .where("disabled_at", "is", null)
        .executeTakeFirst();
      if (anyAdmin) return;
      const password = randomBytes(18).toString("base64url");
      const passwordHash = await hashPassword(password);
      const created = await insertUser("admin", passwordHash, "administrator");
      if (!created) {
        await db
          .updateTable("users")
          .set({ role: "administrator", disabled_at: null, password_hash: passwordHash, updated_at: clock().toISOString() })
          .where("username_key", "=", "admin")
          .execute();
        await db.deleteFrom("sessions").where("user_id", "in", db.selectFrom("users").select("id").where("username_key", "=", "admin")).execute();
      }
      // Printed once, now: the hash is all that is stored. Set ADMIN_USERNAME/ADMIN_PASSWORD to choose one.
      logger.warn(
        { username: "admin" },
        `No administrator existed: created "admin" with the password ${password} (shown only once; sign in and keep it safe, or set ADMIN_USERNAME and ADMIN_PASSWORD)`,
      );
    },
  };
}


export type AuthService = ReturnType<typeof createAuthService>;
