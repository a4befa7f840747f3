import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./axe.ts";
import { loginAsAdmin, waitForHydration } from "./auth.ts";
import { unique } from "./cms-helpers.ts";

/** The Tags screen (docs/decisions/035-tag-management.md): rename and merge by keyboard, axe-clean. */
test.describe("Tags", () => {
  test.describe.configure({ timeout: 90_000 });

  test("an administrator renames a tag and merges it into another with the keyboard; the old address redirects", async ({ page }) => {
    await loginAsAdmin(page);
    const [first, second] = [unique("Alpha topic"), unique("Beta topic")];
    const slugOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    const seeded = await page.request.post("/api/cms/posts", {
      data: {
        title: unique("Tagged post"),
        slug: slugOf(unique("tagged-post")),
        content: "<p>Seeded body text.</p>",
        excerpt: null,
        coverImage: null,
        metaTitle: null,
        metaDescription: null,
        keywords: null,
        canonicalUrl: null,
        published: true,
        publishedAt: null,
        tags: [first, second],
      },
    });
    expect(seeded.status(), await seeded.text()).toBe(201);

    await page.goto("/cms/tags");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Tags" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Tags", exact: true })).toHaveAttribute("aria-current", "page");
    await expectNoAxeViolations(page);

    // Rename: the row's Edit link, then the name field, Enter.
    const renamed = unique("Gamma topic");
    await page.getByRole("link", { name: `Edit ${first}` }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: `Edit “${first}”` })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Name").first()).toBeFocused();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type(renamed);
    await page.keyboard.press("Tab");
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.press("Delete");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: `Tag “${renamed}” saved.` })).toBeVisible();
    await expect(page.getByRole("cell", { name: renamed, exact: true })).toBeVisible();

    // Merge it into the second tag.
    await page.getByRole("link", { name: `Merge ${renamed}` }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: `Merge “${renamed}”` })).toBeFocused();
    await page.keyboard.press("Tab");
    const into = page.getByLabel("Merge into");
    await expect(into).toBeFocused();
    await into.selectOption(slugOf(second));
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Merge tag" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: `Merged into “${second}”` })).toBeVisible();
    await expect(page.getByRole("cell", { name: renamed, exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // The renamed tag's address, and the first one's, now lead to the second tag's page.
    for (const old of [slugOf(renamed), slugOf(first)]) {
      await page.goto(`/blog/tag/${old}`);
      await expect(page).toHaveURL(new RegExp(`/blog/tag/${slugOf(second)}$`));
    }
    await expect(page.getByRole("heading", { level: 1, name: second })).toBeVisible();

    // At 390 px a row's cells stack: the actions sit below the name, not beside it.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/cms/tags");
    const row = page.getByRole("row").filter({ has: page.getByRole("cell", { name: second, exact: true }) });
    const name = (await row.getByRole("cell").first().boundingBox())!;
    const actions = (await row.getByRole("cell").last().boundingBox())!;
    expect(actions.y).toBeGreaterThanOrEqual(name.y + name.height);
    expect(actions.x).toBeCloseTo(name.x, 0);
  });
});
