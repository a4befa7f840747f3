import { expect, test } from "@playwright/test";

/**
 * The product illustrations are SVG images (docs/decisions/017). On a 390 px phone every word in them
 * must be readable: its rendered size, the font size in the SVG times the scale the image is drawn at
 * (rendered width over viewBox width), at least 11 px.
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
          // A text's size is its own font-size attribute or the nearest ancestor's (SVG inheritance).
          const sizes = [...root.querySelectorAll("text, tspan")]
            .filter((text) => [...text.childNodes].some((node) => node.nodeType === 3 && node.textContent!.trim()))
            .map((text) => Number(text.closest("[font-size]")?.getAttribute("font-size") ?? 16));
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
