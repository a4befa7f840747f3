import { expect, test, type Page } from "@playwright/test";
import { waitForPageScript as hydrated } from "./page-script.ts";

/**
 * Page views only with Analytics consent (docs/product.md §4; docs/decisions/070-first-party-analytics.md), watched
 * from the browser: every request to /api/events, and whether the beacon's code was fetched at all.
 */
const banner = (page: Page) => page.getByRole("region", { name: "We value your privacy" });
const dialog = (page: Page) => page.getByRole("dialog", { name: "Cookie Preferences" });
const footer = (page: Page) => page.getByRole("contentinfo");

interface Sent {
  path: string;
  visitId: string;
  landingPath: string;
  utmCampaign: string | null;
  device: string;
}

function watch(page: Page) {
  const sent: Sent[] = [];
  const beaconCode: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/api/events") sent.push(JSON.parse(request.postData() ?? "{}") as Sent);
    if (/\/assets\/analytics-beacon-[\w-]+\.js$/.test(url.pathname)) beaconCode.push(url.pathname);
  });
  return { sent, beaconCode };
}

/** A client-side navigation through a header or footer link, then the page's own request settle. */
async function follow(page: Page, name: string, path: string) {
  await footer(page).getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(path);
  await page.waitForLoadState("networkidle");
}

async function load(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
  await page.waitForLoadState("networkidle");
}

test.describe("page views and Analytics consent", () => {
  test("with Analytics rejected, five pages send nothing and the beacon's code is never fetched", async ({ page }) => {
    const { sent, beaconCode } = watch(page);
    await load(page, "/?utm_source=newsletter&utm_medium=email&utm_campaign=spring");
    await banner(page).getByRole("button", { name: "Reject All" }).click();
    await follow(page, "Blog", "/blog");
    await follow(page, "Enterprise", "/enterprise");
    await load(page, "/product");
    await follow(page, "Privacy Policy", "/privacy");
    expect(sent).toEqual([]);
    expect(beaconCode).toEqual([]);
    expect(await page.evaluate(() => sessionStorage.getItem("zuriVisit"))).toBeNull();
  });

  test("with Global Privacy Control, Accept All still sends nothing", async ({ browser }) => {
    const context = await browser.newContext();
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }));
    const page = await context.newPage();
    const { sent } = watch(page);
    await load(page, "/");
    await banner(page).getByRole("button", { name: "Accept All" }).click();
    await follow(page, "Blog", "/blog");
    await load(page, "/product");
    expect(sent).toEqual([]);
    await context.close();
  });

  test("after Accept All one page view per page, landing page and campaign kept for the visit; none after withdrawing consent", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { sent } = watch(page);
    await load(page, "/features?utm_source=newsletter&utm_medium=email&utm_campaign=spring");
    expect(sent).toEqual([]);

    // The page consent is given on counts: it is where the visit landed, with its campaign.
    await banner(page).getByRole("button", { name: "Accept All" }).click();
    await expect.poll(() => sent.length).toBe(1);
    // Each view awaited on its own, so a failure names the navigation whose view never went.
    await follow(page, "Blog", "/blog");
    // A loaded machine may take a while between hydration and the beacon's code arriving: up to 15 s.
    await expect.poll(() => sent.map((view) => view.path), { timeout: 15_000 }).toEqual(["/features", "/blog"]);
    await load(page, "/enterprise");
    await expect.poll(() => sent.map((view) => view.path), { timeout: 15_000 }).toEqual(["/features", "/blog", "/enterprise"]);
    const visitId = sent[0]!.visitId;
    for (const view of sent) {
      expect(view).toMatchObject({ visitId, landingPath: "/features", utmCampaign: "spring", device: "mobile" });
    }

    // Withdrawn in Cookie Settings: nothing more, and the visit is forgotten.
    await footer(page).getByRole("button", { name: "Cookie Settings" }).click();
    await dialog(page).getByRole("switch", { name: "Analytics" }).click();
    await dialog(page).getByRole("button", { name: "Save Preferences" }).click();
    await expect(dialog(page)).toBeHidden();
    await follow(page, "Privacy Policy", "/privacy");
    await load(page, "/product");
    await follow(page, "Blog", "/blog");
    expect(sent).toHaveLength(3);
    expect(await page.evaluate(() => sessionStorage.getItem("zuriVisit"))).toBeNull();
  });
});
