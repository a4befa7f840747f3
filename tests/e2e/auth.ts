import { expect, type Page } from "@playwright/test";
import { e2eAdmin } from "../../playwright.config.ts";

/**
 * Signs the page's browser context in as the e2e admin through the real login form, and waits for
 * the dashboard. Each call is a real login (the e2e server's limits count failures, not successes).
 */
export async function loginAsAdmin(page: Page, { redirectTo }: { redirectTo?: string } = {}) {
  await loginAs(page, e2eAdmin, { redirectTo });
}

export async function loginAs(
  page: Page,
  { username, password }: { username: string; password: string },
  { redirectTo }: { redirectTo?: string } = {},
) {
  const query = redirectTo ? `?${new URLSearchParams({ redirectTo })}` : "";
  await page.goto(`/cms/login${query}`);
  const form = page.getByRole("tabpanel", { name: "Login" });
  await form.getByLabel("Username").fill(username);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Login" }).click();
  // argon2 is slow on purpose; give a loaded machine time.
  await expect(page).toHaveURL((url) => url.pathname !== "/cms/login", { timeout: 15_000 });
}

/**
 * Waits until React has hydrated the CMS page: its forms carry the hidden `_js` field only then.
 * Before that a click posts the plain HTML form (which works, but shows no toast).
 */
export async function waitForHydration(page: Page) {
  await page.locator('input[name="_js"]').first().waitFor({ state: "attached", timeout: 15_000 });
}
