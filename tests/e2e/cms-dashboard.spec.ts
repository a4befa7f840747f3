import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./axe.ts";
import { loginAsAdmin } from "./auth.ts";
import { seedPost, toastWith, unique } from "./cms-helpers.ts";

/** The dashboard searched for one test's posts: other tests add posts to the same paged list meanwhile. */
const dashboardFor = (query: string) => `/cms/control?${new URLSearchParams({ q: query })}`;

test.describe("CMS dashboard", () => {
  test.describe.configure({ timeout: 60_000 });

  test("lists posts with status, date and actions; preview adds ?preview=true only for drafts", async ({ page }) => {
    await loginAsAdmin(page);
    // One search shows both posts, however many other tests add meanwhile (the list is paged: decision 045).
    const token = unique("Dashboard");
    const draft = await seedPost(page, { title: `${token} draft` });
    const published = await seedPost(page, { title: `${token} published`, published: true });
    await page.goto(dashboardFor(token));
    await expect(page.getByRole("heading", { level: 1, name: "Blog Posts" })).toBeVisible();
    await expect(page.getByRole("link", { name: "New Post" })).toHaveAttribute("href", "/cms/editor");
    const headers = page.getByRole("columnheader");
    // docs/product.md §2's columns, with the bulk actions' checkboxes and the author (docs/decisions/036);
    // the Date column names the date it shows.
    await expect(headers).toHaveText(["Select", "Title", "Status", "Author", "Date (edited)", "Actions"]);

    const draftRow = page.getByRole("row").filter({ hasText: draft.title });
    const publishedRow = page.getByRole("row").filter({ hasText: published.title });
    const statusOf = (row: typeof draftRow) => row.getByRole("cell").nth(2).locator("span").first();
    await expect(statusOf(draftRow)).toHaveText("Draft");
    await expect(statusOf(draftRow)).toHaveClass(/amber/);
    await expect(statusOf(publishedRow)).toHaveText("Published");
    await expect(statusOf(publishedRow)).toHaveClass(/emerald/);
    // docs/product.md §9: 'MMM d, yyyy', from updatedAt.
    await expect(draftRow.getByRole("cell").nth(4)).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);

    const draftPreview = draftRow.getByRole("link", { name: new RegExp(`Preview ${draft.title}`) });
    await expect(draftPreview).toHaveAttribute("href", `/blog/${draft.slug}?preview=true`);
    await expect(draftPreview).toHaveAttribute("target", "_blank");
    await expect(publishedRow.getByRole("link", { name: new RegExp(`Preview ${published.title}`) })).toHaveAttribute(
      "href",
      `/blog/${published.slug}`,
    );
    await expectNoAxeViolations(page);

    await draftRow.getByRole("link", { name: new RegExp(`Edit ${draft.title}`) }).click();
    await expect(page).toHaveURL(`/cms/editor/${draft.id}`);
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(draft.title);
  });

  test("delete asks first: Cancel keeps the post, Delete removes it with a toast and refreshes the list, all by keyboard", async ({
    page,
  }) => {
    await loginAsAdmin(page);
    const post = await seedPost(page, { title: unique("Dashboard delete") });
    await page.goto(dashboardFor(post.title));
    const row = page.getByRole("row").filter({ hasText: post.title });
    const deleteLink = row.getByRole("link", { name: new RegExp(`Delete ${post.title}`) });

    await deleteLink.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Delete Blog Post" });
    await expect(dialog).toContainText("Are you sure you want to delete this blog post? This action cannot be undone.");
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(row).toBeVisible();

    await deleteLink.click();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toBeVisible();

    await deleteLink.click();
    await dialog.getByRole("button", { name: "Delete" }).focus();
    await page.keyboard.press("Enter");
    await expect(toastWith(page, "Post deleted")).toContainText("The blog post has been successfully deleted");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("row").filter({ hasText: post.title })).toHaveCount(0);
    await expect(page).toHaveURL(dashboardFor(post.title));
    expect((await page.request.get(`/api/cms/posts/${post.id}`)).status()).toBe(404);
  });

  test("deleting a post that is already gone says 'Delete failed' and refreshes the list", async ({ page }) => {
    await loginAsAdmin(page);
    const post = await seedPost(page, { title: unique("Dashboard gone") });
    await page.goto(`/cms/control?delete=${post.id}`);
    const dialog = page.getByRole("dialog", { name: "Delete Blog Post" });
    await expect(dialog).toBeVisible();
    expect((await page.request.delete(`/api/cms/posts/${post.id}`)).status()).toBe(200);
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(toastWith(page, "Delete failed")).toContainText("Failed to delete post: Not Found");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("row").filter({ hasText: post.title })).toHaveCount(0);
  });

  test.describe("without JavaScript", () => {
    test("deleting works through the confirmation panel", async ({ page, browser }) => {
      await loginAsAdmin(page);
      const post = await seedPost(page, { title: unique("No-JS delete") });
      const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
      const noJs = await context.newPage();
      await noJs.goto(dashboardFor(post.title));
      await noJs.getByRole("row").filter({ hasText: post.title }).getByRole("link", { name: /Delete/ }).click();
      const panel = noJs.getByRole("region", { name: "Delete Blog Post" });
      await expect(panel).toContainText("Are you sure you want to delete this blog post? This action cannot be undone.");
      await panel.getByRole("button", { name: "Delete" }).click();
      await expect(noJs).toHaveURL(dashboardFor(post.title));
      await expect(noJs.getByRole("row").filter({ hasText: post.title })).toHaveCount(0);
      await context.close();
    });
  });
});
