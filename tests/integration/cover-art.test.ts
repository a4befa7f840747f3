import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { createSession } from "../support/auth.ts";
import { createPost, updatePost } from "../support/posts.ts";

/** Generated covers for posts without one (docs/decisions/059-generated-cover-art.md), through the built server. */
const get = (app: TestApp, path: string) => fetch(`${app.baseUrl}${path}`, { redirect: "manual" });
const coverPaths = (html: string) => [...new Set(html.match(/\/blog\/cover\/[0-9a-z-]+\.svg/g) ?? [])];

describe.each(databaseKinds)("generated cover art on %s", (kind) => {
  let app: TestApp;
  let cookie: string;

  beforeAll(async () => {
    app = await startTestApp(kind);
    ({ cookie } = await createSession(app, { isAdmin: true }));
  });
  afterAll(() => app.close());

  it("gives each post without a cover its own art in the list and on its page, served as a safe, immutable SVG", async () => {
    const first = await createPost(app, cookie, { title: "Forecasting demand before the quarter starts", coverImage: null, tags: ["Forecasting"] });
    await createPost(app, cookie, { title: "Reading a risk signal early", coverImage: null, tags: ["Risk"] });

    const listed = coverPaths(await (await get(app, "/blog")).text());
    expect(listed).toHaveLength(2);
    expect(listed.some((path) => path.endsWith("-forecasting.svg"))).toBe(true);
    const [art] = coverPaths(await (await get(app, `/blog/${first.slug}`)).text());
    expect(listed).toContain(art);

    const response = await get(app, art!);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    // The site's policy comes too; a browser enforces both, so this stricter one decides (CSP3 §8.1).
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'; sandbox");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toContain("sandbox");
    const svg = await response.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain(">FORECASTING</text>");
    expect(await (await get(app, art!)).text()).toBe(svg);

    // A new title is a new address: the old one stays valid for whoever cached it.
    await updatePost(app, cookie, first, { title: "Forecasting demand before the year starts" });
    const [renamed] = coverPaths(await (await get(app, `/blog/${first.slug}`)).text());
    expect(renamed).not.toBe(art);
  });

  it("answers 404, not a drawing, for an address it did not make", async () => {
    for (const path of ["/blog/cover/abc-x--y.svg", "/blog/cover/abc-.svg", "/blog/cover/abcdefghij.svg", "/blog/cover/abc_def.svg", "/blog/cover/abc.png"]) {
      expect((await get(app, path)).status, path).toBe(404);
    }
  });
});
