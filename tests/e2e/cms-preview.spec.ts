import { expect, test, type Browser } from "@playwright/test";
import { loginAsAdmin } from "./auth.ts";
import { contentEditor, seedPost, unique, waitForEditor } from "./cms-helpers.ts";

/**
 * Preview what you see (docs/decisions/034-preview-what-you-see.md): the editor's Preview opens a new tab with
 * the post as the editor holds it, unsaved changes included, marked as a preview; readers see the saved post.
 */

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

test.describe("the editor's Preview", () => {
  test("a change typed into a published post, not saved, shows in the preview tab and not on the public page", async ({ page, browser }) => {
    await loginAsAdmin(page);
    const title = unique("Preview live post");
    const post = await seedPost(page, { title, content: "<p>What readers see today.</p>", published: true });
    await page.goto(`/cms/editor/${post.id}`);
    await waitForEditor(page);

    await page.getByLabel("Title", { exact: true }).fill(`${title} (revised)`);
    await contentEditor(page).click();
    await page.keyboard.press("Control+End");
    await page.keyboard.type(" A sentence not saved yet.");

    const [preview] = await Promise.all([
      page.context().waitForEvent("page"),
      page.getByRole("button", { name: /^Preview/ }).click(),
    ]);
    await preview.waitForLoadState();
    expect(new URL(preview.url()).pathname).toBe("/cms/preview");
    await expect(preview.getByTestId("preview-notice")).toContainText("Preview — not published.");
    await expect(preview.getByTestId("preview-notice")).toContainText("unsaved changes included");
    await expect(preview.getByRole("heading", { level: 1, name: `${title} (revised)` })).toBeVisible();
    await expect(preview.locator("main")).toContainText("What readers see today. A sentence not saved yet.");
    await expect(preview.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
    await preview.close();

    const live = await publicPostText(browser, post.slug);
    expect(live).toContain("What readers see today.");
    expect(live).not.toContain("A sentence not saved yet.");
    expect(live).not.toContain("(revised)");
  });

  test("a new post, never saved, has a Preview too", async ({ page }) => {
    await loginAsAdmin(page);
    await page.goto("/cms/editor");
    await waitForEditor(page);
    const title = unique("Preview new post");
    await page.getByLabel("Title", { exact: true }).fill(title);
    await contentEditor(page).click();
    await page.keyboard.type("Words nobody has saved.");
    const [preview] = await Promise.all([
      page.context().waitForEvent("page"),
      page.getByRole("button", { name: /^Preview/ }).click(),
    ]);
    await preview.waitForLoadState();
    await expect(preview.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(preview.locator("main")).toContainText("Words nobody has saved.");
    await expect(preview.getByTestId("preview-notice")).toContainText("readers see nothing until it is published.");
    await preview.close();
    // Preview saved nothing: the editor still holds a new post.
    await expect(page).toHaveURL(/\/cms\/editor$/);
  });
});
