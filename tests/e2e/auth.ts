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
  // Each sign-in comes from its own address (TEST-NET-2, RFC 5737; the e2e server trusts loopback's
  // X-Forwarded-For): the suite signs in more than the 100 times per address and 15 minutes that
  // docs/decisions/031 allows one network. Only the sign-in's own request carries it.
  const from = `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
  const signIn = /\/(cms\/login|api\/login)(\.data)?(\?|$)/;
  await page.route(signIn, (route) =>
    route.request().method() === "POST" ? route.continue({ headers: { ...route.request().headers(), "x-forwarded-for": from } }) : route.continue(),
  );
  await page.goto(`/cms/login${query}`);
  const form = page.getByRole("tabpanel", { name: "Login" });
  await form.getByLabel("Username").fill(username);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Login" }).click();
  // argon2 is slow on purpose; give a loaded machine time.
  await expect(page).toHaveURL((url) => url.pathname !== "/cms/login", { timeout: 15_000 });
  await page.unroute(signIn);
}

/**
 * Waits until React has hydrated the CMS page: its forms carry the hidden `_js` field only then.
 * Before that a click posts the plain HTML form (which works, but shows no toast).
 */
export async function waitForHydration(page: Page) {
  await page.locator('input[name="_js"]').first().waitFor({ state: "attached", timeout: 15_000 });
}
