import { randomBytes } from "node:crypto";
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { loginAs, loginAsAdmin, waitForHydration } from "./auth.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { pngFile, toastWith } from "./cms-helpers.ts";

/**
 * Authors (docs/decisions/044): a writer sets their profile, their post is signed with it, and the
 * byline leads to their author page. Each run registers its own writer (promoted by the e2e admin),
 * so other journeys' posts and bylines are untouched.
 */

async function newWriter(browser: Browser, adminPage: Page, request: APIRequestContext) {
  const username = `writer-${randomBytes(3).toString("hex")}`;
  const password = `pw-${randomBytes(8).toString("hex")}`;
  // A request context of its own, so the admin's session is not replaced by the new user's.
  const registration = await request.post("/api/register", { data: { username, password } });
  expect(registration.status(), await registration.text()).toBe(201);
  const { id } = (await registration.json()) as { id: number };
  const promoted = await adminPage.request.patch(`/api/cms/users/${id}`, { data: { isAdmin: true } });
  expect(promoted.status(), await promoted.text()).toBe(200);
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAs(page, { username, password });
  return { page, username, id };
}

test.describe("authors", () => {
  test("a writer edits their profile; the byline shows it and links to the author page; axe-clean at 390 and 1440", async ({
    page,
    browser,
    request,
  }) => {
    test.slow();
    await loginAsAdmin(page);
    const writer = await newWriter(browser, page, request);
    const own = writer.page;

    // From the CMS navigation to the profile page.
    await own.goto("/cms/control");
    await own.getByRole("navigation", { name: "CMS" }).getByRole("link", { name: "Profile" }).click();
    await expect(own).toHaveURL(/\/cms\/profile$/);
    await waitForHydration(own);
    // The login name is no display name: the field starts empty, never pre-filled with it (docs/decisions/068).
    await expect(own.getByLabel("Display name")).toHaveValue("");
    await expect(own.getByLabel("Display name")).toHaveAccessibleDescription(/Leave it empty to appear as “Zuri Team”/);
    // Until a real name is set, the page asks for one and readers see the team's name.
    const prompt = own.getByRole("note", { name: "Add the name readers should see" });
    await expect(prompt).toBeVisible();
    await expect(own.getByTestId("post-byline")).toContainText("Zuri Team");
    // Saving with the name left empty is allowed: the posts stay signed with the team's name.
    await own.getByLabel("Bio").fill("Writes about retail.");
    await own.getByRole("button", { name: "Save profile" }).click();
    await expect(toastWith(own, "Profile saved")).toBeVisible();
    await own.reload();
    await expect(own.getByLabel("Bio")).toHaveValue("Writes about retail.");
    await expect(own.getByLabel("Display name")).toHaveValue("");
    await expect(prompt).toBeVisible();

    await own.getByLabel("Display name").fill("Amara Okafor");
    await own.getByLabel("Bio").fill("Writes about demand forecasting for retail teams.");
    await own.locator('input[type="file"]').setInputFiles(await pngFile("amara.png"));
    await expect(own.locator('input[name="avatar"]')).toHaveValue(/^\/media\/[A-Za-z0-9_-]{22}\.png$/);
    await own.getByRole("button", { name: "Save profile" }).click();
    await expect(toastWith(own, "Profile saved")).toBeVisible();
    await own.reload();
    await expect(prompt).toHaveCount(0);
    await expect(own.getByTestId("post-byline")).toContainText("Amara Okafor");

    for (const width of [390, 1440]) {
      await own.setViewportSize({ width, height: 900 });
      await own.reload();
      await expect(own.getByLabel("Display name")).toHaveValue("Amara Okafor");
      await expectNoAxeViolations(own);
    }

    // A post the writer publishes is theirs: the body names no author.
    const slug = `amara-${randomBytes(3).toString("hex")}`;
    const created = await own.request.post("/api/cms/posts", {
      data: { title: "Seeing next week's stockouts today", slug, content: "<p>Forecasts that store managers trust.</p>", published: true },
    });
    expect(created.status(), await created.text()).toBe(201);

    // The editor's author select shows the writer, and lists them by display name.
    const { id: postId } = (await created.json()) as { id: number };
    await own.goto(`/cms/editor/${postId}`);
    const select = own.getByRole("combobox", { name: "Author" });
    await expect(select).toHaveValue(String(writer.id));
    await expect(select.locator("option:checked")).toHaveText(`Amara Okafor (@${writer.username})`);

    const readerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const reader = await readerContext.newPage();
    await reader.goto(`/blog/${slug}`);
    // The post ends with the author's bio box (docs/decisions/068), linking to the same page.
    await expect(reader.getByRole("complementary", { name: "About the author" })).toContainText(
      "Writes about demand forecasting for retail teams.",
    );
    const byline = reader.getByTestId("post-byline");
    await expect(byline.locator('img[src^="/media/"]')).toBeVisible();
    await byline.getByRole("link", { name: "Amara Okafor" }).click();
    // The address is a slug of the display name; the login name is on no public page (docs/decisions/068).
    await expect(reader).toHaveURL(/\/blog\/author\/amara-okafor(-\d+)?$/);
    expect(await reader.content()).not.toContain(writer.username);
    await expect(reader.getByRole("heading", { level: 1, name: "Amara Okafor" })).toBeVisible();
    await expect(reader.getByText("Writes about demand forecasting for retail teams.")).toBeVisible();
    await expect(reader.getByRole("link", { name: /Seeing next week's stockouts today/ }).first()).toBeVisible();
    // The blog's grid: their newest post is the featured card, as on /blog.
    await expect(reader.getByTestId("blog-grid").locator("> li").first().getByText("Latest", { exact: true })).toBeVisible();

    for (const width of [390, 1440]) {
      await reader.setViewportSize({ width, height: 900 });
      await reader.reload();
      await expect(reader.getByRole("heading", { level: 1, name: "Amara Okafor" })).toBeVisible();
      await expectNoAxeViolations(reader);
    }
    await readerContext.close();
    await own.context().close();
  });
});
