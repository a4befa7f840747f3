import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe.ts";
import { loginAsAdmin } from "./auth.ts";
import { contentEditor, seedPost, toastWith, unique, waitForEditor } from "./cms-helpers.ts";
import { formatInZone, fromZoneInput, toZoneInput } from "../../app/lib/site-time.ts";
import { PLACEHOLDER_SITE_DETAILS } from "../../shared/site-details.ts";

/** A fresh database keeps the placeholder time zone (docs/decisions/054). */
const zone = PLACEHOLDER_SITE_DETAILS.timeZone;

const SHOTS = process.env.SCREENSHOT_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()!.width}.png`, fullPage: false });
};

async function openPost(page: Page, title: string, published = false) {
  await loginAsAdmin(page);
  const post = await seedPost(page, { title, published, content: "<p>The first words of the forecast guide.</p>" });
  await page.goto(`/cms/editor/${post.id}`);
  await waitForEditor(page);
  return post;
}

for (const width of [390, 1440]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    // Each journey logs in (argon2), saves several times and runs axe twice.
    test.setTimeout(90_000);

    test("schedules a draft with the keyboard in the site's time zone, shows Scheduled, and unschedules it", async ({ page }) => {
      const title = unique("Scheduled guide");
      const post = await openPost(page, title);

      await page.getByRole("button", { name: "Schedule", exact: true }).focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "Schedule this post" });
      await expect(dialog).toBeVisible();
      const field = dialog.getByLabel("Publish on (London time)");
      // A time in the past is refused with a message on the field.
      await field.fill(toZoneInput(new Date(Date.now() - 3_600_000).toISOString(), zone));
      await dialog.getByRole("button", { name: "Schedule" }).press("Enter");
      await expect(dialog.getByText("Choose a time at least a minute from now.")).toBeVisible();
      await expect(field).toHaveAttribute("aria-invalid", "true");

      const when = toZoneInput(new Date(Date.now() + 3 * 24 * 3_600_000).toISOString(), zone).slice(0, 11) + "09:00";
      const at = fromZoneInput(when, zone)!;
      await field.fill(when);
      await expect(dialog.getByText(`Goes live ${formatInZone(at, zone)}.`)).toBeVisible();
      await expectNoAxeViolations(page);
      await shot(page, "schedule-dialog");
      await dialog.getByRole("button", { name: "Schedule" }).click();

      await expect(toastWith(page, "Post scheduled")).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(`Goes live ${formatInZone(at, zone)}`).first()).toBeVisible();
      await expect(page.getByRole("button", { name: "Update Scheduled" })).toBeVisible();
      const stored = await (await page.request.get(`/api/cms/posts/${post.id}`)).json();
      expect(stored).toMatchObject({ status: "scheduled", published: true, publishedAt: at });
      // Not on the blog before its time.
      expect((await page.request.get(`/api/blog/${post.slug}`)).status()).toBe(404);
      await shot(page, "editor-scheduled");

      // The dashboard lists it as Scheduled, with its time, and filters by it.
      await page.goto("/cms/control?status=scheduled");
      const row = page.getByRole("row").filter({ hasText: title });
      await expect(row.getByText("Scheduled").first()).toBeVisible();
      await expect(row.getByText(`Goes live ${formatInZone(at, zone)}`)).toBeVisible();
      await expectNoAxeViolations(page);
      await shot(page, "dashboard-scheduled");

      await page.goto(`/cms/editor/${post.id}`);
      await waitForEditor(page);
      await page.getByRole("button", { name: "Reschedule" }).click();
      await page.getByRole("dialog", { name: "Change the schedule" }).getByRole("button", { name: "Unschedule (back to draft)" }).click();
      await expect(page.getByRole("button", { name: "Publish", exact: true })).toBeVisible();
      expect(await (await page.request.get(`/api/cms/posts/${post.id}`)).json()).toMatchObject({ status: "draft", publishedAt: null });
    });

    test("History lists every save, shows the words changed since a version, and restores it as a new revision", async ({ page }) => {
      const title = unique("History guide");
      const post = await openPost(page, title);

      // Two saves from the editor: the seed makes the first revision.
      for (const words of ["The second words.", "The third words of the guide."]) {
        await contentEditor(page).click();
        await page.keyboard.press("ControlOrMeta+a");
        await page.keyboard.type(words);
        await page.getByRole("button", { name: "Save Draft" }).click();
        await expect(page.getByText("All changes saved")).toBeVisible();
      }

      await page.getByRole("button", { name: "History" }).click();
      const dialog = page.getByRole("dialog", { name: "History" });
      const revisions = dialog.getByRole("navigation", { name: "Revisions" }).getByRole("button");
      await expect(revisions).toHaveCount(3);
      // The version before the current one is chosen first.
      await expect(revisions.nth(1)).toHaveAttribute("aria-current", "true");
      const changes = dialog.getByRole("region", { name: "Changes" });
      await expect(changes.locator("dd del")).toContainText(["second"]);
      await expect(changes.locator("dd ins").first()).toContainText("third");

      // Keyboard: the oldest version, then restore it.
      await revisions.nth(2).focus();
      await page.keyboard.press("Enter");
      await expect(changes.locator("dd del").filter({ hasText: "first" })).toHaveCount(1);
      await expectNoAxeViolations(page);
      await shot(page, "history");
      await changes.getByRole("button", { name: "Restore this version" }).click();

      await expect(toastWith(page, "Version restored")).toBeVisible();
      await expect(contentEditor(page)).toContainText("The first words of the forecast guide.");
      const list = await (await page.request.get(`/api/cms/posts/${post.id}/revisions`)).json();
      expect(list.map((r: { event: string }) => r.event)).toEqual(["restore", "save", "save", "save"]);
    });
  });
}

test.describe("History on a live post (docs/decisions/067)", () => {
  /** A live post with two saves: the seed's words, then newer ones put live with Update Published. */
  async function liveWithHistory(page: Page) {
    const post = await openPost(page, unique("Live history"), true);
    await contentEditor(page).click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("The newer words on the blog.");
    await page.getByRole("button", { name: "Update Published" }).click();
    await expect(page.getByText("All changes saved")).toBeVisible();
    return post;
  }

  /** Opens History, picks the first version by keyboard and asks to restore it: the choice dialog. */
  async function askToRestoreFirst(page: Page) {
    await page.getByRole("button", { name: "History" }).click();
    const history = page.getByRole("dialog", { name: "History" });
    const revisions = history.getByRole("navigation", { name: "Revisions" }).getByRole("button");
    await expect(revisions).toHaveCount(2);
    await revisions.nth(1).focus();
    await page.keyboard.press("Enter");
    const restore = history.getByRole("region", { name: "Changes" }).getByRole("button", { name: "Restore this version" });
    await restore.focus();
    await page.keyboard.press("Enter");
    const choice = page.getByRole("dialog", { name: "Restore this version of a live post?" });
    await expect(choice).toBeVisible();
    // The choice that changes nothing on the blog has the focus.
    await expect(choice.getByRole("button", { name: "Restore into the editor" })).toBeFocused();
    return { history, choice };
  }

  const liveText = async (page: Page, slug: string) => (await (await page.request.get(`/api/blog/${slug}`)).json()).content as string;

  test("Restore into the editor loads the version as unsaved changes; the blog changes only with Update Published", async ({ page }) => {
    const post = await liveWithHistory(page);
    const { history, choice } = await askToRestoreFirst(page);
    await expectNoAxeViolations(page);
    await shot(page, "history-restore-choice");
    // Escape asks nothing more and restores nothing.
    await page.keyboard.press("Escape");
    await expect(choice).toBeHidden();
    await expect(history).toBeVisible();

    await history.getByRole("button", { name: "Restore this version" }).click();
    await choice.getByRole("button", { name: "Restore into the editor" }).click();
    await expect(history).toBeHidden();
    await expect(toastWith(page, "Version restored into the editor")).toBeVisible();
    await expect(contentEditor(page)).toContainText("The first words of the forecast guide.");
    await expect(page.getByText("Unsaved changes", { exact: true })).toBeVisible();
    expect(await liveText(page, post.slug)).toContain("The newer words on the blog.");
    const events = async () => (await (await page.request.get(`/api/cms/posts/${post.id}/revisions`)).json()).map((r: { event: string }) => r.event);
    expect(await events()).toEqual(["save", "save"]);

    await page.getByRole("button", { name: "Update Published" }).click();
    await expect(page.getByText("All changes saved")).toBeVisible();
    expect(await liveText(page, post.slug)).toContain("The first words of the forecast guide.");
    expect(await events()).toEqual(["save", "save", "save"]);
  });

  test("Restore and publish now puts the version on the blog at once, as a restore", async ({ page }) => {
    const post = await liveWithHistory(page);
    const { choice } = await askToRestoreFirst(page);
    await choice.getByRole("button", { name: "Restore and publish now" }).focus();
    await page.keyboard.press("Enter");
    await expect(toastWith(page, "Version restored")).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(contentEditor(page)).toContainText("The first words of the forecast guide.");
    await expect(page.getByText("All changes saved")).toBeVisible();
    expect(await liveText(page, post.slug)).toContain("The first words of the forecast guide.");
    const list = await (await page.request.get(`/api/cms/posts/${post.id}/revisions`)).json();
    expect(list.map((r: { event: string }) => r.event)).toEqual(["restore", "save", "save"]);
  });
});
