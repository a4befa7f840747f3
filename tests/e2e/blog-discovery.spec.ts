import { randomBytes } from "node:crypto";
import { expect, request, test, type Page } from "@playwright/test";
import { e2eAdmin } from "../../playwright.config.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { waitForPageScript } from "./page-script.ts";

/**
 * A visitor finds a post by searching the blog and by its tag (docs/decisions/043), with JavaScript
 * and without it (public pages work before and without scripts, decision 016).
 */

// A word and a tag no other journey uses (each worker seeds its own).
const marker = randomBytes(3).toString("hex");
const word = `zephyr${marker}`;
const tagName = `Topic ${marker}`;
const tagSlug = `topic-${marker}`;
const title = `Seeing stockouts early with ${word}`;

/**
 * Playwright runs `beforeAll` again each time a worker comes back to this file after other files' tests
 * (fullyParallel), with this module (and `marker`) kept: the posts are seeded once per worker.
 */
let seeded = false;

test.beforeAll(async ({ baseURL }) => {
  if (seeded) return;
  seeded = true;
  const api = await request.newContext({ baseURL });
  const login = await api.post("/api/login", { data: { username: e2eAdmin.username, password: e2eAdmin.password } });
  expect(login.ok()).toBe(true);
  for (const post of [
    { title, published: true },
    { title: `Draft about ${word}`, published: false },
  ]) {
    const response = await api.post("/api/cms/posts", {
      data: {
        ...post,
        slug: `${post.title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${marker}`,
        content: `<p>How ${word} helps retail teams see which stores will run out of stock next week.</p>`,
        // Enough other topics to fill more than a phone's width: the tag page wraps them.
        tags: [tagName, "Forecasting", "Natural-language queries", "Customer analytics", "Data integration"],
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  await api.dispose();
});

/** Searches from the blog header's form and opens the one result, then its tag, then the post again from the tag page. */
async function findBySearchAndTag(page: Page) {
  await page.getByRole("searchbox", { name: "Search the blog" }).fill(word);
  await page.getByRole("searchbox", { name: "Search the blog" }).press("Enter");
  await expect(page).toHaveURL(new RegExp(`/blog\\?q=${word}$`));
  await expect(page.getByRole("heading", { level: 2, name: `1 result for “${word}”` })).toBeVisible();
  await expect(page.getByRole("searchbox", { name: "Search the blog" })).toHaveValue(word);
  const results = page.getByTestId("search-results");
  await expect(results.locator("mark").first()).toHaveText(word);
  await expect(page.getByText(`Draft about ${word}`)).toHaveCount(0);

  await results.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);

  await page.getByRole("list", { name: "Topics" }).getByRole("link", { name: tagName }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/tag/${tagSlug}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(tagName);
  await page.getByTestId("blog-grid").getByRole("link", { name: title }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
}

test("with JavaScript, a visitor finds a post by searching the blog and by its tag", async ({ page }) => {
  await page.goto("/blog");
  await waitForPageScript(page);
  await findBySearchAndTag(page);
});

test("without JavaScript, search, tag links and the 404 page's search all work", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL, viewport: { width: 390, height: 900 } });
  const page = await context.newPage();
  await page.goto("/blog");
  await findBySearchAndTag(page);

  const notFound = await page.goto(`/no-such-page-${marker}`);
  expect(notFound?.status()).toBe(404);
  await page.getByRole("searchbox", { name: "Search the blog" }).fill(word);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByRole("heading", { level: 2, name: `1 result for “${word}”` })).toBeVisible();

  // A search with no words to look for is the friendly empty state, not an error.
  const punctuation = await page.goto("/blog?q=%22%2A%3A");
  expect(punctuation?.status()).toBe(200);
  await expect(page.getByText(/^No posts match/)).toBeVisible();
  await page.getByRole("link", { name: "Browse all posts" }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await context.close();
});

for (const width of [390, 1440]) {
  test(`the search results and a tag page have no axe violations at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/blog?q=${word}`);
    await expect(page.getByTestId("search-results").locator("> li")).toHaveCount(1);
    // The results start at the header's left edge, in its container (docs/decisions/059).
    const header = (await page.getByRole("heading", { level: 1 }).boundingBox())!;
    const results = (await page.getByTestId("search-results").boundingBox())!;
    expect(Math.round(results.x)).toBe(Math.round(header.x));
    await expectNoAxeViolations(page);
    await page.goto(`/blog?q=nothing${marker}`);
    await expect(page.getByText(/^No posts match/)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto(`/blog/tag/${tagSlug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(tagName);
    // The search and topics stay slim on a phone: the first post shows in the first screen, not under the panel.
    if (width === 390) {
      const firstCard = (await page.getByTestId("blog-grid").locator("> li").first().boundingBox())!;
      expect(firstCard.y).toBeLessThan(900 - 120);
      // The other topics wrap onto lines: none runs past the screen's edge (docs/decisions/043).
      const chipEdges = await page.getByRole("list", { name: "More topics" }).getByRole("link").evaluateAll((links) => links.map((link) => link.getBoundingClientRect().right));
      expect(Math.max(...chipEdges)).toBeLessThanOrEqual(width);
    }
    await expectNoAxeViolations(page);
  });
}
