import sharp from "sharp";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe.ts";
import { loginAsAdmin, waitForHydration } from "./auth.ts";
import { seedPost, sidewaysOverflow, unique } from "./cms-helpers.ts";

const slugOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, "-");

/** A published post filed under `tags`, through the CMS API with the page's session. */
const seedTaggedPost = (page: Page, tags: string[]) => seedPost(page, { title: unique("Tagged post"), published: true, tags });

/** A page signed in as the administrator, in a browser context without JavaScript. */
async function pageWithoutJavaScript(signedIn: Page, browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL, storageState: await signedIn.context().storageState() });
  return context.newPage();
}

/** A wide header picture, made fresh: a product chart in the brand's indigo and teal (docs/brand.md). */
async function headerPng() {
  const bars = [0.42, 0.55, 0.48, 0.66, 0.61, 0.78, 0.72, 0.9]
    .map((height, index) => `<rect x="${250 + index * 150}" y="${760 - height * 520}" width="92" height="${height * 520}" rx="14" fill="#2dd4bf" fill-opacity="${0.35 + index * 0.08}"/>`)
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900">
    <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1e1b4b"/><stop offset="1" stop-color="#4f46e5"/></linearGradient></defs>
    <rect width="1600" height="900" fill="url(#bg)"/>
    <circle cx="1380" cy="160" r="260" fill="#818cf8" fill-opacity="0.18"/>
    ${bars}
    <polyline points="296,520 446,470 596,500 746,400 896,420 1046,300 1196,330 1346,200" fill="none" stroke="#ffffff" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>
    <line x1="200" y1="760" x2="1420" y2="760" stroke="#c7d2fe" stroke-opacity="0.5" stroke-width="4"/>
  </svg>`;
  return { name: "demand-chart.png", mimeType: "image/png", buffer: await sharp(Buffer.from(svg)).png().toBuffer() };
}

/** The Tags screen (docs/decisions/035-tag-management.md): rename, merge and a tag image by keyboard, axe-clean. */
test.describe("Tags", () => {
  test.describe.configure({ timeout: 90_000 });

  test("an administrator renames a tag and merges it into another with the keyboard; the old address redirects", async ({ page }) => {
    await loginAsAdmin(page);
    const [first, second] = [unique("Alpha topic"), unique("Beta topic")];
    await seedTaggedPost(page, [first, second]);

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

    // The list comes first; "New tag" opens the form (docs/decisions/069), focused, and Cancel closes it.
    await waitForHydration(page);
    await expect(page.getByRole("button", { name: "Create tag" })).toHaveCount(0);
    await page.getByRole("link", { name: "New tag" }).click();
    await expect(page).toHaveURL(/\/cms\/tags\?new=1$/);
    await expect(page.getByRole("heading", { name: "New tag" })).toBeFocused();
    await expect(page.getByRole("link", { name: "New tag" })).toHaveCount(0);
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("button", { name: "Create tag" })).toHaveCount(0);
    // At 768 px a long slug is cut with an ellipsis, the whole of it in its title; nothing scrolls sideways.
    await page.setViewportSize({ width: 768, height: 900 });
    const slug = row.locator("code");
    await expect(slug).toHaveAttribute("title", slugOf(second));
    expect(await slug.evaluate((code) => getComputedStyle(code).textOverflow)).toBe("ellipsis");
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  });

  test("an administrator gives a tag an image with the keyboard; the tag page shows and shares it, and Remove takes it away", async ({ page }) => {
    await loginAsAdmin(page);
    const name = unique("Demand topic");
    const slug = slugOf(name);
    const alt = "A rising demand forecast over eight weeks";
    await seedTaggedPost(page, [name]);

    await page.goto("/cms/tags");
    await waitForHydration(page);
    // Listened for from here: the browser intercepts file pickers only once a listener is in place, and a
    // keypress right after the listener can be quicker than that.
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("link", { name: `Edit ${name}` }).focus();
    await page.keyboard.press("Enter");
    const card = page.locator("form").filter({ has: page.getByRole("button", { name: "Save tag" }) });
    await expect(page.getByRole("heading", { name: `Edit “${name}”` })).toBeFocused();
    await expect(card.getByText("No image: the tag page shows its header without one.")).toBeVisible();

    // Name, Slug, Description, then the image's Upload button: Enter opens the file picker.
    for (let step = 0; step < 4; step++) await page.keyboard.press("Tab");
    const upload = card.getByRole("button", { name: "Upload image" });
    await expect(upload).toBeFocused();
    await page.keyboard.press("Enter");
    await (await chooser).setFiles(await headerPng());
    const address = card.getByRole("textbox", { name: "Image URL" });
    await expect(address).toHaveValue(/^\/media\/[A-Za-z0-9_-]{22}\.png$/);
    const image = await address.inputValue();
    await expect(card.getByRole("img", { name: "Tag image preview" })).toBeVisible();
    await expect(card.getByRole("status")).toHaveText("Image uploaded. Describe it in Alt text, or mark it as decorative.");
    // The same button, now Replace: the focus stayed. Then Remove, the address, the alt text.
    await expect(card.getByRole("button", { name: "Replace image" })).toBeFocused();
    for (let step = 0; step < 3; step++) await page.keyboard.press("Tab");
    const altText = card.getByRole("textbox", { name: "Alt text" });
    await expect(altText).toBeFocused();
    await expect(altText).toHaveAttribute("aria-required", "true");
    await page.keyboard.type(alt);

    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page);
      await page.screenshot({ path: test.info().outputPath(`tag-image-form-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await altText.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: `Tag “${name}” saved.` })).toBeVisible();

    // The tag page: the picture in its header, its sharing tags, its feed's channel image.
    await page.goto(`/blog/tag/${slug}`);
    await page.getByRole("region", { name: "We value your privacy" }).getByRole("button", { name: "Reject All" }).click();
    const header = page.getByRole("region", { name }).getByRole("img", { name: alt });
    await expect(header).toBeVisible();
    // Drawn from one of the upload's width variants, not the 1600 px original.
    await expect.poll(() => header.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    expect(await header.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.w(480|640|960|1280)\.png$/);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", new RegExp(`${image.replace(/[.]/g, "\\.")}$`));
    await expect(page.locator('meta[name="twitter:image:alt"]')).toHaveAttribute("content", alt);
    expect(await (await page.request.get(`/blog/tag/${slug}/rss.xml`)).text()).toContain(`${image}</url>`);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page);
      await page.screenshot({ path: test.info().outputPath(`tag-page-${width}.png`) });
    }

    // Remove, by keyboard: the focus moves to the emptied address, and Enter saves the tag without it.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/cms/tags?edit=${slug}`);
    await waitForHydration(page);
    await card.getByRole("button", { name: "Remove image" }).focus();
    await page.keyboard.press("Enter");
    await expect(address).toBeFocused();
    await expect(address).toHaveValue("");
    await expect(card.getByRole("img", { name: "Tag image preview" })).toHaveCount(0);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: `Tag “${name}” saved.` })).toBeVisible();
    await page.goto(`/blog/tag/${slug}`);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByRole("region", { name }).getByRole("img")).toHaveCount(0);
  });

  test("without JavaScript the image is set by its address: the alt rule's message, then the decorative box", async ({ page, browser, baseURL }) => {
    await loginAsAdmin(page);
    const name = unique("Pattern topic");
    const slug = slugOf(name);
    await seedTaggedPost(page, [name]);
    const uploaded = await page.request.post("/api/cms/media", { headers: { "content-type": "image/png" }, data: (await headerPng()).buffer });
    expect(uploaded.status()).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };

    const noScript = await pageWithoutJavaScript(page, browser, baseURL);
    await noScript.goto(`/cms/tags?edit=${slug}`);
    const card = noScript.locator("form").filter({ has: noScript.getByRole("button", { name: "Save tag" }) });
    // Upload needs JavaScript: the address is typed instead.
    await expect(card.getByRole("button", { name: "Upload image" })).toBeDisabled();
    await card.getByRole("textbox", { name: "Image URL" }).fill(url);
    await card.getByRole("button", { name: "Save tag" }).click();
    await expect(card.getByText("Alt text is required for a tag image: describe the image, or mark it as decorative.")).toBeVisible();
    await expect(card.getByRole("textbox", { name: "Image URL" })).toHaveValue(url);
    await card.getByRole("checkbox", { name: "Decorative image (no alt text)" }).check();
    await card.getByRole("button", { name: "Save tag" }).click();
    await expect(noScript.getByRole("status").filter({ hasText: `Tag “${name}” saved.` })).toBeVisible();

    await noScript.goto(`/blog/tag/${slug}`);
    await expect(noScript.getByRole("region", { name }).locator(`img[src="${url}"]`)).toHaveAttribute("alt", "");
    await noScript.context().close();
  });
});
