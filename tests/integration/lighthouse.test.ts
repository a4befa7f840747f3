import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBenchServer, type BenchServer } from "../../scripts/bench-server.ts";
import { auditPages, publicPages } from "../../scripts/lighthouse-audit.ts";

/**
 * The deterministic part of the Lighthouse budget (docs/operations.md): accessibility, best practices
 * and SEO score 100 on every public page. Timing figures are reported by `npm run lighthouse`.
 */
describe("Lighthouse on every public page", () => {
  let server: BenchServer;
  beforeAll(async () => {
    server = await startBenchServer({ dataDir: mkdtempSync(join(tmpdir(), "zuri-lh-test-")), posts: 2 });
  }, 120_000);
  afterAll(() => server?.stop());

  it("scores 100 for accessibility, best practices and SEO", async () => {
    const audits = await auditPages(server.url, publicPages(server.slugs[0]!, server.landingPath), {
      categories: ["accessibility", "best-practices", "seo"],
    });
    const categories = ["accessibility", "best-practices", "seo"] as const;
    const below = audits.flatMap((a) =>
      categories
        .filter((category) => a.scores[category] !== 100)
        .map((category) => `${a.path} ${category} ${a.scores[category] ?? "not scored"}: ${[...a.failures, ...a.errors].join("; ")}`),
    );
    expect(below).toEqual([]);
  }, 300_000);
});
