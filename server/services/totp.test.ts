import { describe, expect, it } from "vitest";
import { base32Decode, base32Encode, hotp, matchingStep, otpauthUri, totpCode, totpStep } from "./totp.ts";

/** RFC 6238 Appendix B (SHA-1) and RFC 4226 Appendix D: the codes every authenticator app computes. */
const rfcKey = Buffer.from("12345678901234567890");

describe("TOTP (docs/decisions/075)", () => {
  it("matches RFC 6238's SHA-1 test vectors (their last 6 of 8 digits)", () => {
    const vectors: [number, string][] = [
      [59, "287082"],
      [1_111_111_109, "081804"],
      [1_111_111_111, "050471"],
      [1_234_567_890, "005924"],
      [2_000_000_000, "279037"],
      [20_000_000_000, "353130"],
    ];
    for (const [seconds, code] of vectors) expect(totpCode(rfcKey, new Date(seconds * 1000)), `T=${seconds}`).toBe(code);
  });

  it("matches RFC 4226's HOTP values", () => {
    expect([0, 1, 2, 9].map((counter) => hotp(rfcKey, counter))).toEqual(["755224", "287082", "359152", "520489"]);
  });

  it("accepts one step either side of now, never a step at or before the last one used", () => {
    const now = new Date(1_700_000_000_000);
    const step = totpStep(now);
    const at = (offset: number) => totpCode(rfcKey, new Date(now.getTime() + offset * 30_000));
    expect(matchingStep(rfcKey, at(0), now, null)).toBe(step);
    expect(matchingStep(rfcKey, at(-1), now, null)).toBe(step - 1);
    expect(matchingStep(rfcKey, at(1), now, null)).toBe(step + 1);
    expect(matchingStep(rfcKey, at(2), now, null)).toBeNull();
    expect(matchingStep(rfcKey, at(0), now, step)).toBeNull();
    expect(matchingStep(rfcKey, at(-1), now, step - 1)).toBeNull();
    expect(matchingStep(rfcKey, at(1), now, step)).toBe(step + 1);
    expect(matchingStep(rfcKey, "12345", now, null)).toBeNull();
  });

  it("writes keys in RFC 4648 base32 and reads them back, spaces and case ignored", () => {
    expect(base32Encode(Buffer.from("foobar"))).toBe("MZXW6YTBOI");
    expect(base32Decode("mzxw 6ytb oi").toString()).toBe("foobar");
    const key = Buffer.from(Array.from({ length: 20 }, (_, i) => i * 13));
    expect(base32Decode(base32Encode(key))).toEqual(key);
  });

  it("makes the Key URI Format apps scan", () => {
    expect(otpauthUri({ issuer: "Zuri CMS", account: "ada", secret: "JBSWY3DPEHPK3PXP" })).toBe(
      "otpauth://totp/Zuri%20CMS:ada?secret=JBSWY3DPEHPK3PXP&issuer=Zuri%20CMS&algorithm=SHA1&digits=6&period=30",
    );
  });
});
