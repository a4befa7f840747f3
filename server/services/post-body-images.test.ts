import { describe, expect, it } from "vitest";
import { sanitizePostHtml } from "./sanitize-html.ts";
import { createPostBodyImages, responsiveBodyImages, uploadKeysIn } from "./post-body-images.ts";

const KEY = "AbCdEfGhIjKlMnOpQrStUv";
const OTHER = "ZyXwVuTsRqPoNmLkJiHgFe";
const upload = `/media/${KEY}.jpg`;
const sizes = new Map([[KEY, { width: 1000, height: 500 }]]);
/** What the sanitiser stores for the editor's HTML: the only input the page ever renders. */
const stored = (html: string) => sanitizePostHtml(html, "https://zuri.example");

describe("responsive body images (docs/decisions/056)", () => {
  it("gives an upload srcset of its narrower variants and itself, sizes for its card, its stored width and height, lazy loading and async decoding", () => {
    const html = stored(`<p>Intro</p><figure class="image-card"><img src="${upload}" alt="Stock &quot;by&quot; store"><figcaption>Week 12</figcaption></figure>`);
    expect(responsiveBodyImages(html, sizes, { eagerFirst: false })).toBe(
      `<p>Intro</p><figure class="image-card"><img src="${upload}" ` +
        `srcset="/media/${KEY}.w160.jpg 160w, /media/${KEY}.w320.jpg 320w, /media/${KEY}.w480.jpg 480w, /media/${KEY}.w640.jpg 640w, /media/${KEY}.w960.jpg 960w, ${upload} 1000w" ` +
        `sizes="(min-width: 52rem) 768px, 100vw" alt="Stock &quot;by&quot; store" width="1000" height="500" loading="lazy" decoding="async" /><figcaption>Week 12</figcaption></figure>`,
    );
  });

  it("sizes a wide card to 1024 px on desktop and a full one to the viewport", () => {
    const html = stored(`<figure class="image-card image-card--wide"><img src="${upload}"></figure><figure class="image-card image-card--full"><img src="${upload}"></figure>`);
    const out = responsiveBodyImages(html, sizes, { eagerFirst: false });
    expect([...out.matchAll(/sizes="([^"]*)"/g)].map((m) => m[1])).toEqual(["(min-width: 64rem) 1024px, 100vw", "100vw"]);
  });

  it("loads only the first image at once when asked, and leaves other sources without srcset but with their saved size", () => {
    const html = stored(
      `<p><img src="https://cdn.zuri.example/a.png" alt="A" width="640" height="360"></p><img src="/media/${OTHER}.png" alt="Unknown key"><img src="/media/${KEY}.w640.jpg" alt="A variant">`,
    );
    const out = responsiveBodyImages(html, sizes, { eagerFirst: true });
    expect(out).toBe(
      `<p><img src="https://cdn.zuri.example/a.png" alt="A" width="640" height="360" decoding="async" /></p>` +
        `<img src="/media/${OTHER}.png" alt="Unknown key" loading="lazy" decoding="async" />` +
        `<img src="/media/${KEY}.w640.jpg" alt="A variant" loading="lazy" decoding="async" />`,
    );
  });

  it("leaves text that only looks like an image alone", () => {
    const html = stored(`<pre><code>&lt;img src="${upload}"&gt;</code></pre><p>a &lt;img&gt; tag</p>`);
    expect(responsiveBodyImages(html, sizes, { eagerFirst: false })).toBe(html);
  });

  it("looks the sizes of every upload up in one query", async () => {
    const html = stored(`<img src="${upload}"><figure><img src="/media/${OTHER}.png"></figure><img src="https://cdn.zuri.example/a.png"><img src="${upload}">`);
    expect(uploadKeysIn(html)).toEqual([KEY, OTHER, KEY]);
    const queries: string[][] = [];
    const bodyImages = createPostBodyImages({ media: { sizesOf: async (keys) => (queries.push([...keys]), sizes) } });
    const out = await bodyImages.forPage(html, { hasCover: true });
    expect(queries).toEqual([[KEY, OTHER, KEY]]);
    expect(out.match(/width="1000" height="500" loading="lazy"/g)).toHaveLength(2);
  });
});
