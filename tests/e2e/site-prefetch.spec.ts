import { expect, test } from "@playwright/test";

/**
 * The next page is asked for before the click (docs/decisions/016, 019): hovering a header link makes
 * Chromium try to prerender it, as the page's Speculation Rules say, and fetch it ahead. Chromium does not
 * prerender while DevTools drives it (it reports "PrerenderingDisabledByDevTools"), so the prerender is
 * checked as attempted, and the prefetch its rules also carry as fetched. Reported over the DevTools
 * protocol, not as page requests.
 */
test("hovering a header link makes the browser try to prerender its page and fetch it ahead, with the page's own script blocked", async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Preload.enable");
  const prerenderTried = new Promise<string>((resolve) =>
    cdp.on("Preload.prerenderStatusUpdated", (event) => resolve(new URL(event.key.url).pathname)),
  );
  const prefetched = new Promise<string>((resolve) =>
    cdp.on("Preload.prefetchStatusUpdated", (event) => {
      if (event.status === "Ready") resolve(new URL(event.prefetchUrl).pathname);
    }),
  );
  // The page's own script is blocked: the browser alone acts on the rules.
  await page.route("**/assets/*.js", (route) => route.abort());
  await page.goto("/");
  await page.getByRole("banner").getByRole("link", { name: "Industries", exact: true }).hover();
  expect(await prerenderTried).toBe("/industries");
  expect(await prefetched).toBe("/industries");
});
