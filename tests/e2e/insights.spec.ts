import { randomBytes } from "node:crypto";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe.ts";
import { loginAsAdmin } from "./auth.ts";
import { waitForPageScript } from "./page-script.ts";

/**
 * From a consenting visit to the Insights page (docs/decisions/070, 071): after Accept All, three pages
 * (landing on one with UTM parameters) and a demo request show on /cms/insights as 3 page views and
 * 1 conversion for the landing page and the campaign. Other journeys share this server and its
 * database (one also lands with campaign "spring"), so this visit's campaign has a name of its own and
 * the landing page is counted from what the page showed before.
 */
const LANDING = "/industries";
const campaign = `spring-${randomBytes(3).toString("hex")}`;
const campaignKey = `newsletter / email / ${campaign}`;

/**
 * The visitor's browser as a person's is (not "HeadlessChrome", which the bot filter keeps out of the
 * figures, docs/decisions/070).
 */
test.use({ userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36" });

const events = (page: Page) => page.waitForRequest((request) => new URL(request.url()).pathname === "/api/events" && request.method() === "POST");

/** A breakdown table (named by its caption) and one row's numbers: page views, visits, visitors, demo requests, conversion. */
const breakdown = (page: Page, title: string) => page.getByRole("table", { name: new RegExp(`^${title}:`) });
async function rowNumbers(table: Locator, name: string): Promise<string[] | null> {
  const row = table.getByRole("row").filter({ has: table.page().getByRole("rowheader").getByText(name, { exact: true }) });
  if ((await row.count()) === 0) return null;
  return (await row.getByRole("cell").allInnerTexts()).map((text) => text.trim());
}

async function openInsights(page: Page) {
  await loginAsAdmin(page, { redirectTo: "/cms/insights?range=7" });
  await expect(page).toHaveURL(/\/cms\/insights\?range=7$/);
  await expect(page.getByRole("heading", { level: 1, name: "Insights" })).toBeVisible();
}

test("a consenting visit's three pages and demo request show on Insights, attributed to its landing page and campaign", async ({ page, browser }, testInfo) => {
  test.setTimeout(90_000);
  // The landing page's numbers before this visit (none on a fresh server).
  // A context of its own (axe needs one made by browser.newContext), signed in as the admin.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await openInsights(admin);
  const landingBefore = (await rowNumbers(breakdown(admin, "Landing pages"), LANDING)) ?? ["0", "0", "0", "0", ""];

  // Each journey posts from its own address, so the demo form's per-address limit is its own (decision 050).
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `198.51.100.${1 + Math.floor(Math.random() * 250)}` });
  await page.goto(`${LANDING}?utm_source=newsletter&utm_medium=email&utm_campaign=${campaign}`);
  await waitForPageScript(page);
  const first = events(page);
  await page.getByRole("region", { name: "We value your privacy" }).getByRole("button", { name: "Accept All" }).click();
  expect((await first).postDataJSON()).toMatchObject({ path: LANDING, landingPath: LANDING, utmCampaign: campaign });

  const second = events(page);
  await page.goto("/blog");
  expect((await second).postDataJSON()).toMatchObject({ path: "/blog", landingPath: LANDING, utmCampaign: campaign });

  const third = events(page);
  await page.goto("/book-demo");
  await waitForPageScript(page);
  expect((await third).postDataJSON()).toMatchObject({ path: "/book-demo", landingPath: LANDING, utmCampaign: campaign });

  // Typed at a person's pace: a form sent within 2 seconds is kept as suspected spam, not a lead (decision 050).
  const form = page.getByRole("form", { name: "Your details" });
  const id = randomBytes(3).toString("hex");
  await form.getByLabel("Full Name").pressSequentially(`Insights Visitor ${id}`, { delay: 40 });
  await form.getByLabel("Email").pressSequentially(`insights-${id}@example.com`, { delay: 40 });
  await form.getByLabel("Organization").pressSequentially("Attribution Ltd", { delay: 40 });
  const sent = page.waitForRequest((request) => request.url().endsWith("/api/book-demo") && request.method() === "POST");
  await form.getByRole("button", { name: "Request a Demo" }).click();
  expect((await sent).postDataJSON().visitId).toEqual(expect.any(String));
  await expect(page.getByRole("region", { name: "Notifications (F8)" })).toContainText("Demo Request Submitted!");

  await admin.reload();
  const campaigns = breakdown(admin, "Campaigns");
  await expect(campaigns).toBeVisible();
  expect(await rowNumbers(campaigns, campaignKey)).toEqual(["3", "1", "1", "1", "100.0%"]);
  const landing = await rowNumbers(breakdown(admin, "Landing pages"), LANDING);
  expect(landing).not.toBeNull();
  expect(Number(landing![0]!.replace(/,/g, "")) - Number(landingBefore[0]!.replace(/,/g, ""))).toBe(3);
  expect(Number(landing![3]!.replace(/,/g, "")) - Number(landingBefore[3]!.replace(/,/g, ""))).toBe(1);
  // Its pages are among the top pages, and the CSV has the campaign's row.
  expect(await rowNumbers(breakdown(admin, "Top pages"), "/book-demo")).not.toBeNull();
  const csv = await admin.request.get("/cms/insights.csv?range=7");
  expect(await csv.text()).toContain(["campaigns", campaignKey, campaignKey, 3, 1, 1, 1, 100].map((cell) => `"${cell}"`).join(","));
  // The page with data, at both widths, for people to look at (the run's output directory).
  for (const width of [1440, 390]) {
    await admin.setViewportSize({ width, height: 900 });
    await expect(admin.getByRole("img", { name: /^Line chart/ }).locator("canvas").first()).toBeVisible();
    await expectNoAxeViolations(admin);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await admin.screenshot({ path: testInfo.outputPath(`insights-with-data-${width}.png`), fullPage: true });
  }
  await adminContext.close();
});

test.describe("the Insights page itself", () => {
  for (const width of [390, 1440]) {
    test(`at ${width} px: no axe violations, no sideways scroll, a chart with its table, the range by keyboard`, async ({ page }, testInfo) => {
      // A real login (argon2 is slow on purpose) and two axe runs on a full page.
      test.setTimeout(60_000);
      await page.setViewportSize({ width, height: 900 });
      await openInsights(page);
      // The charts draw once there is something to draw; with no data yet the page says why instead.
      const charts = page.getByRole("img", { name: /chart of .* per day/ });
      const empty = page.getByText("No visits recorded in this range yet");
      await expect(charts.first().or(empty)).toBeVisible();
      if (await charts.count()) await expect(charts.first().locator("canvas").first()).toBeVisible();
      await expectNoAxeViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: testInfo.outputPath(`insights-${width}.png`), fullPage: true });

      if (await charts.count()) {
        // A chart's numbers: a disclosure right under it, opened from the keyboard.
        const summary = page.getByText("Show the numbers as a table").first();
        await summary.focus();
        await page.keyboard.press("Enter");
        await expect(page.getByRole("table", { name: /^Visitors and page views per day/ })).toBeVisible();
        await expectNoAxeViolations(page);
      }

      // The presets are links: Tab to one and press Enter.
      const preset = page.getByRole("navigation", { name: "Range" }).getByRole("link", { name: "30 days" });
      await preset.focus();
      await expect(preset).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/cms\/insights$/);
      await expect(preset).toHaveAttribute("aria-current", "page");

      // A custom range through the GET form, by keyboard; it lands in the address.
      const custom = page.getByRole("form", { name: "Custom range" });
      const today = new Date().toISOString().slice(0, 10);
      await custom.getByLabel("From").fill(today);
      await custom.getByLabel("To").fill(today);
      await custom.getByRole("button", { name: "Show range" }).focus();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(`/cms/insights?from=${today}&to=${today}`);
      await expect(page.getByRole("link", { name: "Download CSV" })).toHaveAttribute("href", `/cms/insights.csv?from=${today}&to=${today}`);
    });
  }
});
