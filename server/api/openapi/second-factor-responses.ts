import { z } from "../../../shared/zod.ts";
import {
  SECOND_FACTOR_METHODS,
  SECOND_STEP_MESSAGE,
  type PasskeySummary,
  type PendingSecondFactor,
  type SecondFactorPolicy,
  type SecondFactorStatus,
  type TotpSetup,
} from "../../../shared/second-factor.ts";

/**
 * What the two-step sign-in calls answer (docs/decisions/075-second-factor.md), as zod schemas for
 * /api/openapi.json (docs/decisions/074); registered by name in ./responses.ts and checked against
 * the service's types below.
 */

const iso = () => z.string().meta({ format: "date-time" });
const id = () => z.number().int().positive();

export const pendingSecondFactor = z.object({
  ticket: z.string().describe("Send it back to POST /api/login/second-factor within 5 minutes; it works once."),
  methods: z.array(z.enum(SECOND_FACTOR_METHODS)).describe("The factors this account can use."),
  expiresAt: iso(),
});

export const loginNeedsSecondFactor = z
  .object({ success: z.literal(false), message: z.literal(SECOND_STEP_MESSAGE), user: z.null(), secondFactor: pendingSecondFactor })
  .describe("The password was right and the account has a second factor: no session yet.");

/** WebAuthn options as @simplewebauthn/server makes them (PublicKeyCredential{Creation,Request}OptionsJSON). */
const webauthnOptions = z.object({ challenge: z.string() }).loose().describe("Pass to @simplewebauthn/browser, or decode for navigator.credentials.");
export const passkeyOptions = z.object({ options: webauthnOptions });

export const passkeySummary = z.object({ id: id(), name: z.string(), createdAt: iso(), lastUsedAt: iso().nullable() });

export const secondFactorStatus = z.object({
  enabled: z.boolean(),
  totp: z.object({ enabled: z.boolean(), confirmedAt: iso().nullable() }),
  passkeys: z.array(passkeySummary),
  recoveryCodes: z.object({ remaining: z.number().int().min(0), total: z.number().int().min(0) }),
  required: z.boolean().describe("An administrator requires a second factor for every CMS account."),
});

export const totpSetup = z.object({
  secret: z.string().describe("The key in base32, in groups of four, for typing into an app."),
  uri: z.string().describe("The otpauth:// URI the QR code holds."),
  qrSvg: z.string().describe("The URI as a QR code, an SVG document."),
});

const codes = z.array(z.string()).describe("Shown this once; each works once.");
export const recoveryCodes = z.object({ recoveryCodes: codes });
export const totpConfirmed = z.object({
  recoveryCodes: codes.nullable().describe("New codes when this is the account's first factor; otherwise null."),
});
export const passkeyRegistered = z.object({
  passkey: passkeySummary,
  recoveryCodes: codes.nullable().describe("New codes when this is the account's first factor; otherwise null."),
});

export const secondFactorPolicy = z.object({
  requireSecondFactor: z.boolean(),
  accounts: z.array(z.object({ userId: id(), username: z.string(), isAdmin: z.boolean(), secondFactor: z.boolean() })),
});

export const secondFactorResponseNames: [z.ZodType, string][] = [
  [loginNeedsSecondFactor, "LoginNeedsSecondFactor"],
  [pendingSecondFactor, "PendingSecondFactor"],
  [passkeyOptions, "PasskeyOptions"],
  [passkeySummary, "Passkey"],
  [secondFactorStatus, "SecondFactorStatus"],
  [totpSetup, "TotpSetup"],
  [recoveryCodes, "RecoveryCodes"],
  [totpConfirmed, "TotpConfirmed"],
  [passkeyRegistered, "PasskeyRegistered"],
  [secondFactorPolicy, "SecondFactorPolicy"],
];

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const checked: Record<string, true> = {
  pendingSecondFactor: true as Same<z.output<typeof pendingSecondFactor>, PendingSecondFactor>,
  passkeySummary: true as Same<z.output<typeof passkeySummary>, PasskeySummary>,
  secondFactorStatus: true as Same<z.output<typeof secondFactorStatus>, SecondFactorStatus>,
  totpSetup: true as Same<z.output<typeof totpSetup>, TotpSetup>,
  secondFactorPolicy: true as Same<z.output<typeof secondFactorPolicy>, SecondFactorPolicy>,
};
void checked;
