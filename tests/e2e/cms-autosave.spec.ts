import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe.ts";
import { loginAsAdmin } from "./auth.ts";
import { contentEditor, seedPost, toastWith, unique, waitForEditor } from "./cms-helpers.ts";

/**
 * Autosave to the server (docs/decisions/066): the editor keeps a working copy per post and writer,
 * saved a few seconds after typing stops; the live post changes only on "Update Published".
 */

const SAVED = "Saved";
const OFFLINE = "Offline – changes kept on this device";
/** A debounced save on a busy two-core machine: a few seconds of quiet, then a request. */
const AUTOSAVE_TIMEOUT = 15_000;
/** The editor's header, status line and banner, for the screenshots looked at. */
const TOP_1440 = { x: 0, y: 0, width: 1440, height: 420 };

/** The status line: its words are announced politely as they change. */
const statusLine = (page: Page) => page.locator('[aria-live="polite"]').filter({ has: page.getByTestId("autosave-status") });

async function typeAtEnd(page: Page, text: string) {
  await contentEditor(page).click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type(text);
}

/** What a visitor who is not signed in gets at /blog/{slug}. */
async function publicPostText(browser: Browser, slug: string) {
  const visitor = await browser.newContext();
  try {
    const page = await visitor.newPage();
    const response = await page.goto(`/blog/${slug}`);
    expect(response?.status()).toBe(200);
    return await page.locator("main").innerText();
  } finally {
    await visitor.close();
  }
}

test.describe("autosave to the server", () => {
  test.describe.configure({ timeout: 90_000 });

  test("typing into a published post saves a working copy, the live post stays as it is, and reload and another device offer the copy", async ({
    page,
    browser,
  }, testInfo) => {
    // Four axe scans of the whole editor, two browsers: slow on a shared two-core machine.
    test.setTimeout(180_000);
    await loginAsAdmin(page);
    const post = await seedPost(page, {
      title: unique("Autosave live post"),
      content: "<p>What readers see today.</p>",
      published: true,
    });
    await page.goto(`/cms/editor/${post.id}`);
    await waitForEditor(page);

    await typeAtEnd(page, " A sentence still being written.");
    await expect(statusLine(page).getByText("Saving…", { exact: true })).toBeVisible();
    await expect(statusLine(page).getByText(SAVED, { exact: true })).toBeVisible({ timeout: AUTOSAVE_TIMEOUT });
    await expect(statusLine(page)).toContainText("Live post unchanged until you click Update Published");
    await expect(page.getByRole("button", { name: "Update Published" })).toBeVisible();

    // The working copy is the writer's, on the server; the post and its public page are unchanged.
    const copy = await page.request.get(`/api/cms/posts/${post.id}/working-copy`);
    expect(copy.status()).toBe(200);
    expect(((await copy.json()) as { fields: { content: string } }).fields.content).toContain("A sentence still being written.");
    const stored = (await (await page.request.get(`/api/cms/posts/${post.id}`)).json()) as { content: string; version: number };
    expect(stored).toMatchObject({ content: "<p>What readers see today.</p>", version: post.version });
    const live = await publicPostText(browser, post.slug);
    expect(live).toContain("What readers see today.");
    expect(live).not.toContain("A sentence still being written.");

    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath("autosave-saved-1440.png"), clip: TOP_1440 });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(statusLine(page).getByText(SAVED, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath("autosave-saved-390.png") });
    await page.setViewportSize({ width: 1440, height: 900 });

    // Reload with this device's copy gone: the editor finds the copy on the server.
    await page.evaluate(() => window.localStorage.clear());
    page.once("dialog", (dialog) => void dialog.accept());
    await page.reload();
    await waitForEditor(page);
    const banner = page.getByRole("region", { name: "Unsaved changes found" });
    await expect(banner).toContainText("A copy saved on the server at");
    await expect(contentEditor(page)).not.toContainText("A sentence still being written.");

    // Another device (a fresh browser, nothing stored locally) is offered the same copy, and restores it by keyboard.
    const device = await browser.newContext();
    const other = await device.newPage();
    try {
      await loginAsAdmin(other);
      await other.goto(`/cms/editor/${post.id}`);
      await waitForEditor(other);
      const otherBanner = other.getByRole("region", { name: "Unsaved changes found" });
      await expect(otherBanner).toContainText("A copy saved on the server at");
      await expect(otherBanner).toContainText("holds edits that were never saved to the post.");
      await expectNoAxeViolations(other);
      await other.screenshot({ path: testInfo.outputPath("autosave-offered-1440.png"), clip: TOP_1440 });
      await other.setViewportSize({ width: 390, height: 844 });
      await expectNoAxeViolations(other);
      await other.screenshot({ path: testInfo.outputPath("autosave-offered-390.png") });
      await other.setViewportSize({ width: 1440, height: 900 });

      await otherBanner.getByRole("button", { name: "Restore" }).focus();
      await other.keyboard.press("Enter");
      await expect(otherBanner).toHaveCount(0);
      await expect(contentEditor(other)).toContainText("What readers see today. A sentence still being written.");

      // Only "Update Published" changes the live post; the copy is then gone.
      await other.getByRole("button", { name: "Update Published" }).click();
      await expect(toastWith(other, "Post updated")).toBeVisible();
      await expect(other.getByText("All changes saved")).toBeVisible();
      expect(await publicPostText(browser, post.slug)).toContain("What readers see today. A sentence still being written.");
      await expect
        .poll(async () => (await other.request.get(`/api/cms/posts/${post.id}/working-copy`)).status())
        .toBe(404);
    } finally {
      await device.close();
    }
  });

  test("offline, the editor says the changes are kept on this device, and saves them once back online", async ({ page, context }, testInfo) => {
    await loginAsAdmin(page);
    const post = await seedPost(page, { title: unique("Autosave offline"), content: "<p>Draft body.</p>" });
    await page.goto(`/cms/editor/${post.id}`);
    await waitForEditor(page);

    await context.setOffline(true);
    await typeAtEnd(page, " Written on a train.");
    await expect(statusLine(page).getByText(OFFLINE, { exact: true })).toBeVisible({ timeout: AUTOSAVE_TIMEOUT });
    // The local copy (decision 061) is what keeps them.
    await expect
      .poll(() => page.evaluate((id) => window.localStorage.getItem(`zuri-cms-draft:${id}`) ?? "", post.id))
      .toContain("Written on a train.");
    // Saving meanwhile says so in words, never the browser's "Failed to fetch" (docs/decisions/061).
    await page.getByRole("button", { name: "Save Draft" }).click();
    await expect(toastWith(page, "Save failed")).toContainText(
      "The server could not be reached. Your changes are kept on this device: save again once you are back online.",
    );
    await expect(page.locator("body")).not.toContainText("Failed to fetch");
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath("autosave-offline-1440.png"), clip: TOP_1440 });
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath("autosave-offline-390.png") });
    await page.setViewportSize({ width: 1440, height: 900 });

    await context.setOffline(false);
    await expect(statusLine(page).getByText(SAVED, { exact: true })).toBeVisible({ timeout: AUTOSAVE_TIMEOUT });
    const copy = (await (await page.request.get(`/api/cms/posts/${post.id}/working-copy`)).json()) as {
      fields: { content: string };
      baseVersion: number;
    };
    expect(copy.fields.content).toContain("Written on a train.");
    expect(copy.baseVersion).toBe(post.version);
    // A draft is not live either way: no note about the live post.
    await expect(statusLine(page)).not.toContainText(/live post/i);
  });
});
