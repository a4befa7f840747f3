import { readdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { loginAsAdmin } from "./auth.ts";
import { seedPost, unique } from "./cms-helpers.ts";
import { publishLandingPage } from "./landing-helpers.ts";
import { allBlocksPage } from "../support/landing-pages.ts";
import { waitForPageScript } from "./page-script.ts";

/**
 * Budgets for every public page (docs/operations.md, "Budgets"; docs/decisions/019), in Chromium on a
 * fresh profile: what the browser fetched before the load event, all the JavaScript a visit loads, before
 * and after using the page (cookie choice with Analytics, menus), long tasks on the main thread while it
 * loads, and layout shift. The figures the budgets come from are in docs/operations.md; a failure names
 * the page and the files.
 */
const BUDGETS = {
  /**
   * What the page itself fetches before the load event (HTML, CSS, font, the page's script), as transferred.
   * Images are content (a post's cover, a card's placeholder art) and are listed, not counted.
   */
  totalBytesBeforeLoad: 76 * 1024,
  /**
   * JavaScript a visit loads, before and after interaction, as transferred (response headers too, as
   * `npm run lighthouse` counts it), in KiB: the page's script, what it imports, and the page-view beacon.
   */
  scriptKiB: 20,
  /** The longest task on the main thread from navigation to load, in ms (the RAIL "long task"). */
  longestTaskMs: 50,
};

const pages = ["/", "/product", "/zuri-ai", "/industries", "/enterprise", "/features", "/blog", "/book-demo", "/privacy", "/terms", "/no-such-page"];

interface LoadFigures {
  totalBytes: number;
  files: { url: string; bytes: number }[];
}

/** From the page's Resource Timing: what had finished by the load event, transferred sizes. */
async function loadFigures(page: Page): Promise<LoadFigures> {
  return page.evaluate(() => {
    const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    const loadAt = navigation!.loadEventStart;
    const resources = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter(
      (entry) => entry.startTime <= loadAt,
    );
    const files = resources.map((entry) => ({ url: new URL(entry.name).pathname, bytes: entry.transferSize }));
    const isImage = (url: string) => url.startsWith("/media/") || /\.(png|jpe?g|webp|avif|gif|svg)$/.test(url);
    return {
      totalBytes: navigation!.transferSize + files.filter((file) => !isImage(file.url)).reduce((sum, file) => sum + file.bytes, 0),
      files,
    };
  });
}

/**
 * Records every script the page loads, with the bytes it took on the wire (headers included), from the
 * DevTools protocol as Lighthouse counts them. Call before the navigation.
 */
async function recordScripts(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const urls = new Map<string, string>();
  const scripts: { url: string; bytes: number }[] = [];
  cdp.on("Network.responseReceived", (event) => {
    if (event.type === "Script") urls.set(event.requestId, new URL(event.response.url).pathname);
  });
  cdp.on("Network.loadingFinished", (event) => {
    const url = urls.get(event.requestId);
    if (url) scripts.push({ url, bytes: event.encodedDataLength });
  });
  return scripts;
}

/**
 * Each script's stored brotli copy is made on its first request (server/serving/hashed-assets.ts); until
 * it exists the answer is compressed on the fly, larger and without a length. Asks for every script of
 * the build until its stored copy answers, so the budget sees what every later visitor gets.
 */
async function warmScripts(baseUrl: string) {
  const assets = readdirSync(`${process.env.BUILD_DIR ?? "build"}/client/assets`).filter((name) => name.endsWith(".js"));
  for (const name of assets) {
    await expect
      .poll(async () => {
        const response = await fetch(`${baseUrl}/assets/${name}`, { headers: { "accept-encoding": "br" } });
        await response.arrayBuffer();
        return response.headers.has("content-length");
      }, { message: `stored copy of ${name}`, timeout: 20_000 })
      .toBe(true);
  }
}

/** Starts recording layout shifts (buffered, so shifts before this call count too), with what moved. */
const observeShifts = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __shifts: Shift[] };
    w.__shifts = [];
    const describe = (node: Node | null) =>
      node instanceof Element ? `${node.tagName.toLowerCase()}.${[...node.classList].slice(0, 4).join(".")}` : String(node?.nodeName);
    new PerformanceObserver((list) => {
      type Entry = { startTime: number; value: number; hadRecentInput: boolean; sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] };
      for (const entry of list.getEntries() as unknown as Entry[]) {
        if (entry.hadRecentInput) continue;
        w.__shifts.push({
          at: Math.round(entry.startTime),
          value: entry.value,
          moved: entry.sources.map(
            (source) => `${describe(source.node)} y ${Math.round(source.previousRect.y)}→${Math.round(source.currentRect.y)} h ${Math.round(source.previousRect.height)}→${Math.round(source.currentRect.height)}`,
          ),
        });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });

interface Shift {
  at: number;
  value: number;
  moved: string[];
}

/** The shifts recorded. */
const shifts = (page: Page) => page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);

/** Long tasks from the start of the document, recorded by an observer that runs before any of its scripts. */
const recordLongTasks = (page: Page) =>
  page.addInitScript(() => {
    const w = window as unknown as { __longTasks: { at: number; ms: number }[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__longTasks.push({ at: Math.round(entry.startTime), ms: Math.round(entry.duration) });
    }).observe({ type: "longtask", buffered: true });
  });
const longTasks = (page: Page) => page.evaluate(() => (window as unknown as { __longTasks: { at: number; ms: number }[] }).__longTasks);

test.describe("performance budgets", () => {
  /** A post, its tag's and author's pages, a search that finds it, and a landing page: seeded before the tests. */
  const seeded: string[] = [];
  test.beforeAll(async ({ browser }, testInfo) => {
    testInfo.setTimeout(90_000);
    const page = await browser.newPage();
    await loginAsAdmin(page);
    const post = await seedPost(page, { title: unique("Budget post"), published: true, content: "<h2>Why</h2><p>Body text.</p>", tags: ["Budget forecasting"] });
    seeded.push(`/blog/${post.slug}`, `/blog/tag/${post.tags[0]!.slug}`, `/blog/author/${post.author.slug}`, `/blog?${new URLSearchParams({ q: "budget" })}`);
    // A landing page with every block type, the demo form included (docs/decisions/038).
    seeded.push((await publishLandingPage(page, allBlocksPage(`budget-${Date.now()}`))).path);
    await page.close();
    await warmScripts(testInfo.project.use.baseURL!);
  });

  for (const width of [390, 1440]) {
    test(`at ${width} px every public page stays under ${BUDGETS.totalBytesBeforeLoad / 1024} KB before load and ${BUDGETS.scriptKiB} KiB of JavaScript after use, has no long task while loading, and never shifts`, async ({ browser }) => {
      test.setTimeout(150_000);
      for (const path of [...pages, ...seeded]) {
        // Long tasks on a loaded machine come and go with the other browser worker (a page's first style,
        // layout and image paint stretch past 50 ms; on a quiet machine no page has any): the page meets the
        // budget when one of up to ten fresh loads has none (five were not enough on 2026-11-27, when the same
        // machine ran every step 1.5-2x slower than the day before). A page whose own work blocks fails all ten.
        const loads: number[][] = [];
        for (let load = 0; load < 10 && loads.every((tasks) => Math.max(0, ...tasks) > BUDGETS.longestTaskMs); load++) {
          const probe = await browser.newContext({ viewport: { width, height: 900 } });
          const probePage = await probe.newPage();
          await recordLongTasks(probePage);
          await probePage.goto(path, { waitUntil: "load" });
          loads.push((await longTasks(probePage)).map((task) => task.ms));
          await probe.close();
        }
        const longest = Math.min(...loads.map((tasks) => Math.max(0, ...tasks)));
        expect(longest, `${path}: long tasks (ms) while loading, per load: ${JSON.stringify(loads)}`).toBeLessThanOrEqual(BUDGETS.longestTaskMs);

        const context = await browser.newContext({ viewport: { width, height: 900 } });
        const page = await context.newPage();
        const scripts = await recordScripts(page);
        await page.goto(path, { waitUntil: "load" });
        const figures = await loadFigures(page);
        expect(figures.totalBytes, `${path}: bytes before load: ${JSON.stringify(figures.files)}`).toBeLessThanOrEqual(
          BUDGETS.totalBytesBeforeLoad,
        );
        await observeShifts(page);
        await waitForPageScript(page);

        // Use the page as a visitor does: accept cookies (the page-view beacon loads), open the menu.
        await page.getByRole("region", { name: "We value your privacy" }).getByRole("button", { name: "Accept All" }).click();
        const menu = page.getByRole("banner").locator(width < 768 ? 'summary[aria-label="Menu"]' : "summary");
        await menu.first().click();
        await page.waitForLoadState("networkidle");
        await expect.poll(() => scripts.some((script) => script.url.includes("analytics-beacon")), { message: `${path}: the beacon loaded` }).toBe(true);
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        expect(await shifts(page), `${path}: layout shifts`).toEqual([]);

        const scriptKiB = scripts.reduce((sum, script) => sum + script.bytes, 0) / 1024;
        expect(scriptKiB, `${path}: JavaScript loaded (KiB): ${JSON.stringify(scripts)}`).toBeLessThanOrEqual(BUDGETS.scriptKiB);
        console.log(
          `${width}px ${path}: ${(figures.totalBytes / 1024).toFixed(1)} KB before load; longest task ${longest} ms (${loads.length} load${loads.length > 1 ? "s" : ""}); ` +
            `${scriptKiB.toFixed(1)} KiB of JavaScript in ${scripts.length} files after use`,
        );
        await context.close();
      }
    });
  }
});
