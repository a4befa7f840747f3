import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe.ts";
import { loginAsAdmin } from "./auth.ts";
import { seedPost, sidewaysOverflow, toastWith, unique } from "./cms-helpers.ts";

/** The dashboard's bulk actions and search as you type (docs/decisions/036-dashboard-bulk-actions.md). */

const dashboardFor = (query: string) => `/cms/control?${new URLSearchParams({ q: query })}`;
const rowOf = (page: Page, title: string) => page.getByRole("row").filter({ hasText: title });
/** "Select all on this page" is there once React runs: before, the boxes only post as a plain form. */
const selectAll = (page: Page) => page.getByRole("checkbox", { name: "Select all on this page" });

test.describe("CMS dashboard bulk actions", () => {
  test.describe.configure({ timeout: 60_000 });

  test("selects two drafts by keyboard and publishes them: a toast, then both Published", async ({ page }) => {
    await loginAsAdmin(page);
    const token = unique("Bulk");
    const first = await seedPost(page, { title: `${token} first` });
    const second = await seedPost(page, { title: `${token} second` });
    const third = await seedPost(page, { title: `${token} third` });
    await page.goto(dashboardFor(token));
    await expect(selectAll(page)).toBeVisible();

    const toolbar = page.getByRole("group", { name: "Bulk actions" });
    // With nothing checked the actions are hidden; the count and "Select all on this page" stay (docs/decisions/069).
    await expect(toolbar.getByRole("button", { name: "Publish", exact: true })).toBeHidden();
    await expect(toolbar).toContainText("None selected");
    for (const post of [first, second]) {
      await page.getByRole("checkbox", { name: `Select ${post.title}` }).focus();
      await page.keyboard.press("Space");
    }
    await expect(toolbar).toContainText("2 selected");
    await toolbar.getByRole("button", { name: "Publish", exact: true }).focus();
    await page.keyboard.press("Enter");

    await expect(toastWith(page, "Posts published")).toContainText("2 posts published");
    const status = (title: string) => rowOf(page, title).getByRole("cell").nth(2);
    await expect(status(first.title)).toHaveText("Published");
    await expect(status(second.title)).toHaveText("Published");
    await expect(status(third.title)).toHaveText("Draft");
    await expect(toolbar).toContainText("None selected");
    // The actions hid under the keyboard's focus: it moved to "Select all on this page".
    await expect(toolbar.getByRole("button", { name: "Publish", exact: true })).toBeHidden();
    await expect(selectAll(page)).toBeFocused();
    await expect(page.getByRole("checkbox", { name: `Select ${first.title}` })).not.toBeChecked();
  });

  test("after one action the same rows are checked again by keyboard; Unpublish asks once with the count, then both are drafts", async ({ page }) => {
    await loginAsAdmin(page);
    const token = unique("Bulk again");
    const posts = [await seedPost(page, { title: `${token} one` }), await seedPost(page, { title: `${token} two` })];
    await page.goto(dashboardFor(token));
    await expect(selectAll(page)).toBeVisible();
    const toolbar = page.getByRole("group", { name: "Bulk actions" });
    const checkByKeyboard = async () => {
      for (const post of posts) {
        await page.getByRole("checkbox", { name: `Select ${post.title}` }).focus();
        await page.keyboard.press("Space");
      }
      await expect(toolbar).toContainText("2 selected");
    };
    await checkByKeyboard();
    await toolbar.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(toastWith(page, "Posts published")).toContainText("2 posts published");
    await expect(toolbar).toContainText("None selected");

    // The boxes the action cleared count again when checked (React's record of a box must follow the reset).
    await checkByKeyboard();
    await toolbar.getByRole("button", { name: "Unpublish" }).click();
    const dialog = page.getByRole("dialog", { name: "Unpublish 2 Blog Posts" });
    await expect(dialog).toContainText("Take these 2 blog posts off the blog? They become drafts and keep their first publication date.");
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Unpublish" }).click();
    await expect(toastWith(page, "Posts unpublished")).toContainText("2 posts unpublished");
    for (const post of posts) await expect(rowOf(page, post.title).getByRole("cell").nth(2)).toHaveText("Draft");
  });

  test("select all, then Delete asks with the count; the answer lists what was refused", async ({ page }) => {
    await loginAsAdmin(page);
    const token = unique("Bulk delete");
    const posts = [await seedPost(page, { title: `${token} a`, published: true }), await seedPost(page, { title: `${token} b` })];
    await page.goto(dashboardFor(token));
    await selectAll(page).check();
    await expect(page.getByRole("group", { name: "Bulk actions" })).toContainText("2 selected");
    await page.getByRole("group", { name: "Bulk actions" }).getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete 2 Blog Posts" });
    await expect(dialog).toContainText("Are you sure you want to delete these 2 blog posts? This action cannot be undone.");
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();

    // One of them goes meanwhile: it is refused as not found, the other deleted.
    expect((await page.request.delete(`/api/cms/posts/${posts[0]!.id}`)).status()).toBe(200);
    await page.getByRole("group", { name: "Bulk actions" }).getByRole("button", { name: "Delete" }).click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(toastWith(page, "Posts deleted")).toContainText("1 post deleted, 1 not");
    const result = page.getByRole("region", { name: "Bulk action result" });
    // Gone from the list, so named by its id (the server names no post it does not find).
    await expect(result).toContainText(`Post ${posts[0]!.id}: Post not found`);
    await expect(page.getByText("No posts match")).toBeVisible();
  });

  test("searches as you type, keeps every key and the address's q, still searches on Enter, and / focuses the search", async ({ page }) => {
    await loginAsAdmin(page);
    const token = unique("Typed").replace(" ", "");
    const wanted = await seedPost(page, { title: `${token} shrinkage` });
    await page.goto("/cms/control");
    await expect(selectAll(page)).toBeVisible();
    const search = page.getByRole("searchbox", { name: "Search posts" });
    await search.pressSequentially(`${token} shr`, { delay: 40 });
    await expect(page).toHaveURL(dashboardFor(`${token} shr`));
    await expect(rowOf(page, wanted.title)).toBeVisible();
    await expect(search).toBeFocused();
    // Typing on while the list loads loses nothing.
    await search.pressSequentially("ink", { delay: 120 });
    await expect(search).toHaveValue(`${token} shrink`);
    await expect(page).toHaveURL(dashboardFor(`${token} shrink`));
    await search.fill(`${token} nothing`);
    await search.press("Enter");
    await expect(page.getByText("No posts match")).toBeVisible();

    // "/" from anywhere but a field puts the cursor back in the search, its text selected to type over.
    await page.getByRole("link", { name: "New Post" }).first().focus();
    await page.keyboard.press("/");
    await expect(search).toBeFocused();
    await expect(search).toHaveAttribute("aria-keyshortcuts", "/");
    await page.keyboard.type(`${token} shrinkage`);
    await expect(search).toHaveValue(`${token} shrinkage`);
    await expect(rowOf(page, wanted.title)).toBeVisible();
  });

  test("axe finds nothing at 390 and 1440, and there is no sideways scroll at 390 or 768, the row actions in view", async ({ page }, testInfo) => {
    await loginAsAdmin(page);
    const token = unique("Bulk layout");
    await seedPost(page, { title: `${token} with a rather long title that has to wrap on a phone screen`, published: true });
    await seedPost(page, { title: `${token} short` });
    await page.goto(dashboardFor(token));
    await expect(selectAll(page)).toBeVisible();
    await page.getByRole("checkbox", { name: `Select ${token} short` }).check();
    // A post without a cover shows its generated art (docs/decisions/059), loaded, as its blog card will.
    const thumbnail = rowOf(page, `${token} short`).locator("img.cms-row-thumb");
    await expect(thumbnail).toHaveAttribute("src", /^\/blog\/cover\/[0-9a-z]+\.svg$/);
    await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath("bulk-bar-1440.png") });
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoAxeViolations(page);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath("bulk-bar-390.png"), fullPage: true });
    for (const width of [390, 768]) {
      await page.setViewportSize({ width, height: 900 });
      // Neither the page nor the table inside its card scrolls sideways, and the Delete link is in view (docs/decisions/069).
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      const deleteLink = rowOf(page, `${token} short`).getByRole("link", { name: `Delete ${token} short` });
      await expect(deleteLink).toBeVisible();
      expect(await deleteLink.evaluate((link) => link.getBoundingClientRect().right)).toBeLessThanOrEqual(width);
    }
    await page.screenshot({ path: testInfo.outputPath("bulk-bar-768.png"), fullPage: true });
  });
});
