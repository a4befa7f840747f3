import { randomBytes } from "node:crypto";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe.ts";
import { loginAsAdmin, waitForHydration } from "./auth.ts";
import { toastWith } from "./cms-helpers.ts";
import { startWebhookReceiver, verifyStandardWebhook } from "../support/webhook-receiver.ts";

/**
 * Webhooks (docs/decisions/073-webhooks.md): added in /cms/webhooks with the keyboard, the secret
 * seen once, a test event to a receiver started here (the e2e server runs with the development switch
 * WEBHOOKS_ALLOW_PRIVATE_URLS=true), its delivery in the log with HTTP 200, and a redelivery; then a
 * webhook edited in place, with and without JavaScript.
 */
/** A page signed in as the administrator, in a browser context without JavaScript. */
async function adminPageWithoutJavaScript(signIn: Page, browser: Browser, baseURL: string | undefined) {
  await loginAsAdmin(signIn);
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL, storageState: await signIn.context().storageState() });
  return context.newPage();
}

/**
 * Opens the add form, which sits behind "Add webhook" once a webhook exists (docs/decisions/073-webhooks.md,
 * "Layout"): by keyboard, so it is the same without JavaScript.
 */
async function openAddForm(page: Page) {
  const add = page.locator("details#add-webhook");
  await expect(add.locator("summary")).toContainText("Add webhook");
  if ((await add.getAttribute("open")) === null) {
    await add.locator("summary").first().focus();
    await page.keyboard.press("Enter");
  }
  await expect(page.getByLabel("Endpoint URL")).toBeVisible();
}

test.describe("webhooks", () => {
  // Axe scans and screenshots at two widths on a shared two-core machine.
  test.describe.configure({ timeout: 90_000 });

  test("an administrator adds a webhook with the keyboard, sees the secret once, sends a test event and redelivers it", async ({
    page,
    baseURL,
  }, testInfo) => {
    const receiver = await startWebhookReceiver();
    try {
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
      const url = `${receiver.url}/${randomBytes(3).toString("hex")}`;
      const description = `CRM intake ${randomBytes(3).toString("hex")}`;

      await loginAsAdmin(page);
      await page.goto("/cms/webhooks");
      await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Webhooks", exact: true })).toHaveAttribute("aria-current", "page");

      // URL, the "Demo request received" event, a description, Add: keyboard only.
      await openAddForm(page);
      await page.getByLabel("Endpoint URL").focus();
      await page.keyboard.type(url);
      for (const name of [/^Post published/, /^Post updated/, /^Post unpublished/, /^Post deleted/]) {
        await page.keyboard.press("Tab");
        await expect(page.getByRole("checkbox", { name })).toBeFocused();
      }
      await page.keyboard.press("Tab");
      const leads = page.getByRole("checkbox", { name: /^Demo request received/ });
      await expect(leads).toBeFocused();
      await page.keyboard.press("Space");
      await expect(leads).toBeChecked();
      await page.keyboard.press("Tab");
      await expect(page.getByLabel(/^Description/)).toBeFocused();
      await page.keyboard.type(description);
      await page.keyboard.press("Tab");
      await expect(page.getByRole("button", { name: "Add webhook" })).toBeFocused();
      await page.keyboard.press("Enter");

      await expect(toastWith(page, "Webhook added")).toBeVisible();
      const secretField = page.getByLabel("Signing secret");
      await expect(secretField).toBeFocused();
      await expect(secretField).toHaveValue(/^whsec_[A-Za-z0-9+/]{43}=$/);
      // Shown whole, wrapped, not cut off at the field's edge (docs/decisions/069).
      expect(await secretField.evaluate((field) => field.scrollWidth <= field.clientWidth && field.scrollHeight <= field.clientHeight)).toBe(true);
      const secret = await secretField.inputValue();
      await expect(page.getByTestId("created-secret")).toContainText("it will not be shown again");
      await page.screenshot({ path: testInfo.outputPath("webhooks-created-1440.png") });
      await page.keyboard.press("Tab");
      await expect(page.getByRole("button", { name: "Copy signing secret" })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(toastWith(page, "Secret copied")).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      await expect(page.getByLabel("Endpoint URL")).toHaveValue("");

      // Shown once: after a reload the page no longer carries it.
      await page.reload();
      await waitForHydration(page);
      expect(await page.content()).not.toContain(secret);
      const card = page.getByRole("listitem").filter({ hasText: url });
      await expect(card).toContainText("demo_request.created");
      await expect(card).toContainText("Active");

      // Its delivery log, then "Send test event": keyboard again.
      const logLink = card.getByRole("link", { name: `Delivery log of ${description}` });
      await logLink.focus();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\?webhook=\d+#delivery-log$/);
      const log = page.locator("#delivery-log");
      await expect(log).toContainText("Nothing sent yet");
      const sendTest = page.getByRole("button", { name: `Send test event to ${description}` });
      await sendTest.focus();
      await page.keyboard.press("Enter");
      await expect(toastWith(page, "Test event queued")).toBeVisible();

      const rows = log.getByTestId("delivery-row");
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText("webhook.test");
      await expect(rows.first()).toContainText("Delivered");
      await expect(rows.first()).toContainText("200");
      const [received] = await receiver.waitFor(1);
      expect(verifyStandardWebhook(secret, received!)).toBe(true);
      expect(JSON.parse(received!.body)).toMatchObject({ type: "webhook.test" });
      // The endpoint's status is read from its deliveries (docs/decisions/073, "Endpoint status").
      const badge = card.locator("[data-state]");
      await expect(badge).toHaveText("Status: Active");
      await expect(card.getByTestId("last-delivery")).toContainText("Last delivery succeeded · HTTP 200");

      for (const width of [1440, 768, 390]) {
        await page.setViewportSize({ width, height: 900 });
        // Every column, Redeliver included, fits without a sideways scroll at 1440 and 768 (docs/decisions/069, 073).
        if (width >= 768) expect(await log.locator('[data-slot="table-container"]').evaluate((box) => box.scrollWidth - box.clientWidth)).toBe(0);
        await expectNoAxeViolations(page);
        await page.screenshot({ path: testInfo.outputPath(`webhooks-log-${width}.png`), fullPage: true });
      }
      await page.setViewportSize({ width: 1440, height: 900 });

      // Redeliver: the same body and webhook-id again, a new row in the log.
      const redeliver = rows.first().getByRole("button", { name: /^Redeliver webhook\.test/ });
      await redeliver.focus();
      await page.keyboard.press("Enter");
      await expect(toastWith(page, "Queued again")).toBeVisible();
      await expect(rows).toHaveCount(2);
      await expect(rows.first()).toContainText("Delivered");
      await expect(rows.first()).toContainText("200");
      const [, again] = await receiver.waitFor(2);
      expect(again!.headers["webhook-id"]).toBe(received!.headers["webhook-id"]);
      expect(again!.body).toBe(received!.body);
      expect(verifyStandardWebhook(secret, again!)).toBe(true);

      // A failing endpoint says so, with its answer, until a delivery goes through (its retry, 5 s later).
      receiver.statuses.push(500);
      await sendTest.focus();
      await page.keyboard.press("Enter");
      await expect(badge).toHaveText("Status: Failing");
      await expect(badge).toHaveAttribute("data-state", "failing");
      await expect(card.getByTestId("last-delivery")).toContainText("Last delivery failed, retrying · HTTP 500");
      await expectNoAxeViolations(page);
      // Every column fits at 768 px while a delivery waits for its retry too (docs/decisions/073).
      await page.setViewportSize({ width: 768, height: 900 });
      await expect(rows.first()).toContainText("Next retry");
      expect(await log.locator('[data-slot="table-container"]').evaluate((box) => box.scrollWidth - box.clientWidth)).toBe(0);
      await page.setViewportSize({ width: 1440, height: 900 });
      await expect(badge).toHaveText("Status: Active", { timeout: 15_000 });
      await expect(card.getByTestId("last-delivery")).toContainText("Last delivery succeeded · HTTP 200");

      // Delete it, through the confirmation.
      const deleteLink = card.getByRole("link", { name: `Delete ${description}` });
      await deleteLink.focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "Delete webhook" });
      await expect(dialog).toContainText(url);
      await expectNoAxeViolations(page);
      await dialog.getByRole("button", { name: "Delete" }).focus();
      await page.keyboard.press("Enter");
      await expect(toastWith(page, "Webhook deleted")).toBeVisible();
      await expect(page.getByRole("listitem").filter({ hasText: url })).toHaveCount(0);
    } finally {
      await receiver.close();
    }
  });

  test("repeated identical failures read as one delivery with its earlier ones, opened by keyboard; the error shows in full", async ({
    page,
    baseURL,
  }, testInfo) => {
    await loginAsAdmin(page);
    // Nothing listens on the discard port: every attempt fails at once with the same connection error.
    const url = `http://127.0.0.1:9/${randomBytes(4).toString("hex")}`;
    const created = await page.request.post("/api/cms/webhooks", { data: { url, events: ["post.published"] }, headers: { origin: baseURL ?? "" } });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    for (let sent = 0; sent < 3; sent++) {
      const test = await page.request.post(`/api/cms/webhooks/${id}/test`, { headers: { origin: baseURL ?? "" } });
      expect(test.status(), await test.text()).toBe(202);
    }

    await page.goto(`/cms/webhooks?webhook=${id}#delivery-log`);
    await waitForHydration(page);
    const log = page.locator("#delivery-log");
    // One row for the latest, with the error whole (wrapped, not cut off), and one line for the two before it.
    const rows = log.getByTestId("delivery-row");
    await expect(rows).toHaveCount(1, { timeout: 15_000 });
    await expect(rows.first()).toContainText("Retrying");
    await expect(rows.first()).toContainText("Retries on its own");
    const error = rows.first().getByText(/ECONNREFUSED 127\.0\.0\.1:9/);
    await expect(error).toBeVisible();
    expect(await error.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
    const earlierSummary = log.locator("summary").filter({ hasText: "2 earlier deliveries of webhook.test with the same outcome" });
    await expect(earlierSummary).toBeVisible();
    const earlier = log.getByTestId("earlier-delivery-row");
    await expect(earlier).toHaveCount(2);
    await expect(earlier.first()).toBeHidden();

    // Opened with the keyboard: each earlier delivery with its own webhook-id and attempts.
    await earlierSummary.focus();
    await expect(earlierSummary).toHaveCSS("box-shadow", /rgb/);
    await page.keyboard.press("Enter");
    await expect(earlier.first()).toBeVisible();
    const ids = await log.getByTitle("webhook-id").allTextContents();
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);
    for (const width of [1440, 768, 390]) {
      await page.setViewportSize({ width, height: 900 });
      if (width >= 768) expect(await log.locator('[data-slot="table-container"]').first().evaluate((box) => box.scrollWidth - box.clientWidth)).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: testInfo.outputPath(`webhooks-grouped-${width}.png`), fullPage: true });
    }
    await expectNoAxeViolations(page);
    await page.keyboard.press("Space");
    await expect(earlier.first()).toBeHidden();
  });

  test("without JavaScript the page adds a webhook, shows its secret once and refuses a bad URL with a message", async ({
    page: signIn,
    browser,
    baseURL,
  }) => {
    const page = await adminPageWithoutJavaScript(signIn, browser, baseURL);
    await page.goto("/cms/webhooks");
    const url = `https://hooks.example.com/zuri/${randomBytes(3).toString("hex")}`;
    // The refusal keeps what was typed and says what is missing.
    await openAddForm(page);
    await page.getByLabel("Endpoint URL").fill(url);
    await page.getByRole("button", { name: "Add webhook" }).click();
    await expect(page.getByText("Choose at least one event.").first()).toBeVisible();
    await expect(page.getByLabel("Endpoint URL")).toHaveValue(url);

    await page.getByLabel("Endpoint URL").fill("ftp://files.example.com/");
    await page.getByRole("checkbox", { name: /^Post published/ }).check();
    await page.getByRole("button", { name: "Add webhook" }).click();
    await expect(page.getByText("Webhook URLs must start with https://.").first()).toBeVisible();

    const description = `No-JS ${randomBytes(3).toString("hex")}`;
    await page.getByLabel("Endpoint URL").fill(url);
    await page.getByRole("checkbox", { name: /^Post unpublished/ }).check();
    await page.getByLabel(/^Description/).fill(description);
    await page.getByRole("button", { name: "Add webhook" }).click();
    await expect(page.getByTestId("created-secret")).toContainText("it will not be shown again");
    await expect(page.getByLabel("Signing secret")).toHaveValue(/^whsec_/);
    await expect(page.getByRole("listitem").filter({ hasText: url })).toContainText("post.unpublished");

    // Deleted again through the confirmation panel, a plain form.
    await page.getByRole("link", { name: `Delete ${description}` }).click();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page).toHaveURL(/\/cms\/webhooks$/);
    await expect(page.getByRole("listitem").filter({ hasText: url })).toHaveCount(0);
    await page.context().close();
  });

  test("an administrator edits a webhook's URL, events and description with the keyboard; its delivery log stays", async ({ page }, testInfo) => {
    const receiver = await startWebhookReceiver();
    try {
      const tag = randomBytes(3).toString("hex");
      const url = `${receiver.url}/before-${tag}`;
      const description = `Chat channel ${tag}`;
      await loginAsAdmin(page);
      await page.goto("/cms/webhooks");
      await waitForHydration(page);
      await openAddForm(page);
      await page.getByLabel("Endpoint URL").fill(url);
      await page.getByRole("checkbox", { name: /^Post published/ }).check();
      await page.getByLabel(/^Description/).fill(description);
      await page.getByRole("button", { name: "Add webhook" }).click();
      await expect(toastWith(page, "Webhook added")).toBeVisible();

      // One delivery in its log, which editing must keep.
      await page.getByRole("link", { name: `Delivery log of ${description}` }).click();
      await expect(page).toHaveURL(/\?webhook=\d+#delivery-log$/);
      const id = new URL(page.url()).searchParams.get("webhook")!;
      const card = page.locator(`#webhook-${id}`);
      const rows = page.locator("#delivery-log").getByTestId("delivery-row");
      await page.getByRole("button", { name: `Send test event to ${description}` }).click();
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText("Delivered");

      // Edit opens the form in the card, filled in, with the cursor in the URL field.
      const edit = card.getByRole("link", { name: `Edit ${description}` });
      await edit.focus();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`[?&]edit=${id}(#|$)`));
      const form = card.getByRole("form", { name: "Edit webhook" });
      const urlField = form.getByLabel("Endpoint URL");
      await expect(urlField).toBeFocused();
      await expect(urlField).toHaveValue(url);
      await expect(form.getByRole("checkbox", { name: /^Post published/ })).toBeChecked();
      await expect(form.getByLabel(/^Description/)).toHaveValue(description);
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await expectNoAxeViolations(page);
        await page.screenshot({ path: testInfo.outputPath(`webhooks-edit-${width}.png`), fullPage: true });
      }
      await page.setViewportSize({ width: 1440, height: 900 });

      // Cancel puts focus back on Edit and changes nothing.
      await urlField.fill(`${receiver.url}/discarded`);
      await form.getByRole("link", { name: "Cancel" }).focus();
      await page.keyboard.press("Enter");
      await expect(form).toHaveCount(0);
      await expect(edit).toBeFocused();
      await expect(card).toContainText(url);

      // A refused URL: the message under the field, the form still open, nothing saved.
      await page.keyboard.press("Enter");
      await expect(urlField).toBeFocused();
      await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.type("ftp://files.example.com/");
      await form.getByRole("button", { name: "Save" }).focus();
      await page.keyboard.press("Enter");
      await expect(toastWith(page, "Could not save the webhook")).toBeVisible();
      await expect(urlField).toHaveAccessibleDescription("Webhook URLs must start with https://.");
      await expect(urlField).toHaveAttribute("aria-invalid", "true");
      await expectNoAxeViolations(page);
      await page.screenshot({ path: testInfo.outputPath("webhooks-edit-refused-1440.png") });

      // The new URL, "Post updated" instead of "Post published", a new description; Save.
      const newUrl = `${receiver.url}/after-${tag}`;
      const newDescription = `Newsletter ${tag}`;
      await urlField.focus();
      await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.type(newUrl);
      await page.keyboard.press("Tab");
      await expect(form.getByRole("checkbox", { name: /^Post published/ })).toBeFocused();
      await page.keyboard.press("Space");
      await page.keyboard.press("Tab");
      await expect(form.getByRole("checkbox", { name: /^Post updated/ })).toBeFocused();
      await page.keyboard.press("Space");
      for (let i = 0; i < 4; i++) await page.keyboard.press("Tab");
      await expect(form.getByLabel(/^Description/)).toBeFocused();
      await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.type(newDescription);
      await page.keyboard.press("Tab");
      await expect(form.getByRole("link", { name: "Cancel" })).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(form.getByRole("button", { name: "Save" })).toBeFocused();
      await page.keyboard.press("Enter");

      await expect(toastWith(page, "Webhook saved")).toBeVisible();
      await expect(form).toHaveCount(0);
      await expect(page).not.toHaveURL(/[?&]edit=/);
      await expect(card.getByRole("link", { name: `Edit ${newDescription}` })).toBeFocused();
      await page.screenshot({ path: testInfo.outputPath("webhooks-edit-saved-1440.png") });
      await expect(card).toContainText(newUrl);
      await expect(card).toContainText(newDescription);
      await expect(card.getByRole("list", { name: "Events" })).toHaveText("post.updated");
      // The same webhook: its log is still there.
      await expect(rows).toHaveCount(1);
      await expect(page.locator("#delivery-log")).toContainText(newDescription);
    } finally {
      await receiver.close();
    }
  });

  test("without JavaScript the edit form opens from its link, refuses a bad URL under the field, and saves", async ({ page: signIn, browser, baseURL }) => {
    const page = await adminPageWithoutJavaScript(signIn, browser, baseURL);
    await page.goto("/cms/webhooks");
    const tag = randomBytes(3).toString("hex");
    const url = `https://hooks.example.com/zuri/${tag}`;
    const description = `No-JS edit ${tag}`;
    await openAddForm(page);
    await page.getByLabel("Endpoint URL").fill(url);
    await page.getByRole("checkbox", { name: /^Post deleted/ }).check();
    await page.getByLabel(/^Description/).fill(description);
    await page.getByRole("button", { name: "Add webhook" }).click();
    await expect(page.getByTestId("created-secret")).toBeVisible();

    const card = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: `Edit ${description}` }) });
    await card.getByRole("link", { name: `Edit ${description}` }).click();
    const form = page.getByRole("form", { name: "Edit webhook" });
    await expect(form.getByLabel("Endpoint URL")).toHaveValue(url);
    // Cancel is a plain link back.
    await form.getByRole("link", { name: "Cancel" }).click();
    await expect(form).toHaveCount(0);

    await card.getByRole("link", { name: `Edit ${description}` }).click();
    await form.getByLabel("Endpoint URL").fill("ftp://files.example.com/");
    await form.getByRole("checkbox", { name: /^Post published/ }).check();
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form.getByLabel("Endpoint URL")).toHaveAccessibleDescription("Webhook URLs must start with https://.");
    await expect(form.getByLabel("Endpoint URL")).toHaveValue("ftp://files.example.com/");
    await expect(form.getByRole("checkbox", { name: /^Post published/ })).toBeChecked();

    const newUrl = `https://hooks.example.com/zuri/${tag}/v2`;
    await form.getByLabel("Endpoint URL").fill(newUrl);
    await form.getByRole("checkbox", { name: /^Post deleted/ }).uncheck();
    await form.getByLabel(/^Description/).fill("");
    await form.getByRole("button", { name: "Save" }).click();
    // The redirect keeps the form's #webhook-{id}: the browser lands on the saved card.
    await expect(page).toHaveURL(/\/cms\/webhooks\?webhook=(\d+)#webhook-\1$/);
    await expect(form).toHaveCount(0);
    const saved = page.getByRole("listitem").filter({ hasText: newUrl });
    await expect(saved.getByRole("list", { name: "Events" })).toHaveText("post.published");
    await expect(saved).not.toContainText(description);
    // The secret is shown once: not on the page after an edit.
    await expect(page.getByTestId("created-secret")).toHaveCount(0);

    await saved.getByRole("link", { name: `Delete ${newUrl}` }).click();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.getByRole("listitem").filter({ hasText: newUrl })).toHaveCount(0);
    await page.context().close();
  });
});
