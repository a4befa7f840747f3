import { randomBytes } from "node:crypto";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import type { OpenApiDocument } from "../../server/api/openapi/types.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { loginAsAdmin } from "./auth.ts";

/**
 * The API reference (/cms/api): every operation of the OpenAPI document the API serves is on the
 * page under its operationId, as a one-line row that opens to its details and examples, readable at
 * both widths, by keyboard, and without JavaScript.
 */

type Operation = { id: string; method: string; path: string; summary: string };

async function openApiDocument(request: APIRequestContext): Promise<OpenApiDocument> {
  const response = await request.get("/api/openapi.json");
  expect(response.status()).toBe(200);
  return (await response.json()) as OpenApiDocument;
}

const documentOperations = (document: OpenApiDocument): Operation[] =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ id: operation.operationId, method, path, summary: operation.summary })),
  );

/** The webhooks this site sends, as the page should list them: anchor, event, summary. */
const documentWebhooks = (document: OpenApiDocument) =>
  Object.entries(document.webhooks ?? {}).map(([event, item]) => ({ id: item.post.operationId, event, summary: item.post.summary }));

/** Each operation section on the page: its anchor, and its row's method badge, path and heading. */
const pageOperations = (page: Page) =>
  page.locator("section[data-operation]").evaluateAll((sections) =>
    sections.map((section) => ({
      id: section.id,
      method: section.querySelector("summary span")?.textContent?.toLowerCase() ?? "",
      path: section.querySelector("summary code")?.textContent ?? "",
      summary: section.querySelector("h3")?.textContent ?? "",
    })),
  );

const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe("API reference", () => {
  // Axe scans of a long page at two widths on a shared two-core machine.
  test.describe.configure({ timeout: 180_000 });

  test("an administrator finds every operation of the document by its anchor, reads 'Create a post' and follows its links", async ({
    page,
  }, testInfo) => {
    const document = await openApiDocument(page.request);
    const operations = documentOperations(document);
    expect(operations.length).toBeGreaterThan(0);

    await loginAsAdmin(page);
    await page.goto("/cms/api");
    await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
    await expect(page).toHaveTitle("API reference | Zuri CMS");
    await expect(page.getByRole("navigation", { name: "CMS" }).getByRole("link", { name: "API Reference" })).toHaveAttribute("aria-current", "page");

    // Every operation, once, with the document's method, path and summary, in the document's terms.
    const shown = await pageOperations(page);
    expect(shown.map((operation) => operation.id).sort()).toEqual(operations.map((operation) => operation.id).sort());
    expect(new Set(shown.map((operation) => operation.id)).size).toBe(shown.length);
    for (const operation of operations) {
      expect(shown.find((item) => item.id === operation.id)).toEqual(operation);
    }
    // And every webhook the site sends, by its event.
    const webhooks = await page.locator("section[data-webhook]").evaluateAll((sections) =>
      sections.map((section) => ({ id: section.id, event: section.dataset.webhook, summary: section.querySelector("h3")?.textContent ?? "" })),
    );
    expect(webhooks).toEqual(documentWebhooks(document));

    // The top: base URL, how to authenticate (a link to the tokens page), the error shape, the download.
    const intro = page.getByRole("region", { name: "Using the API" });
    await expect(intro.getByTestId("base-url")).toHaveText(new URL(page.url()).origin);
    await expect(intro.getByRole("link", { name: "API tokens" })).toHaveAttribute("href", "/cms/tokens");
    await expect(intro.getByTestId("error-example")).toContainText('"message"');
    await expect(intro.getByTestId("examples-note")).toContainText("ZURI_API_TOKEN");
    // The page explains itself to a client developer: no citation of the project's own records, anywhere in it
    // (textContent: the closed operations too).
    expect(await page.getByRole("main").textContent()).not.toMatch(/docs\/|\bdecisions? \d|product\.md/);
    const download = page.getByRole("link", { name: "Download openapi.json" }).first();
    await expect(download).toHaveAttribute("href", "/api/openapi.json");

    // Every group is closed as served, at every width, and stays so once the page runs: the page reads as the intro
    // and a list of groups, a few screens, the same on a phone and a desktop. The contents list the groups with
    // their counts, not every operation.
    const contents = page.getByRole("navigation", { name: "API reference contents" }).first();
    const groupDetails = page.locator("details[data-operation-group]");
    const groupCount = await groupDetails.count();
    expect(groupCount).toBeGreaterThan(10);
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      await expect(page.getByRole("button", { name: "Expand all groups" })).toBeVisible();
      await expect(page.locator("details[data-operation-group][open]")).toHaveCount(0);
      await expect.poll(() => pageHeight(page)).toBeLessThan(width === 390 ? 6_000 : 4_000);
      expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
    }
    await expect(contents.getByRole("link", { name: /^Posts\W+9 operations$/ })).toHaveAttribute("href", "#tag-posts");
    await expect(contents.getByRole("link")).toHaveCount(groupCount + 2);
    // "Expand all groups" opens every group, and reads "Collapse all groups" until one is closed again.
    await page.getByRole("button", { name: "Expand all groups" }).click();
    await expect(page.locator("details[data-operation-group]:not([open])")).toHaveCount(0);
    await expect(page.locator("#createPost summary").first()).toBeVisible();
    await page.locator("summary").filter({ has: page.getByRole("heading", { level: 2, name: "Posts", exact: true }) }).click();
    await expect(page.getByRole("button", { name: "Expand all groups" })).toBeVisible();
    await page.getByRole("button", { name: "Expand all groups" }).click();
    await page.getByRole("button", { name: "Collapse all groups" }).click();
    await expect(page.locator("details[data-operation-group][open]")).toHaveCount(0);
    // A tap on a group opens it.
    await page.setViewportSize({ width: 390, height: 900 });
    const createRowOnPhone = page.locator("#createPost summary").first();
    await expect(createRowOnPhone).toBeHidden();
    await page.locator("summary").filter({ has: page.getByRole("heading", { level: 2, name: "Posts", exact: true }) }).click();
    await expect(createRowOnPhone).toBeVisible();
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath("api-reference-groups-390.png"), fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });

    // "Create a post": a row with its method, path and summary that opens to who may call it, its body's rules,
    // its answers and its examples.
    const create = page.locator("#createPost");
    const createRow = create.locator("summary").first();
    await expect(create.getByRole("heading", { level: 3 })).toHaveText("Create a post");
    await expect(createRow).toContainText("POST");
    await expect(createRow.locator("code")).toHaveText("/api/cms/posts");
    const access = create.getByRole("list", { name: "Who may call it" });
    await expect(access).toBeHidden();
    await createRow.click();
    await expect(create.locator("details").first()).toHaveAttribute("open", "");
    await expect(access).toContainText("Session: Contributor, Author, Editor or Administrator");
    await expect(access).toContainText("API token");
    await expect(access).toContainText("posts:write");
    const body = create.getByRole("table", { name: "Request body fields of Create a post" });
    const slug = body.getByRole("row").filter({ has: page.getByRole("cell", { name: "slug", exact: true }) });
    await expect(slug).toContainText("Required");
    await expect(slug).toContainText("^[a-z0-9-]+$");
    await expect(body.getByRole("row").filter({ hasText: "publishedAt" })).toContainText("string or null");
    await expect(create.getByRole("listitem").filter({ hasText: /^201/ })).toContainText("Post");
    // Examples from the schemas: a curl line with the method, URL and token, a body with the required fields,
    // and the 201 answer.
    const examples = create.getByTestId("examples");
    await expect(examples.getByRole("figure", { name: "Request" })).toContainText(`curl -X POST '${new URL(page.url()).origin}/api/cms/posts'`);
    await expect(examples.getByRole("figure", { name: "Request" })).toContainText('Authorization: Bearer $ZURI_API_TOKEN');
    await expect(examples.getByRole("figure", { name: "Request" })).toContainText('"slug": "example-slug"');
    await expect(examples.getByRole("figure", { name: "Response 201" })).toContainText('"status": "published"');

    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
      // The whole reference once (~20 s a scan on this machine); at 390 px the parts whose layout changes:
      // the contents and an operation with its tables (axe's rules read the DOM, not the width; the CMS bar at
      // 390 px is scanned on the other CMS pages).
      await expectNoAxeViolations(page, width === 390 ? { include: ["nav[aria-label='API reference contents']", "#createPost"] } : {});
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: testInfo.outputPath(`api-reference-top-${width}.png`) });
      await create.screenshot({ path: testInfo.outputPath(`api-reference-create-post-${width}.png`) });
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    // A body type links to its schema's section.
    await create.getByRole("listitem").filter({ hasText: /^201/ }).getByRole("link", { name: "Post", exact: true }).click();
    await expect(page).toHaveURL(/#schema-Post$/);
    await expect(page.locator("#schema-Post")).toBeInViewport();
    await page.locator("#schema-Post").screenshot({ path: testInfo.outputPath("api-reference-schema-post-1440.png") });

    // The API Tokens page links here; the Webhooks page links to the events' payloads.
    await page.goto("/cms/tokens");
    await expect(page.getByRole("main").getByRole("link", { name: "API reference" })).toHaveAttribute("href", "/cms/api");
    await page.goto("/cms/webhooks");
    await page.getByRole("main").getByRole("link", { name: "API reference" }).click();
    await expect(page).toHaveURL(/\/cms\/api#webhook-events$/);
    await expect(page.getByRole("heading", { level: 2, name: "Webhook events" })).toBeInViewport();
    const published = page.locator('section[data-webhook="post.published"]');
    await published.locator("summary").first().click();
    await expect(published.getByRole("figure", { name: "Payload" })).toContainText('"type": "post.published"');
    await expect(published.getByRole("table", { name: /^Payload fields of/ })).toContainText("data.url");
    await published.screenshot({ path: testInfo.outputPath("api-reference-webhook-1440.png") });

    // A shared address opens at the operation, opened.
    await page.goto("/cms/api#listCmsPosts");
    await expect(page.locator("#listCmsPosts").getByRole("heading", { level: 3 })).toBeInViewport();
    await expect(page.locator("#listCmsPosts").getByRole("list", { name: "Who may call it" })).toBeVisible();
  });

  test("the contents, the operation links and the error disclosures work with the keyboard", async ({ page }) => {
    await loginAsAdmin(page);
    await page.goto("/cms/api");
    const contents = page.getByRole("navigation", { name: "API reference contents" });
    const target = contents.getByRole("link", { name: /^Posts\W+9 operations$/ });
    // Tab from the top of the page to the contents' "Posts" link.
    for (let presses = 0; presses < 80 && !(await target.evaluate((link) => link === document.activeElement)); presses++) {
      await page.keyboard.press("Tab");
    }
    await expect(target).toBeFocused();
    await expect(target).toHaveCSS("box-shadow", /rgb/);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#tag-posts$/);
    // The link opened the group it leads to; Tab goes on from there, to the group's summary and into its operations.
    await expect(page.locator("#tag-posts details[data-operation-group]")).toHaveAttribute("open", "");
    await page.keyboard.press("Tab");
    await expect(page.locator("#tag-posts summary").first()).toBeFocused();
    const create = page.locator("#createPost");
    const createRow = create.locator("summary").first();
    for (let presses = 0; presses < 5 && !(await createRow.evaluate((row) => row === document.activeElement)); presses++) {
      await page.keyboard.press("Tab");
    }
    await expect(createRow).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(create.locator("details").first()).toHaveAttribute("open", "");

    // Another operation's row of the group opens and closes with the keyboard.
    const getPost = page.locator("#getCmsPost");
    const getPostRow = getPost.locator("summary").first();
    // Tab on, through the opened "Create a post", to the next row.
    for (let presses = 0; presses < 10 && !(await getPostRow.evaluate((row) => row === document.activeElement)); presses++) {
      await page.keyboard.press("Tab");
    }
    await expect(getPostRow).toBeFocused();
    await expect(getPostRow).toHaveCSS("box-shadow", /rgb/);
    await page.keyboard.press("Enter");
    await expect(getPost.getByRole("list", { name: "Who may call it" })).toBeVisible();
    await page.keyboard.press("Space");
    await expect(getPost.getByRole("list", { name: "Who may call it" })).toBeHidden();

    // On to the operation's own link, then its errors, opened with the keyboard.
    // The errors are a disclosure inside the operation's own.
    const errorList = create.locator("details details").filter({ has: page.locator("summary").filter({ hasText: "Errors" }) });
    const errors = errorList.locator("summary");
    await errors.focus();
    await expect(errors).toBeFocused();
    await expect(create.getByText("The slug is taken")).toBeHidden();
    await page.keyboard.press("Enter");
    await expect(errorList).toHaveAttribute("open", "");
    await expect(create.getByText(/The slug is taken/)).toBeVisible();
    // The opened disclosure is what changed since the whole page was scanned in the test above.
    await expectNoAxeViolations(page, { include: ["#createPost"] });
  });

  test("without JavaScript the whole reference is there, the contents open and the errors expand", async ({ page: signIn, browser, baseURL }) => {
    const operations = documentOperations(await openApiDocument(signIn.request));
    await loginAsAdmin(signIn);
    const context = await browser.newContext({
      javaScriptEnabled: false,
      baseURL,
      viewport: { width: 390, height: 900 },
      storageState: await signIn.context().storageState(),
    });
    const page = await context.newPage();
    await page.goto("/cms/api");
    await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
    expect((await pageOperations(page)).map((operation) => operation.id).sort()).toEqual(operations.map((operation) => operation.id).sort());

    // At 390 px the contents are a disclosure above the reference.
    await page.locator("summary").filter({ hasText: "Contents" }).click();
    const contents = page.getByRole("navigation", { name: "API reference contents" });
    await contents.getByRole("link", { name: /^Posts\W+9 operations$/ }).click();
    await expect(page).toHaveURL(/#tag-posts$/);
    await expect(page.getByRole("heading", { level: 2, name: "Posts", exact: true })).toBeInViewport();
    // Without the page's script there is no "Expand all groups"; the group and the row open with a click each.
    await expect(page.getByRole("button", { name: "Expand all groups" })).toHaveCount(0);
    await page.locator("summary").filter({ has: page.getByRole("heading", { level: 2, name: "Posts", exact: true }) }).click();
    const create = page.locator("#createPost");
    await create.locator("summary").first().click();
    await expect(create.getByTestId("examples")).toBeVisible();
    await create.locator("summary").filter({ hasText: "Errors" }).click();
    await expect(create.getByText(/The slug is taken/)).toBeVisible();
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
    await context.close();
  });

  test("a signed-out visitor is sent to the login page and a non-administrator to Access Denied", async ({ page, baseURL }) => {
    await page.goto("/cms/api");
    await expect(page).toHaveURL("/cms/login?redirectTo=%2Fcms%2Fapi");

    // A fresh ordinary account, registered from its own address (the per-address limit).
    const registered = await page.request.post("/api/register", {
      data: { username: `reader-${randomBytes(4).toString("hex")}`, password: "a long enough password" },
      headers: { origin: baseURL ?? "", "x-forwarded-for": `203.0.113.${1 + Math.floor(Math.random() * 250)}` },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    await page.goto("/cms/api");
    await expect(page).toHaveURL("/cms/unauthorized", { timeout: 15_000 });
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    await expect(page.locator("section[data-operation]")).toHaveCount(0);
  });
});
