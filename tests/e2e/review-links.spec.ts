import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe.ts";
import { loginAsAdmin } from "./auth.ts";
import { seedPost, unique, waitForEditor } from "./cms-helpers.ts";
import { waitForPageScript } from "./page-script.ts";

/** Review links (docs/decisions/065-review-links.md): "Share preview" in the editor, /preview/{token} for anyone. */

/**
 * A toast shown while the dialog is open. The modal dialog hides the rest of the page from assistive
 * technology (aria-hidden), the notifications region included, so it is found by its element; screen
 * readers still hear it through Radix's announcement, made outside the hidden region.
 */
const toastOverDialog = (page: Page, title: string) => page.locator('[data-slot="toast"]').filter({ hasText: title });

async function openEditor(page: Page, post: { id: number }) {
  await page.goto(`/cms/editor/${post.id}`);
  await waitForEditor(page);
}

test.describe("review links", () => {
  // Two browser contexts, axe scans and screenshots at two widths on a shared two-core machine.
  test.describe.configure({ timeout: 90_000 });

  test("an editor shares a draft with the keyboard; anonymous readers see it, noindex, with or without JavaScript; revoked, it is a 404", async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    await loginAsAdmin(page);
    const title = unique("Weekly demand forecast for review");
    const post = await seedPost(page, {
      title,
      content: '<p>Draft text for the reviewers only.</p><p>See <a href="/blog">every post</a>.</p>',
    });
    await openEditor(page, post);

    // Open, choose 30 days, create and copy: keyboard only.
    const share = page.getByRole("button", { name: "Share preview" });
    await share.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Share preview" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("No active review links.")).toBeVisible();
    const expiry = dialog.getByLabel("Link expires after");
    await expect(expiry).toBeFocused();
    await expect(expiry).toHaveValue("7");
    await page.keyboard.press("ArrowDown");
    await expect(expiry).toHaveValue("30");
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Create link" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(toastOverDialog(page, "Review link created")).toBeVisible();
    const urlField = dialog.getByLabel("Review link");
    await expect(urlField).toBeFocused();
    await expect(urlField).toHaveValue(new RegExp(`^${baseURL}/preview/[0-9a-f]{64}$`));
    const address = await urlField.inputValue();
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Copy review link" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(toastOverDialog(page, "Link copied")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    const links = dialog.getByRole("listitem");
    await expect(links).toHaveCount(1);
    await expect(links.first()).toContainText("Expires");
    await expect(links.first()).toContainText("by e2e-admin");

    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`share-dialog-${width}.png`) });
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    // An anonymous reader: the draft, as the blog will show it, with noindex.
    const readerContext = await browser.newContext();
    const reader = await readerContext.newPage();
    const opened = await reader.goto(address);
    expect(opened?.status()).toBe(200);
    expect(opened?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    expect(opened?.headers()["cache-control"]).toBe("private, no-store");
    await expect(reader.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(reader.getByTestId("post-content")).toContainText("Draft text for the reviewers only.");
    await expect(reader.getByTestId("review-notice")).toContainText(
      "Preview — not published yet. Shared for review; this link expires on",
    );
    await expect(reader.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
    for (const width of [390, 1440]) {
      await reader.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(reader);
      await reader.screenshot({ path: testInfo.outputPath(`preview-page-${width}.png`), fullPage: true });
    }
    // The token is the address: following a link from the preview sends no Referer, not even to this site.
    await waitForPageScript(reader);
    const [followed] = await Promise.all([
      reader.waitForRequest((request) => new URL(request.url()).pathname.startsWith("/blog")),
      reader.getByTestId("post-content").getByRole("link", { name: "every post" }).click(),
    ]);
    expect(await followed.headerValue("referer")).toBeNull();

    // Server-rendered: a reader without JavaScript gets the same page.
    const noScriptContext = await browser.newContext({ javaScriptEnabled: false });
    const noScript = await noScriptContext.newPage();
    await noScript.goto(address);
    await expect(noScript.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(noScript.getByTestId("review-notice")).toBeVisible();

    // Revoke, with the keyboard: the focus stays in the dialog, and the link is a 404 at once.
    const revoke = dialog.getByRole("button", { name: /^Revoke the link that expires/ });
    await revoke.focus();
    await page.keyboard.press("Enter");
    await expect(toastOverDialog(page, "Review link revoked")).toBeVisible();
    await expect(dialog.getByText("No active review links.")).toBeVisible();
    await expect(dialog.getByTestId("created-review-link")).toHaveCount(0);
    await expect(dialog.getByRole("heading", { name: "Active links" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Done" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(share).toBeFocused();

    for (const visitor of [reader, noScript]) {
      const gone = await visitor.goto(address);
      expect(gone?.status()).toBe(404);
      await expect(visitor.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
      await expect(visitor.getByText(title)).toHaveCount(0);
    }
    await readerContext.close();
    await noScriptContext.close();
  });

  test("a published post offers no review link: its address on the blog is the one to share", async ({ page }) => {
    await loginAsAdmin(page);
    const post = await seedPost(page, { title: unique("Published forecast guide"), published: true });
    await page.goto(`/cms/editor/${post.id}`);
    // Preview and Share preview are rendered together, on the server too: one without the other is the rule at work.
    await expect(page.getByRole("button", { name: "Update Published" })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Preview/ })).toBeVisible();
    await expect(page.getByRole("button", { name: "Share preview" })).toHaveCount(0);
  });
});
