import sharp from "sharp";
import { expect, test } from "@playwright/test";
import { loginAsAdmin } from "./auth.ts";
import { contentEditor, seedPost, waitForEditor } from "./cms-helpers.ts";

test("shots", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await loginAsAdmin(page);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900"><rect width="1600" height="900" fill="#eef2ff"/>` +
    [220, 420, 340, 560, 480, 700].map((h, i) => `<rect x="${140 + i * 230}" y="${820 - h}" width="140" height="${h}" rx="12" fill="#4f46e5"/>`).join("") + `</svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const up = await page.request.post("/api/cms/media", { data: png, headers: { "content-type": "image/png" } });
  const { url } = await up.json();
  const text = "<p>Demand shifts faster than plans. When a store runs out of a product on Saturday, the cause was visible on Tuesday: a promotion, a delayed truck, a warm week. Zuri reads those signals.</p>";
  const content = `${text}<figure class="image-card"><img src="${url}" alt="Normal chart"><figcaption>Normal: units in stock by day, week 12.</figcaption></figure>${text}<figure class="image-card image-card--wide"><img src="${url}" alt="Wide chart"><figcaption>Wide: the same chart, wider than the text.</figcaption></figure>${text}<figure class="image-card image-card--full"><img src="${url}" alt="Full chart"><figcaption>Full: edge to edge.</figcaption></figure>${text}<img src="${url}" alt="legacy">`;
  const post = await seedPost(page, { title: "Image card layouts", slug: "image-card-layouts", content, published: true });
  for (const width of [390, 1440]) {
    const v = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
    await v.goto("/blog/image-card-layouts");
    await v.evaluate(async () => { for (const img of document.images) { img.loading = "eager"; } await Promise.all([...document.images].map((i) => i.decode().catch(() => {}))); });
    await v.screenshot({ path: `/tmp/shots/public-${width}.png`, fullPage: true });
    console.log(width, await v.evaluate(() => document.documentElement.scrollWidth));
    await v.close();
  }
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/cms/editor/${post.id}`);
    await waitForEditor(page);
    await contentEditor(page).locator("figure.image-card--wide img").click();
    await expect(page.getByRole("toolbar", { name: "Image" })).toBeVisible();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await page.getByRole("toolbar", { name: "Image" }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/shots/editor-${width}.png` });
  }
});
