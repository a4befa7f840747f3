import { expect, test, type Locator, type Page } from "@playwright/test";
import { waitForPageScript as hydrated } from "./page-script.ts";

const banner = (page: Page) => page.getByRole("region", { name: "We value your privacy" });
const dialog = (page: Page) => page.getByRole("dialog", { name: "Cookie Preferences" });
const stored = (page: Page) =>
  page.evaluate(() => {
    const raw = window.localStorage.getItem("cookieConsent");
    return raw === null ? null : (JSON.parse(raw) as unknown);
  });

/** Console lines of docs/product.md §4's "apply preferences". */
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

/** Focus is on `target`, a real element: never left on <body> (docs/decisions/010). */
async function expectFocusOn(target: Locator) {
  await expect(target).toBeFocused();
  expect(await target.page().evaluate(() => document.activeElement?.tagName)).not.toBe("BODY");
}

const mainContent = (page: Page) => page.locator("main#main-content");

/** From page load: Tab to the skip link, then through the banner to Accept All (at most 3 more Tabs). */
async function tabToAcceptAll(page: Page) {
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();
  const acceptAll = banner(page).getByRole("button", { name: "Accept All" });
  const reached: string[] = [];
  for (let tab = 0; tab < 3; tab++) {
    await page.keyboard.press("Tab");
    reached.push(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? ""));
    if (await acceptAll.evaluate((element) => element === document.activeElement)) break;
  }
  await expect(acceptAll).toBeFocused();
  return reached;
}

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
      // In the order they are shown and reached by Tab (docs/decisions/010).
      await expect(banner(page).getByRole("button")).toHaveText(["Reject All", "Accept All", "Manage Preferences"]);
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
      // On load a stored choice is applied again (docs/product.md §4).
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

    test("keyboard: the banner comes right after the skip link, Accept All within 3 Tabs, then focus goes to the main content", async ({ page }) => {
      await page.goto("/");
      await hydrated(page);
      // The labelled region is next in the document after the skip link, ahead of the header.
      const nextAfterSkipLink = await page.evaluate(() => {
        const next = document.querySelector('a[href="#main-content"]')?.nextElementSibling;
        return next?.matches("section[data-cookie-banner][aria-labelledby]") ?? false;
      });
      expect(nextAfterSkipLink).toBe(true);
      expect(await tabToAcceptAll(page)).toEqual(["Privacy Policy", "Reject All", "Accept All"]);
      await page.keyboard.press("Enter");
      await expect(banner(page)).toBeHidden();
      expect(await stored(page)).toEqual({ essential: true, analytics: true, marketing: true });
      await expectFocusOn(mainContent(page));
      // Focusing the main content does not scroll the page.
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      // The next Tab continues from the main content, not from the top of the page.
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.querySelector("main")!.contains(document.activeElement))).toBe(true);
    });

    test("keyboard: Reject All in the banner leaves focus on the main content", async ({ page }) => {
      await page.goto("/product");
      await hydrated(page);
      await tabToAcceptAll(page);
      await page.keyboard.press("Shift+Tab");
      await expect(banner(page).getByRole("button", { name: "Reject All" })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(banner(page)).toBeHidden();
      expect(await stored(page)).toEqual({ essential: true, analytics: false, marketing: false });
      await expectFocusOn(mainContent(page));
    });

    test("keyboard: Cancel and Escape in the dialog return focus to Manage Preferences; Save and Reject All, to the main content", async ({ page }) => {
      await page.goto("/");
      await hydrated(page);
      const manage = banner(page).getByRole("button", { name: "Manage Preferences" });
      await tabToAcceptAll(page);
      await page.keyboard.press("Tab");
      await expect(manage).toBeFocused();

      await page.keyboard.press("Enter");
      await expect(dialog(page)).toBeVisible();
      await dialog(page).getByRole("button", { name: "Cancel" }).press("Enter");
      await expect(dialog(page)).toBeHidden();
      await expectFocusOn(manage);

      await page.keyboard.press("Enter");
      await expect(dialog(page)).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(dialog(page)).toBeHidden();
      await expectFocusOn(manage);
      expect(await stored(page)).toBeNull();

      // Save Preferences: the banner, and the button that opened the dialog, are gone.
      await page.keyboard.press("Enter");
      await dialog(page).getByRole("switch", { name: "Marketing" }).press("Space");
      await dialog(page).getByRole("button", { name: "Save Preferences" }).press("Enter");
      await expect(dialog(page)).toBeHidden();
      await expect(banner(page)).toBeHidden();
      expect(await stored(page)).toEqual({ essential: true, analytics: false, marketing: true });
      await expectFocusOn(mainContent(page));
    });

    test("Reject All in the dialog opened from the banner leaves focus on the main content", async ({ page }) => {
      await page.goto("/");
      await hydrated(page);
      await banner(page).getByRole("button", { name: "Manage Preferences" }).click();
      await dialog(page).getByRole("button", { name: "Reject All" }).click();
      await expect(dialog(page)).toBeHidden();
      await expectFocusOn(mainContent(page));
    });

    test("the dialog opened from the footer's Cookie Settings returns focus there after Cancel, Escape, Reject All and Save", async ({ page }) => {
      await page.goto("/");
      await hydrated(page);
      await banner(page).getByRole("button", { name: "Accept All" }).click();
      await expect(banner(page)).toBeHidden();
      const cookieSettings = page.getByRole("contentinfo").getByRole("button", { name: "Cookie Settings" });
      const close = {
        Cancel: () => dialog(page).getByRole("button", { name: "Cancel" }).click(),
        Escape: () => page.keyboard.press("Escape"),
        "Reject All": () => dialog(page).getByRole("button", { name: "Reject All" }).click(),
        "Save Preferences": () => dialog(page).getByRole("button", { name: "Save Preferences" }).click(),
      };
      for (const [name, closeDialog] of Object.entries(close)) {
        await cookieSettings.click();
        await expect(dialog(page), name).toBeVisible();
        await closeDialog();
        await expect(dialog(page), name).toBeHidden();
        await expectFocusOn(cookieSettings);
      }
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
