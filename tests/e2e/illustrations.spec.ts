import { expect, test } from "@playwright/test";

/**
 * The product illustrations are SVG images (docs/decisions/017). On a 390 px phone every word in them
 * must be readable: its rendered size, the font size in the SVG times the scale the image is drawn at
 * (rendered width over viewBox width), at least 11 px. The words are drawn as outlines
 * (app/components/marketing/illustrations/text-outlines.ts); each line keeps its font-size.
 */
const MIN_TEXT_PX = 11;
const pages = ["/", "/product", "/zuri-ai", "/industries", "/enterprise", "/features"];

test.use({ viewport: { width: 390, height: 844 } });

for (const path of pages) {
  test(`illustrations on ${path} have no text below ${MIN_TEXT_PX} px at 390 px wide`, async ({ page }) => {
    await page.goto(path);
    const images = page.locator("main picture img");
    const count = await images.count();
    expect(count, "illustrations on the page").toBeGreaterThan(0);
    const measured: { src: string; smallestPx: number; texts: number }[] = [];
    for (let index = 0; index < count; index++) {
      const image = images.nth(index);
      await image.scrollIntoViewIfNeeded();
      await expect(image).toHaveJSProperty("complete", true);
      measured.push(
        await image.evaluate(async (img: HTMLImageElement) => {
          const svg = new DOMParser().parseFromString(await (await fetch(img.currentSrc)).text(), "image/svg+xml");
          const root = svg.documentElement;
          const viewBoxWidth = Number(root.getAttribute("viewBox")!.split(/\s+/)[2]);
          const scale = img.getBoundingClientRect().width / viewBoxWidth;
          // Words are Inter's outlines, one group of glyphs (<use>) per line, which keeps the line's font-size.
          const sizes = [...root.querySelectorAll("g[font-size]")]
            .filter((line) => line.querySelector(":scope > use"))
            .map((line) => Number(line.getAttribute("font-size")));
          return { src: img.currentSrc, smallestPx: Math.min(...sizes) * scale, texts: sizes.length };
        }),
      );
    }
    for (const { src, smallestPx, texts } of measured) {
      if (texts === 0) continue;
      expect(smallestPx, `smallest text in ${src} is ${smallestPx.toFixed(1)} px`).toBeGreaterThanOrEqual(MIN_TEXT_PX);
    }
  });
}
