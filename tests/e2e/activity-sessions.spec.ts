import { randomBytes } from "node:crypto";
import { expect, test, type APIRequestContext, type Browser } from "@playwright/test";
import { loginAs, loginAsAdmin, waitForHydration } from "./auth.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { sidewaysOverflow, toastWith } from "./cms-helpers.ts";

const FIREFOX_ON_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_ON_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

/**
 * The activity log and one's signed-in sessions (docs/decisions/029-activity-log-and-sessions.md):
 * an administrator filters the log with the keyboard; a writer signed in on three devices signs one
 * out, then every other one. The writer is registered by the run, so the e2e admin's sessions stay.
 */
test.describe("activity and sessions", () => {
  test.describe.configure({ timeout: 90_000 });

  test("the activity log filters by action with the keyboard, in the address; axe-clean", async ({ page, baseURL }) => {
    await loginAsAdmin(page);
    const url = `http://127.0.0.1:9/${randomBytes(4).toString("hex")}`;
    const webhook = await page.request.post("/api/cms/webhooks", { data: { url, events: ["post.published"] }, headers: { origin: baseURL ?? "" } });
    expect(webhook.status(), await webhook.text()).toBe(201);

    await page.goto("/cms/activity");
    await expect(page.getByRole("heading", { level: 1, name: "Activity" })).toBeVisible();
    const rows = page.getByRole("table", { name: "Activity, newest first" }).getByRole("row");
    await expect(rows.filter({ hasText: "Created a webhook" }).filter({ hasText: url })).toHaveCount(1);
    await expectNoAxeViolations(page);
    await expect(page.getByText(/^\d[\d,]* events? in the last year$/)).toBeVisible();
    // The relative time shows; the exact one, in the CMS's one format, is its title and its screen-reader text (docs/decisions/069).
    const when = rows.filter({ hasText: "Created a webhook" }).filter({ hasText: url }).locator("time");
    await expect(when).toHaveAttribute("title", /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M \S+$/);
    await expect(when).toContainText(await when.getAttribute("title") ?? "missing");
    // At 1440 px a row reads across: who, what, the subject with its detail under it, and when.
    const table = page.getByRole("table", { name: "Activity, newest first" });
    await expect(table.getByRole("columnheader")).toHaveText(["Who", "What", "Subject and detail", "When"]);
    const created = rows.filter({ hasText: "Created a webhook" }).filter({ hasText: url });
    const top = async (text: string) => (await created.getByText(text, { exact: true }).first().boundingBox())!.y;
    expect(Math.abs((await top(url)) - (await top("e2e-admin")))).toBeLessThan(4);
    // At 768 and 390 px the rows stack: who and when share the first line; no column is cut off, nothing scrolls sideways.
    for (const width of [768, 390]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      const whenBox = (await when.boundingBox())!;
      const whoBox = (await created.getByText("e2e-admin", { exact: true }).boundingBox())!;
      expect(Math.abs(whenBox.y + whenBox.height / 2 - (whoBox.y + whoBox.height / 2))).toBeLessThan(6);
      expect(whenBox.x).toBeGreaterThan(whoBox.x + whoBox.width);
    }
    // At 390 px the four filters fold into "Filters" so the log starts on the first screen; from 768 px they show.
    const filters = page.getByRole("search", { name: "Filter activity" });
    const summary = filters.locator("summary");
    await expect(filters.getByLabel("Action")).toBeHidden();
    await summary.click();
    await expect(filters.getByLabel("Action")).toBeVisible();
    await expectNoAxeViolations(page);
    await summary.click();
    await page.setViewportSize({ width: 768, height: 900 });
    await expect(summary).toBeHidden();
    await expect(filters.getByLabel("Action")).toBeVisible();
    await page.setViewportSize({ width: 1440, height: 900 });

    // Action: "Signed in", the first after "Any action"; then Tab to Apply and Enter.
    const action = page.getByLabel("Action");
    await action.focus();
    await page.keyboard.press("ArrowDown");
    await expect(action).toHaveValue("sign-in");
    // Through From and To (Chromium stops at each part of a date field) to Apply.
    const apply = page.getByRole("button", { name: "Apply filters" });
    for (let stop = 0; stop < 12 && !(await apply.evaluate((button) => button === document.activeElement)); stop++) await page.keyboard.press("Tab");
    await expect(apply).toBeFocused();
    await page.keyboard.press("Enter");
    // Hydrated, the address carries only what is set; before that the plain form sends every field.
    await expect(page).toHaveURL(/\/cms\/activity\?(.*&)?action=sign-in(&|$)/);
    await expect(rows.filter({ hasText: "Signed in" }).first()).toBeVisible();
    await expect(rows.filter({ hasText: "Created a webhook" })).toHaveCount(0);
    await expect(page.getByLabel("Action")).toHaveValue("sign-in");
    await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", "/cms/activity.csv?action=sign-in");
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/cms\/activity$/);
  });

  test("a writer signs out one device from the profile, then everywhere else; axe-clean", async ({ page, browser, request }) => {
    await loginAsAdmin(page);
    const writer = await newWriter(request, page.request);
    const here = await signedIn(browser, writer);
    const laptop = await signedIn(browser, writer, FIREFOX_ON_WINDOWS);
    const phone = await signedIn(browser, writer, SAFARI_ON_IPHONE);

    await here.goto("/cms/profile");
    await waitForHydration(here);
    const devices = here.getByRole("list", { name: "Signed-in devices" }).getByRole("listitem");
    await expect(devices).toHaveCount(3);
    await expect(devices.first()).toContainText("This device");
    await expectNoAxeViolations(here);

    await here.getByRole("button", { name: /^Sign out Firefox on Windows/ }).click();
    await expect(toastWith(here, "Signed out")).toBeVisible();
    await expect(devices).toHaveCount(2);
    await expect(here.getByRole("heading", { name: "Signed-in devices" })).toBeFocused();
    await laptop.goto("/cms/profile");
    await expect(laptop).toHaveURL(/\/cms\/login/);
    await phone.goto("/cms/profile");
    await expect(phone).toHaveURL(/\/cms\/profile$/);

    const everywhere = here.getByRole("button", { name: "Sign out everywhere else" });
    await everywhere.focus();
    await here.keyboard.press("Enter");
    await expect(devices).toHaveCount(1);
    await expect(everywhere).toHaveCount(0);
    await phone.goto("/cms/profile");
    await expect(phone).toHaveURL(/\/cms\/login/);
    await here.reload();
    await expect(here).toHaveURL(/\/cms\/profile$/);
  });
});

type Account = { username: string; password: string };

/** A writer of this run: registered, then made an author by the admin. */
async function newWriter(request: APIRequestContext, admin: APIRequestContext): Promise<Account> {
  const account = { username: `device-${randomBytes(3).toString("hex")}`, password: `pw-${randomBytes(8).toString("hex")}` };
  const registration = await request.post("/api/register", { data: account });
  expect(registration.status(), await registration.text()).toBe(201);
  const { id } = (await registration.json()) as { id: number };
  // Registering signs in; that session is not one of the devices below.
  expect((await request.post("/api/logout")).status()).toBe(200);
  const promoted = await admin.patch(`/api/cms/users/${id}`, { data: { role: "author" } });
  expect(promoted.status(), await promoted.text()).toBe(200);
  return account;
}

/** A browser of its own (a device), signed in as the account. */
async function signedIn(browser: Browser, account: Account, userAgent?: string) {
  const context = await browser.newContext(userAgent ? { userAgent } : {});
  const page = await context.newPage();
  await loginAs(page, account);
  return page;
}
