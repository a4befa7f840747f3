import type { Page } from "@playwright/test";

/** Waits until the public page has hydrated (SiteChrome marks <html data-hydrated>), so clicks reach React. */
export async function waitForHydration(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}
