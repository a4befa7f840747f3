import type { Page } from "@playwright/test";

/**
 * Waits until the public page's script has set up its controls (app/site/main.ts marks <html data-enhanced>;
 * docs/decisions/019), for journeys that use what only it adds (toasts, copy link, the demo form's JSON post).
 * Everything else on a public page works before it: journeys that need no more must not wait for it.
 */
export async function waitForPageScript(page: Page) {
  await page.locator("html[data-enhanced]").waitFor({ state: "attached" });
}
