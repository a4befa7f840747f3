import { text, z } from "./zod.ts";
import { PASSWORD_MAX } from "./auth-schemas.ts";

/**
 * Two-step sign-in (docs/decisions/075-second-factor.md): the schemas, messages and shapes the login
 * page, the profile page, the JSON API and the service share. Browser-safe.
 */

export const SECOND_FACTOR_METHODS = ["totp", "passkey", "recovery"] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

export const RECOVERY_CODE_COUNT = 10;
/** Minutes a password step waits for its second factor. */
export const LOGIN_TICKET_MINUTES = 5;
export const PASSKEY_NAME_MAX = 60;

/** How every field for an authenticator app's code is typed: digits, a space allowed, filled in by the device. */
export const TOTP_CODE_INPUT = { autoComplete: "one-time-code", inputMode: "numeric", pattern: "[0-9 ]*", maxLength: 7 } as const;

export const SECOND_STEP_MESSAGE = "Two-step verification required";
export const TICKET_EXPIRED = "Your sign-in has expired or was already used. Please log in again.";
export const WRONG_CODE = "That code is not right. Check your authenticator app and try again.";
export const WRONG_RECOVERY_CODE = "That recovery code is not right, or it has been used already.";
export const PASSKEY_FAILED = "That passkey could not be verified. Try again, or use another way to sign in.";
export const NO_PASSKEY = "This account has no passkey. Use your authenticator app or a recovery code.";
export const NO_TOTP = "This account has no authenticator app. Use a passkey or a recovery code.";
export const WRONG_PASSWORD = "That password is not right.";
export const ENROLMENT_REQUIRED =
  "Your administrators require two-step sign-in. Set up a passkey or an authenticator app on your profile (/cms/profile) to continue.";
export const LAST_FACTOR_REQUIRED =
  "Two-step sign-in is required for every CMS account, so you cannot remove your last second factor. Add another one first.";
export const REQUIRE_NEEDS_OWN_FACTOR = "Set up two-step sign-in on your own profile before you require it for everyone.";

const CODE_MESSAGE = "Enter the 6-digit code from your authenticator app";
const RECOVERY_MESSAGE = "Enter one of your recovery codes";

/** Six digits; spaces a person may type ("123 456") are dropped. */
export const totpCodeSchema = text("Code", { error: CODE_MESSAGE })
  .transform((value) => value.replace(/[\s-]/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, CODE_MESSAGE));

/** `xxxxx-xxxxx`, case and separators as typed; compared in its canonical form. */
export const recoveryCodeSchema = text("Recovery code", { error: RECOVERY_MESSAGE })
  .transform((value) => canonicalRecoveryCode(value))
  .pipe(z.string().regex(/^[a-z2-7]{10}$/, RECOVERY_MESSAGE));

export function canonicalRecoveryCode(value: string): string {
  return value.toLowerCase().replace(/[\s-]/g, "");
}

const ticketSchema = text("Ticket", { error: "The sign-in ticket is missing" }).pipe(
  z.string().regex(/^[A-Za-z0-9_-]{43}$/, TICKET_EXPIRED),
);

/**
 * A WebAuthn answer as @simplewebauthn/browser gives it: checked for shape here (an object with an
 * id), verified by @simplewebauthn/server.
 */
const webauthnResponseSchema = z
  .object({
    id: z.string().min(1).max(1024),
    rawId: z.string().max(1024),
    type: z.literal("public-key"),
    response: z.record(z.string(), z.unknown()),
    clientExtensionResults: z.record(z.string(), z.unknown()).optional().default({}),
    authenticatorAttachment: z.string().optional(),
  })
  .loose();

/** POST /api/login/second-factor: the ticket of the password step and one factor. */
export const secondStepSchema = z.discriminatedUnion(
  "method",
  [
    z.object({ ticket: ticketSchema, method: z.literal("totp"), code: totpCodeSchema }),
    z.object({ ticket: ticketSchema, method: z.literal("recovery"), code: recoveryCodeSchema }),
    z.object({ ticket: ticketSchema, method: z.literal("passkey"), response: webauthnResponseSchema }),
  ],
  { error: "Choose how to verify: totp, recovery or passkey" },
);
export type SecondStepInput = z.output<typeof secondStepSchema>;

/** POST /api/login/second-factor/passkey-options */
export const passkeyLoginOptionsSchema = z.object({ ticket: ticketSchema });

/** Changes to one's own factors ask for the password again (docs/decisions/075). */
const passwordSchema = text("Password", { error: "Enter your password to confirm" })
  .pipe(z.string().min(1, "Enter your password to confirm").max(PASSWORD_MAX, WRONG_PASSWORD));
export const confirmPasswordSchema = z.object({ password: passwordSchema });

export const totpConfirmSchema = z.object({ code: totpCodeSchema, password: passwordSchema });

export const passkeyNameSchema = text("Name", { error: "Give the passkey a name" })
  .transform((value) => value.trim())
  .pipe(z.string().min(1, "Give the passkey a name").max(PASSKEY_NAME_MAX, `A passkey's name is at most ${PASSKEY_NAME_MAX} characters`));

export const passkeyRegistrationSchema = z.object({ name: passkeyNameSchema, response: webauthnResponseSchema });

export const secondFactorPolicySchema = z.object({
  requireSecondFactor: z.boolean({ error: "requireSecondFactor must be true or false" }),
});

/** What the password step answers for an account with a second factor (and no session yet). */
export interface PendingSecondFactor {
  ticket: string;
  methods: SecondFactorMethod[];
  expiresAt: string;
}

export interface PasskeySummary {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** A right password for an account with a second factor: no session yet, a ticket for the second step. */
export type PendingLogin = { secondFactor: PendingSecondFactor };
export const isPendingLogin = (value: unknown): value is PendingLogin =>
  typeof value === "object" && value !== null && "secondFactor" in value;

/** GET /api/cms/profile/second-factor: one's own factors, never a secret. */
export interface SecondFactorStatus {
  enabled: boolean;
  totp: { enabled: boolean; confirmedAt: string | null };
  passkeys: PasskeySummary[];
  recoveryCodes: { remaining: number; total: number };
  /** An administrator requires a second factor for every CMS account. */
  required: boolean;
}

/** A TOTP set-up in progress: shown once, confirmed by the first code. */
export interface TotpSetup {
  secret: string;
  uri: string;
  /** The URI as a QR code, an SVG document made on the server. */
  qrSvg: string;
}

/** Recovery codes are shown once, when the first factor is added and when they are made anew. */
export interface RecoveryCodes {
  recoveryCodes: string[];
}

export interface SecondFactorPolicy {
  requireSecondFactor: boolean;
  accounts: { userId: number; username: string; isAdmin: boolean; secondFactor: boolean }[];
}

/** `abcde-fghij`: how recovery codes are shown. */
export const formatRecoveryCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;
