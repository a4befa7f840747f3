import { expect, test, type Page } from "@playwright/test";
import { waitForHydration as hydrated } from "./site-hydration.ts";

const banner = (page: Page) => page.getByRole("region", { name: "We value your privacy" });
const dialog = (page: Page) => page.getByRole("dialog", { name: "Cookie Preferences" });
const stored = (page: Page) =>
  page.evaluate(() => {
    const raw = window.localStorage.getItem("cookieConsent");
    return raw === null ? null : (JSON.parse(raw) as unknown);
  });

/** Console lines of SPEC §4's "apply preferences". */
function consentLog(page: Page) {
  const lines: string[] = [];
  page.on("console", (message) => {
    if (message.text().startsWith("Cookie consent:")) lines.push(message.text());
  });
  return lines;
}

/** Sum of layout-shift scores since navigation (the banner must not move the page). */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) total += entry.value;
        }).observe({ type: "layout-shift", buffered: true });
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(total)));
      }),
  );


for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test.describe(`cookie consent at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("Accept All stores every category, logs them, and the banner stays gone after reload", async ({ page }) => {
      const log = consentLog(page);
      await page.goto("/");
      await hydrated(page);
      await expect(banner(page)).toBeVisible();
      await expect(banner(page).getByRole("button")).toHaveText(["Manage Preferences", "Reject All", "Accept All"]);
      await banner(page).getByRole("button", { name: "Accept All" }).click();
      await expect(banner(page)).toBeHidden();
      expect(await stored(page)).toEqual({ essential: true, analytics: true, marketing: true });
      expect(log).toEqual([
        "Cookie consent: essential cookies enabled",
        "Cookie consent: analytics cookies enabled",
        "Cookie consent: marketing cookies enabled",
      ]);

      log.length = 0;
      await page.reload();
      await hydrated(page);
      await expect(banner(page)).toBeHidden();
      // On load a stored choice is applied again (SPEC §4).
      await expect.poll(() => log.length).toBe(3);
    });

    test("Reject All stores only essential and hides the banner", async ({ page }) => {
      const log = consentLog(page);
      await page.goto("/product");
      await hydrated(page);
      await banner(page).getByRole("button", { name: "Reject All" }).click();
      await expect(banner(page)).toBeHidden();
      expect(await stored(page)).toEqual({ essential: true, analytics: false, marketing: false });
      expect(log).toContain("Cookie consent: analytics cookies disabled");
      expect(log).toContain("Cookie consent: marketing cookies disabled");
      await page.reload();
      await expect(banner(page)).toBeHidden();
    });

    test("Manage Preferences: Essential is on and locked; Save Preferences stores the chosen switches", async ({ page }) => {
      await page.goto("/");
      await hydrated(page);
      await banner(page).getByRole("button", { name: "Manage Preferences" }).click();
      await expect(dialog(page)).toBeVisible();
      const essential = dialog(page).getByRole("switch", { name: "Essential" });
      const analytics = dialog(page).getByRole("switch", { name: "Analytics" });
      const marketing = dialog(page).getByRole("switch", { name: "Marketing" });
      await expect(essential).toBeChecked();
      await expect(essential).toBeDisabled();
      await expect(analytics).not.toBeChecked();
      await expect(marketing).not.toBeChecked();
      await expect(dialog(page).getByRole("button", { name: /^(Cancel|Reject All|Save Preferences)$/ })).toHaveText([
        "Cancel",
        "Reject All",
        "Save Preferences",
      ]);

      await analytics.click();
      await expect(analytics).toBeChecked();
      await dialog(page).getByRole("button", { name: "Save Preferences" }).click();
      await expect(dialog(page)).toBeHidden();
      await expect(banner(page)).toBeHidden();
      expect(await stored(page)).toEqual({ essential: true, analytics: true, marketing: false });

      // Reopened from the footer, the dialog shows the stored choice.
      await page.getByRole("contentinfo").getByRole("button", { name: "Cookie Settings" }).click();
      await expect(dialog(page).getByRole("switch", { name: "Analytics" })).toBeChecked();
      await expect(dialog(page).getByRole("switch", { name: "Marketing" })).not.toBeChecked();
    });

    test("Cancel closes the dialog without choosing, and the banner stays", async ({ page }) => {
      await page.goto("/");
      await hydrated(page);
      await banner(page).getByRole("button", { name: "Manage Preferences" }).click();
      await dialog(page).getByRole("switch", { name: "Marketing" }).click();
      await dialog(page).getByRole("button", { name: "Cancel" }).click();
      await expect(dialog(page)).toBeHidden();
      await expect(banner(page)).toBeVisible();
      expect(await stored(page)).toBeNull();
    });

    test("Reject All in the dialog and Escape behave like the spec says", async ({ page }) => {
      await page.goto("/");
      await hydrated(page);
      await banner(page).getByRole("button", { name: "Manage Preferences" }).click();
      await page.keyboard.press("Escape");
      await expect(dialog(page)).toBeHidden();
      expect(await stored(page)).toBeNull();
      await banner(page).getByRole("button", { name: "Manage Preferences" }).click();
      await dialog(page).getByRole("switch", { name: "Analytics" }).click();
      await dialog(page).getByRole("button", { name: "Reject All" }).click();
      await expect(dialog(page)).toBeHidden();
      expect(await stored(page)).toEqual({ essential: true, analytics: false, marketing: false });
    });

    test("the banner does not shift the layout", async ({ page }) => {
      await page.goto("/");
      await hydrated(page);
      await expect(banner(page)).toBeVisible();
      await expect(banner(page)).toHaveCSS("position", "fixed");
      await banner(page).getByRole("button", { name: "Accept All" }).click();
      await expect(banner(page)).toBeHidden();
      expect(await layoutShift(page)).toBe(0);
      await page.reload();
      await hydrated(page);
      expect(await layoutShift(page)).toBe(0);
    });
  });
}

test("a returning visitor never sees the banner, even before the JavaScript bundle runs", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await banner(page).getByRole("button", { name: "Reject All" }).click();
  await expect(banner(page)).toBeHidden();
  // Hold back every module script: what is painted is the server HTML plus the inline head script.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator("[data-cookie-banner]")).toHaveCount(1);
  await expect(page.locator("[data-cookie-banner]")).toBeHidden();
});

test("a first-time visitor sees the banner in the server HTML, before the JavaScript bundle runs", async ({ page }) => {
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto("/");
  await expect(banner(page)).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("no banner is shown (nothing beyond essential storage can be set without scripts)", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator("[data-cookie-banner]")).toBeHidden();
  });
});
