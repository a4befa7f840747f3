import { readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * What a public page asks the browser to load before its first paint (docs/decisions/013):
 * the stylesheet first, then the page's modules, never the editor's or the CMS's, and not the code
 * of the header menus, toasts and cookie dialog, which load during hydration.
 */
const assets = readdirSync(`${process.env.BUILD_DIR ?? "build"}/client/assets`);
const deferredChunks = ["site-header", "toaster", "cookie-preferences-dialog", "dialog", "editor"];

describe("JavaScript preloaded by public pages", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp("sqlite");
  });
  afterAll(() => app.close());

  it("the deferred code is built as chunks of its own", () => {
    for (const name of deferredChunks) expect(assets.some((file) => file.startsWith(`${name}-`)), name).toBe(true);
  });

  it.each(["/", "/blog", "/product"])("%s lists the stylesheet first and preloads none of the deferred chunks", async (path) => {
    const html = await (await fetch(`${app.baseUrl}${path}`)).text();
    const preloads = [...html.matchAll(/<link rel="modulepreload" href="\/assets\/([^"]+)"/g)].map((match) => match[1]!);
    expect(preloads.length).toBeGreaterThan(0);
    for (const name of deferredChunks) expect(preloads.filter((file) => file.startsWith(`${name}-`)), name).toEqual([]);
    expect(html.indexOf('rel="stylesheet"')).toBeGreaterThan(0);
    expect(html.indexOf('rel="stylesheet"')).toBeLessThan(html.indexOf('rel="modulepreload"'));
  });
});
