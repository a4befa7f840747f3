/**
 * `npm run lighthouse` (docs/operations.md): Lighthouse, mobile preset with simulated throttling, on every
 * public page of a production build; prints the four scores, LCP, CLS, TBT and the transferred
 * JavaScript per page, and writes the HTML reports to lighthouse-reports/.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startBenchServer } from "./bench-server.ts";
import { auditPages, publicPages } from "./lighthouse-audit.ts";

execFileSync("react-router", ["build"], { stdio: "ignore" });
const server = await startBenchServer({ dataDir: mkdtempSync(join(tmpdir(), "zuri-lh-")), posts: 3 });
try {
  const audits = await auditPages(server.url, publicPages(server.slugs[0]!), {
    categories: ["performance", "accessibility", "best-practices", "seo"],
    html: true,
  });
  mkdirSync("lighthouse-reports", { recursive: true });
  const rows = audits.map((a) => {
    const file = `lighthouse-reports/${a.path === "/" ? "home" : a.path.slice(1).replaceAll("/", "_")}.html`;
    writeFileSync(file, a.html ?? "");
    return `| ${a.path} | ${a.scores.performance} | ${a.scores.accessibility} | ${a.scores["best-practices"]} | ${a.scores.seo} | ${Math.round(a.lcpMs ?? 0)} | ${(a.cls ?? 0).toFixed(3)} | ${Math.round(a.tbtMs ?? 0)} | ${((a.scriptTransferBytes ?? 0) / 1024).toFixed(1)} |`;
  });
  console.log(
    [
      `Lighthouse ${new Date().toISOString()} (mobile, simulated throttling)`,
      "",
      "| page | perf | a11y | best practices | SEO | LCP ms | CLS | TBT ms | JS KiB (transferred) |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
      ...rows,
    ].join("\n"),
  );
  for (const a of audits) for (const failure of a.failures) console.log(`  ${a.path}: ${failure}`);
  console.log("\nHTML reports in lighthouse-reports/");
} finally {
  await server.stop();
}
