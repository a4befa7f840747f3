import { readdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { loginAsAdmin } from "./auth.ts";
import { seedPost, unique } from "./cms-helpers.ts";
import { waitForHydration } from "./site-hydration.ts";

/**
 * Budgets for every public page (docs/operations.md, "Budgets"; docs/decisions/016, 018), in Chromium on a
 * fresh profile: what the browser fetched before the load event, all the JavaScript a visit loads through
 * hydration, and layout shift through hydration. The figures the budgets come from are in
 * docs/operations.md; a failure names the page and the files.
 */
const BUDGETS = {
  /** JavaScript fetched before the load event: none, the first paint owes nothing to scripts. */
  scriptBytesBeforeLoad: 0,
  /** Everything fetched before the load event (HTML, CSS, font, images), as transferred. */
  totalBytesBeforeLoad: 72 * 1024,
  /**
   * KiB of JavaScript a visit loads, hydration included, as transferred (response headers too, as
   * `npm run lighthouse` counts it): each page's figure of 2026-11-24 rounded up, plus 4 KiB.
   */
  scriptKiBThroughHydration: {
    "/": 175,
    "/product": 177,
    "/zuri-ai": 171,
    "/industries": 167,
    "/enterprise": 178,
    "/features": 173,
    "/blog": 187,
    "/book-demo": 194,
    "/privacy": 164,
    "/terms": 162,
    "/no-such-page": 177,
    post: 180,
  } as Record<string, number>,
};

const pages = ["/", "/product", "/zuri-ai", "/industries", "/enterprise", "/features", "/blog", "/book-demo", "/privacy", "/terms", "/no-such-page"];

interface LoadFigures {
  scripts: { url: string; bytes: number }[];
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
    const isScript = (entry: PerformanceResourceTiming) =>
      entry.initiatorType === "script" || /\.m?js(\?|$)/.test(new URL(entry.name).pathname);
    return {
      scripts: resources.filter(isScript).map((entry) => ({ url: new URL(entry.name).pathname, bytes: entry.transferSize })),
      totalBytes: navigation!.transferSize + files.reduce((sum, file) => sum + file.bytes, 0),
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

/** The shifts recorded, split at the start of hydration (the `hydration-start` mark, app/lib/hydration.ts). */
const shifts = (page: Page) =>
  page.evaluate(() => {
    const all = (window as unknown as { __shifts: Shift[] }).__shifts;
    const start = performance.getEntriesByName("hydration-start")[0]?.startTime ?? Infinity;
    return { beforeHydration: all.filter((shift) => shift.at < start), all };
  });

test.describe("performance budgets", () => {
  let postPath = "";
  test.beforeAll(async ({ browser }, testInfo) => {
    testInfo.setTimeout(90_000);
    const page = await browser.newPage();
    await loginAsAdmin(page);
    const post = await seedPost(page, { title: unique("Budget post"), published: true, content: "<h2>Why</h2><p>Body text.</p>" });
    postPath = `/blog/${post.slug}`;
    await page.close();
    await warmScripts(testInfo.project.use.baseURL!);
  });

  for (const width of [390, 1440]) {
    test(`at ${width} px every public page fetches no JavaScript before load, stays under ${BUDGETS.totalBytesBeforeLoad / 1024} KB and its JavaScript budget, and never shifts`, async ({ browser }) => {
      test.setTimeout(120_000);
      for (const path of [...pages, postPath]) {
        const context = await browser.newContext({ viewport: { width, height: 900 } });
        const page = await context.newPage();
        const scripts = await recordScripts(page);
        await page.goto(path, { waitUntil: "load" });
        const figures = await loadFigures(page);
        const scriptBytes = figures.scripts.reduce((sum, script) => sum + script.bytes, 0);
        expect(scriptBytes, `${path}: JavaScript before load: ${JSON.stringify(figures.scripts)}`).toBeLessThanOrEqual(
          BUDGETS.scriptBytesBeforeLoad,
        );
        expect(figures.totalBytes, `${path}: bytes before load: ${JSON.stringify(figures.files)}`).toBeLessThanOrEqual(
          BUDGETS.totalBytesBeforeLoad,
        );
        await observeShifts(page);
        await waitForHydration(page);
        // Two frames after hydration, so a shift it caused has been reported.
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        // Nothing moves, from the first paint (no paint mid-parse: docs/decisions/016) through hydration.
        const layout = await shifts(page);
        expect(layout.beforeHydration, `${path}: layout shifts before hydration`).toEqual([]);
        expect(layout.all, `${path}: layout shifts through hydration`).toEqual([]);
        // Whatever hydration still fetches (a lazy error body on the 404 page) has arrived.
        await page.waitForLoadState("networkidle");
        const scriptKiB = scripts.reduce((sum, script) => sum + script.bytes, 0) / 1024;
        const budget = BUDGETS.scriptKiBThroughHydration[path === postPath ? "post" : path]!;
        expect(scriptKiB, `${path}: JavaScript through hydration (KiB): ${JSON.stringify(scripts)}`).toBeLessThanOrEqual(budget);
        console.log(
          `${width}px ${path}: ${(figures.totalBytes / 1024).toFixed(1)} KB before load, ${scriptBytes} B of JavaScript; ` +
            `${scriptKiB.toFixed(1)} KiB of JavaScript in ${scripts.length} files through hydration`,
        );
        await context.close();
      }
    });
  }
});
