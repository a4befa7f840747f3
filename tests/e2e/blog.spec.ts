import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, request, test, type APIRequestContext } from "@playwright/test";
import { e2eAdmin } from "../../playwright.config.ts";
import { spawnServer } from "../support/server-process.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { loginAsAdmin } from "./auth.ts";
import { waitForHydration } from "./site-hydration.ts";

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
    // Enough posts to fill three columns on the first page, whatever else the run created.
    for (let i = 0; i < 3; i++) {
      await createPost(api, { title: `Grid post ${i} ${unique()}`, slug: `grid-post-${i}-${unique()}`, excerpt: "Short summary." });
    }
    await api.dispose();
  });

  for (const [width, columns] of [
    [390, 1],
    [768, 2],
    [1440, 3],
  ] as const) {
    test(`shows the cards in ${columns} column(s) at ${width} px, with no axe violations`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      const response = await page.goto("/blog");
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Zuri Intelligence Blog");
      const cards = page.getByTestId("blog-grid").locator("> li");
      await expect(cards.first()).toBeVisible();
      const lefts = await cards.evaluateAll((items) => items.slice(0, 6).map((item) => Math.round(item.getBoundingClientRect().left)));
      expect(new Set(lefts).size).toBe(columns);
      await expect(cards.first().getByRole("link", { name: /^Read More/ })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `/tmp/blog-shots/blog-list-${width}.png`, fullPage: true });
    });
  }

  test("a card's title and Read More lead to the post", async ({ page }) => {
    await page.goto("/blog");
    await waitForHydration(page);
    const firstCard = page.getByTestId("blog-grid").locator("> li").first();
    const title = (await firstCard.getByRole("heading", { level: 3 }).textContent())!;
    await firstCard.getByRole("link", { name: /^Read More/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await page.getByRole("link", { name: "Back to Blog" }).click();
    await expect(page).toHaveURL(/\/blog$/);
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
    await waitForHydration(page);
    await page.goto(`${base}/privacy`);
    await page.goto(`${base}/blog`);
    await waitForHydration(page);
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
    await waitForHydration(page);
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
