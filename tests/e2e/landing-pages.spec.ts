import { randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { loginAsAdmin, waitForHydration } from "./auth.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { pngFile, sidewaysOverflow, toastWith } from "./cms-helpers.ts";
import { waitForPageScript } from "./page-script.ts";
import { publishLandingPage } from "./landing-helpers.ts";
import { checkHtmlFiles } from "../support/html-checker.ts";
import { allBlocksPage } from "../support/landing-pages.ts";
import { PAGE_PREVIEW_FIELD, PAGE_PREVIEW_PATH, type LandingPageInput } from "../../shared/landing-pages.ts";

/** Landing pages (docs/decisions/038): the public page and its demo form, and the page editor's preview, framed as the editor frames it. */

/**
 * The list at 768 and 390 px, with a page whose slug is long (docs/decisions/069): rows stack, the slug is cut with an
 * ellipsis and carries the whole address as its title, Delete is in view and nothing scrolls sideways.
 */
async function expectListFits(editor: Page, admin: Page) {
  const slug = `a-rather-long-campaign-address-for-retail-forecasting-${randomBytes(3).toString("hex")}`;
  await publishLandingPage(admin, allBlocksPage(slug, { title: `Long address ${slug.slice(-6)}` }));
  await editor.reload();
  const row = editor.getByRole("row").filter({ hasText: `Long address ${slug.slice(-6)}` });
  await expect(row.locator("code")).toHaveAttribute("title", `/l/${slug}`);
  for (const width of [768, 390]) {
    await editor.setViewportSize({ width, height: 900 });
    expect(await sidewaysOverflow(editor)).toBeLessThanOrEqual(0);
    // On a phone the address is wider than its line: cut, not broken mid-word.
    if (width === 390) expect(await row.locator("code").evaluate((code) => code.scrollWidth > code.clientWidth && getComputedStyle(code).textOverflow === "ellipsis")).toBe(true);
    const remove = row.getByRole("link", { name: /^Delete Long address/ });
    expect(await remove.evaluate((link) => link.getBoundingClientRect().right)).toBeLessThanOrEqual(width);
  }
  await editor.setViewportSize({ width: 1440, height: 900 });
}

/** A page with every block type, published, and the e2e admin's page to read the inbox with. */
async function publishPage(browser: Browser, slug: string, title: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAsAdmin(page);
  await publishLandingPage(page, allBlocksPage(slug, { title }));
  return { admin: page, close: () => context.close() };
}

test.describe("a published landing page", () => {
  test("is live at its address, passes axe at 390 and 1440 px, and its demo form, enhanced by the page's script, credits the page in the inbox", async ({ page, browser }) => {
    const slug = `spring-${randomBytes(3).toString("hex")}`;
    const { admin, close } = await publishPage(browser, slug, "Spring retail campaign");
    await page.setExtraHTTPHeaders({ "x-forwarded-for": `198.51.100.${1 + Math.floor(Math.random() * 250)}` });
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      const response = await page.goto(`/l/${slug}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Know which shelves will be empty before your customers do");
      await expectNoAxeViolations(page);
    }
    // Three feature cards: one row on a desktop; at 768 two, then the third across the whole row, never half a row empty.
    const cards = page.getByRole("region", { name: "Everything a buyer needs on Monday morning" }).getByRole("listitem");
    const boxes = async () => Promise.all((await cards.all()).map(async (card) => (await card.boundingBox())!));
    const [first, second, third] = await boxes();
    expect([second!.y, third!.y]).toEqual([first!.y, first!.y]);
    await page.setViewportSize({ width: 768, height: 900 });
    const [top, beside, below] = await boxes();
    expect(beside!.y).toBe(top!.y);
    expect(below!.y).toBeGreaterThan(top!.y);
    expect(below!.width).toBeCloseTo(beside!.x + beside!.width - top!.x, 0);
    // The fixture's quotes are the site's samples: each is attributed and carries the sample mark (docs/brand.md).
    const quotes = page.getByRole("region", { name: "In their words" }).getByRole("listitem");
    await expect(quotes).toHaveCount(2);
    for (const quote of await quotes.all()) await expect(quote.getByText("Sample quote", { exact: true })).toBeVisible();
    await expect(quotes.first()).toContainText("Amara OkaforHead of Operations, Multi-site retail and e-commerce group");
    // Four logos on a phone: two rows of two, not three and a lone fourth.
    await page.setViewportSize({ width: 390, height: 900 });
    const logoRows = await page.getByRole("region", { name: "Built for teams like these" }).getByRole("listitem").evaluateAll((items) => items.map((item) => item.getBoundingClientRect().top));
    expect(new Set(logoRows).size).toBe(2);
    expect(logoRows.filter((top) => top === logoRows[0])).toHaveLength(2);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole("region", { name: "We value your privacy" }).getByRole("button", { name: "Reject All" }).click();
    await page.screenshot({ path: test.info().outputPath("landing-page-1440.png"), fullPage: true });
    await page.setViewportSize({ width: 390, height: 900 });
    await page.screenshot({ path: test.info().outputPath("landing-page-390.png"), fullPage: true });

    await waitForPageScript(page);
    const lead = { name: `Landing Visitor ${randomBytes(3).toString("hex")}`, organization: "Retail Co" };
    const email = `${lead.name.toLowerCase().replace(/\W+/g, "-")}@example.com`;
    const form = page.getByRole("form", { name: "Book your retail demo" });
    await form.getByLabel("Full Name").pressSequentially(lead.name, { delay: 40 });
    await form.getByLabel("Email").pressSequentially(email, { delay: 40 });
    await form.getByLabel("Organization").pressSequentially(lead.organization, { delay: 40 });
    await form.getByRole("button", { name: "Request a Demo" }).click();
    await expect(page.getByRole("region", { name: "Notifications (F8)" })).toContainText("Demo Request Submitted!");
    // The confirmation takes the form's place on the landing page itself.
    await expect(page.getByRole("main").getByRole("heading", { name: "Demo Request Submitted!" })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(`/l/${slug}`);

    await admin.goto(`/cms/demo-requests?q=${encodeURIComponent(email)}`);
    const card = admin.getByRole("article", { name: lead.name });
    await card.locator("summary").first().click(); // a lead's details open under its row (docs/decisions/053)
    await expect(card.getByRole("link", { name: "Spring retail campaign" })).toHaveAttribute("href", `/l/${slug}`);
    await close();
  });
});

/**
 * Posts a page to the preview as the page editor does (a form with the page as JSON): into a new frame of the given
 * width, or, without one, in place of the current page.
 */
async function postPreview(page: Page, landing: LandingPageInput, frameWidth?: number) {
  await page.evaluate(
    ({ path, field, json, frameWidth }) => {
      const form = document.createElement("form");
      form.method = "post";
      form.action = path;
      if (frameWidth) {
        const frame = document.createElement("iframe");
        frame.name = `preview-${frameWidth}`;
        frame.title = `Preview at ${frameWidth} px`;
        frame.width = String(frameWidth);
        frame.height = "800";
        document.body.append(frame);
        form.target = frame.name;
      }
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = field;
      input.value = json;
      form.append(input);
      document.body.append(form);
      form.submit();
    },
    { path: PAGE_PREVIEW_PATH, field: PAGE_PREVIEW_FIELD, json: JSON.stringify(landing), frameWidth },
  );
}

/** The preview in a frame of the given width, once it shows. */
async function previewInFrame(page: Page, landing: LandingPageInput, width: number) {
  await postPreview(page, landing, width);
  const frame = page.frameLocator(`iframe[name="preview-${width}"]`);
  await expect(frame.getByTestId("page-preview-notice")).toBeVisible();
  return frame;
}

test.describe("a published landing page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("opens its FAQ and sends its demo form, which /book-demo confirms, crediting the page", async ({ page, browser }) => {
    const slug = `no-script-${randomBytes(3).toString("hex")}`;
    const { admin, close } = await publishPage(browser, slug, "No-script campaign");
    await page.setExtraHTTPHeaders({ "x-forwarded-for": `198.51.100.${1 + Math.floor(Math.random() * 250)}` });
    await page.goto(`/l/${slug}`);
    await page.getByText("Which data can we bring?").click();
    await expect(page.getByText("CSV and Excel files, surveys and your databases")).toBeVisible();
    const name = `No Script ${randomBytes(3).toString("hex")}`;
    const form = page.getByRole("form", { name: "Book your retail demo" });
    await form.getByLabel("Full Name").fill(name);
    await form.getByLabel("Email").fill(`${name.toLowerCase().replace(/\W+/g, "-")}@example.com`);
    await form.getByLabel("Organization").fill("Retail Co");
    await form.getByRole("button", { name: "Request a Demo" }).click();
    await expect(page).toHaveURL(/\/book-demo\?submitted=1$/);
    await expect(page.getByRole("heading", { name: "Demo Request Submitted!" })).toBeVisible();

    // A lead, or, when the form went within 2 s of its rendering, suspected spam (docs/decisions/050): credited either way.
    await admin.goto(`/cms/demo-requests?q=${encodeURIComponent(name)}`);
    if ((await admin.getByRole("article", { name }).count()) === 0) await admin.goto(`/cms/demo-requests?view=spam&q=${encodeURIComponent(name)}`);
    await admin.getByRole("article", { name }).locator("summary").first().click(); // a lead's details open under its row (docs/decisions/053)
    await expect(admin.getByRole("article", { name }).getByRole("link", { name: "No-script campaign" })).toHaveAttribute("href", `/l/${slug}`);
    await close();
  });
});

test.describe("the landing page preview", () => {
  test("shows the editor's page inside the CMS's own frames at a phone's and a desktop's width", async ({ page }) => {
    await loginAsAdmin(page);
    await page.goto("/cms/control");
    for (const width of [390, 1440]) {
      const frame = await previewInFrame(page, allBlocksPage("spring-retail"), width);
      await expect(frame.getByRole("heading", { level: 1 })).toHaveText("Know which shelves will be empty before your customers do");
      await expect(frame.getByRole("heading", { level: 2, name: "Book your retail demo" })).toBeVisible();
    }
  });

  test("passes axe at 390 and 1440 px, with its FAQ open and closed without a script", async ({ page }) => {
    await loginAsAdmin(page);
    await page.goto("/cms/control");
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await postPreview(page, allBlocksPage("spring-retail"));
      await expect(page.getByTestId("page-preview-notice")).toBeVisible();
      const question = page.getByText("Do we need a data-science team?");
      await question.click();
      await expect(page.getByText("Zuri reads your columns for you")).toBeVisible();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: test.info().outputPath(`landing-preview-${width}.png`), fullPage: true });
      await page.goto("/cms/control");
    }
  });
});

/** An editor of this run (docs/decisions/027: landing pages are the editor's), registered and promoted by the admin. */
async function newEditor(browser: Browser, admin: Page): Promise<Page> {
  const account = { username: `pages-${randomBytes(3).toString("hex")}`, password: `pw-${randomBytes(8).toString("hex")}` };
  const context = await browser.newContext();
  const registration = await context.request.post("/api/register", { data: account });
  expect(registration.status(), await registration.text()).toBe(201);
  const { id } = (await registration.json()) as { id: number };
  const promoted = await admin.request.patch(`/api/cms/users/${id}`, { data: { role: "editor" } });
  expect(promoted.status(), await promoted.text()).toBe(200);
  // Registering signed this context in; the new role holds from its next request (docs/decisions/027).
  return context.newPage();
}

/** A block's card in the editor, by its type's label ("Hero, block 1 of 5"). */
const blockCard = (page: Page, label: string) => page.getByRole("listitem", { name: new RegExp(`^${label}, block \\d+ of \\d+$`) });

/** The block header's button that collapses and expands it ("3. Rich text"): the handle the keyboard moves it by. */
const blockToggle = (page: Page, label: string) => blockCard(page, label).getByRole("button", { name: new RegExp(`^\\d+\\. ${label}$`) });

async function addBlock(page: Page, label: string) {
  await page.getByRole("button", { name: "Add block" }).click();
  await page.getByRole("dialog", { name: "Add a block" }).getByRole("button", { name: new RegExp(`^${label}`) }).click();
  await expect(blockToggle(page, label)).toBeFocused();
}

const fieldIn = (block: Locator, label: string) => block.getByLabel(label, { exact: true });

test.describe("the landing page editor", () => {
  test("an editor builds a page of five blocks, previews it at 390 and 1440, publishes it; it is live, valid and credited for demo requests", async ({
    page: admin,
    browser,
  }) => {
    test.setTimeout(180_000);
    await loginAsAdmin(admin);
    const editor = await newEditor(browser, admin);
    const title = `Spring retail ${randomBytes(3).toString("hex")}`;
    const slug = title.toLowerCase().replace(/ /g, "-");

    // The list, from the CMS navigation.
    await editor.goto("/cms/control");
    await editor.getByRole("navigation", { name: "CMS" }).getByRole("link", { name: "Landing pages" }).click();
    await expect(editor.getByRole("heading", { level: 1, name: "Landing pages" })).toBeVisible();
    await expectListFits(editor, admin);
    await editor.getByRole("link", { name: "New page" }).first().click();
    await expect(editor).toHaveURL(/\/cms\/pages\/new$/);
    await waitForHydration(editor);

    // Title; the slug follows it.
    await editor.getByLabel("Page title").fill(title);
    await expect(editor.getByLabel("Slug", { exact: true })).toHaveValue(slug);

    // The Add block menu: the nine types, each with its line.
    await editor.getByRole("button", { name: "Add block" }).click();
    const menu = editor.getByRole("dialog", { name: "Add a block" });
    await expect(menu.getByRole("button")).toHaveCount(10); // nine types and Close
    await expect(menu.getByRole("button", { name: /^Hero/ })).toHaveAccessibleDescription(/up to two buttons/);
    await expectNoAxeViolations(editor, { exclude: ['[data-testid="page-preview-frame"]'] });
    await editor.screenshot({ path: test.info().outputPath("add-block-1440.png") });
    await editor.keyboard.press("Escape");
    await expect(editor.getByRole("button", { name: "Add block" })).toBeFocused();

    // Five blocks, added in an order then rearranged by keyboard and by button.
    for (const label of ["Hero", "Feature grid", "Demo form", "FAQ", "Rich text"]) await addBlock(editor, label);
    await blockToggle(editor, "Rich text").focus();
    await editor.keyboard.press("Alt+ArrowUp");
    await expect(editor.getByTestId("block-announcement")).toHaveText("Rich text moved to position 4 of 5");
    await expect(blockToggle(editor, "Rich text")).toBeFocused();
    await editor.keyboard.press("Alt+ArrowUp");
    await expect(editor.getByTestId("block-announcement")).toHaveText("Rich text moved to position 3 of 5");
    await expect(blockCard(editor, "Rich text")).toHaveAccessibleName("Rich text, block 3 of 5");
    await editor.getByRole("button", { name: "Move FAQ up" }).click();
    await expect(editor.getByTestId("block-announcement")).toHaveText("FAQ moved to position 4 of 5");
    await expect(editor.getByRole("button", { name: "Move FAQ up" })).toBeFocused();
    await expect(blockCard(editor, "Demo form")).toHaveAccessibleName("Demo form, block 5 of 5");

    // Publishing an unfinished page is refused before anything is sent: the message is under the field, which has the focus.
    const hero = blockCard(editor, "Hero");
    await editor.getByRole("button", { name: "Publish", exact: true }).click();
    const headline = fieldIn(hero, "Headline");
    await expect(headline).toBeFocused();
    await expect(headline).toHaveAttribute("aria-invalid", "true");
    await expect(hero.getByText("Block 1 (Hero): Headline is required.")).toBeVisible();
    await expect(toastWith(editor, "Cannot publish")).toBeVisible();

    // The blocks' fields.
    await headline.fill("Know which shelves will be empty next week");
    await expect(headline).not.toHaveAttribute("aria-invalid");
    await fieldIn(hero, "Text").fill("Zuri joins your sales and stock data and says what to reorder.");
    await expect(hero.getByTestId("length-counter").nth(2)).toHaveText("62/280");
    await fieldIn(hero, "Button label").fill("Book a demo");
    await fieldIn(hero, "Button link").fill("/book-demo");
    await fieldIn(hero, "Beside the headline").selectOption("image");
    await hero.locator('input[type="file"]').setInputFiles(await pngFile("shelves.png"));
    await expect(fieldIn(hero, "Image")).toHaveValue(/^\/media\//);
    await fieldIn(hero, "Alt text").fill("A dashboard of stock levels by store");
    const features = blockCard(editor, "Feature grid");
    await fieldIn(features, "Heading").fill("What buyers get");
    await fieldIn(features, "Title").fill("Demand forecasts");
    await fieldIn(features, "Text").fill("By product and store, refreshed daily.");
    const rich = blockCard(editor, "Rich text");
    await rich.getByRole("textbox", { name: "Text" }).click();
    await editor.keyboard.type("Built for retail teams of every size.");
    const faq = blockCard(editor, "FAQ");
    await fieldIn(faq, "Heading").fill("Questions");
    await fieldIn(faq, "Question").fill("How long does set-up take?");
    await fieldIn(faq, "Answer").fill("About two weeks.");
    await fieldIn(blockCard(editor, "Demo form"), "Heading").fill("Book your retail demo");

    // A link the server would refuse is refused here too, under its field.
    await fieldIn(hero, "Second button link").fill("javascript:alert(1)");
    await editor.getByRole("button", { name: "Save draft" }).click();
    await expect(fieldIn(hero, "Second button link")).toBeFocused();
    await expect(hero.getByText(/Block 1 \(Hero\): Button link must be a path on this site/)).toBeVisible();
    await fieldIn(hero, "Second button link").fill("");

    // The live preview, at both widths.
    const frame = editor.getByTestId("page-preview-frame");
    await expect(editor.frameLocator('[data-testid="page-preview-frame"]').getByRole("heading", { level: 1 })).toHaveText(
      "Know which shelves will be empty next week",
    );
    await expect(frame).toHaveAttribute("data-width", "1440");
    await editor.getByRole("button", { name: /^Phone/ }).click();
    await expect(frame).toHaveAttribute("data-width", "390");
    await expect(editor.frameLocator('[data-testid="page-preview-frame"]').getByRole("heading", { name: "Book your retail demo" })).toBeVisible();
    await editor.getByRole("button", { name: /^Desktop/ }).click();
    // The handle between the blocks and the preview moves by keyboard (docs/decisions/039): the preview grows as the blocks narrow.
    const handle = editor.getByRole("separator", { name: "Width of the blocks beside the preview" });
    const blocksWidth = () => editor.getByRole("heading", { name: /^Blocks/ }).evaluate((heading) => heading.closest("section")!.getBoundingClientRect().width);
    const frameWidth = () => frame.evaluate((element) => element.getBoundingClientRect().width);
    const [wideBlocks, narrowFrame] = [await blocksWidth(), await frameWidth()];
    await handle.focus();
    await editor.keyboard.press("Home");
    await expect(handle).toHaveAttribute("aria-valuenow", "352");
    await expect.poll(blocksWidth).toBeLessThan(wideBlocks);
    await expect.poll(frameWidth).toBeGreaterThan(narrowFrame);
    await editor.keyboard.press("ArrowRight");
    await expect(handle).toHaveAttribute("aria-valuenow", "384");

    // Publish: created, published, and the editor moves to the page's own address.
    await editor.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(toastWith(editor, "Page published")).toBeVisible();
    await expect(editor).toHaveURL(/\/cms\/pages\/\d+$/);
    await expect(editor.getByTestId("page-status")).toContainText("Published");
    // The preview's banner tells the truth: published, and with unsaved changes once there are some (docs/decisions/039).
    const notice = editor.frameLocator('[data-testid="page-preview-frame"]').getByTestId("page-preview-notice");
    await expect(notice).toHaveText("Preview — the published page, as visitors see it.");
    await editor.getByLabel("Page title").fill(`${title}!`);
    await expect(notice).toHaveText("Preview — published, with your unsaved changes: visitors see them only after you click Update.");
    await editor.getByLabel("Page title").fill(title);
    await expect(notice).toHaveText("Preview — the published page, as visitors see it.");
    // The preview frame is a document of its own, with the site's landmarks (axe would count them with the
    // CMS's); it is checked on its own by "the landing page preview" above.
    await expectNoAxeViolations(editor, { exclude: ['[data-testid="page-preview-frame"]'] });
    for (const width of [390, 1440]) {
      await editor.setViewportSize({ width, height: 900 });
      // Nothing is wider than the window (the scaled preview included): the page never scrolls sideways. Only the
      // formatting toolbar's controls may lie past its edge, inside the toolbar's own sideways scroll (docs/decisions/061).
      await expect.poll(() => editor.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
      await expect
        .poll(() =>
          editor.evaluate(() =>
            [...document.querySelectorAll("body *")]
              .filter((element) => !element.closest('[role="toolbar"][aria-label="Formatting"]'))
              .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
              .map((element) => `${element.tagName}.${element.className}`.slice(0, 120))
              .slice(0, 5),
          ),
        )
        .toEqual([]);
      await editor.screenshot({ path: test.info().outputPath(`page-editor-${width}.png`), fullPage: true });
    }

    // Live at its address, without a restart: axe-clean and conforming HTML.
    const visitor = await (await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": `192.0.2.${1 + Math.floor(Math.random() * 250)}` } })).newPage();
    const live = await visitor.goto(`/l/${slug}`);
    expect(live?.status()).toBe(200);
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Know which shelves will be empty next week");
    await expectNoAxeViolations(visitor);
    const dir = mkdtempSync(join(tmpdir(), "zuri-landing-html-"));
    const file = join(dir, "landing.html");
    writeFileSync(file, await (await visitor.request.get(`/l/${slug}`)).text());
    // The checker predates `<link rel="expect" blocking="render">` (tests/integration/html-conformance.test.ts).
    const outdated = "A “link” element with a “blocking” attribute must have a “rel” attribute whose value is “stylesheet”.";
    expect(checkHtmlFiles([file]).filter((error) => error.message !== outdated).map((error) => `${error.firstLine}: ${error.message}`)).toEqual([]);

    // A demo request from the page names it in the inbox and in Insights.
    await waitForPageScript(visitor);
    const form = visitor.getByRole("region", { name: "Book your retail demo" });
    await form.getByLabel("Full Name").fill("Ada Lovelace");
    await form.getByLabel("Email").fill(`ada-${randomBytes(3).toString("hex")}@example.com`);
    await form.getByLabel("Organization").fill("Analytical Engines");
    await form.getByRole("button", { name: "Request a Demo" }).click();
    await expect(visitor.getByRole("main").getByRole("status").getByRole("heading", { name: "Demo Request Submitted!" })).toBeVisible();

    await admin.goto("/cms/demo-requests");
    await expect(admin.getByText("Ada Lovelace").first()).toBeVisible();
    await expect(admin.getByRole("article").filter({ hasText: "Ada Lovelace" }).first()).toContainText(title);
    await admin.goto("/cms/insights");
    await expect(admin.getByRole("region", { name: "Your landing pages" })).toContainText(`/l/${slug}`);

    // The list: status, duplicate for the next campaign, and delete with confirmation.
    await editor.setViewportSize({ width: 1440, height: 900 });
    await editor.goto("/cms/pages");
    await waitForHydration(editor);
    const row = editor.getByRole("row").filter({ hasText: title });
    await expect(row).toContainText("Published");
    await expectNoAxeViolations(editor);
    for (const width of [390, 1440]) {
      await editor.setViewportSize({ width, height: 900 });
      await editor.screenshot({ path: test.info().outputPath(`pages-list-${width}.png`), fullPage: true });
    }
    await editor.setViewportSize({ width: 1440, height: 900 });
    await row.getByRole("button", { name: `Duplicate ${title}` }).click();
    await expect(toastWith(editor, "Page duplicated")).toBeVisible();
    await expect(editor).toHaveURL(/\/cms\/pages\/\d+$/);
    await expect(editor.getByLabel("Page title")).toHaveValue(`${title} (copy)`);
    await expect(editor.getByTestId("page-status")).toContainText("Draft");
    await editor.getByRole("link", { name: "Delete" }).click();
    await editor.getByRole("dialog", { name: "Delete landing page" }).getByRole("button", { name: "Delete" }).click();
    await expect(toastWith(editor, "Landing page deleted")).toBeVisible();
    await expect(editor.getByRole("row").filter({ hasText: `${title} (copy)` })).toHaveCount(0);
    await expect(editor.getByRole("row").filter({ hasText: title })).toHaveCount(1);
  });
});

test.describe("the landing page list and editor, more", () => {
  test("without JavaScript the list duplicates a page and deletes one after asking; the editor says it needs JavaScript", async ({
    page: signIn,
    browser,
    baseURL,
  }) => {
    await loginAsAdmin(signIn);
    const slug = `no-script-${randomBytes(3).toString("hex")}`;
    const title = `No script ${slug}`;
    await publishLandingPage(signIn, allBlocksPage(slug, { title }));
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL, storageState: await signIn.context().storageState() });
    const page = await context.newPage();
    await page.goto("/cms/pages");
    await page.getByRole("row").filter({ hasText: title }).getByRole("button", { name: `Duplicate ${title}` }).click();
    // The copy opens in the editor, which says what it needs.
    await expect(page).toHaveURL(/\/cms\/pages\/\d+$/);
    // Playwright turns scripts off without telling the HTML parser, which then keeps <noscript> as text: its text is read.
    expect(await page.locator("noscript").textContent()).toContain("The landing-page editor needs JavaScript");
    await page.goto("/cms/pages");
    const copy = page.getByRole("row").filter({ hasText: `${title} (copy)` });
    await expect(copy).toContainText("Draft");
    await copy.getByRole("link", { name: `Delete ${title} (copy)` }).click();
    const confirm = page.getByRole("region", { name: "Delete landing page" });
    await expect(confirm).toContainText(`Delete “${title} (copy)”?`);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page).toHaveURL(/\/cms\/pages$/);
    await expect(page.getByRole("row").filter({ hasText: `${title} (copy)` })).toHaveCount(0);
    await expect(page.getByRole("row").filter({ hasText: title })).toHaveCount(1);
    await context.close();
  });

  test("saving over someone else's newer save opens the conflict dialog, which loads their version", async ({ page }) => {
    await loginAsAdmin(page);
    const slug = `conflict-${randomBytes(3).toString("hex")}`;
    const { id } = await publishLandingPage(page, allBlocksPage(slug, { title: "Our page" }));
    await page.goto(`/cms/pages/${id}`);
    // The preview is posted once the editor runs: the page is hydrated.
    await expect(page.frameLocator('[data-testid="page-preview-frame"]').getByRole("heading", { level: 1 })).toBeVisible();

    const current = (await (await page.request.get(`/api/cms/landing-pages/${id}`)).json()) as { version: number };
    const theirs = await page.request.put(`/api/cms/landing-pages/${id}`, { data: { ...allBlocksPage(slug, { title: "Their page" }), version: current.version } });
    expect(theirs.status(), await theirs.text()).toBe(200);

    await page.getByLabel("Page title").fill("My page");
    await page.getByRole("button", { name: "Update", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "This page was changed somewhere else" });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page, { exclude: ['[data-testid="page-preview-frame"]'] });
    await dialog.getByRole("button", { name: "Load their version" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByLabel("Page title")).toHaveValue("Their page");
    await expect(page.getByTestId("page-status")).not.toContainText("Unsaved changes");
  });
});

test("History restores an earlier save; a draft is shared by a review link, which is revoked, and scheduled", async ({ page, browser }) => {
  test.slow();
  await loginAsAdmin(page);
  const slug = `history-${randomBytes(3).toString("hex")}`;
  const created = await page.request.post("/api/cms/landing-pages", { data: allBlocksPage(slug, { title: "First title" }) });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await page.goto(`/cms/pages/${id}`);
  await expect(page.frameLocator('[data-testid="page-preview-frame"]').getByRole("heading", { level: 1 })).toBeVisible();

  await page.getByLabel("Page title").fill("Second title");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(toastWith(page, "Draft saved")).toBeVisible();

  // History: the first save comes back, as a new save.
  await page.getByRole("button", { name: "History" }).click();
  const history = page.getByRole("dialog", { name: "History" });
  await expect(history.getByRole("listitem")).toHaveCount(2);
  await expect(history.getByRole("listitem").first()).toContainText("Second title");
  await expectNoAxeViolations(page, { exclude: ['[data-testid="page-preview-frame"]'] });
  await history.getByRole("button", { name: /^Restore the version of/ }).click();
  await expect(toastWith(page, "Version restored")).toBeVisible();
  await expect(history).toBeHidden();
  await expect(page.getByLabel("Page title")).toHaveValue("First title");
  await expect(page.getByTestId("page-status")).not.toContainText("Unsaved changes");

  // A review link: shown once, opens the draft for anyone, and stops when revoked.
  await page.getByRole("button", { name: "Share preview" }).click();
  const share = page.getByRole("dialog", { name: "Share a preview" });
  await share.getByRole("button", { name: "Create link" }).click();
  const link = share.getByLabel("Review link");
  await expect(link).toHaveValue(/\/preview\/page\/[0-9a-f]{64}$/);
  await expectNoAxeViolations(page, { exclude: ['[data-testid="page-preview-frame"]'] });
  const reviewer = await (await browser.newContext()).newPage();
  const url = await link.inputValue();
  expect((await reviewer.goto(url))?.status()).toBe(200);
  await expect(reviewer.getByRole("heading", { level: 1 })).toHaveText("Know which shelves will be empty before your customers do");
  await share.getByRole("button", { name: /^Revoke the link/ }).click();
  // The modal hides the notifications region from the accessibility tree: the toast is found by its element (review-links.spec.ts).
  await expect(page.locator('[data-slot="toast"]').filter({ hasText: "Review link revoked" })).toBeVisible();
  await expect(share.getByText("No active review links.")).toBeVisible();
  expect((await reviewer.goto(url))?.status()).toBe(404);
  await share.getByRole("button", { name: "Done" }).click();

  // Scheduled from the post editor's dialog, in the site's time zone.
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  const schedule = page.getByRole("dialog", { name: "Schedule this page" });
  await schedule.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(toastWith(page, "Page scheduled")).toBeVisible();
  await expect(page.getByTestId("page-status")).toContainText("Scheduled");
  await expect(page.getByRole("button", { name: "Update scheduled" })).toBeVisible();

  // Leaving with unsaved changes asks first.
  await page.getByLabel("Page title").fill("An unsaved title");
  await page.getByRole("link", { name: "Back" }).click();
  const leave = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(leave).toContainText("This page has changes that are not saved.");
  await leave.getByRole("button", { name: "Keep editing" }).click();
  await expect(page).toHaveURL(new RegExp(`/cms/pages/${id}$`));
  await expect(page.getByLabel("Page title")).toHaveValue("An unsaved title");
});
