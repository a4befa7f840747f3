import { expect, test, type Page } from "@playwright/test";
import { waitForPageScript } from "./page-script.ts";

const desktop = { width: 1440, height: 900 };
const phone = { width: 390, height: 844 };

/** Every test starts as a returning visitor who already chose, so the banner stays out of the way. */
async function withConsentChosen(page: Page) {
  await page.addInitScript(() =>
    window.localStorage.setItem("cookieConsent", JSON.stringify({ essential: true, analytics: false, marketing: false })),
  );
}

const header = (page: Page) => page.getByRole("banner");
/** The header's menus are <details> disclosures (docs/decisions/019): their buttons are <summary> elements. */
const productButton = (page: Page) => header(page).locator("summary", { hasText: "Product" });
const productMenu = (page: Page) => header(page).locator("details[data-menu]", { has: page.locator("summary", { hasText: "Product" }) }).getByRole("list");

test.describe("header at 1440 px", () => {
  test.use({ viewport: desktop });
  test.beforeEach(({ page }) => withConsentChosen(page));

  test("shows the logo, Product menu, links and Get Started, and no menu panel button", async ({ page }) => {
    await page.goto("/industries");
    const nav = header(page).getByRole("navigation", { name: "Main" });
    await expect(header(page)).toHaveCSS("position", "fixed");
    await expect(header(page).getByRole("link", { name: "Zuri home" })).toHaveAttribute("href", "/");
    for (const [name, href] of [
      ["Industries", "/industries"],
      ["Enterprise", "/enterprise"],
      ["Blog", "/blog"],
    ] as const) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(nav.getByRole("link", { name: "Industries" })).toHaveAttribute("aria-current", "page");
    await expect(header(page).getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/book-demo");
    await expect(header(page).getByLabel("Menu", { exact: true })).toBeHidden();
  });

  test("the Product menu opens and closes by mouse, closes on a click outside, and its links navigate", async ({ page }) => {
    await page.goto("/");
    await waitForPageScript(page);
    await productButton(page).click();
    await expect(productMenu(page)).toBeVisible();
    await expect(productMenu(page).getByRole("link")).toHaveText([/Overview/, /Zuri AI/]);
    await productButton(page).click();
    await expect(productMenu(page)).toBeHidden();

    await productButton(page).click();
    await page.getByRole("heading", { level: 1 }).click();
    await expect(productMenu(page)).toBeHidden();

    await productButton(page).click();
    await productMenu(page).getByRole("link", { name: /Overview/ }).click();
    await expect(page).toHaveURL(/\/product$/);
    await expect(productMenu(page)).toBeHidden();
  });

  test("the Product menu works by keyboard: Enter, Space, arrows, Escape returns focus", async ({ page }) => {
    await page.goto("/");
    await waitForPageScript(page);
    await productButton(page).focus();
    await page.keyboard.press("Enter");
    await expect(productMenu(page)).toBeVisible();
    await page.keyboard.press("ArrowDown");
    await expect(productMenu(page).getByRole("link", { name: /Overview/ })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(productMenu(page)).toBeHidden();
    await expect(productButton(page)).toBeFocused();

    await page.keyboard.press("Space");
    await expect(productMenu(page)).toBeVisible();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await expect(productMenu(page).getByRole("link", { name: /Zuri AI/ })).toBeFocused();
    // Tab out of the menu closes it.
    await page.keyboard.press("Tab");
    await expect(productMenu(page)).toBeHidden();
    await productButton(page).focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("ArrowUp");
    await expect(productMenu(page).getByRole("link", { name: /Zuri AI/ })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/zuri-ai$/);
    await expect(productMenu(page)).toBeHidden();
  });

  test("a menu opened before the page's script arrived is still open after it has, and then closes on Escape", async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((done) => (release = done));
    await page.route(/\/assets\/site-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/", { waitUntil: "commit" });
    await productButton(page).click();
    await expect(productMenu(page)).toBeVisible();
    release();
    await waitForPageScript(page);
    await expect(productMenu(page)).toBeVisible();
    await productMenu(page).getByRole("link", { name: /Overview/ }).focus();
    await page.keyboard.press("Escape");
    await expect(productMenu(page)).toBeHidden();
  });
});

test.describe("header at 390 px", () => {
  test.use({ viewport: phone });
  test.beforeEach(({ page }) => withConsentChosen(page));

  const menuButton = (page: Page) => header(page).getByLabel("Menu", { exact: true });
  const panel = (page: Page) => header(page).getByRole("navigation", { name: "Mobile" });

  test("hides the desktop links and opens a menu panel with every link and a full-width Get Started", async ({ page }) => {
    await page.goto("/");
    await waitForPageScript(page);
    await expect(header(page).getByRole("navigation", { name: "Main" })).toBeHidden();
    await expect(productButton(page)).toBeHidden();
    await menuButton(page).click();
    await expect(panel(page)).toBeVisible();
    await expect(panel(page).getByRole("link").filter({ hasNotText: "Get Started" })).toHaveText(["Overview", "Zuri AI", "Industries", "Enterprise", "Blog"]);
    const getStarted = panel(page).getByRole("link", { name: "Get Started" });
    await expect(getStarted).toHaveAttribute("href", "/book-demo");
    const [button, box] = await Promise.all([getStarted.boundingBox(), panel(page).boundingBox()]);
    // Full width: the button spans the panel minus its 24 px padding each side.
    expect(Math.abs(button!.width - (box!.width - 48))).toBeLessThanOrEqual(1.5);
    // The page behind it does not scroll while it is open.
    await expect(page.locator("html")).toHaveClass(/overflow-hidden/);

    await menuButton(page).click();
    await expect(panel(page)).toBeHidden();
    await expect(menuButton(page)).toBeFocused();
    await expect(page.locator("html")).not.toHaveClass(/overflow-hidden/);
  });

  test("shows Get Started in the bar beside the menu button, without opening the panel", async ({ page }) => {
    await page.goto("/");
    const getStarted = header(page).getByRole("link", { name: "Get Started" }).and(page.locator(":visible"));
    await expect(getStarted).toHaveCount(1);
    await expect(getStarted).toHaveAttribute("href", "/book-demo");
    const [link, menu] = await Promise.all([getStarted.boundingBox(), menuButton(page).boundingBox()]);
    expect(link!.x + link!.width, "Get Started sits left of the menu button").toBeLessThanOrEqual(menu!.x);
    expect(link!.height, "a comfortable touch target").toBeGreaterThanOrEqual(36);
  });

  test("the panel's links navigate, and the next page shows it closed", async ({ page }) => {
    await page.goto("/");
    await menuButton(page).click();
    await panel(page).getByRole("link", { name: "Enterprise" }).click();
    await expect(page).toHaveURL(/\/enterprise$/);
    await expect(panel(page)).toBeHidden();
  });

  test("the panel works by keyboard: Enter opens, Tab stays inside, Escape closes and returns focus", async ({ page }) => {
    await page.goto("/");
    await waitForPageScript(page);
    await menuButton(page).focus();
    await page.keyboard.press("Enter");
    await expect(panel(page)).toBeVisible();
    const menu = header(page).locator('details[data-menu="drawer"]');
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      expect(await menu.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Shift+Tab");
    expect(await menu.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(panel(page)).toBeHidden();
    await expect(menuButton(page)).toBeFocused();

    await page.keyboard.press("Space");
    await expect(panel(page)).toBeVisible();
    await panel(page).getByRole("link", { name: "Industries" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/industries$/);
    await expect(panel(page)).toBeHidden();
  });
});

/** The footer's internal links (docs/product.md §2: Pages column, Privacy Policy, Terms of Service). */
const footerPageLinks = [
  ["Home", "/"],
  ["Features", "/features"],
  ["Industries", "/industries"],
  ["Zuri AI", "/zuri-ai"],
  ["Enterprise", "/enterprise"],
  ["Blog", "/blog"],
  ["Book Demo", "/book-demo"],
  ["Privacy Policy", "/privacy"],
  ["Terms of Service", "/terms"],
] as const;

test.describe("footer", () => {
  test.beforeEach(({ page }) => withConsentChosen(page));

  test("every link points where it should", async ({ page }) => {
    await page.goto("/");
    await waitForPageScript(page);
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "Zuri home" })).toHaveAttribute("href", "/");
    await expect(footer.getByText("Decision intelligence for the modern enterprise")).toBeVisible();
    const expected = [
      ...footerPageLinks,
      ["Support", "mailto:support@zuri.example"],
      ["Sales", "mailto:sales@zuri.example"],
    ] as const;
    for (const [name, href] of expected) {
      await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    for (const [name, host] of [
      ["Zuri on X (opens in a new tab)", "x.com"],
      ["Zuri on LinkedIn (opens in a new tab)", "www.linkedin.com"],
    ] as const) {
      const link = footer.getByRole("link", { name });
      expect(new URL((await link.getAttribute("href"))!).host).toBe(host);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
    await expect(footer.getByText(`© ${new Date().getFullYear()} Zuri Intelligence Ltd`)).toBeVisible();
  });

  test("internal links navigate to their page", async ({ page }) => {
    await page.goto("/");
    await waitForPageScript(page);
    // Home last, so every click leaves the page it is on.
    for (const [name, path] of [...footerPageLinks.slice(1), footerPageLinks[0]]) {
      await page.getByRole("contentinfo").getByRole("link", { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path.replace("/", "\\/")}$`));
    }
  });

  test("Spreadsheet Analyzer opens in a new tab", async ({ page, context }) => {
    await context.route("https://spreadsheet-analyzer.zuri.example/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>Spreadsheet Analyzer</title>" }),
    );
    await page.goto("/");
    await waitForPageScript(page);
    const link = page.getByRole("contentinfo").getByRole("link", { name: /Spreadsheet Analyzer/ });
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    const [popup] = await Promise.all([page.waitForEvent("popup"), link.click()]);
    await expect(popup).toHaveURL("https://spreadsheet-analyzer.zuri.example/");
    expect(page.url()).toMatch(/\/$/);
  });

  test("Cookie Settings opens the preferences dialog", async ({ page }) => {
    await page.goto("/");
    await waitForPageScript(page);
    await page.getByRole("contentinfo").getByRole("button", { name: "Cookie Settings" }).click();
    await expect(page.getByRole("dialog", { name: "Cookie Preferences" })).toBeVisible();
  });
});

test.describe("404", () => {
  test.beforeEach(({ page }) => withConsentChosen(page));

  test("an unknown path answers 404 with 'Page Not Found' inside the header and footer", async ({ page }) => {
    const response = await page.goto("/no-such-page/anywhere");
    await waitForPageScript(page);
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle("Page Not Found | Zuri");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Back to home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe("scroll to top", () => {
  test.beforeEach(({ page }) => withConsentChosen(page));

  for (const viewport of [phone, desktop]) {
    test(`every route change starts at the top (${viewport.width} px)`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto("/");
      await waitForPageScript(page);
      const scrollToBottom = async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
      };
      await scrollToBottom();
      await page.getByRole("contentinfo").getByRole("link", { name: "Enterprise", exact: true }).click();
      await expect(page).toHaveURL(/\/enterprise$/);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

      await scrollToBottom();
      await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
      await expect(page).toHaveURL(/\/privacy$/);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    });
  }
});

test.describe("SEO tags", () => {
  test("each public page has its own title, description and canonical URL", async ({ page, baseURL }) => {
    const seen = new Set<string>();
    for (const path of ["/", "/product", "/zuri-ai", "/industries", "/enterprise", "/features", "/privacy", "/terms"]) {
      await page.goto(path);
      const title = await page.title();
      expect(seen.has(title), `${path} repeats the title ${title}`).toBe(false);
      seen.add(title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{50,}/);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${path}`);
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${baseURL}${path}`);
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
    }
  });
});
