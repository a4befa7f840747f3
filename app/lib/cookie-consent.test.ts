import { afterEach, describe, expect, it, vi } from "vitest";
import { applyPreferences, cookieConsentBootScript, defaultPreferences } from "./cookie-consent.ts";

/** Just enough of a Document for the loader: our own nonce'd script, createElement, head. */
function fakeDocument(nonce = "page-nonce") {
  const head: { tag: string; src: string; async: boolean; nonce: string; dataset: Record<string, string> }[] = [];
  const doc = {
    head: { append: (element: (typeof head)[number]) => head.push(element) },
    createElement: (tag: string) => ({ tag, src: "", async: false, nonce: "", dataset: {} }),
    querySelector: (selector: string) => {
      if (selector === "script[nonce]") return { nonce };
      if (selector === "script[data-analytics]") return head.find((element) => "analytics" in element.dataset) ?? null;
      return null;
    },
  };
  return { doc: doc as unknown as Document, head };
}

describe("applying cookie preferences (SPEC §4)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("logs each category as enabled or disabled", () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    applyPreferences({ essential: true, analytics: false, marketing: true }, { analyticsScriptUrl: null });
    expect(info.mock.calls.map(([line]) => line)).toEqual([
      "Cookie consent: essential cookies enabled",
      "Cookie consent: analytics cookies disabled",
      "Cookie consent: marketing cookies enabled",
    ]);
  });

  it("loads the configured analytics script only with analytics consent, once, with the page's nonce", () => {
    vi.spyOn(console, "info").mockImplementation(() => {});
    const { doc, head } = fakeDocument();
    const analyticsScriptUrl = "https://analytics.example/script.js";

    applyPreferences(defaultPreferences, { analyticsScriptUrl, doc });
    applyPreferences({ essential: true, analytics: false, marketing: true }, { analyticsScriptUrl, doc });
    expect(head).toEqual([]);

    applyPreferences({ essential: true, analytics: true, marketing: false }, { analyticsScriptUrl, doc });
    applyPreferences({ essential: true, analytics: true, marketing: true }, { analyticsScriptUrl, doc });
    expect(head).toHaveLength(1);
    expect(head[0]).toMatchObject({ tag: "script", src: analyticsScriptUrl, async: true, nonce: "page-nonce" });
  });

  it("loads nothing when no analytics script is configured (the default)", () => {
    vi.spyOn(console, "info").mockImplementation(() => {});
    const { doc, head } = fakeDocument();
    applyPreferences({ essential: true, analytics: true, marketing: true }, { analyticsScriptUrl: null, doc });
    expect(head).toEqual([]);
  });
});

describe("the pre-paint boot script", () => {
  function run(stored: string | null, storage: "ok" | "throws" = "ok") {
    const dataset: Record<string, string> = {};
    const localStorage = {
      getItem: (key: string) => {
        if (storage === "throws") throw new Error("SecurityError");
        return key === "cookieConsent" ? stored : null;
      },
    };
    new Function("document", "localStorage", cookieConsentBootScript)({ documentElement: { dataset } }, localStorage);
    return dataset;
  }

  it("marks a returning visitor so CSS hides the server-rendered banner before the first paint", () => {
    expect(run('{"essential":true,"analytics":false,"marketing":false}')).toEqual({ js: "", cookieConsent: "set" });
  });

  it("leaves a first-time visitor unmarked, also when storage is blocked", () => {
    expect(run(null)).toEqual({ js: "" });
    expect(run(null, "throws")).toEqual({ js: "" });
  });
});
