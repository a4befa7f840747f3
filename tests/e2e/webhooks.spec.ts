import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./axe.ts";
import { loginAsAdmin, waitForHydration } from "./auth.ts";
import { toastWith } from "./cms-helpers.ts";
import { startWebhookReceiver, verifyStandardWebhook } from "../support/webhook-receiver.ts";

/**
 * Webhooks (docs/decisions/073-webhooks.md): added in /cms/webhooks with the keyboard, the secret
 * seen once, a test event to a receiver started here (the e2e server runs with the development switch
 * WEBHOOKS_ALLOW_PRIVATE_URLS=true), its delivery in the log with HTTP 200, and a redelivery.
 */
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

      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: 900 });
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

  test("without JavaScript the page adds a webhook, shows its secret once and refuses a bad URL with a message", async ({
    page: signIn,
    browser,
    baseURL,
  }) => {
    await loginAsAdmin(signIn);
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL, storageState: await signIn.context().storageState() });
    const page = await context.newPage();
    await page.goto("/cms/webhooks");
    const url = `https://hooks.example.com/zuri/${randomBytes(3).toString("hex")}`;
    // The refusal keeps what was typed and says what is missing.
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
    await context.close();
  });
});
