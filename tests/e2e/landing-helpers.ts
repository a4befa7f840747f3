import { expect, type Page } from "@playwright/test";
import type { LandingPageInput } from "../../shared/landing-pages.ts";

/** Creates and publishes a landing page through the CMS API (docs/decisions/038), with a signed-in page's session. */
export async function publishLandingPage(page: Page, input: LandingPageInput) {
  const created = await page.request.post("/api/cms/landing-pages", { data: input });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const published = await page.request.post(`/api/cms/landing-pages/${id}/publish`, { data: {} });
  expect(published.status(), await published.text()).toBe(200);
  return { id, path: `/l/${input.slug}` };
}
