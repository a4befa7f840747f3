import { randomBytes } from "node:crypto";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe.ts";
import { loginAsAdmin } from "./auth.ts";
import { e2eAdmin } from "../../playwright.config.ts";
import { waitForPageScript } from "./page-script.ts";

/**
 * No lead is ever silently dropped (docs/decisions/050): a request that passes validation reaches the
 * inbox however it was sent, as a lead or, when it looks automated, under "Suspected spam".
 * Each journey comes from its own address, so the per-address limit is its own.
 */
const newLead = (prefix: string) => {
  const id = randomBytes(3).toString("hex");
  return { name: `${prefix} ${id}`, email: `${prefix.toLowerCase().replace(/\W+/g, "-")}-${id}@example.com`, organization: "Keyboard Co" };
};
const fromAddress = () => ({ "x-forwarded-for": `198.51.100.${1 + Math.floor(Math.random() * 250)}` });

async function openInbox(browser: Browser, view: "leads" | "spam"): Promise<Page> {
  // The runner gives new pages the test's options: sales works with JavaScript whatever the visitor had.
  const context = await browser.newContext({ javaScriptEnabled: true });
  const page = await context.newPage();
  await loginAsAdmin(page, { redirectTo: view === "spam" ? "/cms/demo-requests?view=spam" : "/cms/demo-requests" });
  return page;
}

test("a keyboard-only visitor typing at a person's pace books a demo, and sales sees the lead", async ({ page, browser }) => {
  await page.setExtraHTTPHeaders(fromAddress());
  const lead = newLead("Keyboard Visitor");
  await page.goto("/book-demo");
  await waitForPageScript(page);
  await page.getByLabel("Full Name").focus();
  await page.keyboard.type(lead.name, { delay: 40 });
  await page.keyboard.press("Tab");
  await page.keyboard.type(lead.email, { delay: 40 });
  await page.keyboard.press("Tab"); // Phone (optional)
  await page.keyboard.press("Tab");
  await page.keyboard.type(lead.organization, { delay: 40 });
  await page.keyboard.press("Tab"); // Additional Information (optional)
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Request a Demo" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("region", { name: "Notifications (F8)" })).toContainText("Demo Request Submitted!");

  const inbox = await openInbox(browser, "leads");
  await expect(inbox.getByRole("article", { name: lead.name })).toContainText(lead.email);
  await inbox.context().close();
});

test("with Analytics consent a lead keeps the campaign of the visit that brought it, though /book-demo's own address has none", async ({ page, request }) => {
  await page.setExtraHTTPHeaders(fromAddress());
  const lead = newLead("Campaign Visitor");
  const campaign = `launch-${randomBytes(3).toString("hex")}`;
  const since = new Date(Date.now() - 1000).toISOString();
  await page.goto(`/?utm_source=newsletter&utm_campaign=${campaign}`);
  await page.getByRole("region", { name: "We value your privacy" }).getByRole("button", { name: "Accept All" }).click();
  // The visit begins with the page view of the page consent was given on (docs/decisions/070).
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem("zuriVisit"))).not.toBeNull();
  await page.goto("/blog");
  await page.goto("/book-demo");
  await waitForPageScript(page);
  const form = page.getByRole("form", { name: "Your details" });
  await form.getByLabel("Full Name").pressSequentially(lead.name, { delay: 40 });
  await form.getByLabel("Email").pressSequentially(lead.email, { delay: 40 });
  await form.getByLabel("Organization").pressSequentially(lead.organization, { delay: 40 });
  await form.getByRole("button", { name: "Request a Demo" }).click();
  await expect(page.getByRole("main").getByRole("heading", { name: "Demo Request Submitted!" })).toBeVisible();

  expect((await request.post("/api/login", { data: e2eAdmin })).ok()).toBe(true);
  const leads = (await (await request.get(`/api/cms/demo-requests?${new URLSearchParams({ since })}`)).json()) as Record<string, unknown>[];
  expect(leads.find((stored) => stored.email === lead.email)).toMatchObject({
    utmSource: "newsletter",
    utmCampaign: campaign,
    landingPage: "/",
    referrer: null,
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a form sent at once is kept as suspected spam; \"Not spam\" makes it a lead", async ({ request, browser }) => {
    const headers = fromAddress();
    const lead = newLead("Autofill Visitor");
    // As an autofilling bot sends it: the form's page fetched and posted straight back, as a browser without
    // JavaScript posts it (a real browser on a busy machine may take longer than the 2 s this is about).
    const formPage = await request.get("/book-demo", { headers });
    const formToken = /name="formToken" value="([^"]+)"/.exec(await formPage.text())?.[1];
    expect(formToken).toBeDefined();
    const sent = await request.post("/book-demo", {
      headers: { ...headers, origin: new URL(formPage.url()).origin },
      form: { name: lead.name, email: lead.email, organization: lead.organization, formToken: formToken! },
      maxRedirects: 0,
    });
    expect(sent.status()).toBe(302);
    expect(sent.headers().location).toBe("/book-demo?submitted=1");

    const inbox = await openInbox(browser, "spam");
    await expect(inbox.getByRole("link", { name: /Suspected spam/ })).toHaveAttribute("aria-current", "page");
    const card = inbox.getByRole("article", { name: lead.name });
    await expect(card).toContainText("Status: Spam");
    await expect(card).toContainText("sent within 2 seconds of the form appearing");
    await expectNoAxeViolations(inbox);
    await card.locator("summary").first().click();
    await card.getByRole("button", { name: /Not spam/ }).click();
    await expect(inbox.getByRole("region", { name: "Notifications (F8)" })).toContainText(`${lead.name} is now in the leads`);
    await expect(card).toHaveCount(0);

    await inbox.getByRole("link", { name: "Leads" }).click();
    await expect(inbox.getByRole("article", { name: lead.name })).toContainText(lead.email);
    await inbox.context().close();
  });
});
