import { describe, expect, it } from "vitest";
import { cutForPreview, readableSegment } from "./seo-preview.tsx";

describe("the SEO previews cut text where search engines would", () => {
  it("keeps text up to the limit as it is", () => {
    expect(cutForPreview("  Forecast demand weekly ", 60)).toBe("Forecast demand weekly");
    expect(cutForPreview("x".repeat(60), 60)).toBe("x".repeat(60));
  });

  it("cuts longer text at the last space before the limit, with an ellipsis", () => {
    expect(cutForPreview("How weekly forecasting keeps every store stocked for the season ahead", 60)).toBe(
      "How weekly forecasting keeps every store stocked for the…",
    );
  });

  it("cuts a long word at the limit, and never splits a character made of two code units", () => {
    expect(cutForPreview("y".repeat(200), 160)).toBe(`${"y".repeat(160)}…`);
    expect(cutForPreview("📈".repeat(70), 60)).toBe(`${"📈".repeat(60)}…`);
  });
});

describe("the search preview's address", () => {
  it("shows path segments decoded, as a browser's address bar does", () => {
    expect(readableSegment("%E2%80%A6")).toBe("…");
    expect(readableSegment("forecast-demand")).toBe("forecast-demand");
    expect(readableSegment("100%")).toBe("100%");
  });
});
