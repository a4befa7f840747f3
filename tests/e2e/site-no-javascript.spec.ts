import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe.ts";

/** The public journeys with JavaScript disabled (docs/decisions/016): the header and footer are real links. */
test.use({ javaScriptEnabled: false });

const header = (page: Page) => page.getByRole("banner");

test("at 1440 px the header's Product menu opens without JavaScript and reaches /product and /zuri-ai", async ({ page }) => {
  await page.goto("/");
  await expect(header(page).getByRole("link", { name: "Zuri home" })).toBeVisible();
  await expect(header(page).getByRole("link", { name: "Get Started" })).toBeVisible();
  const product = header(page).locator("summary", { hasText: "Product" });
  await product.click();
  await header(page).getByRole("link", { name: /Overview/ }).click();
  await expect(page).toHaveURL(/\/product$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  await header(page).locator("summary", { hasText: "Product" }).click();
  await header(page).getByRole("link", { name: /Zuri AI/ }).click();
  await expect(page).toHaveURL(/\/zuri-ai$/);
  for (const name of ["Industries", "Enterprise", "Blog"]) {
    await expect(header(page).getByRole("link", { name, exact: true })).toBeVisible();
  }
});

test("by keyboard alone, without JavaScript, the Product menu opens and its links are followed", async ({ page }) => {
  await page.goto("/");
  const product = header(page).locator("summary", { hasText: "Product" });
  await product.focus();
  await page.keyboard.press("Enter");
  await expect(header(page).getByRole("link", { name: /Zuri AI/ })).toBeVisible();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(header(page).getByRole("link", { name: /Zuri AI/ })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/zuri-ai$/);
});

test("at 390 px the drawer opens without JavaScript and reaches /product and /zuri-ai", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [name, path] of [
    ["Overview", "/product"],
    ["Zuri AI", "/zuri-ai"],
  ] as const) {
    await page.goto("/");
    const menu = header(page).locator('summary[aria-label="Menu"]');
    await expect(menu).toBeVisible();
    await menu.click();
    const drawer = header(page).getByRole("navigation", { name: "Mobile" });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole("link", { name: "Get Started" })).toBeVisible();
    await drawer.getByRole("link", { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
});

test("every footer link is a real link that resolves", async ({ page, request }) => {
  await page.goto("/");
  const links = page.getByRole("contentinfo").getByRole("link");
  const hrefs = await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href") ?? ""));
  expect(hrefs).toContain("/privacy#cookies"); // Cookie Settings without JavaScript
  for (const href of hrefs) {
    expect(href, "a footer link without an address").not.toBe("");
    if (href.startsWith("mailto:")) {
      expect(href).toMatch(/^mailto:[^@\s]+@[^@\s]+$/);
    } else if (href.startsWith("#")) {
      // Back to top: a fragment of this page, whose target exists.
      await expect(page.locator(href), href).toHaveCount(1);
    } else if (href.startsWith("/")) {
      expect((await request.get(href)).status(), href).toBe(200);
    } else {
      // Social profiles and the Spreadsheet Analyzer live on other sites (placeholders in site-config).
      expect(() => new URL(href), href).not.toThrow();
    }
  }
});

test("the cookie banner neither shows nor covers content without JavaScript", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("region", { name: /cookie/i })).toHaveCount(0);
  await expect(page.locator("[data-cookie-banner]")).toBeHidden();
});

test.describe("the no-script header, checked by axe", () => {
  // axe needs JavaScript; the page's own scripts are blocked instead, so it stays in its no-script form.
  test.use({ javaScriptEnabled: true });

  for (const [width, opener] of [
    [1440, (page: Page) => header(page).locator("summary", { hasText: "Product" })],
    [390, (page: Page) => header(page).locator('summary[aria-label="Menu"]')],
  ] as const) {
    test(`at ${width} px, open, has no axe violations`, async ({ page }) => {
      await page.route("**/assets/*.js", (route) => route.abort());
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/");
      await opener(page).click();
      await expect(header(page).getByRole("link", { name: /Zuri AI/ })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});
