import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, request, test, type APIRequestContext, type Page } from "@playwright/test";
import { e2eAdmin } from "../../playwright.config.ts";
import { spawnServer } from "../support/server-process.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { loginAsAdmin } from "./auth.ts";
import { waitForPageScript } from "./page-script.ts";

/** The posts API as the e2e admin (its own cookie jar, not the page's). */
async function adminApi(baseURL: string): Promise<APIRequestContext> {
  const context = await request.newContext({ baseURL });
  const login = await context.post("/api/login", { data: { username: e2eAdmin.username, password: e2eAdmin.password } });
  expect(login.ok()).toBe(true);
  return context;
}

const unique = () => randomBytes(4).toString("hex");

type IsolatedServer = { server: Awaited<ReturnType<typeof spawnServer>>; stop(): Promise<void> };

/** A production server of its own on a fresh SQLite database (the shared e2e server has other tests' posts). */
async function startIsolatedServer(): Promise<IsolatedServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "zuri-e2e-blog-"));
  const server = await spawnServer({
    DATABASE_URL: `file:${join(dataDir, "zuri.db")}`,
    BUILD_DIR: process.env.BUILD_DIR ?? "build",
    ADMIN_USERNAME: e2eAdmin.username,
    ADMIN_PASSWORD: e2eAdmin.password,
  });
  return {
    server,
    async stop() {
      server.child.kill("SIGTERM");
      await server.exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function createPost(api: APIRequestContext, fields: Record<string, unknown>) {
  const response = await api.post("/api/cms/posts", {
    data: { content: "<p>Body</p>", published: true, ...fields },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; slug: string; title: string };
}

test.describe("blog list", () => {
  test.beforeAll(async ({ baseURL }) => {
    const api = await adminApi(baseURL!);
    for (let i = 0; i < 3; i++) {
      await createPost(api, { title: `Grid post ${i} ${unique()}`, slug: `grid-post-${i}-${unique()}`, excerpt: "Short summary." });
    }
    await api.dispose();
  });

  test("a card's title and Read More lead to the post", async ({ page }) => {
    await page.goto("/blog");
    await waitForPageScript(page);
    const firstCard = page.getByTestId("blog-grid").locator("> li").first();
    const title = (await firstCard.getByRole("heading", { level: 3 }).textContent())!;
    await firstCard.getByRole("link", { name: /^Read More/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await page.getByRole("link", { name: "Back to Blog" }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });
});

/** The cards of the grid, row by row (by their top edge), with the grid's own edges. */
async function gridRows(page: Page) {
  return page
    .getByTestId("blog-grid")
    .locator("> li")
    .evaluateAll((items) => {
      const grid = items[0]!.parentElement!.getBoundingClientRect();
      const rows = new Map<number, DOMRect[]>();
      for (const item of items) {
        const box = item.getBoundingClientRect();
        rows.set(Math.round(box.top), [...(rows.get(Math.round(box.top)) ?? []), box]);
      }
      return {
        sizes: [...rows.values()].map((row) => row.length),
        // Every row starts at the grid's left edge and ends at its right edge: no gap left by a missing card.
        flush: [...rows.values()].every(
          (row) =>
            Math.abs(Math.min(...row.map((box) => box.left)) - grid.left) <= 1 &&
            Math.abs(Math.max(...row.map((box) => box.right)) - grid.right) <= 1,
        ),
      };
    });
}

test.describe("blog list layout (docs/product.md §2: a grid of 1, 2 or 3 columns; the newest post featured)", () => {
  // Its own server and database, so the number of posts is exactly what each step says; in order, in one worker.
  test.describe.configure({ mode: "default" });
  let isolated: IsolatedServer;
  let api: APIRequestContext;
  const titles: string[] = [];
  const addPosts = async (count: number) => {
    for (let i = 0; i < count; i++) {
      const n = titles.length + 1;
      // Every third post has no cover: it gets its own generated art (docs/decisions/059).
      const cover = n % 3 === 2 ? {} : { coverImage: `${isolated.server.url}/og-image.png`, coverImageAlt: `Chart for post ${n}` };
      const post = await createPost(api, { title: `Layout post ${n}`, slug: `layout-post-${n}`, excerpt: `Summary of post ${n}.`, ...cover });
      titles.unshift(post.title);
    }
  };

  test.beforeAll(async () => {
    isolated = await startIsolatedServer();
    api = await adminApi(isolated.server.url);
  });
  test.afterAll(async () => {
    await api.dispose();
    await isolated.stop();
  });

  test("with 1, 2, 5 and 13 posts every row of cards is full, in 1, 2 or 3 columns, with no axe violations", async ({ page }) => {
    test.setTimeout(120_000);
    const expected: Record<number, Record<number, number[]>> = {
      1: { 390: [1], 768: [1], 1440: [1] },
      2: { 390: [1, 1], 768: [1, 1], 1440: [1, 1] },
      // Four under the featured post: a row of thirds and a lone last card across its row, as at two columns alone.
      5: { 390: [1, 1, 1, 1, 1], 768: [1, 2, 2], 1440: [1, 3, 1] },
      // Page 1 holds 12: the featured post and 11 more.
      // The pair of halves comes right under the featured post (docs/decisions/059); the grid ends on thirds.
      13: { 390: Array(12).fill(1), 768: [1, 2, 2, 2, 2, 2, 1], 1440: [1, 2, 3, 3, 3] },
    };
    for (const [count, byWidth] of Object.entries(expected)) {
      await addPosts(Number(count) - titles.length);
      for (const [width, sizes] of Object.entries(byWidth)) {
        await page.setViewportSize({ width: Number(width), height: 900 });
        await page.goto(`${isolated.server.url}/blog`);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Zuri Intelligence Blog");
        const rows = await gridRows(page);
        expect(rows, `${count} posts at ${width} px`).toEqual({ sizes, flush: true });
        // 'Read More' under the byline on every card, whatever its width (docs/decisions/059).
        const footers = page.locator("[data-slot=post-card-footer]");
        await expect(footers).toHaveCount(Math.min(Number(count), 12));
        const readMoreBelow = await footers.evaluateAll((all) =>
          all.map((footer) => footer.lastElementChild!.getBoundingClientRect().top >= footer.firstElementChild!.getBoundingClientRect().bottom),
        );
        expect(readMoreBelow, `${count} posts at ${width} px`).not.toContain(false);
        await expectNoAxeViolations(page);
        if (count === "5") await page.screenshot({ path: `/tmp/blog-shots/blog-list-${width}.png`, fullPage: true });
      }
    }
  });

  test("the newest post is the featured card, its cover beside the text from lg up and above it below", async ({ page }) => {
    if (titles.length === 0) await addPosts(5);
    for (const [width, beside] of [
      [390, false],
      [768, false],
      [1024, true],
      [1440, true],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${isolated.server.url}/blog`);
      const featured = page.getByTestId("blog-grid").locator("> li").first();
      await expect(featured.getByText("Latest", { exact: true })).toBeVisible();
      const heading = featured.getByRole("heading", { level: 3 });
      await expect(heading).toHaveText(titles[0]!);
      const cover = (await featured.locator('[data-slot="post-cover"]').boundingBox())!;
      const title = (await heading.boundingBox())!;
      if (beside) expect(cover.x + cover.width, `${width} px`).toBeLessThanOrEqual(title.x);
      else expect(cover.y + cover.height, `${width} px`).toBeLessThanOrEqual(title.y);
      // The first card spans the whole grid.
      const grid = (await page.getByTestId("blog-grid").boundingBox())!;
      expect(Math.round((await featured.boundingBox())!.width)).toBe(Math.round(grid.width));
    }
  });

  test("covers carry their alt text and load without layout shift: the first eagerly, the rest lazily; no cover, its own art", async ({ page }) => {
    if (titles.length === 0) await addPosts(5);
    await page.goto(`${isolated.server.url}/blog`);
    const cards = page.getByTestId("blog-grid").locator("> li");
    const count = await cards.count();
    const arts = new Set<string>();
    for (let i = 0; i < count; i++) {
      const card = cards.nth(i);
      const title = (await card.getByRole("heading", { level: 3 }).textContent())!;
      const n = Number(/(\d+)$/.exec(title)![1]);
      const cover = card.locator('[data-slot="post-cover"]');
      await expect(cover, title).toBeVisible();
      expect((await cover.boundingBox())!.height, title).toBeGreaterThan(100);
      const image = cover.locator("img");
      if (n % 3 === 2) {
        // Decorative generated art, drawn for this post: no two cards share one.
        await expect(image, `${title} has no cover: its generated art`).toHaveAttribute("src", /^\/blog\/cover\/[0-9a-z]+\.svg$/);
        await expect(image).toHaveAttribute("alt", "");
        const src = (await image.getAttribute("src"))!;
        expect(arts.has(src), `${title}: art of its own`).toBe(false);
        arts.add(src);
        await image.scrollIntoViewIfNeeded();
        await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), title).toBe(true);
        continue;
      }
      await expect(card.getByRole("img", { name: `Chart for post ${n}` })).toHaveCount(1);
      await expect(image).toHaveAttribute("width", "1200");
      await expect(image).toHaveAttribute("height", "630");
      await expect(image).toHaveAttribute("decoding", "async");
      if (i === 0) {
        await expect(image).not.toHaveAttribute("loading", "lazy");
        await expect(image).toHaveAttribute("fetchpriority", "high");
      } else {
        await expect(image).toHaveAttribute("loading", "lazy");
      }
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), title).toBe(true);
    }
  });

  test("every card's cover box has the art's shape, uploaded or generated, in thirds, halves and alone", async ({ page }) => {
    if (titles.length === 0) await addPosts(5);
    for (const width of [768, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${isolated.server.url}/blog`);
      // The featured card's cover (the first) is flush with the card and grows with its text; every other one is fixed.
      const covers = page.getByTestId("blog-grid").locator("> li").locator('[data-slot="post-cover"]');
      const count = await covers.count();
      expect(count).toBeGreaterThan(2);
      for (let i = 1; i < count; i++) {
        const box = (await covers.nth(i).boundingBox())!;
        expect(Math.abs(box.width / box.height - 1200 / 630), `${width} px, card ${i + 1}`).toBeLessThan(0.02);
      }
    }
  });

  test("without JavaScript the cards, covers and paging work: Older posts, Page 2, Newer posts", async ({ browser }) => {
    if (titles.length < 13) await addPosts(13 - titles.length);
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${isolated.server.url}/blog`);
    await expect(page.getByTestId("blog-grid").locator("> li")).toHaveCount(12);
    await expect(page.getByRole("link", { name: "Subscribe via RSS" })).toHaveAttribute("href", "/blog/rss.xml");
    await page.getByRole("link", { name: "Older posts" }).click();
    await expect(page).toHaveURL(/\/blog\?page=2$/);
    // A later page opens on the slim header; the paging says how many pages there are.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Zuri Intelligence Blog");
    await expect(page.getByRole("navigation", { name: "Blog pages" }).getByText("Page 2 of 2", { exact: true })).toBeVisible();
    // Page 2's one post: no featured label, a lone card across the row, its cover the first and eager one.
    const only = page.getByTestId("blog-grid").locator("> li");
    await expect(only).toHaveCount(1);
    await expect(only.getByText("Latest", { exact: true })).toHaveCount(0);
    await expect(only.getByRole("heading", { level: 3 })).toHaveText(titles[12]!);
    await expect(only.locator("img")).toHaveAttribute("fetchpriority", "high");
    await page.getByRole("link", { name: "Newer posts" }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByTestId("blog-grid").locator("> li").first().getByRole("heading", { level: 3 })).toHaveText(titles[0]!);
    await context.close();
  });
});

test.describe("404 page", () => {
  const destinations = [
    ["Product", "/product"],
    ["Zuri AI", "/zuri-ai"],
    ["Industries", "/industries"],
    ["Enterprise", "/enterprise"],
    ["Features", "/features"],
    ["Blog", "/blog"],
    ["Book a Demo", "/book-demo"],
  ] as const;

  for (const width of [390, 1440]) {
    test(`at ${width} px offers home, support and the main pages, every link resolving, with no axe violations`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: 900 });
      const response = await page.goto("/this-page-does-not-exist");
      expect(response?.status()).toBe(404);
      await expect(page).toHaveTitle("Page Not Found | Zuri");
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
      await expect(main.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
      await expect(main.getByRole("link", { name: "Contact support" })).toHaveAttribute("href", "mailto:support@zuri.example");
      const cards = main.getByRole("region", { name: "Popular pages" }).getByRole("link");
      await expect(cards).toHaveCount(destinations.length);
      for (const [name, path] of destinations) {
        const link = cards.filter({ hasText: name }).first();
        await expect(link, name).toBeVisible();
        await expect(link, name).toHaveAttribute("href", path);
        expect((await request.get(path)).status(), path).toBe(200);
      }
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `/tmp/blog-shots/not-found-${width}.png`, fullPage: true });
    });
  }

  test("is usable by keyboard: Tab goes from Back to home to the page cards, each with a visible focus ring", async ({ page }) => {
    await page.goto("/this-page-does-not-exist");
    await waitForPageScript(page);
    const main = page.getByRole("main");
    const product = main.getByRole("link", { name: /^Product/ });
    const shadow = () => product.evaluate((link) => getComputedStyle(link).boxShadow);
    const unfocused = await shadow();
    await main.getByRole("link", { name: "Back to home" }).focus();
    await page.keyboard.press("Tab");
    await expect(main.getByRole("link", { name: "Contact support" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(product).toBeFocused();
    // The focus ring is a box shadow on top of the card's own.
    expect(await shadow()).not.toBe(unfocused);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/product$/);
  });
});

test.describe("caching", () => {
  // Its own server and database: a post saved by a parallel test elsewhere would change the ETag.
  let isolated: IsolatedServer;
  test.beforeAll(async () => {
    isolated = await startIsolatedServer();
    const api = await adminApi(isolated.server.url);
    await createPost(api, { title: "Cached post", slug: "cached-post" });
    await api.dispose();
  });
  test.afterAll(() => isolated.stop());

  test("a page the browser revalidates (304) still runs its scripts (allowed by hash)", async ({ page }) => {
    const base = isolated.server.url;
    const cspViolations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    // What the server answered to each request for /blog (its request log), as Chrome reports a revalidated page as 200.
    const blogAnswers = () =>
      isolated.server.output
        .filter((line) => line.includes('"url":"/blog"'))
        .map((line) => (JSON.parse(line) as { res: { statusCode: number } }).res.statusCode);

    await page.goto(`${base}/blog`);
    await waitForPageScript(page);
    await page.goto(`${base}/privacy`);
    await page.goto(`${base}/blog`);
    await waitForPageScript(page);
    await expect.poll(blogAnswers).toEqual([200, 304]);
    expect(cspViolations).toEqual([]);
    // Hydrated: the card link is a client-side navigation on the revalidated page.
    await page.getByRole("link", { name: "Cached post", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cached post");
    expect(blogAnswers()).toEqual([200, 304]);
  });
});

test.describe("blog post", () => {
  test("shows its content and cover image, and carries its SEO tags", async ({ page, baseURL }) => {
    const api = await adminApi(baseURL!);
    const slug = `seo-post-${unique()}`;
    await createPost(api, {
      title: "Forecast demand before it happens",
      slug,
      content:
        '<h2>What changes</h2><p>See which stores will run out of stock <strong>next week</strong>.</p><p><span class="text-size-large">Act early.</span></p><ul><li>Fewer stockouts</li></ul>',
      coverImage: `${baseURL}/og-image.png`,
      coverImageAlt: "Demand forecast chart",
      metaTitle: "Forecast demand | Zuri",
      metaDescription: "How Zuri forecasts demand so stores never run out.",
      keywords: "forecasting, retail",
    });
    await api.dispose();

    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      const response = await page.goto(`/blog/${slug}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Forecast demand before it happens");
      await expect(page.getByRole("heading", { level: 2, name: "What changes" })).toBeVisible();
      await expect(page.getByTestId("post-byline")).toContainText("1 min read");
      await expect(page.getByTestId("post-content").getByText("next week")).toBeVisible();
      const cover = page.locator(`img[src="${baseURL}/og-image.png"]`);
      await expect(cover).toBeVisible();
      expect(await cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      expect((await cover.boundingBox())!.height).toBeLessThanOrEqual(500);
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `/tmp/blog-shots/blog-post-${width}.png`, fullPage: true });
    }

    await expect(page).toHaveTitle("Forecast demand | Zuri");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", "How Zuri forecasts demand so stores never run out.");
    await expect(page.locator('meta[name="keywords"]')).toHaveAttribute("content", "forecasting, retail");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/blog/${slug}`);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", `${baseURL}/og-image.png`);
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute("href", "/blog/rss.xml");
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(jsonLd).toMatchObject({ "@type": "BlogPosting", headline: "Forecast demand before it happens" });
  });

  test("a missing post answers 404 with the error state and a way back", async ({ page }) => {
    const response = await page.goto("/blog/this-post-does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Failed to load blog post. It may have been removed or is not published.")).toBeVisible();
    await expectNoAxeViolations(page);
    await waitForPageScript(page);
    await page.getByRole("link", { name: "Return to Blog" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Zuri Intelligence Blog");
  });

  test("an admin previews a draft; an anonymous visitor cannot", async ({ page, browser, baseURL }) => {
    const api = await adminApi(baseURL!);
    const draft = await createPost(api, { title: `Unannounced plan ${unique()}`, slug: `draft-${unique()}`, published: false });
    await api.dispose();

    await loginAsAdmin(page);
    const preview = await page.goto(`/blog/${draft.slug}?preview=true`);
    expect(preview?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(draft.title);
    await expect(page.getByText("This draft is not published")).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");

    const anonymous = await browser.newPage();
    for (const path of [`/blog/${draft.slug}?preview=true`, `/blog/${draft.slug}`]) {
      const response = await anonymous.goto(`${baseURL}${path}`);
      expect(response?.status()).toBe(404);
      await expect(anonymous.getByText(draft.title)).toHaveCount(0);
    }
    await anonymous.close();
  });
});

test.describe("empty blog", () => {
  let isolated: IsolatedServer;
  test.beforeAll(async () => {
    isolated = await startIsolatedServer();
  });
  test.afterAll(() => isolated.stop());

  test("shows 'No blog posts found.' and 'Check back soon for new content!'", async ({ page }) => {
    await page.goto(`${isolated.server.url}/blog`);
    await expect(page.getByText("No blog posts found.")).toBeVisible();
    await expect(page.getByText("Check back soon for new content!")).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
