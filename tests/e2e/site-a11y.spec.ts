import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe.ts";
import { waitForPageScript } from "./page-script.ts";

/** Every public page, and the 404 (axe at 390 and 1440 px, cookie banner open and closed). */
const pages = [
  "/",
  "/product",
  "/zuri-ai",
  "/industries",
  "/enterprise",
  "/features",
  "/privacy",
  "/terms",
  "/blog",
  "/book-demo",
  "/no-such-page",
];

const banner = (page: Page) => page.getByRole("region", { name: "We value your privacy" });

for (const width of [390, 1440]) {
  test.describe(`axe at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    // Each test runs axe twice on a full page; the shared CI machine is slow.
    test.slow();

    for (const path of pages) {
      test(`${path} with the cookie banner open and closed`, async ({ page }) => {
        await page.goto(path);
        await waitForPageScript(page);
        await expect(banner(page)).toBeVisible();
        await expectNoAxeViolations(page);
        await banner(page).getByRole("button", { name: "Accept All" }).click();
        await expect(banner(page)).toBeHidden();
        await expectNoAxeViolations(page);
      });
    }

    test("the open header menu, drawer and cookie preferences dialog", async ({ page }) => {
      await page.goto("/");
      await waitForPageScript(page);
      const header = page.getByRole("banner");
      await (width < 768 ? header.getByLabel("Menu", { exact: true }) : header.locator("summary", { hasText: "Product" })).click();
      await expect(header.getByRole("link", { name: /Zuri AI/ })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.keyboard.press("Escape");
      await banner(page).getByRole("button", { name: "Manage Preferences" }).click();
      await expect(page.getByRole("dialog", { name: "Cookie Preferences" })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}
