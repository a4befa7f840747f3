/**
 * `npm run lighthouse` (docs/operations.md): Lighthouse, mobile preset with simulated throttling, on every
 * public page of a production build, RUNS times (default 3, `LIGHTHOUSE_RUNS=5` for more); prints per page
 * the median of each figure (the four scores, FCP, LCP, CLS, TBT, the transferred JavaScript) and the
 * range of the performance score, and writes the last run's HTML reports to lighthouse-reports/. In the same
 * rounds it audits each page with its script files blocked and prints the median LCP of both and their ratio
 * (docs/decisions/019: a public page's script must not cost its LCP more than 5%).
 * `LIGHTHOUSE_PAGES=/,/product` audits only those pages (the post is `/blog/bench-post-1`).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startBenchServer } from "./bench-server.ts";
import { auditPages, publicPages, type PageAudit } from "./lighthouse-audit.ts";

const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

execFileSync("react-router", ["build"], { stdio: "ignore" });
const server = await startBenchServer({ dataDir: mkdtempSync(join(tmpdir(), "zuri-lh-")), posts: 3 });
try {
  const only = process.env.LIGHTHOUSE_PAGES?.split(",");
  const paths = publicPages(server.slugs[0]!, server.landingPath).filter((path) => !only || only.includes(path));
  const rounds: PageAudit[][] = [];
  const withoutScripts: PageAudit[][] = [];
  for (let run = 1; run <= runs; run++) {
    console.error(`run ${run} of ${runs}…`);
    rounds.push(
      await auditPages(server.url, paths, {
        categories: ["performance", "accessibility", "best-practices", "seo"],
        html: run === runs,
      }),
    );
    withoutScripts.push(await auditPages(server.url, paths, { categories: ["performance"], withoutScripts: true }));
  }
  mkdirSync("lighthouse-reports", { recursive: true });
  const rows = paths.map((path, index) => {
    const all = rounds.map((round) => round[index]!);
    // A run Lighthouse could not score (its errors are printed below) is left out of the medians.
    const audits = all.filter((audit) => audit.scores.performance !== undefined);
    if (audits.length === 0) return `| ${path} | not scored in ${runs} runs | | | | | | | | |`;
    const of = (pick: (audit: PageAudit) => number | undefined) => median(audits.map((audit) => pick(audit) ?? 0));
    const performance = audits.map((audit) => audit.scores.performance!);
    const last = all.at(-1)!;
    writeFileSync(`lighthouse-reports/${path === "/" ? "home" : path.slice(1).replaceAll("/", "_")}.html`, last.html ?? "");
    const scored = audits.length < runs ? `, ${audits.length} of ${runs} runs` : "";
    return `| ${path} | ${of((a) => a.scores.performance)} (${Math.min(...performance)}–${Math.max(...performance)}${scored}) | ${of((a) => a.scores.accessibility)} | ${of((a) => a.scores["best-practices"])} | ${of((a) => a.scores.seo)} | ${Math.round(of((a) => a.fcpMs))} | ${Math.round(of((a) => a.lcpMs))} | ${of((a) => a.cls).toFixed(3)} | ${Math.round(of((a) => a.tbtMs))} | ${(of((a) => a.scriptTransferBytes) / 1024).toFixed(1)} |`;
  });
  const lcpRows = paths.map((path, index) => {
    const lcp = (set: PageAudit[][]) => median(set.map((round) => round[index]!.lcpMs).filter((ms): ms is number => ms !== undefined));
    const [withScript, without] = [lcp(rounds), lcp(withoutScripts)];
    return `| ${path} | ${Math.round(withScript)} | ${Math.round(without)} | ${(withScript / without).toFixed(3)} |`;
  });
  console.log(
    [
      `Lighthouse ${new Date().toISOString()} (mobile, simulated throttling; median of ${runs} runs)`,
      "",
      "| page | perf (range) | a11y | best practices | SEO | FCP ms | LCP ms | CLS | TBT ms | JS KiB (transferred) |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
      ...rows,
      "",
      "LCP with the page's script and with its script files blocked, in the same rounds (median ms):",
      "",
      "| page | LCP | LCP without scripts | ratio |",
      "|---|---:|---:|---:|",
      ...lcpRows,
    ].join("\n"),
  );
  for (const audit of rounds.at(-1)!) for (const failure of audit.failures) console.log(`  ${audit.path}: ${failure}`);
  rounds.forEach((round, run) => {
    for (const audit of round) for (const error of audit.errors) console.log(`  run ${run + 1} ${audit.path}: ${error}`);
  });
  console.log("\nHTML reports (last run) in lighthouse-reports/");
} finally {
  await server.stop();
}
