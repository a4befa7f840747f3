import { expect, test } from "@playwright/test";
import { loginAsAdmin, waitForHydration } from "./auth.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { toastWith } from "./cms-helpers.ts";

/**
 * The site's details on /cms/settings (docs/decisions/054-site-details.md): an administrator follows the
 * placeholder list to a field, types a wrong address and is told under the field, fixes it and saves; the
 * privacy policy shows it on its next request. Only the privacy mailbox is changed, and put back: other
 * specs running meanwhile read the footer's mailboxes.
 */
test("an administrator replaces a placeholder mailbox from the list, with the keyboard; the privacy policy shows it", async ({ page }) => {
  test.setTimeout(60_000);
  await loginAsAdmin(page, { redirectTo: "/cms/settings" });
  await page.goto("/cms/settings");
  await waitForHydration(page);
  const placeholders = page.getByRole("heading", { name: /still a placeholder/ });
  await expect(placeholders).toBeVisible();
  // One line with the count; the list is behind a disclosure (docs/decisions/054, 2026-11-27), one row high at 1440.
  const summary = page.locator("summary").filter({ has: placeholders });
  await expect(summary).toContainText("Show which");
  expect((await summary.boundingBox())!.height).toBeLessThan(60);
  await expect(page.getByRole("link", { name: "Privacy mailbox" })).toBeHidden();
  await expectNoAxeViolations(page);
  // At 1440 px a sticky index of the sections sits beside the form; its links lead to them.
  const index = page.getByRole("navigation", { name: "Settings sections" });
  await expect(index.getByRole("link")).toHaveText(["Access", "Site details", "Company", "Mailboxes", "Links", "Time and sharing"]);
  await index.getByRole("link", { name: "Links" }).click();
  await expect(page).toHaveURL(/#settings-links$/);
  await expect(page.locator("#settings-links")).toBeInViewport();
  await expect(index).toBeInViewport();

  const field = page.getByLabel("Privacy mailbox", { exact: true });
  const original = await field.inputValue();
  const newAddress = `dpo-${Date.now()}@zuri-analytics.co.uk`;
  try {
    // The list opens by keyboard; its link leads to the field and puts the cursor in it.
    await summary.focus();
    await page.keyboard.press("Enter");
    await expect(summary).toContainText("Hide the list");
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Privacy mailbox" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#setting-privacyEmail$/);
    await expect(field).toBeFocused();
    await expect(field).toBeInViewport();
    await field.fill("dpo@");
    await page.getByRole("button", { name: "Save details" }).focus();
    await page.keyboard.press("Enter");
    await expect(toastWith(page, "Save failed")).toBeVisible();
    await expect(field).toBeFocused();
    await expect(field).toHaveAccessibleDescription(/Privacy mailbox must be an e-mail address like sales@yourcompany.com\./);

    await field.fill(newAddress);
    await page.keyboard.press("Enter");
    await expect(toastWith(page, "Site details saved")).toBeVisible();
    await expect(page.getByRole("link", { name: "Privacy mailbox" })).toHaveCount(0);

    await page.goto("/privacy");
    await expect(page.getByRole("main").getByRole("link", { name: newAddress }).first()).toHaveAttribute("href", `mailto:${newAddress}`);
  } finally {
    await page.goto("/cms/settings");
    await waitForHydration(page);
    await page.getByLabel("Privacy mailbox", { exact: true }).fill(original);
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(toastWith(page, "Site details saved")).toBeVisible();
  }
});
