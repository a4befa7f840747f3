import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../support/auth.ts";
import { databaseKinds } from "../support/databases.ts";
import { startRemoteSite, type RemoteSite } from "../support/remote-site.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * POST /api/cms/media/import copies another site's image into the media store (server/services/outbound-fetch.ts,
 * docs/decisions/073 address rules): pasted images and bookmark cards never hot-link.
 */
describe.each(databaseKinds)("importing an image from another site on %s", (kind) => {
  let remote: RemoteSite;
  let open: TestApp; // may reach private addresses (the development switch)
  let strict: TestApp; // the production rule: public addresses only
  let openCookie: string;
  let strictCookie: string;

  beforeAll(async () => {
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#1f6feb" } })
      .jpeg()
      .withExif({ IFD0: { Artist: "Someone's camera" } })
      .toBuffer();
    remote = await startRemoteSite({
      "/photo.jpg": { type: "image/jpeg", body: photo },
      "/moved.jpg": { status: 302, headers: { location: "/photo.jpg" }, body: "" },
      "/page.html": { body: "<!doctype html><title>Not an image</title>" },
    });
    [open, strict] = await Promise.all([startTestApp(kind, { env: { WEBHOOKS_ALLOW_PRIVATE_URLS: "true" } }), startTestApp(kind)]);
    openCookie = (await createSession(open, { isAdmin: true })).cookie;
    strictCookie = (await createSession(strict, { isAdmin: true })).cookie;
  });
  afterAll(() => Promise.all([open.close(), strict.close(), remote.close()]));

  const importImage = (app: TestApp, cookie: string, body: unknown) =>
    fetch(`${app.baseUrl}/api/cms/media/import`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json", origin: app.baseUrl },
      body: JSON.stringify(body),
    });

  it("stores a copy, re-encoded, served from the site's own /media address", async () => {
    const response = await importImage(open, openCookie, { url: `${remote.url}/moved.jpg` });
    expect(response.status).toBe(201);
    const stored = (await response.json()) as { url: string; width: number; height: number; mimeType: string };
    expect(stored).toMatchObject({ width: 64, height: 48, mimeType: "image/jpeg" });
    expect(stored.url).toMatch(/^\/media\/[A-Za-z0-9_-]+\.jpg$/);
    const served = await fetch(`${open.baseUrl}${stored.url}`);
    expect(served.status).toBe(200);
    const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(metadata.exif).toBeUndefined(); // re-encoded from pixels, like an upload
  });

  it("refuses what is not an image, and a missing one, about the url field", async () => {
    const page = await importImage(open, openCookie, { url: `${remote.url}/page.html` });
    expect(page.status).toBe(400);
    expect(((await page.json()) as { errors: { url: string } }).errors.url).toMatch(/not a supported image|image/i);
    const missing = await importImage(open, openCookie, { url: `${remote.url}/gone.jpg` });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ errors: { url: "The address answered 404." } });
  });

  it("refuses a private address under the production rule, without asking it", async () => {
    const before = remote.requested.length;
    const response = await importImage(strict, strictCookie, { url: `${remote.url}/photo.jpg` });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      errors: { url: "This address points to a private, local or reserved network address, which the site cannot fetch." },
    });
    expect(remote.requested.length).toBe(before);
    expect(await strict.services.media.count()).toBe(0);
  });

  it("refuses an address that is not http(s) with a field message", async () => {
    for (const url of ["file:///C:/Users/me/clip_image001.png", "javascript:alert(1)", "", 42]) {
      const response = await importImage(open, openCookie, { url });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ errors: { url: "Enter the image's address, starting with https://." } });
    }
  });
});
