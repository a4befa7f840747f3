import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import sharp from "sharp";
import { databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { createSession } from "../support/auth.ts";
import { api, clearPosts, createPost } from "../support/posts.ts";
import { getPage, postForm } from "../support/http.ts";
import { TAG_IMAGE_ALT_REQUIRED } from "../../shared/tags.ts";
import type { CmsTag } from "../../server/services/tags.ts";

const SITE = "https://zuri.example";

const metaContent = (html: string, attribute: "name" | "property", key: string) =>
  new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html)?.[1];

/** The tag image (docs/decisions/035-tag-management.md, "Tag image"): the API, the form, the tag page and its feed, on each database. */
describe.each(databaseKinds)("tag image on %s", (kind) => {
  let app: TestApp;
  let editor: string;

  beforeAll(async () => {
    app = await startTestApp(kind, { env: { SITE_URL: SITE } });
    editor = (await createSession(app, { role: "editor" })).cookie;
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    await clearPosts(app);
    await app.services.database.db.deleteFrom("tags").execute();
  });

  const call = (method: string, path: string, body?: unknown) => api(app, path, { method, body, cookie: editor });
  const version = async () =>
    Number((await app.services.database.db.selectFrom("content_versions").select("version").executeTakeFirstOrThrow()).version);
  const listed = async (slug: string) =>
    ((await (await call("GET", "/api/cms/tags")).json()) as CmsTag[]).find((tag) => tag.slug === slug);
  const stored = (slug: string) =>
    app.services.database.db.selectFrom("tags").select(["image", "image_alt", "image_decorative"]).where("slug", "=", slug).executeTakeFirstOrThrow();
  /** A real upload through the media pipeline, wide as a header picture is. */
  const upload = async () => {
    const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: { r: 40, g: 80, b: 200 } } }).png().toBuffer();
    const response = await fetch(`${app.baseUrl}/api/cms/media`, { method: "POST", headers: { cookie: editor, "content-type": "image/png" }, body: png });
    expect(response.status).toBe(201);
    return ((await response.json()) as { url: string }).url;
  };

  it("takes an image with alt text or a decorative mark, and refuses one without either or at an unsafe address", async () => {
    const before = await version();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ image: "/media/header.png" }, { imageAlt: TAG_IMAGE_ALT_REQUIRED }],
      [{ image: "/media/header.png", imageAlt: "   " }, { imageAlt: TAG_IMAGE_ALT_REQUIRED }],
      [{ image: "javascript:alert(1)", imageAlt: "x" }, { image: "Image URL must be an http(s) URL or an uploaded /media/ image." }],
      [{ image: "//evil.example/x.png", imageAlt: "x" }, { image: "Image URL must be an http(s) URL or an uploaded /media/ image." }],
      [{ image: "/media/../secrets", imageAlt: "x" }, { image: "Image URL must be an http(s) URL or an uploaded /media/ image." }],
      [{ image: "/media/header.png", imageAlt: "a".repeat(251) }, { imageAlt: "Alt text must be at most 250 characters." }],
      [{ image: "/media/header.png", imageDecorative: "yes" }, { imageDecorative: "Decorative image must be true or false." }],
    ];
    for (const [fields, errors] of cases) {
      const refused = await call("POST", "/api/cms/tags", { name: "Forecasting", ...fields });
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      expect((await refused.json()).errors).toEqual(errors);
    }
    expect(await version()).toBe(before);

    const created = await call("POST", "/api/cms/tags", { name: "Forecasting", image: " /media/header.png ", imageAlt: " Shelves stocked ahead of demand " });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ slug: "forecasting", image: "/media/header.png", imageAlt: "Shelves stocked ahead of demand", imageDecorative: false });
    expect(await version()).toBe(before + 1);

    // Decorative: no alt text is kept, whatever was sent with it.
    const decorative = await call("PUT", "/api/cms/tags/forecasting", {
      name: "Forecasting",
      image: "https://images.zuri.example/pattern.png",
      imageAlt: "Ignored",
      imageDecorative: true,
    });
    expect(decorative.status).toBe(200);
    expect(await listed("forecasting")).toMatchObject({ image: "https://images.zuri.example/pattern.png", imageAlt: null, imageDecorative: true });
    expect(await stored("forecasting")).toMatchObject({ image: "https://images.zuri.example/pattern.png", image_alt: null });

    // PUT carries every field: without `image` the tag has none, and no alt text or mark is left behind.
    expect((await call("PUT", "/api/cms/tags/forecasting", { name: "Forecasting", imageAlt: "Left over" })).status).toBe(200);
    expect(await listed("forecasting")).toMatchObject({ image: null, imageAlt: null, imageDecorative: false });
    const row = await stored("forecasting");
    expect([row.image, row.image_alt, Boolean(row.image_decorative)]).toEqual([null, null, false]);
  });

  it("shows the image in the tag page's header and sharing tags and as its feed's channel image; cached pages follow each change", async () => {
    await createPost(app, editor, { title: "Stockouts", tags: ["Forecasting"] });
    const pageHtml = async () => (await (await getPage(app, "/blog/tag/forecasting")).text()).replace(/<!-- -->/g, "");
    /** The header band: from the heading to the posts. */
    const headerOf = (html: string) => html.slice(html.indexOf('id="tag-title"'), html.indexOf('id="tag-posts-heading"'));
    const feedXml = async () => (await getPage(app, "/blog/tag/forecasting/rss.xml")).text();

    // No image: the site's sharing image, no header picture, no channel image (and both are now cached).
    const plain = await pageHtml();
    expect(metaContent(plain, "property", "og:image")).toBe(`${SITE}/og-image.png`);
    expect(headerOf(plain)).not.toContain("<img");
    expect(await feedXml()).not.toContain("<image>");

    const image = await upload();
    const key = /^\/media\/([A-Za-z0-9_-]{22})\.png$/.exec(image)![1];
    const saved = await call("PUT", "/api/cms/tags/forecasting", { name: "Forecasting", image, imageAlt: "Shelves stocked ahead of demand" });
    expect(saved.status).toBe(200);

    const html = await pageHtml();
    const header = /<img src="([^"]*)"[^>]*>/.exec(headerOf(html))!;
    expect(header[1]).toBe(image);
    expect(header[0]).toContain('alt="Shelves stocked ahead of demand"');
    expect(header[0]).toContain(`srcSet="/media/${key}.w160.png 160w, /media/${key}.w320.png 320w`);
    expect(header[0]).toContain('sizes="(min-width: 80rem) 490px, (min-width: 64rem) 38vw, 100vw"');
    expect(header[0]).toContain('width="1200" height="675"');
    expect(metaContent(html, "property", "og:image")).toBe(`${SITE}${image}`);
    expect(metaContent(html, "property", "og:image:alt")).toBe("Shelves stocked ahead of demand");
    expect(metaContent(html, "name", "twitter:image")).toBe(`${SITE}${image}`);
    expect(metaContent(html, "name", "twitter:image:alt")).toBe("Shelves stocked ahead of demand");
    expect(html).not.toContain('property="og:image:width"');
    expect(html).toContain(`"image":"${SITE}${image}"`);
    // The variants the srcset names are served.
    const variant = await fetch(`${app.baseUrl}/media/${key}.w480.png`);
    expect(variant.status).toBe(200);
    expect((await sharp(Buffer.from(await variant.arrayBuffer())).metadata()).width).toBe(480);

    const feed = await feedXml();
    expect(feed).toContain(
      [
        "    <image>",
        `      <url>${SITE}${image}</url>`,
        "      <title>Forecasting | Zuri Intelligence Blog</title>",
        `      <link>${SITE}/blog/tag/forecasting</link>`,
        "    </image>",
      ].join("\n"),
    );
    expect(feed.indexOf("<image>")).toBeLessThan(feed.indexOf("<item>"));

    // Decorative: alt="" on the page, no og:image:alt, an empty twitter:image:alt.
    await call("PUT", "/api/cms/tags/forecasting", { name: "Forecasting", image, imageDecorative: true });
    const decorative = await pageHtml();
    expect(decorative).toMatch(new RegExp(`<img src="${image}"[^>]*alt=""`));
    expect(decorative).not.toContain("og:image:alt");
    expect(metaContent(decorative, "name", "twitter:image:alt")).toBe("");

    // Removed: the page and the feed are as they were before.
    await call("PUT", "/api/cms/tags/forecasting", { name: "Forecasting" });
    const removed = await pageHtml();
    expect(removed).not.toContain(image);
    expect(headerOf(removed)).not.toContain("<img");
    expect(metaContent(removed, "property", "og:image")).toBe(`${SITE}/og-image.png`);
    expect(await feedXml()).not.toContain("<image>");
  });

  it("is set by the Tags page's form without JavaScript: the alt rule's message, then the decorative box", async () => {
    await createPost(app, editor, { tags: ["Forecasting"] });
    const fields = { intent: "edit", "slug-before": "forecasting", name: "Forecasting", slug: "forecasting", description: "", metaTitle: "", metaDescription: "" };

    const refused = await postForm(app, "/cms/tags", { ...fields, image: "/media/header.png", imageAlt: "" }, { cookie: editor });
    expect(refused.status).toBe(400);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toContain(TAG_IMAGE_ALT_REQUIRED);
    // What was typed comes back in the form.
    expect(refusedHtml).toMatch(/name="image"[^>]*value="\/media\/header.png"|value="\/media\/header.png"[^>]*name="image"/);
    expect(await stored("forecasting")).toMatchObject({ image: null });

    const described = await postForm(app, "/cms/tags", { ...fields, image: "/media/header.png", imageAlt: "Shelves" }, { cookie: editor });
    expect(described.status).toBe(200);
    expect(await listed("forecasting")).toMatchObject({ image: "/media/header.png", imageAlt: "Shelves", imageDecorative: false });

    const decorative = await postForm(app, "/cms/tags", { ...fields, image: "/media/header.png", imageAlt: "", imageDecorative: "true" }, { cookie: editor });
    expect(decorative.status).toBe(200);
    expect(await listed("forecasting")).toMatchObject({ image: "/media/header.png", imageAlt: null, imageDecorative: true });

    // The edit form shows the stored image, ticked as decorative.
    const form = (await (await getPage(app, "/cms/tags?edit=forecasting", editor)).text()).replace(/<!-- -->/g, "");
    expect(form).toContain('alt="Tag image preview"');
    expect(form).toMatch(/<input[^>]*name="imageDecorative"[^>]*checked=""/);

    const cleared = await postForm(app, "/cms/tags", { ...fields, image: "", imageAlt: "" }, { cookie: editor });
    expect(cleared.status).toBe(200);
    expect(await listed("forecasting")).toMatchObject({ image: null, imageAlt: null, imageDecorative: false });
  });
});
