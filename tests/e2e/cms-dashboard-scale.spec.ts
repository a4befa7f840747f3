import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe.ts";
import { loginAsAdmin } from "./auth.ts";
import { toastWith, waitForEditor } from "./cms-helpers.ts";

/**
 * The dashboard paged and filtered on the server, and tags in the editor (docs/decisions/045).
 * Every name carries this run's marker, so other journeys' posts in the shared database never count.
 */

const POSTS = 45;

interface Seeded {
  id: number;
  title: string;
  slug: string;
}

/** Creates a post through the CMS API, with tags; answers the saved post. */
async function createTaggedPost(page: Page, post: { title: string; published: boolean; tags: string[]; content?: string }) {
  const response = await page.request.post("/api/cms/posts", {
    data: {
      title: post.title,
      slug: post.title.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
      content: post.content ?? "<p>Weekly figures for the operations team.</p>",
      published: post.published,
      tags: post.tags,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Seeded;
}

const summary = (page: Page) => page.getByRole("status").filter({ hasText: /posts?$/ });
const rows = (page: Page) => page.getByRole("row").filter({ has: page.getByRole("cell") });

test.describe("CMS dashboard at scale", () => {
  test.describe.configure({ timeout: 90_000 });

  test("an editor searches, filters by status and tag, and pages through the list, by keyboard where it counts", async ({
    page,
  }, testInfo) => {
    const marker = `scale${randomBytes(3).toString("hex")}`;
    const opsTag = `Operations ${marker}`;
    await loginAsAdmin(page);
    // Post n: published when n is a multiple of 3, tagged when a multiple of 5; number 7 is about Zürich.
    for (let start = 1; start <= POSTS; start += 9) {
      await Promise.all(
        Array.from({ length: Math.min(9, POSTS - start + 1) }, (_, offset) => {
          const n = start + offset;
          return createTaggedPost(page, {
            title: `${marker} report ${String(n).padStart(2, "0")}`,
            published: n % 3 === 0,
            tags: n % 5 === 0 ? [opsTag, "Weekly"] : [],
            content: n === 7 ? "<p>The Zürich warehouse ran out of stock twice.</p>" : undefined,
          });
        }),
      );
    }

    await page.goto("/cms/control");
    const search = page.getByRole("searchbox", { name: "Search posts" });
    await search.fill(marker);
    await search.press("Enter");
    await expect(page).toHaveURL(`/cms/control?q=${marker}`);
    await expect(summary(page)).toHaveText("Showing 1–20 of 45 posts");
    await expect(rows(page)).toHaveCount(20);

    // Pages by keyboard: Next, then the last page's number.
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await expect(pagination.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    await pagination.getByRole("link", { name: "Next" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/page=2/);
    await expect(summary(page)).toHaveText("Showing 21–40 of 45 posts");
    await pagination.getByRole("link", { name: "Page 3" }).focus();
    await page.keyboard.press("Enter");
    await expect(summary(page)).toHaveText("Showing 41–45 of 45 posts");
    await expect(rows(page)).toHaveCount(5);
    await expect(pagination.getByRole("link", { name: "Next" })).toHaveCount(0);

    // A filter starts again at page 1 and keeps the search.
    const status = page.getByRole("combobox", { name: "Status" });
    await status.focus();
    await status.selectOption("draft");
    await expect(page).toHaveURL(`/cms/control?q=${marker}&status=draft`);
    await expect(summary(page)).toHaveText("Showing 1–20 of 30 posts");
    expect(new Set(await rows(page).locator("td:nth-child(3)").allTextContents())).toEqual(new Set(["Draft"]));
    await expect(page.getByRole("combobox", { name: "Status" })).toBeFocused();

    await page.getByRole("search", { name: "Filter posts" }).getByRole("combobox", { name: "Tag" }).selectOption({ label: `${opsTag} (9)` });
    await expect(summary(page)).toHaveText("Showing 1–6 of 6 posts");
    await expect(rows(page).getByRole("cell").nth(1)).toContainText(opsTag);
    const titles = await rows(page).getByRole("link", { name: new RegExp(`^${marker} report`) }).allTextContents();
    // With search text the order is best match; the set is what the filters decide.
    expect(titles.sort()).toEqual(["05", "10", "20", "25", "35", "40"].map((n) => `${marker} report ${n}`));

    await page.getByRole("combobox", { name: "Sort by" }).selectOption("title-asc");
    await expect(rows(page).getByRole("link", { name: new RegExp(`^${marker} report`) }).first()).toHaveText(`${marker} report 05`);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath("dashboard-filtered-1440.png"), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath("dashboard-filtered-390.png"), fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });

    // Search finds drafts, whatever the accents: "zurich" finds "Zürich".
    await page.getByRole("link", { name: "Clear filters" }).first().click();
    await expect(page).toHaveURL("/cms/control");
    await search.fill(`ZURICH ${marker}`);
    await search.press("Enter");
    await expect(summary(page)).toHaveText("Showing 1–1 of 1 post");
    await expect(rows(page)).toHaveText([new RegExp(`${marker} report 07`)]);

    // Nothing matches: its own message, and a way back to every post.
    await search.fill(`${marker} nowhere`);
    await search.press("Enter");
    await expect(page.getByText("No posts match")).toBeVisible();
    await expect(page.getByText("No blog posts yet")).toHaveCount(0);
    await page.getByRole("link", { name: "Clear filters" }).last().click();
    await expect(page).toHaveURL("/cms/control");
    await expect(summary(page)).toContainText("Showing 1–20 of");
    await page.screenshot({ path: testInfo.outputPath("dashboard-1440.png"), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: testInfo.outputPath("dashboard-390.png"), fullPage: true });
  });

  test("the filters work without JavaScript, as a plain form and links", async ({ page, browser }) => {
    const marker = `nojs${randomBytes(3).toString("hex")}`;
    await loginAsAdmin(page);
    for (const n of [1, 2, 3]) await createTaggedPost(page, { title: `${marker} note ${n}`, published: n === 2, tags: [] });
    const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
    const noJs = await context.newPage();
    await noJs.goto("/cms/control");
    await noJs.getByRole("searchbox", { name: "Search posts" }).fill(marker);
    await noJs.getByRole("combobox", { name: "Status" }).selectOption("draft");
    await noJs.getByRole("button", { name: "Search" }).click();
    await expect(noJs).toHaveURL(new RegExp(`q=${marker}&status=draft`));
    await expect(summary(noJs)).toHaveText("Showing 1–2 of 2 posts");
    await context.close();
  });

  test("an editor adds tags by keyboard, a suggestion and a new one, removes one, and sees them after saving", async ({
    page,
  }, testInfo) => {
    const marker = randomBytes(3).toString("hex");
    const existing = `Supply chain ${marker}`;
    await loginAsAdmin(page);
    await createTaggedPost(page, { title: `Tagged elsewhere ${marker}`, published: true, tags: [existing, `Supply planning ${marker}`] });
    const post = await createTaggedPost(page, { title: `Needs tags ${marker}`, published: false, tags: [] });

    await page.goto(`/cms/editor/${post.id}`);
    await waitForEditor(page);
    const input = page.getByRole("combobox", { name: "Add a tag" });
    await input.focus();
    await input.pressSequentially(`supply chain ${marker}`.slice(0, 16));
    const listbox = page.getByRole("listbox", { name: "Existing tags" });
    await expect(listbox.getByRole("option", { name: new RegExp(existing) })).toBeVisible();
    await page.keyboard.press("ArrowDown");
    await expect(listbox.getByRole("option", { name: new RegExp(existing) })).toHaveAttribute("aria-selected", "true");
    await expect(input).toHaveAttribute("aria-activedescendant", /option-0/);
    await page.keyboard.press("Enter");
    const chips = page.getByRole("list", { name: "Tags on this post" }).getByRole("listitem");
    await expect(chips).toHaveText([existing]);
    await expect(input).toHaveValue("");

    // A new tag with a comma, another with Enter; Backspace in the empty box takes the last one off.
    await input.pressSequentially(`Zurich pilots ${marker},`);
    await input.pressSequentially(`Mistake ${marker}`);
    await page.keyboard.press("Enter");
    await expect(chips).toHaveText([existing, `Zurich pilots ${marker}`, `Mistake ${marker}`]);
    await page.keyboard.press("Backspace");
    await expect(chips).toHaveText([existing, `Zurich pilots ${marker}`]);
    await expect(page.getByText("Unsaved changes", { exact: true })).toBeVisible();

    // The list open on a suggestion, for axe and the screenshot; Escape closes it, then clears the text.
    await input.pressSequentially("sup");
    await expect(listbox.getByRole("option")).toHaveText([new RegExp(`Supply planning ${marker}`)]);
    await expectNoAxeViolations(page);
    await page.locator("aside").screenshot({ path: testInfo.outputPath("editor-tags-1440.png") });
    await page.keyboard.press("Escape");
    await expect(listbox).toBeHidden();
    await expect(input).toHaveValue("sup");
    await page.keyboard.press("Escape");
    await expect(input).toHaveValue("");
    await expect(listbox).toBeHidden();

    await page.getByRole("button", { name: "Save Draft" }).click();
    await expect(toastWith(page, "Post updated")).toBeVisible();
    await expect(page.getByText("All changes saved")).toBeVisible();
    const saved = (await (await page.request.get(`/api/cms/posts/${post.id}`)).json()) as { tags: { name: string }[] };
    expect(saved.tags.map((tag) => tag.name).sort()).toEqual([existing, `Zurich pilots ${marker}`].sort());

    await page.reload();
    await waitForEditor(page);
    await expect(chips).toHaveText([existing, `Zurich pilots ${marker}`].sort());
    await page.getByRole("button", { name: `Remove tag Zurich pilots ${marker}` }).focus();
    await page.keyboard.press("Enter");
    await expect(chips).toHaveText([existing]);
    await expect(input).toBeFocused();

    await page.setViewportSize({ width: 390, height: 844 });
    await input.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page);
    await page.getByRole("combobox", { name: "Add a tag" }).locator("xpath=ancestor::div[@data-slot='card']").screenshot({
      path: testInfo.outputPath("editor-tags-390.png"),
    });
  });
});
