/**
 * `npm run screenshots [-- out-dir]` (docs/operations.md): full-page screenshots of every public page
 * of a production build at 390 and 1440 px wide, on a fresh database seeded with SCREENSHOT_POSTS
 * posts (default 5), for looking at a design change before and after. Files are named
 * `{page}-{width}.png` in out-dir (default screenshots/).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/chromium.ts";
import { startBenchServer } from "./bench-server.ts";
import { publicPages } from "./lighthouse-audit.ts";

const outDir = process.argv[2] ?? "screenshots";
const posts = Number(process.env.SCREENSHOT_POSTS ?? 5);
const widths = [390, 1440];

execFileSync("react-router", ["build"], { stdio: "ignore" });
mkdirSync(outDir, { recursive: true });
const server = await startBenchServer({ dataDir: mkdtempSync(join(tmpdir(), "zuri-shots-")), posts });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  // The public pages, then the blog's discovery pages (the bench posts are tagged and by the bench admin).
  const discovery = ["/blog?q=forecasting", "/blog/tag/forecasting", "/blog/author/bench-admin"];
  const paths = [...publicPages(server.slugs[0] ?? "missing", server.landingPath), ...discovery, "/this-page-does-not-exist"];
  for (const width of widths) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    // Consent already given, so the banner does not cover the page (docs/product.md §4 stores it in localStorage).
    await context.addInitScript(() =>
      localStorage.setItem("cookieConsent", JSON.stringify({ essential: true, analytics: false, marketing: false })),
    );
    const page = await context.newPage();
    for (const path of paths) {
      await page.goto(`${server.url}${path}`, { waitUntil: "load" });
      // Public pages never hydrate; their script marks <html data-enhanced> when done (docs/decisions/019).
      await page.waitForFunction(() => document.documentElement.dataset.enhanced !== undefined);
      // A full-page shot does not scroll, so lazy images below the first screen would be blank: load them all.
      await page.evaluate(async () => {
        const images = [...document.images];
        for (const image of images) image.loading = "eager";
        await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
      });
      const name = path === "/" ? "home" : path.slice(1).replace(/[^a-z0-9-]+/g, "_");
      await page.screenshot({ path: join(outDir, `${name}-${width}.png`), fullPage: true, animations: "disabled" });
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      console.log(`${name}-${width}.png ${height}`);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
