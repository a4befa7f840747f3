import { afterEach, describe, expect, it, vi } from "vitest";
import { cookieConsentBootScript } from "./cookie-consent-boot.ts";
import { readCookieConsent } from "./cookie-consent.ts";

/**
 * The inline <head> script as the browser runs it, before the body exists: what it marks on <html> and
 * logs for a stored choice (docs/product.md §4). Its clicks and dialog are exercised in Chromium
 * (tests/e2e/site-cookie-consent.spec.ts), where a real document exists.
 */
function run(stored: string | null, storage: "ok" | "throws" = "ok") {
  const dataset: Record<string, string> = {};
  const listeners: string[] = [];
  const document = {
    documentElement: { dataset },
    addEventListener: (type: string) => listeners.push(type),
    getElementById: () => null,
  };
  const localStorage = {
    getItem: (key: string) => {
      if (storage === "throws") throw new Error("SecurityError");
      return key === "cookieConsent" ? stored : null;
    },
  };
  new Function("document", "localStorage", cookieConsentBootScript)(document, localStorage);
  return { dataset, listeners };
}

describe("the pre-paint consent script", () => {
  afterEach(() => vi.restoreAllMocks());

  it("marks a returning visitor so CSS hides the server-rendered banner, and applies the stored choice", () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const { dataset, listeners } = run('{"essential":true,"analytics":false,"marketing":true}');
    expect(dataset).toEqual({ js: "", cookieConsent: "set" });
    expect(info.mock.calls.map(([line]) => line)).toEqual([
      "Cookie consent: essential cookies enabled",
      "Cookie consent: analytics cookies disabled",
      "Cookie consent: marketing cookies enabled",
    ]);
    // It listens from the first paint: clicks on the banner and the dialog, and the dialog's close.
    expect(listeners).toEqual(["click", "close"]);
  });

  it("leaves a first-time visitor unmarked and logs nothing, also when storage is blocked", () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    expect(run(null).dataset).toEqual({ js: "" });
    expect(run(null, "throws").dataset).toEqual({ js: "" });
    expect(info).not.toHaveBeenCalled();
  });

  it("is self-contained: the text names nothing from the module it was written in", () => {
    expect(cookieConsentBootScript).not.toMatch(/__vite|import\(|require\(/);
  });
});

describe("reading the stored choice", () => {
  const storage = (value: string | null) => ({ getItem: () => value });
  it.each([
    [null, null],
    ["not json", null],
    ['{"analytics":true}', { essential: true, analytics: true, marketing: false }],
    ['{"essential":false,"analytics":"yes","marketing":true}', { essential: true, analytics: false, marketing: true }],
  ])("%s reads as %j", (stored, expected) => {
    expect(readCookieConsent(storage(stored))).toEqual(expected);
  });
});
