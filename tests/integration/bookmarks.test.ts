import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../support/auth.ts";
import { databaseKinds } from "../support/databases.ts";
import { startRemoteSite, type RemoteSite } from "../support/remote-site.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * POST /api/cms/bookmarks reads another site's page for a bookmark card (docs/decisions/076-post-cards.md):
 * Open Graph fields first, the page's image copied into the media store, the webhook address rules of
 * docs/decisions/073 applied.
 */
describe.each(databaseKinds)("bookmark cards on %s", (kind) => {
  let remote: RemoteSite;
  let open: TestApp; // may reach private addresses (the development switch)
  let strict: TestApp; // the production rule: public addresses only
  let openCookie: string;
  let strictCookie: string;

  beforeAll(async () => {
    const cover = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#0f766e" } }).png().toBuffer();
    remote = await startRemoteSite({
      "/story": {
        body: `<!doctype html><html><head>
          <!-- <meta property="og:title" content="A commented-out title"> -->
          <title>Fallback &amp; title</title>
          <meta content="Quarterly results &#8212; in &quot;plain&quot; words" property='og:description'>
          <meta property="og:title" content="Forecasting &amp; stock-outs">
          <meta property="og:site_name" content="Retail Weekly">
          <meta property="og:image" content="/images/cover.png">
          <script>document.write('<meta property="og:title" content="From a script">')</script>
        </head><body><p>Body</p></body></html>`,
      },
      "/moved": { status: 301, headers: { location: "/plain" }, body: "" },
      "/plain": { body: `<html><head><title>Just a title</title><meta name="description" content="A page without Open Graph."></head></html>` },
      "/broken-image": { body: `<title>Broken</title><meta property="og:image" content="/images/missing.png">` },
      "/images/cover.png": { type: "image/png", body: cover },
      "/data.json": { type: "application/json", body: "{}" },
      "/huge": { body: `<title>Huge</title>${"x".repeat(1024 * 1024 + 10)}` },
    });
    [open, strict] = await Promise.all([startTestApp(kind, { env: { WEBHOOKS_ALLOW_PRIVATE_URLS: "true" } }), startTestApp(kind)]);
    openCookie = (await createSession(open, { isAdmin: true })).cookie;
    strictCookie = (await createSession(strict, { isAdmin: true })).cookie;
  });
  afterAll(() => Promise.all([open.close(), strict.close(), remote.close()]));

  const preview = (app: TestApp, cookie: string, body: unknown) =>
    fetch(`${app.baseUrl}/api/cms/bookmarks`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json", origin: app.baseUrl },
      body: JSON.stringify(body),
    });

  it("answers the Open Graph fields and a stored copy of the page's image", async () => {
    const response = await preview(open, openCookie, { url: `${remote.url}/story` });
    expect(response.status).toBe(200);
    const card = (await response.json()) as { url: string; title: string; description: string; publisher: string; image: string };
    expect(card).toMatchObject({
      url: `${remote.url}/story`,
      title: "Forecasting & stock-outs",
      description: 'Quarterly results — in "plain" words',
      publisher: "Retail Weekly",
    });
    expect(card.image).toMatch(/^\/media\/[A-Za-z0-9_-]+\.png$/);
    expect(remote.requested).toContain("/images/cover.png");
    const served = await fetch(`${open.baseUrl}${card.image}`);
    expect(served.status).toBe(200);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(40);
  });

  it("falls back to the title, meta description and host, after a redirect; no image is null", async () => {
    const response = await preview(open, openCookie, { url: `${remote.url}/moved` });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      url: `${remote.url}/plain`,
      title: "Just a title",
      description: "A page without Open Graph.",
      image: null,
      publisher: "127.0.0.1",
    });
    const broken = await preview(open, openCookie, { url: `${remote.url}/broken-image` });
    expect(await broken.json()).toMatchObject({ title: "Broken", image: null });
  });

  it("refuses what is not a web page, a page over 1 MB and a missing page, about the url field", async () => {
    const json = await preview(open, openCookie, { url: `${remote.url}/data.json` });
    expect(json.status).toBe(400);
    expect(await json.json()).toMatchObject({ errors: { url: "This address is not a web page (it answered application/json)." } });
    const huge = await preview(open, openCookie, { url: `${remote.url}/huge` });
    expect(huge.status).toBe(400);
    expect(await huge.json()).toMatchObject({ errors: { url: "The page is larger than 1 MB." } });
    const missing = await preview(open, openCookie, { url: `${remote.url}/gone` });
    expect(await missing.json()).toMatchObject({ errors: { url: "The address answered 404." } });
  });

  it("refuses a private address under the production rule, without asking it", async () => {
    const before = remote.requested.length;
    const response = await preview(strict, strictCookie, { url: `${remote.url}/story` });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      errors: { url: "This address points to a private, local or reserved network address, which the site cannot fetch." },
    });
    expect(remote.requested.length).toBe(before);
    expect(await strict.services.media.count()).toBe(0);
  });

  it("refuses an address that is not http(s) with a field message", async () => {
    for (const url of ["javascript:alert(1)", "file:///etc/passwd", "", 42]) {
      const response = await preview(open, openCookie, { url });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ errors: { url: "Enter the page's address, starting with https://." } });
    }
  });
});
