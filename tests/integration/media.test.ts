import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../support/auth.ts";
import { databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/** A real PNG of the given size, with a little colour so re-encoding has something to keep. */
const png = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 200 } } }).png().toBuffer();

/** A 2x2 24-bit bottom-up BMP, written by hand: red, green / blue, white. */
function bmp24(): Buffer {
  const stride = 8; // 2 px * 3 bytes, padded to 4
  const pixels = Buffer.alloc(stride * 2);
  // bottom row first: blue, white
  pixels.set([255, 0, 0, 255, 255, 255], 0);
  // top row: red, green (BGR order)
  pixels.set([0, 0, 255, 0, 255, 0], stride);
  const header = Buffer.alloc(54);
  header.write("BM", 0, "latin1");
  header.writeUInt32LE(54 + pixels.length, 2);
  header.writeUInt32LE(54, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(2, 18);
  header.writeInt32LE(2, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(24, 28);
  return Buffer.concat([header, pixels]);
}

/** An .ico with one 16x16 PNG image inside, as modern favicons are. */
async function icoWithPng(): Promise<Buffer> {
  const image = await png(16, 16);
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(1, 4);
  header[6] = 16;
  header[7] = 16;
  header.writeUInt16LE(1, 10);
  header.writeUInt16LE(32, 12);
  header.writeUInt32LE(image.length, 14);
  header.writeUInt32LE(22, 18);
  return Buffer.concat([header, image]);
}

describe.each(databaseKinds)("media uploads on %s", (kind) => {
  let app: TestApp;
  let adminCookie: string;
  let editorCookie: string;

  beforeAll(async () => {
    app = await startTestApp(kind);
    adminCookie = (await createSession(app, { isAdmin: true, username: "media-admin" })).cookie;
    editorCookie = (await createSession(app, { isAdmin: false, username: "media-writer" })).cookie;
  });
  afterAll(() => app.close());

  const upload = (body: Uint8Array | string, options: { cookie?: string; type?: string } = {}) =>
    fetch(`${app.baseUrl}/api/cms/media`, {
      method: "POST",
      headers: {
        "content-type": options.type ?? "image/png",
        ...(options.cookie === undefined ? { cookie: adminCookie } : options.cookie ? { cookie: options.cookie } : {}),
      },
      body: typeof body === "string" ? body : Buffer.from(body),
    });

  it("stores an admin's PNG in the database and serves it at its /media URL with immutable caching and nosniff", async () => {
    const original = await png(40, 30);
    const response = await upload(original);
    expect(response.status).toBe(201);
    const stored = await response.json();
    expect(stored).toMatchObject({ mimeType: "image/png", width: 40, height: 30 });
    expect(stored.url).toMatch(/^\/media\/[A-Za-z0-9_-]{22}\.png$/);

    const row = await app.services.database.db
      .selectFrom("media")
      .selectAll()
      .where("key", "=", stored.key)
      .executeTakeFirstOrThrow();
    expect(row.mime_type).toBe("image/png");
    expect(Number(row.byte_size)).toBe(stored.byteSize);
    expect(row.uploaded_by).not.toBeNull();

    const served = await fetch(`${app.baseUrl}${stored.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.byteLength).toBe(stored.byteSize);
    expect((await sharp(bytes).metadata()).width).toBe(40);
  });

  it("re-encodes a PNG with a script appended, so the script is not in the stored or served bytes", async () => {
    const payload = "<script>alert(document.cookie)</script>";
    const polyglot = Buffer.concat([await png(), Buffer.from(payload)]);
    const response = await upload(polyglot, { type: "text/html" });
    expect(response.status).toBe(201);
    const { url } = await response.json();
    const served = Buffer.from(await (await fetch(`${app.baseUrl}${url}`)).arrayBuffer());
    expect(served.includes(Buffer.from("<script>"))).toBe(false);
    expect(served.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  });

  it("strips EXIF metadata (camera, GPS, comments) from a JPEG", async () => {
    const jpeg = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#336699" } })
      .jpeg()
      .withExif({ IFD0: { Copyright: "secret-owner-name", ImageDescription: "home-address" } })
      .toBuffer();
    expect(jpeg.includes(Buffer.from("secret-owner-name"))).toBe(true);
    const response = await upload(jpeg, { type: "image/jpeg" });
    expect(response.status).toBe(201);
    const { url, mimeType } = await response.json();
    expect(mimeType).toBe("image/jpeg");
    expect(url).toMatch(/\.jpg$/);
    const served = Buffer.from(await (await fetch(`${app.baseUrl}${url}`)).arrayBuffer());
    expect(served.includes(Buffer.from("secret-owner-name"))).toBe(false);
    expect((await sharp(served).metadata()).exif).toBeUndefined();
  });

  it("accepts the picker's BMP and ICO files and stores them as PNG", async () => {
    const fromBmp = await upload(bmp24(), { type: "image/bmp" });
    expect(fromBmp.status).toBe(201);
    const bmpStored = await fromBmp.json();
    expect(bmpStored).toMatchObject({ mimeType: "image/png", width: 2, height: 2 });
    const pixels = await sharp(Buffer.from(await (await fetch(`${app.baseUrl}${bmpStored.url}`)).arrayBuffer()))
      .raw()
      .toBuffer();
    // top-left red, top-right green, bottom-left blue (BMP rows are stored bottom-up)
    expect([...pixels.subarray(0, 3)]).toEqual([255, 0, 0]);
    expect([...pixels.subarray(pixels.length / 2, pixels.length / 2 + 3)]).toEqual([0, 0, 255]);

    const fromIco = await upload(await icoWithPng(), { type: "image/x-icon" });
    expect(fromIco.status).toBe(201);
    expect(await fromIco.json()).toMatchObject({ mimeType: "image/png", width: 16, height: 16 });
  });

  it("refuses an HTML file renamed .png, an SVG, and an empty file, storing nothing", async () => {
    const before = await app.services.media.count();
    const html = await upload("<!doctype html><html><body><script>alert(1)</script></body></html>");
    expect(html.status).toBe(400);
    expect(await html.json()).toEqual({
      message: "The file is not a supported image. Upload a PNG, JPEG, GIF, WebP, BMP or ICO file.",
      errors: { file: "The file is not a supported image. Upload a PNG, JPEG, GIF, WebP, BMP or ICO file." },
    });

    const svg = await upload(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
      { type: "image/svg+xml" },
    );
    expect(svg.status).toBe(400);

    const empty = await upload(new Uint8Array(0));
    expect(empty.status).toBe(400);
    expect((await empty.json()).message).toBe("The file is empty.");

    expect(await app.services.media.count()).toBe(before);
  });

  it("refuses a file over 10 MB with 413 and stores nothing", async () => {
    const before = await app.services.media.count();
    const oversized = Buffer.concat([await png(), Buffer.alloc(10 * 1024 * 1024)]);
    const response = await upload(oversized);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: "Request body too large" });
    expect(await app.services.media.count()).toBe(before);
  });

  it("refuses a decompression bomb (a small file claiming a huge canvas)", async () => {
    // 7000 x 6000 = 42 megapixels of black: a few hundred KB on disk, 126 MB once decoded.
    const huge = await sharp({ create: { width: 7000, height: 6000, channels: 3, background: "#000" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.byteLength).toBeLessThan(10 * 1024 * 1024);
    const response = await upload(huge);
    expect(response.status).toBe(400);
  });

  it("answers 401 to an anonymous upload and 403 to a non-admin, storing nothing", async () => {
    const before = await app.services.media.count();
    const anonymous = await upload(await png(), { cookie: "" });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: "Not authenticated" });
    const writer = await upload(await png(), { cookie: editorCookie });
    expect(writer.status).toBe(403);
    expect(await writer.json()).toEqual({ message: "Forbidden" });
    expect(await app.services.media.count()).toBe(before);
  });

  it("answers 404 for an unknown key or a wrong extension, never falling through to a page", async () => {
    const { url } = await (await upload(await png())).json();
    const wrongExt = await fetch(`${app.baseUrl}${url.replace(/\.png$/, ".html")}`);
    expect(wrongExt.status).toBe(404);
    expect(wrongExt.headers.get("content-type")).toContain("text/plain");
    const unknown = await fetch(`${app.baseUrl}/media/AAAAAAAAAAAAAAAAAAAAAA.png`);
    expect(unknown.status).toBe(404);
  });
});
