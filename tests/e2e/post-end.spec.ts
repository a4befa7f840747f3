import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, request, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { e2eAdmin } from "../../playwright.config.ts";
import { spawnServer } from "../support/server-process.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { toastWith } from "./cms-helpers.ts";
import { waitForPageScript } from "./page-script.ts";

/**
 * The end of a post (docs/decisions/046): related posts, previous and next, share links, the call to
 * action. On a server of its own, so the order of publication is exactly the order below.
 */

test.describe.configure({ mode: "serial" });

let server: Awaited<ReturnType<typeof spawnServer>>;
let dataDir: string;

/** Created in this order (oldest first); the one under test is `post`. */
const titles = {
  olderShared: "Demand forecasting for retail teams",
  previous: "Inventory reviews that take minutes",
  post: "From forecast to reorder decision",
  newerShared: "Forecast accuracy, explained",
  newest: "Five questions to ask your sales data",
};
let slugs: Record<keyof typeof titles, string>;

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "zuri-e2e-post-end-"));
  server = await spawnServer({
    DATABASE_URL: `file:${join(dataDir, "zuri.db")}`,
    ADMIN_USERNAME: e2eAdmin.username,
    ADMIN_PASSWORD: e2eAdmin.password,
  });
  const api: APIRequestContext = await request.newContext({ baseURL: server.url });
  expect((await api.post("/api/login", { data: e2eAdmin })).ok()).toBe(true);
  const cover = { coverImage: `${server.url}/og-image.png`, coverImageAlt: "A forecast chart" };
  const fields: Record<keyof typeof titles, Record<string, unknown>> = {
    olderShared: { tags: ["Forecasting", "Retail"], ...cover },
    previous: { tags: ["Inventory"] },
    post: { tags: ["Forecasting", "Retail"], content: "<h2>Start with the decision</h2><p>Then the forecast that serves it.</p>" },
    newerShared: { tags: ["Forecasting"], ...cover },
    newest: {},
  };
  slugs = {} as typeof slugs;
  for (const key of Object.keys(titles) as (keyof typeof titles)[]) {
    const response = await api.post("/api/cms/posts", {
      data: { title: titles[key], slug: key.toLowerCase(), content: "<p>Body</p>", excerpt: `About ${titles[key]}.`, published: true, ...fields[key] },
    });
    expect(response.status(), await response.text()).toBe(201);
    slugs[key] = ((await response.json()) as { slug: string }).slug;
  }
  await api.dispose();
});

test.afterAll(async () => {
  server.child.kill("SIGTERM");
  await server.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

const postUrl = (key: keyof typeof titles) => `${server.url}/blog/${slugs[key]}`;
const related = (page: Page) => page.getByRole("region", { name: "Related posts" });
const neighbours = (page: Page) => page.getByRole("navigation", { name: "Previous and next posts" });
const share = (page: Page) => page.getByRole("region", { name: "Share this post" });

async function openPost(browser: Browser, options: { width?: number; javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1440, height: 900 },
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  const page = await context.newPage();
  await page.goto(postUrl("post"));
  return { context, page };
}

test("related posts rank by shared tags then recency, and they and previous/next lead to their posts", async ({ browser }) => {
  const { context, page } = await openPost(browser);
  await waitForPageScript(page);
  // Two tags in common, then one, then the newest post to fill; never the post itself.
  await expect(related(page).getByRole("heading", { level: 3 })).toHaveText([titles.olderShared, titles.newerShared, titles.newest]);
  // Two covers, and the generated art of the post without one (docs/decisions/059): all lazy and sized.
  const covers = related(page).locator("img");
  await expect(covers).toHaveCount(3);
  await expect(covers.and(page.locator('img[src^="/blog/cover/"]'))).toHaveCount(1);
  for (const cover of await covers.all()) {
    await expect(cover).toHaveAttribute("loading", "lazy");
    await expect(cover).toHaveAttribute("width", "1200");
    await expect(cover).toHaveAttribute("height", "630");
  }

  await related(page).getByRole("link", { name: titles.olderShared, exact: true }).click();
  await expect(page).toHaveURL(postUrl("olderShared"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(titles.olderShared);
  // The oldest post: a next link only, in the right-hand half; the left half leads to all posts (docs/decisions/059).
  await expect(neighbours(page).getByRole("link", { name: /^(Previous|Next) post:/ })).toHaveCount(1);
  const nextOnly = neighbours(page).getByRole("link", { name: `Next post: ${titles.previous}` });
  await expect(nextOnly).toBeVisible();
  const allPosts = neighbours(page).getByRole("link", { name: /^This is the first post\W*Browse all posts$/ });
  await expect(allPosts).toHaveAttribute("href", "/blog");
  const [left, right] = [(await allPosts.boundingBox())!, (await nextOnly.boundingBox())!];
  expect(Math.round(left.y)).toBe(Math.round(right.y));
  expect(Math.round(left.width)).toBe(Math.round(right.width));
  expect(left.x + left.width).toBeLessThan(right.x);

  await page.goto(postUrl("post"));
  await waitForPageScript(page);
  await neighbours(page).getByRole("link", { name: `Previous post: ${titles.previous}` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(titles.previous);
  await neighbours(page).getByRole("link", { name: `Next post: ${titles.post}` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(titles.post);
  await neighbours(page).getByRole("link", { name: `Next post: ${titles.newerShared}` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(titles.newerShared);

  // The latest post: a previous link only, and all posts in the right-hand half.
  await page.goto(postUrl("newest"));
  await expect(neighbours(page).getByRole("link", { name: /^(Previous|Next) post:/ })).toHaveCount(1);
  await expect(neighbours(page).getByRole("link", { name: `Previous post: ${titles.newerShared}` })).toBeVisible();
  await expect(neighbours(page).getByRole("link", { name: /^This is the newest post\W*Browse all posts$/ })).toHaveAttribute("href", "/blog");
  await context.close();
});

test("share links go to the networks' share pages in a new tab; Copy link copies and says so", async ({ browser }) => {
  const { context, page } = await openPost(browser);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
  const url = encodeURIComponent(postUrl("post"));
  const x = share(page).getByRole("link", { name: "Share on X (opens in a new tab)" });
  const linkedIn = share(page).getByRole("link", { name: "Share on LinkedIn (opens in a new tab)" });
  await expect(x).toHaveAttribute("href", `https://x.com/intent/post?url=${url}&text=${encodeURIComponent(titles.post)}`);
  await expect(linkedIn).toHaveAttribute("href", `https://www.linkedin.com/sharing/share-offsite/?url=${url}`);
  for (const link of [x, linkedIn]) {
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  }

  await waitForPageScript(page);
  const copy = share(page).getByRole("button", { name: "Copy link" });
  await copy.focus();
  await expect(copy).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(toastWith(page, "Link copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(postUrl("post"));
  await context.close();
});

test.describe("without JavaScript", () => {
  test("the end of a post paints and works, with no dead control", async ({ browser }) => {
    const { context, page } = await openPost(browser, { javaScriptEnabled: false });
    await expect(related(page).getByRole("heading", { level: 3 })).toHaveText([titles.olderShared, titles.newerShared, titles.newest]);
    await expect(share(page).getByRole("link")).toHaveCount(2);
    // Copy link needs a script: without one there is no button to press, only its reserved place.
    await expect(page.getByRole("button", { name: "Copy link" })).toHaveCount(0);
    // Every control in the end of the post is a link to somewhere.
    const controls = page.locator("main").locator("a, button").filter({ visible: true });
    const afterContent = await controls.evaluateAll((elements) =>
      elements
        .filter((element) => element.closest('[aria-labelledby="share-post-heading"], nav[aria-label="Previous and next posts"], [aria-labelledby="related-posts-heading"], [aria-labelledby="post-cta"]'))
        .map((element) => ({ tag: element.tagName, href: element.getAttribute("href") })),
    );
    // Two share links, previous and next, one card-wide link per related post, the call to action.
    expect(afterContent.length).toBe(2 + 2 + 3 + 1);
    expect(afterContent.filter((control) => control.tag !== "A" || !control.href)).toEqual([]);

    await expect(page.getByRole("region", { name: "Turn your own data into decisions" }).getByRole("link", { name: "Book a Demo" })).toHaveAttribute("href", "/book-demo");
    await neighbours(page).getByRole("link", { name: `Next post: ${titles.newerShared}` }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(titles.newerShared);
    await related(page).getByRole("link", { name: titles.post, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(titles.post);
    await context.close();
  });
});

for (const width of [390, 1440]) {
  test(`no axe violations at ${width} px, hydrated and with the copy toast open`, async ({ browser }, testInfo) => {
    const { context, page } = await openPost(browser, { width });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    await waitForPageScript(page);
    await expect(related(page).locator("img").first()).toBeAttached();
    await related(page).scrollIntoViewIfNeeded();
    // Lazy covers far down the page: all loaded, so the screenshot shows what a reader sees.
    await expect
      .poll(() => related(page).locator("img").evaluateAll((images) => images.every((image) => (image as HTMLImageElement).complete)))
      .toBe(true);
    await page.screenshot({ path: testInfo.outputPath(`post-end-${width}.png`), fullPage: true });
    await expectNoAxeViolations(page);
    await share(page).getByRole("button", { name: "Copy link" }).click();
    await expect(toastWith(page, "Link copied")).toBeVisible();
    await expectNoAxeViolations(page);
    await context.close();
  });
}
