import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe.ts";
import { loginAsAdmin, waitForHydration } from "./auth.ts";

/**
 * The demo inbox as a sales rep works it (docs/decisions/053): filters that combine and survive a
 * reload, status and spam by keyboard and without JavaScript, accessible at a phone's and a desktop's width.
 */

const run = `${Date.now()}`;
const org = `Triage Co ${run}`;
let ip = 40;

async function sendLead(page: Page, baseURL: string | undefined, overrides: Record<string, string>) {
  ip += 1;
  const response = await page.request.post("/api/book-demo", {
    data: { phone: "+44 20 7946 0958", organization: org, message: "Forecasts for 12 stores, please.", ...overrides },
    headers: { origin: baseURL ?? "", "x-forwarded-for": `198.51.100.${ip}` },
  });
  expect(response.status()).toBe(201);
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser, baseURL }) => {
  const page = await browser.newPage();
  await sendLead(page, baseURL, { name: "Ada Spring", email: `ada-${run}@example.com`, utmSource: "newsletter", utmMedium: "email", utmCampaign: `spring-${run}`, sourcePage: "/enterprise" });
  await sendLead(page, baseURL, { name: "Ada Spring", email: `ADA-${run}@example.com`, utmCampaign: `spring-${run}`, sourcePage: "/product", message: "Also interested in the AI page." });
  await sendLead(page, baseURL, { name: "Bo Autumn", email: `bo-${run}@example.com`, utmCampaign: `autumn-${run}`, sourcePage: "/enterprise" });
  await sendLead(page, baseURL, { name: "Cy Direct", email: `cy-${run}@example.com` });
  await page.close();
});

/** A lead is one row; its details and triage open under it (docs/decisions/053, "Inbox layout"). */
const openLead = (lead: Locator) => lead.locator("summary").first().click();

const inboxFor = (params: Record<string, string> = {}) => `/cms/demo-requests?${new URLSearchParams({ q: org, ...params })}`;

test("filters combine with search, live in the address and survive a reload", async ({ page }) => {
  await loginAsAdmin(page, { redirectTo: inboxFor() });
  await expect(page.getByRole("article")).toHaveCount(3);
  // Two requests from one address (case aside) are one card with both.
  const ada = page.getByRole("article", { name: "Ada Spring" });
  await expect(ada).toContainText("2 requests");

  const filters = page.getByRole("search", { name: "Filter demo requests" });
  // The five filters beside the search sit behind "Filters", closed while none is set.
  await expect(filters.getByLabel("Campaign")).toBeHidden();
  await filters.getByText("Filters", { exact: true }).click();
  await filters.getByLabel("Campaign").selectOption(`spring-${run}`);
  await filters.getByLabel("Source page").selectOption("/enterprise");
  await filters.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(new RegExp(`campaign=spring-${run}`));
  await expect(page).toHaveURL(/source=%2Fenterprise/);
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(page.getByRole("article")).toContainText(`ada-${run}@example.com`);

  await page.reload();
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(page.getByRole("search", { name: "Filter demo requests" }).getByLabel("Campaign")).toHaveValue(`spring-${run}`);

  await filters.getByLabel("Received from").fill("2000-01-01");
  await filters.getByLabel("Received to").fill("2000-01-02");
  await filters.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByRole("heading", { name: "No demo requests match these filters" })).toBeVisible();
});

test("rows sit under named columns; a lead nobody owns says Unassigned", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAsAdmin(page, { redirectTo: inboxFor() });
  const columns = page.getByTestId("inbox-columns");
  await expect(columns).toBeVisible();
  await expect(columns.locator("span")).toHaveText(["Lead", "Status", "Owner", "Received", ""]);
  const ada = page.getByRole("article", { name: "Ada Spring" }).locator("summary").first();
  // Each column's name starts where its cells do (docs/decisions/053, "Inbox layout"). The row's cells: the name,
  // the status (beside the name on phones), the organization under the name (the row's width on phones), owner, received.
  const cells = ada.locator(":scope > *");
  for (const [index, name] of [[0, "Lead"], [1, "Status"], [2, "Lead"], [3, "Owner"], [4, "Received"]] as const) {
    const header = await columns.getByText(name, { exact: true }).boundingBox();
    const cell = await cells.nth(index).boundingBox();
    expect(Math.abs(header!.x - cell!.x), name).toBeLessThanOrEqual(1);
  }
  await expect(cells.nth(3)).toHaveText("Owner: Unassigned");
  await expect(ada).not.toContainText("—");
  // At a phone's width the rows stack: the column names go, each cell still says what it is.
  await page.setViewportSize({ width: 390, height: 900 });
  await expect(columns).toBeHidden();
  await expect(cells.nth(3).getByText("Unassigned")).toBeVisible();
  // The status sits on the name's line; the organization has the row's width under them.
  const [name, status, organization] = await Promise.all([0, 1, 2].map(async (index) => (await cells.nth(index).boundingBox())!));
  expect(Math.abs(status!.y - name!.y)).toBeLessThan(8);
  expect(organization!.y).toBeGreaterThan(name!.y + name!.height - 1);
  expect(organization!.x + organization!.width).toBeGreaterThanOrEqual(status!.x + status!.width - 1);
});

test("status and spam change in one step by keyboard", async ({ page }) => {
  await loginAsAdmin(page, { redirectTo: inboxFor() });
  await waitForHydration(page);
  const bo = page.getByRole("article", { name: "Bo Autumn" });
  await bo.locator("summary").first().focus();
  await page.keyboard.press("Enter");
  const contacted = bo.getByRole("button", { name: "Contacted", exact: true });
  await contacted.focus();
  await page.keyboard.press("Enter");
  await expect(bo.locator("[data-slot=status-badge]")).toHaveText("Status: Contacted");
  await expect(contacted).toHaveAttribute("aria-pressed", "true");

  await bo.getByRole("button", { name: /Mark as spam/ }).focus();
  await page.keyboard.press("Space");
  await expect(page.getByRole("article", { name: "Bo Autumn" })).toHaveCount(0);
  await page.goto(inboxFor({ view: "spam" }));
  await waitForHydration(page);
  const spam = page.getByRole("article", { name: "Bo Autumn" });
  await expect(spam).toContainText("marked as spam in the inbox");
  await spam.locator("summary").first().focus();
  await page.keyboard.press("Space");
  await spam.getByRole("button", { name: /Not spam/ }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("article", { name: "Bo Autumn" })).toHaveCount(0);
  await page.goto(inboxFor());
  await expect(page.getByRole("article", { name: "Bo Autumn" }).locator("[data-slot=status-badge]")).toHaveText("Status: Contacted");
});

test("status, spam, owner and notes work without JavaScript", async ({ page, browser }) => {
  await loginAsAdmin(page, { redirectTo: inboxFor() });
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const noJs = await context.newPage();
  await noJs.goto(inboxFor());
  const cy = noJs.getByRole("article", { name: "Cy Direct" });
  await openLead(cy);
  await cy.getByRole("button", { name: "Qualified", exact: true }).click();
  await expect(noJs).toHaveURL(new RegExp(`/cms/demo-requests\\?q=`));
  await expect(cy.locator("[data-slot=status-badge]")).toHaveText("Status: Qualified");
  // The post comes back to the lead, still open.
  await expect(cy.getByRole("button", { name: "Qualified", exact: true })).toHaveAttribute("aria-pressed", "true");

  await cy.getByLabel(/Owner/).selectOption({ label: "e2e-admin" });
  await cy.getByRole("button", { name: "Assign" }).click();
  await expect(cy.getByLabel(/Owner/)).toHaveValue(/\d+/);
  await cy.getByLabel(/Internal note/).fill("Called; wants a demo on Tuesday.");
  await cy.getByRole("button", { name: "Add note" }).click();
  await expect(cy).toContainText("e2e-admin wrote: Called; wants a demo on Tuesday.");

  await cy.getByRole("button", { name: /Mark as spam/ }).click();
  await expect(noJs.getByRole("article", { name: "Cy Direct" })).toHaveCount(0);
  await noJs.goto(inboxFor({ view: "spam" }));
  await openLead(noJs.getByRole("article", { name: "Cy Direct" }));
  await noJs.getByRole("article", { name: "Cy Direct" }).getByRole("button", { name: "Qualified", exact: true }).click();
  await expect(noJs.getByRole("article", { name: "Cy Direct" })).toHaveCount(0);
  await noJs.goto(inboxFor());
  await expect(noJs.getByRole("article", { name: "Cy Direct" }).locator("[data-slot=status-badge]")).toHaveText("Status: Qualified");
  await context.close();
});

for (const width of [390, 1440]) {
  test(`the inbox has no axe violations at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await loginAsAdmin(page, { redirectTo: inboxFor() });
    await waitForHydration(page);
    await expect(page.getByRole("article")).toHaveCount(3);
    await openLead(page.getByRole("article", { name: "Ada Spring" }));
    await page.getByRole("article", { name: "Ada Spring" }).getByText("Other requests from this address (1)").click();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `/tmp/pw-inbox/inbox-${width}.png`, fullPage: width === 1440 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}
