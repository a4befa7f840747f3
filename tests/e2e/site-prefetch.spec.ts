import { expect, test } from "@playwright/test";

/** The next page is fetched before the click (docs/decisions/016). */
test("Speculation Rules prefetch the page a hovered header link leads to, even before hydration", async ({ page }) => {
  // Chromium reports speculative prefetches over the DevTools protocol, not as page requests.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Preload.enable");
  const ready = new Promise<string>((resolve) =>
    cdp.on("Preload.prefetchStatusUpdated", (event) => {
      if (event.status === "Ready") resolve(new URL(event.prefetchUrl).pathname);
    }),
  );
  // The page's own scripts are blocked: the browser alone acts on the rules.
  await page.route("**/assets/*.js", (route) => route.abort());
  await page.goto("/");
  await page.getByRole("banner").getByRole("link", { name: "Industries", exact: true }).hover();
  expect(await ready).toBe("/industries");
});
