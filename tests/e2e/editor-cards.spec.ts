import sharp from "sharp";
import { expect, test, type Page } from "@playwright/test";
import { startRemoteSite } from "../support/remote-site.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { loginAsAdmin } from "./auth.ts";
import { contentEditor, seedPost, unique, waitForEditor } from "./cms-helpers.ts";
import { waitForPageScript } from "./page-script.ts";

const THIRD_PARTY = /youtube|ytimg|vimeo|twitter|twimg|(^|\.)x\.com/;
const MENU_ITEMS = ["Embed (YouTube, Vimeo, X)", "Bookmark", "Callout", "Button", "HTML", "Code block"];

/** Opens the Insert menu from its button with the keyboard and picks an item with the arrow keys. */
async function insertByKeyboard(page: Page, item: string) {
  const button = page.getByRole("button", { name: "Insert" });
  await button.focus();
  await button.press("Enter");
  await expect(page.getByRole("menuitem", { name: MENU_ITEMS[0] })).toBeFocused();
  for (let step = 0; step < MENU_ITEMS.indexOf(item); step++) await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitem", { name: item })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menu")).toHaveCount(0);
}

/** The editor's focus() lands a frame later; keys typed before it go astray. */
const nextFrames = (page: Page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

test("cards: inserted by keyboard from the Insert menu, saved, and shown on the blog behind a click-to-load facade (docs/decisions/076)", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const cover = await sharp({ create: { width: 120, height: 80, channels: 3, background: "#0f766e" } }).png().toBuffer();
  const remote = await startRemoteSite({
    "/story": {
      body: `<title>x</title><meta property="og:title" content="Forecasting in practice"><meta property="og:description" content="How retail teams plan a week ahead."><meta property="og:site_name" content="Retail Weekly"><meta property="og:image" content="/cover.png">`,
    },
    "/cover.png": { type: "image/png", body: cover },
  });
  try {
    await loginAsAdmin(page);
    const post = await seedPost(page, { title: unique("Cards journey"), content: "<p>Intro.</p>", published: true });
    await page.goto(`/cms/editor/${post.id}`);
    // The editor's bundle is large: on a busy two-core machine it can take longer than the default wait.
    await expect(contentEditor(page)).toBeVisible({ timeout: 30_000 });
    await waitForEditor(page);
    const editor = contentEditor(page);

    // A YouTube address pasted on an empty line becomes an embed card; Undo makes it the link again.
    await editor.locator("p").last().click();
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    const youtube = "https://youtu.be/dQw4w9WgXcQ";
    await editor.evaluate((element, text) => {
      const data = new DataTransfer();
      data.setData("text/plain", text);
      element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    }, youtube);
    await expect(page.getByRole("group", { name: "Embed card" })).toContainText("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    await page.keyboard.press("Control+z");
    await expect(page.getByRole("group", { name: "Embed card" })).toHaveCount(0);
    await expect(editor.locator(`a[href="${youtube}"]`)).toHaveText(youtube);
    await page.keyboard.press("Control+Shift+z");
    await expect(page.getByRole("group", { name: "Embed card" })).toHaveCount(1);
    await page.getByLabel("Link text").fill("Product tour");

    await insertByKeyboard(page, "Callout");
    await nextFrames(page);
    await page.keyboard.type("Forecasts refresh every night.");
    await page.getByLabel("Callout type").selectOption("warning");

    await insertByKeyboard(page, "Button");
    await expect(page.getByLabel("Button text")).toBeFocused();
    await page.getByRole("button", { name: "Use “Book a Demo”" }).press("Enter");
    await expect(page.getByLabel("Button link")).toHaveValue("/book-demo");

    await insertByKeyboard(page, "Bookmark");
    await page.getByLabel("Page address").fill(`${remote.url}/story`);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("group", { name: "Bookmark card" })).toContainText("Forecasting in practice");

    await insertByKeyboard(page, "HTML");
    await expect(page.getByLabel("HTML", { exact: true })).toBeFocused();
    await page.keyboard.type('<p class="raw">Raw <strong>bold</strong> text</p><img src=x alt="" onerror="window.hacked=1">');
    await page.getByRole("button", { name: "Preview HTML" }).press("Enter");
    await expect(page.getByRole("region", { name: "HTML preview" })).toContainText("Raw bold text");
    expect(await page.evaluate(() => "hacked" in window)).toBe(false);

    await insertByKeyboard(page, "Code block");
    await nextFrames(page);
    await page.keyboard.type("SELECT store, stock FROM forecasts;");
    await page.getByRole("combobox", { name: "Code language" }).selectOption("sql");
    await expect(editor.locator("pre code.language-sql")).toHaveText("SELECT store, stock FROM forecasts;");

    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Update Published" }).click();
    await expect(page.getByRole("button", { name: "Update Published" })).toBeEnabled();
    await expect(page.getByText(/Saved|Updated|Published/).first()).toBeVisible();

    // The public page, as an anonymous reader on a phone.
    const reader = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const thirdParty: string[] = [];
    reader.on("request", (request) => {
      if (THIRD_PARTY.test(new URL(request.url()).hostname)) thirdParty.push(request.url());
    });
    // The machine is offline: the player's frame is answered here.
    await reader.route("https://www.youtube-nocookie.com/**", (route) => route.fulfill({ contentType: "text/html", body: "<title>Player</title>" }));
    await reader.goto(`/blog/${post.slug}`);
    await waitForPageScript(reader);
    const body = reader.getByTestId("post-content");
    const facade = body.locator('figure.embed-card[data-provider="youtube"] > a');
    await expect(facade).toHaveAttribute("href", "https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    await expect(facade).toContainText("Product tour");
    await expect(facade).toContainText("Loads content from YouTube");
    await expect(body.locator("aside.callout.callout--warning")).toHaveText("Forecasts refresh every night.");
    await expect(body.locator("p.button-card a.button-card__link")).toHaveAttribute("href", "/book-demo");
    await expect(body.locator("a.button-card__link")).toHaveText("Book a Demo");
    await expect(body.locator(".bookmark-card .bookmark-card__title")).toHaveText("Forecasting in practice");
    await expect(body.locator(".bookmark-card img")).toHaveAttribute("src", /^\/media\//);
    await expect(body.locator(".html-card p")).toHaveText("Raw bold text");
    await expect(body.locator(".html-card img[onerror]")).toHaveCount(0);
    await expect(body.locator("pre code.language-sql")).toHaveText("SELECT store, stock FROM forecasts;");
    expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(reader);
    expect(thirdParty).toEqual([]);

    await facade.click();
    const frame = body.locator("figure.embed-card > iframe");
    await expect(frame).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1");
    await expect(frame).toHaveAttribute("title", "Product tour (YouTube)");
    await expect.poll(() => thirdParty).toEqual(["https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1"]);
    await reader.close();
  } finally {
    await remote.close();
  }
});
