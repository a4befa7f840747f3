import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEDIA_WIDTHS } from "../../shared/media-sizes.ts";
import { createSession } from "../support/auth.ts";
import { databaseKinds } from "../support/databases.ts";
import { createPost } from "../support/posts.ts";
import { startSecondInstance } from "../support/second-instance.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/** A photo-like JPEG: blurred noise, so its size in bytes grows with its pixels as a photo's does. */
const photo = (width: number, height: number) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .blur(2)
    .jpeg({ quality: 90 })
    .toBuffer();

/** `/media/{key}.{ext}` → `/media/{key}.w{width}.{ext}` (decision 047). */
const variantOf = (url: string, width: number | string) => url.replace(/\.([a-z]+)$/, `.w${width}.$1`);

/** Every `<img …>` tag of a page, as text. */
const imgTags = (html: string) => html.match(/<img\b[^>]*>/g) ?? [];
/** An attribute's value; names in any letter case, as HTML reads them (React writes `srcSet`). */
const attribute = (tag: string | undefined, name: string) => new RegExp(` ${name}="([^"]*)"`, "i").exec(tag ?? "")?.[1];

describe.each(databaseKinds)("width variants of uploaded images on %s", (kind) => {
  let app: TestApp;
  let cookie: string;
  let adminId: number;

  beforeAll(async () => {
    app = await startTestApp(kind);
    const session = await createSession(app, { isAdmin: true });
    cookie = session.cookie;
    adminId = session.user.id;
  });
  afterAll(() => app.close());

  const db = () => app.services.database.db;

  async function upload(bytes: Buffer): Promise<{ key: string; url: string; width: number; height: number; byteSize: number }> {
    const response = await fetch(`${app.baseUrl}/api/cms/media`, { method: "POST", headers: { cookie }, body: new Uint8Array(bytes) });
    expect(response.status).toBe(201);
    return response.json();
  }

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${app.baseUrl}${path}`, { headers });
  const bodyOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

  /** The stored variants of one upload, by width. */
  const variantRows = (key: string) =>
    db()
      .selectFrom("media_variants")
      .innerJoin("media", "media.id", "media_variants.media_id")
      .select(["media_variants.width", "media_variants.height", "media_variants.byte_size"])
      .where("media.key", "=", key)
      .orderBy("media_variants.width")
      .execute();

  it("serves a narrower, lighter image of the same format at an allowed width, cached forever with an ETag", async () => {
    const original = await upload(await photo(1600, 900));
    const response = await get(variantOf(original.url, 640));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("etag")).toBe(`"${original.key}.w640.jpg"`);
    const bytes = await bodyOf(response);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "jpeg", width: 640, height: 360 });
    expect(bytes.byteLength).toBeLessThan(original.byteSize / 2);

    const rows = await variantRows(original.key);
    expect(rows.map((row) => ({ ...row, byte_size: Number(row.byte_size) }))).toEqual([
      { width: 640, height: 360, byte_size: bytes.byteLength },
    ]);

    // The upload itself carries an ETag too, and either answers 304 to a matching If-None-Match.
    expect((await get(original.url)).headers.get("etag")).toBe(`"${original.key}.jpg"`);
    const revalidated = await get(variantOf(original.url, 640), { "if-none-match": `"${original.key}.w640.jpg"` });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("makes a variant once: later requests, on any instance, are answered from the table", async () => {
    const original = await upload(await photo(1200, 800));
    const url = variantOf(original.url, 320);
    expect((await get(url)).status).toBe(200);
    expect(await variantRows(original.key)).toHaveLength(1);

    // Replace the stored bytes with a marker: a request that re-encoded would answer a real JPEG instead.
    const marker = Buffer.from("stored variant, not re-encoded");
    await db()
      .updateTable("media_variants")
      .set({ bytes: marker })
      .where("media_id", "=", db().selectFrom("media").select("id").where("key", "=", original.key))
      .where("width", "=", 320)
      .execute();

    expect(await bodyOf(await get(url))).toEqual(marker);
    const second = await startSecondInstance(app);
    try {
      expect(await bodyOf(await fetch(`${second.baseUrl}${url}`))).toEqual(marker);
    } finally {
      await second.close();
    }
    expect(await variantRows(original.key)).toHaveLength(1);
  });

  it("refuses any width outside the fixed set with a plain-text 400, making nothing", async () => {
    const original = await upload(await photo(1000, 500));
    for (const width of ["641", "0640", "1e3", "", "abc", "-320", "3200", "99999999999999999999"]) {
      const response = await get(variantOf(original.url, width));
      expect(response.status, `w${width}`).toBe(400);
      expect(response.headers.get("content-type")).toContain("text/plain");
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.text()).toBe(`Bad request: the width must be one of ${MEDIA_WIDTHS.join(", ")}.`);
    }
    expect(await variantRows(original.key)).toEqual([]);
  });

  it("answers 404 for an unknown key, a wrong extension or a variant of a variant", async () => {
    const original = await upload(await photo(800, 400));
    for (const path of [
      "/media/AAAAAAAAAAAAAAAAAAAAAA.w320.jpg",
      variantOf(original.url, 320).replace(/\.jpg$/, ".png"),
      variantOf(variantOf(original.url, 640), 320),
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("content-type")).toContain("text/plain");
    }
    expect(await variantRows(original.key)).toEqual([]);
  });

  it("never enlarges: at or above the upload's own width it answers the upload, and stores nothing", async () => {
    const small = await upload(await sharp({ create: { width: 300, height: 200, channels: 3, background: "#2255aa" } }).png().toBuffer());
    const originalBytes = await bodyOf(await get(small.url));
    for (const width of [320, 640, 1920]) {
      const response = await get(variantOf(small.url, width));
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/png");
      expect(await bodyOf(response)).toEqual(originalBytes);
    }
    expect(await variantRows(small.key)).toEqual([]);
    expect((await sharp(await bodyOf(await get(variantOf(small.url, 160)))).metadata()).width).toBe(160);
  });

  it("keeps transparency and animation, as uploads do", async () => {
    const translucent = await upload(
      await sharp({ create: { width: 800, height: 400, channels: 4, background: { r: 10, g: 120, b: 90, alpha: 0.5 } } })
        .png()
        .toBuffer(),
    );
    const png = await sharp(await bodyOf(await get(variantOf(translucent.url, 480)))).metadata();
    expect(png).toMatchObject({ format: "png", width: 480, height: 240, hasAlpha: true });

    const frames = await Promise.all(
      ["#123456", "#abcdef", "#fedcba"].map((background) =>
        sharp({ create: { width: 600, height: 300, channels: 3, background } }).png().toBuffer(),
      ),
    );
    const animated = await upload(await sharp(frames, { join: { animated: true } }).gif().toBuffer());
    const response = await get(variantOf(animated.url, 160));
    expect(response.headers.get("content-type")).toBe("image/gif");
    const gif = await sharp(await bodyOf(response), { animated: true }).metadata();
    expect(gif).toMatchObject({ format: "gif", width: 160, pages: 3, pageHeight: 80 });
  });

  it("deletes the variants with their upload", async () => {
    const original = await upload(await photo(1400, 700));
    for (const width of [160, 960]) expect((await get(variantOf(original.url, width))).status).toBe(200);
    expect(await variantRows(original.key)).toHaveLength(2);
    await db().deleteFrom("media").where("key", "=", original.key).execute();
    expect(await variantRows(original.key)).toEqual([]);
    const orphans = await db()
      .selectFrom("media_variants")
      .select("media_id")
      .where("media_id", "not in", db().selectFrom("media").select("id"))
      .execute();
    expect(orphans).toEqual([]);
    expect((await get(variantOf(original.url, 960))).status).toBe(404);
  });

  it("lets two instances make the same new variant at once: both answer it, one row is kept", async () => {
    const original = await upload(await photo(2000, 1000));
    const second = await startSecondInstance(app);
    try {
      const url = variantOf(original.url, 1280);
      const responses = await Promise.all([get(url), fetch(`${second.baseUrl}${url}`), get(url), fetch(`${second.baseUrl}${url}`)]);
      expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200]);
      const bodies = await Promise.all(responses.map(bodyOf));
      // Whichever instance stored it first, every answer is the stored row: one URL, one set of bytes.
      for (const body of bodies) expect(body).toEqual(bodies[0]);
      expect((await sharp(bodies[0]!).metadata()).width).toBe(1280);
      expect(await variantRows(original.key)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it("offers srcset for uploaded covers and avatars in the blog's HTML, and none for external images", async () => {
    const cover = await upload(await photo(1600, 840));
    const avatar = await upload(await photo(400, 400));
    await db().updateTable("users").set({ avatar: avatar.url }).where("id", "=", adminId).execute();
    const uploaded = await createPost(app, cookie, { title: "Uploaded cover", coverImage: cover.url, coverImageAlt: "A chart" });
    await createPost(app, cookie, {
      title: "External cover",
      coverImage: "https://images.example/cover.jpg",
      coverImageAlt: "A photo",
    });

    const list = imgTags(await (await get("/blog")).text());
    const uploadedCover = list.find((tag) => tag.includes(`src="${cover.url}"`));
    const externalCover = list.find((tag) => tag.includes('src="https://images.example/cover.jpg"'));
    expect(uploadedCover).toBeDefined();
    expect(externalCover).toBeDefined();
    expect(attribute(uploadedCover, "srcset")).toBe(MEDIA_WIDTHS.map((w) => `${variantOf(cover.url, w)} ${w}w`).join(", "));
    // A card's cover: its width on a desktop, a share of the window on a tablet, an 80 px thumbnail on a phone.
    expect(attribute(uploadedCover, "sizes")).toMatch(/^\(min-width: 1024px\) \d+px, \(min-width: 640px\) \d+vw, 80px$/);
    // Sized and lazy as before: the box is reserved, the browser picks only which file fills it.
    expect([attribute(uploadedCover, "width"), attribute(uploadedCover, "height")]).toEqual(["1200", "630"]);
    expect(attribute(uploadedCover, "loading")).toBe("lazy");
    expect(externalCover).not.toMatch(/srcset|sizes=/i);

    const post = imgTags(await (await get(`/blog/${uploaded.slug}`)).text());
    const postCover = post.find((tag) => tag.includes(`src="${cover.url}"`));
    expect(attribute(postCover, "srcset")).toContain(`${variantOf(cover.url, 960)} 960w`);
    expect(attribute(postCover, "sizes")).toBe("(min-width: 52rem) 784px, 100vw");
    expect(attribute(postCover, "width")).toBe("1200");
    const byline = post.find((tag) => tag.includes(`src="${avatar.url}"`));
    expect(attribute(byline, "srcset")).toBe(`${variantOf(avatar.url, 160)} 160w`);
    expect(attribute(byline, "sizes")).toBe("40px");
    expect(attribute(byline, "loading")).toBe("lazy");

    // And each of those URLs answers an image of its width.
    expect((await sharp(await bodyOf(await get(variantOf(cover.url, 480)))).metadata()).width).toBe(480);
  });
});
