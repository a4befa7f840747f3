import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomInt } from "node:crypto";
import { verify as verifyArgon2 } from "@node-rs/argon2";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import QRCode from "qrcode";
import type { DatabaseHandle } from "../db/connect.ts";
import { toIso, toIsoOrNull } from "../db/rows.ts";
import type { Env } from "../env.ts";
import type { Logger } from "../logger.ts";
import { createRateLimiter } from "../security/rate-limit.ts";
import { createAppSecrets } from "./app-secrets.ts";
import { base32Encode, matchingStep, newTotpKey, otpauthUri } from "./totp.ts";
import { siteConfig } from "../../shared/site-config.ts";
import { refuse, type Refusal } from "../../shared/refusal.ts";
import type { SessionUser } from "../../shared/auth-schemas.ts";
import {
  LAST_FACTOR_REQUIRED,
  LOGIN_TICKET_MINUTES,
  NO_PASSKEY,
  NO_TOTP,
  PASSKEY_FAILED,
  RECOVERY_CODE_COUNT,
  REQUIRE_NEEDS_OWN_FACTOR,
  TICKET_EXPIRED,
  WRONG_CODE,
  WRONG_PASSWORD,
  WRONG_RECOVERY_CODE,
  type PasskeySummary,
  type PendingSecondFactor,
  type RecoveryCodes,
  type SecondFactorMethod,
  type SecondFactorPolicy,
  type SecondFactorStatus,
  type SecondStepInput,
  type TotpSetup,
} from "../../shared/second-factor.ts";

/**
 * Two-step sign-in for CMS accounts (docs/decisions/075-second-factor.md): an authenticator app
 * (TOTP), passkeys (WebAuthn, as a second factor only) and single-use recovery codes; the login
 * tickets that carry a password step to its second one; the administrators' requirement and reset.
 * The login limits around the second step are the auth service's (server/services/auth.ts).
 */
export interface SecondFactorDeps {
  database: DatabaseHandle;
  env: Env;
  logger: Logger;
  clock: () => Date;
}

const REQUIRE_SETTING = "require_second_factor";
/**
 * EdDSA, ES256, RS256: what passkeys and security keys use. Named here, so the library does not probe
 * the runtime's experimental post-quantum algorithms (a warning in the log on every start).
 */
const PASSKEY_ALGORITHMS = [-8, -7, -257];
const CHALLENGE_MINUTES = 5;
const RECOVERY_ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const minutesFrom = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000).toISOString();

/** A recovery code: 10 characters of base32 (50 bits), shown as `abcde-fghij`. */
function newRecoveryCode(): string {
  let code = "";
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(32)];
  return code;
}

export function createSecondFactorService({ database, env, logger, clock }: SecondFactorDeps) {
  const { db } = database;
  const site = new URL(env.SITE_URL);
  // WebAuthn is bound to the public origin (SITE_URL), never to the Host header of a request.
  const rp = { id: site.hostname, origin: site.origin, name: siteConfig.cmsName };
  const secrets = createAppSecrets({ db, clock });
  // Wrong passwords when confirming a change: the same budget as the login's per-account lock.
  const passwordLimit = createRateLimiter(database, { keyPrefix: "confirm-password-user", points: 5, durationSeconds: 15 * 60, clock });

  // TOTP keys at rest: AES-256-GCM with a key from app_secrets (docs/decisions/075 says what this protects).
  async function encrypt(plain: Buffer): Promise<string> {
    const key = await secrets.get("totp-encryption-key");
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", key, iv);
    const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
    return ["v1", iv, cipher.getAuthTag(), sealed].map((part) => (typeof part === "string" ? part : part.toString("base64url"))).join(".");
  }
  async function decrypt(stored: string): Promise<Buffer> {
    const [version, iv, tag, sealed] = stored.split(".");
    if (version !== "v1" || !iv || !tag || !sealed) throw new Error("unknown TOTP secret format");
    const decipher = createDecipheriv("aes-256-gcm", await secrets.get("totp-encryption-key"), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]);
  }
  const recoveryHash = async (code: string) =>
    createHmac("sha256", await secrets.get("recovery-code-key")).update(code).digest("hex");
  /** A stable, opaque WebAuthn user handle: never the id or the username (WebAuthn §14.6.1). */
  const userHandle = async (userId: number) =>
    new Uint8Array(createHmac("sha256", await secrets.get("passkey-user-handle-key")).update(String(userId)).digest().subarray(0, 16));

  async function confirmedTotp(userId: number) {
    const row = await db.selectFrom("user_totp").selectAll().where("user_id", "=", userId).executeTakeFirst();
    return row?.confirmed_at ? row : undefined;
  }
  const passkeysOf = (userId: number) => db.selectFrom("user_passkeys").selectAll().where("user_id", "=", userId).orderBy("id").execute();

  async function methodsOf(userId: number): Promise<SecondFactorMethod[]> {
    const [totp, passkeys, codes] = await Promise.all([
      confirmedTotp(userId),
      db.selectFrom("user_passkeys").select("id").where("user_id", "=", userId).executeTakeFirst(),
      db.selectFrom("user_recovery_codes").select("id").where("user_id", "=", userId).where("used_at", "is", null).executeTakeFirst(),
    ]);
    const methods: SecondFactorMethod[] = [];
    if (totp) methods.push("totp");
    if (passkeys) methods.push("passkey");
    if (methods.length > 0 && codes) methods.push("recovery");
    return methods;
  }
  const hasFactor = async (userId: number) => (await methodsOf(userId)).some((method) => method !== "recovery");

  async function isRequired(): Promise<boolean> {
    const row = await db.selectFrom("site_settings").select("value").where("name", "=", REQUIRE_SETTING).executeTakeFirst();
    return row?.value === "true";
  }

  async function checkPassword(userId: number, password: string): Promise<Refusal | null> {
    const row = await db.selectFrom("users").select("password_hash").where("id", "=", userId).executeTakeFirst();
    if (!row) return refuse("not-found", "User not found");
    const limited = await passwordLimit.consume(String(userId));
    if (!limited.allowed) {
      const minutes = Math.ceil(limited.retryAfterSeconds / 60);
      return refuse("rate-limited", `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, {
        retryAfterSeconds: limited.retryAfterSeconds,
      });
    }
    const valid = await verifyArgon2(row.password_hash, password).catch(() => false);
    if (!valid) return refuse("invalid", WRONG_PASSWORD, { fields: { password: WRONG_PASSWORD } });
    await passwordLimit.reset(String(userId));
    return null;
  }

  /** Ten new codes in place of any earlier ones; answered once, stored as HMACs. */
  async function replaceRecoveryCodes(userId: number): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const now = clock().toISOString();
    const hashes = await Promise.all(codes.map(recoveryHash));
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom("user_recovery_codes").where("user_id", "=", userId).execute();
      await trx
        .insertInto("user_recovery_codes")
        .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: now })))
        .execute();
    });
    return codes;
  }

  /** After a factor is removed: the last one gone takes the recovery codes with it. Refuses when the policy needs one. */
  async function mayRemoveFactor(user: SessionUser, remainingAfter: number): Promise<Refusal | null> {
    if (remainingAfter === 0 && user.isAdmin && (await isRequired())) return refuse("conflict", LAST_FACTOR_REQUIRED);
    return null;
  }
  async function afterRemoval(userId: number) {
    if (!(await hasFactor(userId))) {
      await db.deleteFrom("user_recovery_codes").where("user_id", "=", userId).execute();
      await db.deleteFrom("login_tickets").where("user_id", "=", userId).execute();
    }
  }
  const factorCount = async (userId: number) => {
    const [totp, passkeys] = await Promise.all([confirmedTotp(userId), passkeysOf(userId)]);
    return (totp ? 1 : 0) + passkeys.length;
  };

  /** The user a live ticket belongs to, or null (unknown, used or expired). */
  async function ticketUserId(ticket: string): Promise<number | null> {
    const row = await db
      .selectFrom("login_tickets")
      .select(["user_id", "expires_at"])
      .where("ticket_hash", "=", sha256(ticket))
      .executeTakeFirst();
    if (!row || Date.parse(toIso(row.expires_at)) <= clock().getTime()) return null;
    return Number(row.user_id);
  }

  async function policy(): Promise<SecondFactorPolicy> {
    const [required, users, totp, passkeys] = await Promise.all([
      isRequired(),
      db.selectFrom("users").select(["id", "username", "role"]).orderBy("created_at").orderBy("id").execute(),
      db.selectFrom("user_totp").select("user_id").where("confirmed_at", "is not", null).execute(),
      db.selectFrom("user_passkeys").select("user_id").distinct().execute(),
    ]);
    const enrolled = new Set([...totp, ...passkeys].map((row) => Number(row.user_id)));
    return {
      requireSecondFactor: required,
      accounts: users.map((row) => ({
        userId: Number(row.id),
        username: row.username,
        isAdmin: row.role === "administrator",
        secondFactor: enrolled.has(Number(row.id)),
      })),
    };
  }

  async function verifyPasskey(
    userId: number,
    response: AuthenticationResponseJSON,
    challenge: string,
  ): Promise<boolean> {
    const stored = await db
      .selectFrom("user_passkeys")
      .selectAll()
      .where("user_id", "=", userId)
      .where("credential_id", "=", response.id)
      .executeTakeFirst();
    if (!stored) return false;
    try {
      const result = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: {
          id: stored.credential_id,
          publicKey: new Uint8Array(stored.public_key),
          counter: Number(stored.counter),
          transports: stored.transports ? stored.transports.split(",") : [],
        },
        // A second factor after the password: presence is enough, as for a security key.
        requireUserVerification: false,
      });
      if (!result.verified) return false;
      await db
        .updateTable("user_passkeys")
        .set({ counter: result.authenticationInfo.newCounter, last_used_at: clock().toISOString() })
        .where("id", "=", stored.id)
        .execute();
      return true;
    } catch (error) {
      logger.info({ userId, reason: (error as Error).message }, "passkey assertion refused");
      return false;
    }
  }

  return {
    /**
     * The password step of an account with a second factor: no session, a ticket for the second step
     * instead (5 minutes, single use, bound to the user). Null for an account without one.
     */
    async hold(user: SessionUser): Promise<PendingSecondFactor | null> {
      const methods = await methodsOf(user.id);
      if (!methods.some((method) => method !== "recovery")) return null;
      const ticket = randomBytes(32).toString("base64url");
      const now = clock();
      const expiresAt = minutesFrom(now, LOGIN_TICKET_MINUTES);
      await db.deleteFrom("login_tickets").where("expires_at", "<=", now.toISOString()).execute();
      await db
        .insertInto("login_tickets")
        .values({ ticket_hash: sha256(ticket), user_id: user.id, created_at: now.toISOString(), expires_at: expiresAt })
        .execute();
      return { ticket, methods, expiresAt };
    },

    /** The user a live ticket belongs to, or null (unknown, used or expired). */
    ticketUserId,

    /**
     * Checks the second factor of a ticket's user and, when right, uses the ticket up. A TOTP code is
     * accepted once (its step is remembered), a recovery code once, a passkey challenge once.
     */
    async verifySecondStep(userId: number, input: SecondStepInput): Promise<true | Refusal> {
      const ticketHash = sha256(input.ticket);
      if (input.method === "totp") {
        const totp = await confirmedTotp(userId);
        if (!totp) return refuse("not-authenticated", NO_TOTP);
        const step = matchingStep(await decrypt(totp.secret), input.code, clock(), totp.last_step === null ? null : Number(totp.last_step));
        if (step === null) return refuse("not-authenticated", WRONG_CODE, { fields: { code: WRONG_CODE } });
        const claimed = await db
          .updateTable("user_totp")
          .set({ last_step: step })
          .where("user_id", "=", userId)
          .where((eb) => eb.or([eb("last_step", "is", null), eb("last_step", "<", step)]))
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) return refuse("not-authenticated", WRONG_CODE, { fields: { code: WRONG_CODE } });
      } else if (input.method === "recovery") {
        const used = await db
          .updateTable("user_recovery_codes")
          .set({ used_at: clock().toISOString() })
          .where("user_id", "=", userId)
          .where("code_hash", "=", await recoveryHash(input.code))
          .where("used_at", "is", null)
          .executeTakeFirst();
        if (Number(used.numUpdatedRows) !== 1) return refuse("not-authenticated", WRONG_RECOVERY_CODE, { fields: { code: WRONG_RECOVERY_CODE } });
        logger.info({ userId }, "recovery code used to sign in");
      } else {
        // The challenge is taken off the ticket before it is checked: one assertion per challenge.
        const row = await db.selectFrom("login_tickets").select("challenge").where("ticket_hash", "=", ticketHash).executeTakeFirst();
        await db.updateTable("login_tickets").set({ challenge: null }).where("ticket_hash", "=", ticketHash).execute();
        if (!row?.challenge || !(await verifyPasskey(userId, input.response as unknown as AuthenticationResponseJSON, row.challenge))) {
          return refuse("not-authenticated", PASSKEY_FAILED);
        }
      }
      const used = await db.deleteFrom("login_tickets").where("ticket_hash", "=", ticketHash).where("user_id", "=", userId).executeTakeFirst();
      if (Number(used.numDeletedRows) !== 1) return refuse("not-authenticated", TICKET_EXPIRED);
      return true;
    },

    /** The options for navigator.credentials.get() on the second step; the challenge is kept with the ticket. */
    async passkeyLoginOptions(ticket: string): Promise<{ options: PublicKeyCredentialRequestOptionsJSON } | Refusal> {
      const userId = await ticketUserId(ticket);
      if (userId === null) return refuse("not-authenticated", TICKET_EXPIRED);
      const passkeys = await passkeysOf(userId);
      if (passkeys.length === 0) return refuse("not-found", NO_PASSKEY);
      const options = await generateAuthenticationOptions({
        rpID: rp.id,
        allowCredentials: passkeys.map((passkey) => ({
          id: passkey.credential_id,
          transports: passkey.transports ? passkey.transports.split(",") : undefined,
        })),
        userVerification: "preferred",
      });
      await db.updateTable("login_tickets").set({ challenge: options.challenge }).where("ticket_hash", "=", sha256(ticket)).execute();
      return { options };
    },

    /** One's own factors, never a secret (the profile page, GET /api/cms/profile/second-factor). */
    async status(userId: number): Promise<SecondFactorStatus> {
      const [totp, passkeys, codes, required] = await Promise.all([
        confirmedTotp(userId),
        passkeysOf(userId),
        db.selectFrom("user_recovery_codes").select(["used_at"]).where("user_id", "=", userId).execute(),
        isRequired(),
      ]);
      const summaries: PasskeySummary[] = passkeys.map((passkey) => ({
        id: Number(passkey.id),
        name: passkey.name,
        createdAt: toIso(passkey.created_at),
        lastUsedAt: toIsoOrNull(passkey.last_used_at),
      }));
      return {
        enabled: Boolean(totp) || summaries.length > 0,
        totp: { enabled: Boolean(totp), confirmedAt: totp ? toIsoOrNull(totp.confirmed_at) : null },
        passkeys: summaries,
        recoveryCodes: { remaining: codes.filter((code) => code.used_at === null).length, total: codes.length },
        required,
      };
    },

    /** A new TOTP key waiting for its first code; replaces a set-up never finished. */
    async beginTotp(user: SessionUser): Promise<TotpSetup | Refusal> {
      if (await confirmedTotp(user.id)) return refuse("conflict", "An authenticator app is already set up. Turn it off first to set up another.");
      const key = newTotpKey();
      const secret = base32Encode(key);
      const values = { secret: await encrypt(key), confirmed_at: null, last_step: null, created_at: clock().toISOString() };
      await db
        .insertInto("user_totp")
        .values({ user_id: user.id, ...values })
        .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
        .execute();
      const uri = otpauthUri({ issuer: siteConfig.cmsName, account: user.username, secret });
      const qrSvg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 1 });
      return { secret: secret.replace(/(.{4})/g, "$1 ").trim(), uri, qrSvg };
    },

    /** The first code confirms the set-up; the first factor of an account comes with its recovery codes. */
    async confirmTotp(user: SessionUser, { code, password }: { code: string; password: string }): Promise<RecoveryCodes | { recoveryCodes: null } | Refusal> {
      const wrongPassword = await checkPassword(user.id, password);
      if (wrongPassword) return wrongPassword;
      const row = await db.selectFrom("user_totp").selectAll().where("user_id", "=", user.id).executeTakeFirst();
      if (!row || row.confirmed_at) return refuse("conflict", "Start setting up an authenticator app first.");
      const step = matchingStep(await decrypt(row.secret), code, clock(), null);
      if (step === null) return refuse("invalid", WRONG_CODE, { fields: { code: WRONG_CODE } });
      const hadFactor = await hasFactor(user.id);
      await db.updateTable("user_totp").set({ confirmed_at: clock().toISOString(), last_step: step }).where("user_id", "=", user.id).execute();
      logger.info({ userId: user.id }, "authenticator app added");
      return { recoveryCodes: hadFactor ? null : await replaceRecoveryCodes(user.id) };
    },

    async disableTotp(user: SessionUser, password: string): Promise<true | Refusal> {
      const wrongPassword = await checkPassword(user.id, password);
      if (wrongPassword) return wrongPassword;
      if (!(await confirmedTotp(user.id))) return refuse("not-found", "No authenticator app is set up.");
      const refused = await mayRemoveFactor(user, (await factorCount(user.id)) - 1);
      if (refused) return refused;
      await db.deleteFrom("user_totp").where("user_id", "=", user.id).execute();
      await afterRemoval(user.id);
      logger.info({ userId: user.id }, "authenticator app removed");
      return true;
    },

    /** Options for navigator.credentials.create(); the challenge waits 5 minutes for the answer. */
    async passkeyRegistrationOptions(user: SessionUser, password: string): Promise<{ options: PublicKeyCredentialCreationOptionsJSON } | Refusal> {
      const wrongPassword = await checkPassword(user.id, password);
      if (wrongPassword) return wrongPassword;
      const existing = await passkeysOf(user.id);
      const options = await generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        userName: user.username,
        userID: await userHandle(user.id),
        attestationType: "none",
        excludeCredentials: existing.map((passkey) => ({ id: passkey.credential_id })),
        authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
        supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
      });
      const values = { challenge: options.challenge, expires_at: minutesFrom(clock(), CHALLENGE_MINUTES) };
      await db
        .insertInto("passkey_challenges")
        .values({ user_id: user.id, ...values })
        .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
        .execute();
      return { options };
    },

    async registerPasskey(user: SessionUser, input: { name: string; response: unknown }): Promise<{ passkey: PasskeySummary; recoveryCodes: string[] | null } | Refusal> {
      const pending = await db.deleteFrom("passkey_challenges").where("user_id", "=", user.id).returningAll().executeTakeFirst();
      if (!pending || Date.parse(toIso(pending.expires_at)) <= clock().getTime()) {
        return refuse("conflict", "The passkey request has expired. Please add the passkey again.");
      }
      let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
      try {
        verified = await verifyRegistrationResponse({
          response: input.response as RegistrationResponseJSON,
          expectedChallenge: pending.challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          requireUserVerification: false,
          supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
        });
      } catch (error) {
        logger.info({ userId: user.id, reason: (error as Error).message }, "passkey registration refused");
        return refuse("invalid", "The passkey could not be verified. Please try again.", { fields: { response: "The passkey could not be verified" } });
      }
      if (!verified.verified) return refuse("invalid", "The passkey could not be verified. Please try again.");
      const { credential } = verified.registrationInfo;
      const hadFactor = await hasFactor(user.id);
      const now = clock().toISOString();
      const row = await db
        .insertInto("user_passkeys")
        .values({
          user_id: user.id,
          name: input.name,
          credential_id: credential.id,
          public_key: credential.publicKey,
          counter: credential.counter,
          transports: (credential.transports ?? []).join(","),
          created_at: now,
        })
        .onConflict((oc) => oc.column("credential_id").doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!row) return refuse("conflict", "This passkey is registered already.");
      logger.info({ userId: user.id, passkeyId: Number(row.id) }, "passkey added");
      return {
        passkey: { id: Number(row.id), name: row.name, createdAt: toIso(row.created_at), lastUsedAt: null },
        recoveryCodes: hadFactor ? null : await replaceRecoveryCodes(user.id),
      };
    },

    async removePasskey(user: SessionUser, passkeyId: number, password: string): Promise<true | Refusal> {
      const wrongPassword = await checkPassword(user.id, password);
      if (wrongPassword) return wrongPassword;
      const passkey = await db.selectFrom("user_passkeys").select("id").where("id", "=", passkeyId).where("user_id", "=", user.id).executeTakeFirst();
      if (!passkey) return refuse("not-found", "No such passkey.");
      const refused = await mayRemoveFactor(user, (await factorCount(user.id)) - 1);
      if (refused) return refused;
      await db.deleteFrom("user_passkeys").where("id", "=", passkeyId).execute();
      await afterRemoval(user.id);
      logger.info({ userId: user.id, passkeyId }, "passkey removed");
      return true;
    },

    async regenerateRecoveryCodes(user: SessionUser, password: string): Promise<RecoveryCodes | Refusal> {
      const wrongPassword = await checkPassword(user.id, password);
      if (wrongPassword) return wrongPassword;
      if (!(await hasFactor(user.id))) return refuse("conflict", "Add a passkey or an authenticator app first: recovery codes stand in for them.");
      const recoveryCodes = await replaceRecoveryCodes(user.id);
      logger.info({ userId: user.id }, "recovery codes regenerated");
      return { recoveryCodes };
    },

    /** True while the policy requires a second factor and this CMS account has none (it may only enrol). */
    async mustEnrol(user: SessionUser): Promise<boolean> {
      if (!user.isAdmin || !(await isRequired())) return false;
      return !(await hasFactor(user.id));
    },

    policy,

    /** Turns the requirement on or off. Only an administrator who has a second factor may turn it on. */
    async setPolicy(actor: SessionUser, requireSecondFactor: boolean): Promise<SecondFactorPolicy | Refusal> {
      if (requireSecondFactor && !(await hasFactor(actor.id))) return refuse("conflict", REQUIRE_NEEDS_OWN_FACTOR);
      const values = { value: String(requireSecondFactor), updated_by: actor.id, updated_at: clock().toISOString() };
      await db
        .insertInto("site_settings")
        .values({ name: REQUIRE_SETTING, ...values })
        .onConflict((oc) => oc.column("name").doUpdateSet(values))
        .execute();
      logger.info({ actorId: actor.id, requireSecondFactor }, "second factor requirement changed");
      return policy();
    },

    /**
     * An administrator's reset for a user who lost their device: every factor, recovery code and
     * pending sign-in of theirs goes, and so do their sessions. Not for one's own account.
     */
    async resetFor(actor: SessionUser, userId: number): Promise<true | Refusal> {
      if (userId === actor.id) return refuse("conflict", "Change your own two-step sign-in on your profile.");
      return db.transaction().execute(async (trx) => {
        const target = await trx.selectFrom("users").select("id").where("id", "=", userId).executeTakeFirst();
        if (!target) return refuse("not-found", "User not found");
        for (const table of ["user_totp", "user_passkeys", "user_recovery_codes", "login_tickets", "passkey_challenges", "sessions"] as const) {
          await trx.deleteFrom(table).where("user_id", "=", userId).execute();
        }
        logger.info({ actorId: actor.id, userId }, "second factors reset by an administrator");
        return true as const;
      });
    },
  };
}

export type SecondFactorService = ReturnType<typeof createSecondFactorService>;
