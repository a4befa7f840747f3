import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./axe.ts";

test("the home page renders server-side, hydrates, and has no axe violations", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Instantly get actionable smart business decisions");
  await expectNoAxeViolations(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the home page shows its full content", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Instantly get actionable smart business decisions");
  });
});
