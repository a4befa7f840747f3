import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../support/auth.ts";
import { databaseKinds } from "../support/databases.ts";
import { api, createPost } from "../support/posts.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/** Every `<img …>` tag inside the post's body (data-testid="post-content"), as text. */
function bodyImages(html: string): string[] {
  const start = html.indexOf('data-testid="post-content"');
  expect(start).toBeGreaterThan(-1);
  const body = html.slice(start, html.indexOf("</div>", start));
  return body.match(/<img\b[^>]*>/g) ?? [];
}
/** An attribute's value; names in any letter case, as HTML reads them. */
const attribute = (tag: string | undefined, name: string) => new RegExp(` ${name}="([^"]*)"`, "i").exec(tag ?? "")?.[1];

describe.each(databaseKinds)("responsive body images on the post page on %s (docs/decisions/056)", (kind) => {
  let app: TestApp;
  let cookie: string;
  let photo: { url: string; width: number; height: number };
  let icon: { url: string; width: number; height: number };

  beforeAll(async () => {
    app = await startTestApp(kind);
    cookie = (await createSession(app, { isAdmin: true })).cookie;
    const upload = async (bytes: Buffer) => {
      const response = await fetch(`${app.baseUrl}/api/cms/media`, { method: "POST", headers: { cookie }, body: new Uint8Array(bytes) });
      expect(response.status).toBe(201);
      return response.json();
    };
    photo = await upload(await sharp({ create: { width: 1500, height: 1000, channels: 3, background: "#4f46e5" } }).jpeg().toBuffer());
    icon = await upload(await sharp({ create: { width: 300, height: 200, channels: 4, background: "#14b8a6" } }).png().toBuffer());
  });
  afterAll(() => app.close());

  const content = () =>
    `<p>Intro.</p><figure class="image-card image-card--wide"><img src="${photo.url}" alt="Stock by store"><figcaption>Week 12</figcaption></figure>` +
    `<img src="${icon.url}" alt="Legacy image">` +
    `<p><img src="https://cdn.zuri.example/chart.png" alt="External" width="640" height="360"></p>`;

  it("serves uploads with srcset, sizes by card width, their stored width and height, lazy and async; the stored HTML is unchanged", async () => {
    const post = await createPost(app, cookie, { content: content(), coverImage: photo.url, coverImageAlt: "Cover" });
    const page = await fetch(`${app.baseUrl}/blog/${post.slug}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<figure class="image-card image-card--wide">');
    expect(html).toContain("<figcaption>Week 12</figcaption>");
    const [wide, legacy, external] = bodyImages(html);

    const variant = (url: string, width: number) => url.replace(/\.([a-z]+)$/, `.w${width}.$1`);
    expect(attribute(wide, "srcset")).toBe([160, 320, 480, 640, 960, 1280].map((w) => `${variant(photo.url, w)} ${w}w`).concat(`${photo.url} 1500w`).join(", "));
    expect(attribute(wide, "sizes")).toBe("(min-width: 64rem) 1024px, 100vw");
    expect([attribute(wide, "width"), attribute(wide, "height")]).toEqual(["1500", "1000"]);
    expect(attribute(wide, "alt")).toBe("Stock by store");
    // A post with a cover: the cover is the first screen's image, every body image waits.
    expect(attribute(wide, "loading")).toBe("lazy");
    expect(attribute(wide, "decoding")).toBe("async");

    // A bare image saved before cards is sized like a Normal card: the 160-px variant, or itself at 300 px.
    expect(attribute(legacy, "srcset")).toBe(`${variant(icon.url, 160)} 160w, ${icon.url} 300w`);
    expect(attribute(legacy, "sizes")).toBe("(min-width: 52rem) 768px, 100vw");
    expect([attribute(legacy, "width"), attribute(legacy, "height"), attribute(legacy, "loading")]).toEqual(["300", "200", "lazy"]);

    // Another site's image has no variants: it keeps the size it was saved with, and loads lazily.
    expect(attribute(external, "srcset")).toBeUndefined();
    expect([attribute(external, "width"), attribute(external, "height"), attribute(external, "loading")]).toEqual(["640", "360", "lazy"]);

    // The variants the page names exist, and the API still answers the HTML as saved.
    expect((await fetch(`${app.baseUrl}${variant(photo.url, 960)}`)).status).toBe(200);
    const stored = (await (await api(app, `/api/blog/${post.slug}`)).json()) as { content: string };
    expect(stored.content).not.toMatch(/srcset|loading=/);
    expect(stored.content).toContain(`<figure class="image-card image-card--wide"><img src="${photo.url}" alt="Stock by store" />`);
  });

  it("loads the first body image at once when the post has no cover", async () => {
    const post = await createPost(app, cookie, { content: content() });
    const [first, second] = bodyImages(await (await fetch(`${app.baseUrl}/blog/${post.slug}`)).text());
    expect(attribute(first, "loading")).toBeUndefined();
    expect(attribute(first, "decoding")).toBe("async");
    expect(attribute(second, "loading")).toBe("lazy");
  });
});
