import { readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHydrationScript } from "../../app/lib/hydration.ts";
import { scriptHash } from "../../server/serving/page-cache.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * What a public page asks the browser to load before its first paint (docs/decisions/013, 016):
 * the stylesheet and no JavaScript at all. React Router's module script is an inert copy that a small
 * script starts after the load event; it imports the entry and the page's routes, never the editor's
 * or the CMS's, and not the code of the header menus, toasts and cookie dialog (loaded during hydration).
 * The CMS loads its modules at once, as before.
 */
const assets = readdirSync(`${process.env.BUILD_DIR ?? "build"}/client/assets`);
/** The site chrome's deferred code is grouped into these chunks (docs/decisions/018), and the editor is the CMS's. */
const deferredChunks = ["site-chrome", "overlays", "popper", "editor"];
const inertModules = /<script type="text\/x-deferred-module" id="hydration-modules"[^>]*>([\s\S]*?)<\/script>/;

describe("JavaScript on public pages", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp("sqlite");
  });
  afterAll(() => app.close());

  it("the deferred code is built as chunks of its own", () => {
    for (const name of deferredChunks) expect(assets.some((file) => file.startsWith(`${name}-`)), name).toBe(true);
  });

  it.each(["/", "/blog", "/product", "/book-demo", "/no-such-page"])(
    "%s has no module preload or module script; an inert copy of the modules is started after load",
    async (path) => {
      const html = await (await fetch(`${app.baseUrl}${path}`)).text();
      expect(html).not.toContain('rel="modulepreload"');
      expect(html).not.toMatch(/<script[^>]*type="module"/);
      const inert = inertModules.exec(html)?.[1];
      expect(inert).toMatch(/import\("\/assets\/entry\.client-[\w-]+\.js"\)/);
      expect(inert).toMatch(/import \* as route0 from "\/assets\/root-[\w-]+\.js"/);
      for (const name of deferredChunks) expect(inert, name).not.toContain(`/assets/${name}-`);
      expect(html).toContain(`>${startHydrationScript}</script>`);
      expect(html.indexOf('rel="stylesheet"')).toBeGreaterThan(0);
    },
  );

  it("public pages carry Speculation Rules that leave out the CMS and the API, allowed by the page's policy", async () => {
    const response = await fetch(`${app.baseUrl}/product`);
    const text = /<script type="speculationrules">([\s\S]*?)<\/script>/.exec(await response.text())?.[1];
    const [rule] = JSON.parse(text!).prefetch;
    expect(rule.eagerness).toBe("moderate");
    expect(rule.where.and[1].not.href_matches).toEqual(expect.arrayContaining(["/cms", "/cms/*", "/api/*"]));
    expect(response.headers.get("content-security-policy")).toContain(`'${scriptHash(text!)}'`);
  });

  it("the CMS loads its modules at once, stylesheet first", async () => {
    const html = await (await fetch(`${app.baseUrl}/cms/login`)).text();
    expect(html).not.toContain("hydration-modules");
    expect(html).not.toContain("speculationrules");
    expect(html).toMatch(/<script[^>]* type="module" async="">/);
    const preloads = [...html.matchAll(/<link rel="modulepreload" href="\/assets\/([^"]+)"/g)].map((match) => match[1]!);
    expect(preloads.length).toBeGreaterThan(0);
    expect(html.indexOf('rel="stylesheet"')).toBeLessThan(html.indexOf('rel="modulepreload"'));
  });
});
