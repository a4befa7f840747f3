import sharp from "sharp";
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./axe.ts";
import { loginAsAdmin } from "./auth.ts";
import { contentEditor, toastWith, unique, waitForEditor } from "./cms-helpers.ts";

/** A 1600 × 900 chart-like PNG: wide enough for every width variant up to 1920 (docs/decisions/047). */
const chartPng = async () => ({
  name: "weekly-stock.png",
  mimeType: "image/png",
  buffer: await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900"><rect width="1600" height="900" fill="#eef2ff"/>` +
        [220, 420, 340, 560, 480, 700].map((h, i) => `<rect x="${140 + i * 230}" y="${820 - h}" width="140" height="${h}" rx="12" fill="#4f46e5"/>`).join("") +
        `</svg>`,
    ),
  )
    .png()
    .toBuffer(),
});

test("an image card: inserted, given alt text, a caption and the Wide width by keyboard, published with srcset and no sideways scroll", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const title = unique("Image cards");
  await loginAsAdmin(page, { redirectTo: "/cms/editor" });
  await waitForEditor(page);
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByRole("button", { name: "Generate from title" }).click();
  const slug = await page.getByLabel("Slug").inputValue();

  const editor = contentEditor(page);
  await editor.click();
  await page.keyboard.type("Stock levels this week.");
  await page.getByRole("button", { name: "Image", exact: true }).click();
  await page.getByRole("dialog", { name: "Insert image" }).getByLabel("Upload a file").setInputFiles(await chartPng());
  const image = editor.locator('figure.image-card img[src^="/media/"]');
  await expect(image).toHaveAttribute("alt", "weekly stock");

  // A new card is selected, with its toolbar. Keyboard only from here: up to the text (the toolbar goes),
  // down onto the card again, Tab to its toolbar.
  const tools = page.getByRole("toolbar", { name: "Image" });
  await expect(tools).toBeVisible();
  await editor.press("ArrowUp");
  await expect(tools).toBeHidden();
  await page.keyboard.press("ArrowDown");
  await expect(tools).toBeVisible();
  const button = (name: string) => tools.getByRole("button", { name, exact: true });
  await page.keyboard.press("Tab");
  await expect(button("Alt text")).toBeFocused();

  // Caption: on, written in place under the image; Escape goes back to the text with the card still selected.
  await page.keyboard.press("ArrowRight");
  await expect(button("Caption")).toBeFocused();
  await page.keyboard.press("Enter");
  const caption = editor.getByRole("textbox", { name: "Caption" });
  await expect(caption).toBeFocused();
  // One input event for the whole text: each typed key would be a transaction and a render of the form.
  await page.keyboard.insertText("Week 12, all stores");
  await page.keyboard.press("Escape");
  await expect(editor).toBeFocused();
  await expect(button("Caption")).toHaveAttribute("aria-pressed", "true");

  // Alt text: Tab returns to the toolbar's last control; its field replaces the name taken from the file.
  await page.keyboard.press("Tab");
  await expect(button("Caption")).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("Enter");
  await expect(button("Alt text")).toHaveAttribute("aria-expanded", "true");
  const alt = editor.getByRole("textbox", { name: "Alt text" });
  await expect(alt).toBeFocused();
  await alt.press("ControlOrMeta+a");
  await page.keyboard.insertText("Units in stock by day, rising to Saturday");
  // The editor with the card selected, its toolbar, alt text field and caption open (the page has its own scans).
  await expectNoAxeViolations(page, { include: ['[aria-label="Formatting"]', ".post-editor"] });
  await page.keyboard.press("Enter");
  await expect(button("Alt text")).toBeFocused();
  await expect(alt).toBeHidden();

  // Width: Wide, one of three pressed buttons.
  for (let step = 0; step < 3; step++) await page.keyboard.press("ArrowRight");
  await expect(button("Wide")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(button("Wide")).toHaveAttribute("aria-pressed", "true");
  await expect(button("Normal")).toHaveAttribute("aria-pressed", "false");
  await expect(editor.locator("figure.image-card--wide img")).toHaveAttribute("alt", "Units in stock by day, rising to Saturday");

  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(toastWith(page, "Post created")).toBeVisible();

  // The public page, on a phone: the card, its caption, the width variants, and nothing wider than the screen.
  // The same tab: a published post's page is the same document for everyone (docs/decisions/005).
  const visitor = page;
  await visitor.setViewportSize({ width: 390, height: 844 });
  await visitor.goto(`/blog/${slug}`);
  const figure = visitor.locator("figure.image-card.image-card--wide");
  await expect(figure.locator("figcaption")).toHaveText("Week 12, all stores");
  const published = figure.locator("img");
  await expect(published).toHaveAttribute("alt", "Units in stock by day, rising to Saturday");
  // The variants narrower than the upload, then the upload itself at its own 1600 px (decision 056).
  await expect(published).toHaveAttribute("srcset", /^\/media\/[\w-]+\.w160\.png 160w, .*\.w1280\.png 1280w, \/media\/[\w-]+\.png 1600w$/);
  await expect(published).toHaveAttribute("sizes", "(min-width: 64rem) 1024px, 100vw");
  await expect(published).toHaveAttribute("width", "1600");
  await expect(published).toHaveAttribute("height", "900");
  await expect(published).toHaveAttribute("decoding", "async");
  await published.scrollIntoViewIfNeeded();
  await expect(published).toHaveJSProperty("complete", true);
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // On a desktop the Wide card leaves the 768-px text column: 1024 px, centred on the article.
  await visitor.setViewportSize({ width: 1440, height: 900 });
  const box = (await figure.boundingBox())!;
  expect(box.width).toBe(1024);
  expect(box.x).toBe((1440 - 1024) / 2);
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
});
