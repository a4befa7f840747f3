import { createHmac, timingSafeEqual } from "node:crypto";
import type { AppSecrets } from "./app-secrets.ts";

/**
 * People need more than this to fill the demo form; the scripts that spam forms do not
 * (docs/decisions/050-demo-spam-defence.md). Kept short so a visitor using autofill still passes.
 */
export const DEMO_MIN_FILL_MS = 2_000;
/** Tokens from further in the future than this are forged (clocks of instances differ by less). */
const MAX_CLOCK_SKEW_MS = 60_000;
const SECRET_NAME = "demo-form-token";

export type FormTokenCheck = "ok" | "missing" | "invalid" | "too-fast";

/**
 * A signed "form shown at" timestamp: `v1.<epoch ms>.<HMAC-SHA256>`. The page renders one into the
 * form; a submission that carries it tells the server how long the form was open, without state.
 */
export function createDemoFormTokens({ secrets, clock }: { secrets: AppSecrets; clock: () => Date }) {
  const sign = async (issuedAt: string) =>
    createHmac("sha256", await secrets.get(SECRET_NAME)).update(`demo-form:${issuedAt}`).digest();

  return {
    async issue(): Promise<string> {
      const issuedAt = String(clock().getTime());
      return `v1.${issuedAt}.${(await sign(issuedAt)).toString("base64url")}`;
    },

    async check(token: string | null | undefined): Promise<FormTokenCheck> {
      if (!token) return "missing";
      const match = /^v1\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return "invalid";
      const [, issuedAt = "", signature = ""] = match;
      const expected = await sign(issuedAt);
      const given = Buffer.from(signature, "base64url");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
      const openFor = clock().getTime() - Number(issuedAt);
      if (openFor < -MAX_CLOCK_SKEW_MS) return "invalid";
      return openFor < DEMO_MIN_FILL_MS ? "too-fast" : "ok";
    },
  };
}

export type DemoFormTokens = ReturnType<typeof createDemoFormTokens>;
