import { readFileSync, writeFileSync } from "node:fs";
import { crc32, deflateSync } from "node:zlib";
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

/**
 * A real, fully decodable 1-bit greyscale PNG of the given size, written by hand: all-black rows
 * deflate to almost nothing, so 10000 x 10000 (100 megapixels, 400 MB as RGBA) is about 12 KB.
 */
function pngBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  // each row: filter byte 0, then width/8 bytes of zeros (black)
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** An .ico whose one directory entry says 256x256 but holds the given (PNG or DIB) image. */
function icoWrapping(image: Buffer): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(1, 4);
  header[6] = 0; // 0 means 256
  header[7] = 0;
  header.writeUInt16LE(1, 10);
  header.writeUInt16LE(32, 12);
  header.writeUInt32LE(image.length, 14);
  header.writeUInt32LE(22, 18);
  return Buffer.concat([header, image]);
}

/**
 * A 1-bit BMP (header, two-colour palette, every row of pixels: width x height / 8 bytes), or only
 * its 62-byte header and palette.
 */
function bmp1(width: number, height: number, { headerOnly = false } = {}): Buffer {
  const stride = Math.ceil(width / 32) * 4;
  const header = Buffer.alloc(62);
  header.write("BM", 0, "latin1");
  header.writeUInt32LE(62 + stride * height, 2);
  header.writeUInt32LE(62, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(width, 18);
  header.writeInt32LE(height, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(1, 28);
  header.writeUInt32LE(2, 46); // colours used
  header.set([255, 255, 255, 0], 58); // palette: black (zeros), white
  return headerOnly ? header : Buffer.concat([header, Buffer.alloc(stride * height)]);
}

/**
 * An animated GIF written by hand: `frames` frames, each covering the whole width x height canvas
 * with an empty LZW stream (clear code, end code). A few hundred bytes; every frame decodes to a
 * full canvas.
 */
function gifFrames(width: number, height: number, frames: number): Buffer {
  const screen = Buffer.alloc(13);
  screen.write("GIF89a", 0, "latin1");
  screen.writeUInt16LE(width, 6);
  screen.writeUInt16LE(height, 8);
  screen[10] = 0x80; // a global colour table of 2 entries
  const palette = Buffer.from([0, 0, 0, 255, 255, 255]);
  const loop = Buffer.from([0x21, 0xff, 0x0b, ...Buffer.from("NETSCAPE2.0", "latin1"), 0x03, 0x01, 0x00, 0x00, 0x00]);
  const frame = Buffer.alloc(8 + 10 + 4);
  frame.set([0x21, 0xf9, 0x04, 0x00, 0x0a, 0x00, 0x00, 0x00], 0); // graphic control: 100 ms
  frame[8] = 0x2c; // image descriptor at 0,0
  frame.writeUInt16LE(width, 13);
  frame.writeUInt16LE(height, 15);
  frame.set([0x02, 0x01, 0x2c, 0x00], 18); // LZW minimum code size 2; one sub-block: clear (4), end (5)
  return Buffer.concat([screen, palette, loop, ...Array.from({ length: frames }, () => frame), Buffer.from([0x3b])]);
}

/**
 * Runs `work` and reports how far this process's peak resident memory rose above what it held
 * before, in MB. The app runs in this process, so its decoders show up here. Peak RSS comes from
 * Linux (/proc/self/status VmHWM, reset through /proc/self/clear_refs); elsewhere it is undefined.
 */
async function peakRssGrowthMb(work: () => Promise<void>): Promise<number | undefined> {
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, "m").exec(readFileSync("/proc/self/status", "utf8"))?.[1]);
  let before: number;
  try {
    writeFileSync("/proc/self/clear_refs", "5");
    before = kb("VmRSS");
  } catch {
    await work();
    return undefined;
  }
  await work();
  const peak = kb("VmHWM");
  return Number.isFinite(before) && Number.isFinite(peak) ? (peak - before) / 1024 : undefined;
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
    expect((await response.json()).message).toBe("The image is too large: 7000 × 6000 pixels is over the limit of 40 megapixels.");
  });

  describe("decoder limits (060): dimensions are checked from the header, before anything is decoded", () => {
    const tooLarge = /^The image is too large: \d+ × \d+ pixels( × \d+ frames)? is over the limit of 40 megapixels\.$/;

    /** Uploads a bomb, expects a readable 400 before decoding, and a server that still answers. */
    async function expectRefusedBeforeDecode(bomb: Buffer, type: string): Promise<string> {
      const before = await app.services.media.count();
      let response: Response | undefined;
      const peakGrowthMb = await peakRssGrowthMb(async () => {
        response = await upload(bomb, { type });
      });
      expect(response?.status).toBe(400);
      const body = await response?.json();
      expect(body.message).toMatch(tooLarge);
      expect(body.errors).toEqual({ file: body.message });
      expect(await app.services.media.count()).toBe(before);
      // Decoding these bombs raised peak RSS by 240-400 MB; refusing them from the header costs
      // only the buffered body (at most 10 MB, held by the test, the client and the server): < 40 MB.
      if (peakGrowthMb !== undefined) expect(peakGrowthMb).toBeLessThan(100);

      // The server is still responsive: a health check and an ordinary upload both succeed.
      expect((await fetch(`${app.baseUrl}/healthz`)).status).toBe(200);
      const next = await upload(await png(12, 8));
      expect(next.status).toBe(201);
      expect(await next.json()).toMatchObject({ width: 12, height: 8 });
      return body.message;
    }

    it("refuses an ICO whose embedded PNG declares 10000 x 10000 (a 12 KB file, 400 MB decoded)", async () => {
      const ico = icoWrapping(pngBomb(10_000, 10_000));
      expect(ico.byteLength).toBeLessThan(64 * 1024);
      expect((await sharp(ico.subarray(22)).metadata()).width).toBe(10_000);
      expect(await expectRefusedBeforeDecode(ico, "image/x-icon")).toContain("10000 × 10000 pixels");
    });

    it("refuses an ICO whose embedded BMP (DIB) declares a huge canvas", async () => {
      // ICO DIBs carry only the info header; height is doubled (colour bitmap + mask).
      const dib = bmp1(10_000, 6000).subarray(14);
      dib.writeInt32LE(12_000, 8);
      expect(await expectRefusedBeforeDecode(icoWrapping(dib), "image/x-icon")).toContain("10000 × 6000 pixels");
    });

    it("refuses a complete 10000 x 6000 1-bit BMP (7.5 MB, 60 megapixels)", async () => {
      const bomb = bmp1(10_000, 6000);
      expect(bomb.byteLength).toBeLessThan(10 * 1024 * 1024);
      expect(await expectRefusedBeforeDecode(bomb, "image/bmp")).toContain("10000 × 6000 pixels");
    });

    it("refuses a BMP header alone that declares a huge canvas with the size message, not a parse error", async () => {
      const header = bmp1(100_000, 100_000, { headerOnly: true });
      const response = await upload(header, { type: "image/bmp" });
      expect(response.status).toBe(400);
      expect((await response.json()).message).toBe(
        "The image is too large: 100000 × 100000 pixels is over the limit of 40 megapixels.",
      );
    });

    it("refuses a PNG declaring 10000 x 10000 directly", async () => {
      const bomb = pngBomb(10_000, 10_000);
      expect(bomb.byteLength).toBeLessThan(64 * 1024);
      expect(await expectRefusedBeforeDecode(bomb, "image/png")).toContain("10000 × 10000 pixels");
    });

    it("counts every frame of an animation: 11 frames of 2000 x 2000 (44 megapixels) are refused", async () => {
      const gif = gifFrames(2000, 2000, 11);
      expect(await sharp(gif).metadata()).toMatchObject({ format: "gif", width: 2000, height: 2000, pages: 11 });
      expect(await expectRefusedBeforeDecode(gif, "image/gif")).toContain("2000 × 2000 pixels × 11 frames");
    });

    it("still accepts an animated GIF and an allowed 6-megapixel 1-bit BMP", async () => {
      const frames = await Promise.all(
        ["#123456", "#abcdef"].map((background) => sharp({ create: { width: 20, height: 20, channels: 3, background } }).png().toBuffer()),
      );
      const gif = await sharp(frames, { join: { animated: true } }).gif().toBuffer();
      expect((await sharp(gif).metadata()).pages).toBe(2);
      const fromGif = await upload(gif, { type: "image/gif" });
      expect(fromGif.status).toBe(201);
      expect(await fromGif.json()).toMatchObject({ mimeType: "image/gif", width: 20, height: 20 });

      const fromBmp = await upload(bmp1(3000, 2000), { type: "image/bmp" });
      expect(fromBmp.status).toBe(201);
      expect(await fromBmp.json()).toMatchObject({ mimeType: "image/png", width: 2400, height: 1600 });
    });
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
