import { brotliCompressSync } from "node:zlib";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scriptHash } from "../../server/serving/page-cache.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { createSession } from "../support/auth.ts";
import { createPost } from "../support/posts.ts";
import { allBlocksPage } from "../support/landing-pages.ts";
import { accepted } from "../support/landing-page-answers.ts";

/**
 * What a public page asks the browser to run (docs/decisions/019-public-pages-are-documents.md): one small
 * module script of its own and the modules it imports, never React Router's scripts; together at most
 * 20 KB after brotli. The CMS is the React app and loads its modules at once, as before.
 */
const JS_BUDGET_BYTES = 20 * 1024;
const clientDir = `${process.env.BUILD_DIR ?? "build"}/client`;
const moduleScripts = (html: string) => [...html.matchAll(/<script[^>]*type="module"[^>]*>/g)].map((match) => match[0]);
const brotliSize = (path: string) => brotliCompressSync(readFileSync(`${clientDir}${path}`)).length;

describe("JavaScript on public pages", () => {
  let app: TestApp;
  let postPath = "";
  beforeAll(async () => {
    app = await startTestApp("sqlite");
    const { cookie } = await createSession(app, { isAdmin: true });
    postPath = `/blog/${(await createPost(app, cookie, { published: true })).slug}`;
    // A landing page with every block, the demo form included (docs/decisions/038).
    const editor = (await createSession(app, { role: "editor" })).user;
    const page = accepted(await app.services.landingPages.create(editor, allBlocksPage("public-javascript")));
    accepted(await app.services.landingPages.publish(editor, page.id));
  });
  afterAll(() => app.close());

  const pages = ["/", "/blog", "/product", "/book-demo", "/privacy", "/no-such-page", "/l/public-javascript"];

  it.each(pages)("%s runs one module script of its own, no React Router script, and preloads only what it imports", async (path) => {
    const html = await (await fetch(`${app.baseUrl}${path}`)).text();
    const scripts = moduleScripts(html);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/src="\/assets\/site-[\w-]{8}\.js"/);
    expect(scripts[0]).toContain("async");
    expect(html).not.toContain("__reactRouterContext");
    expect(html).not.toMatch(/entry\.client-[\w-]+\.js|\/assets\/root-[\w-]+\.js/);
    for (const [, href] of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) {
      const imported = readFileSync(`${clientDir}${/src="([^"]+)"/.exec(scripts[0]!)![1]}`, "utf8");
      expect(imported, href).toContain(href!.replace("/assets/", "./"));
    }
  });

  it(`a public page's script and everything it imports at once stay within ${JS_BUDGET_BYTES / 1024} KB after brotli`, async () => {
    for (const path of [...pages, postPath]) {
      const html = await (await fetch(`${app.baseUrl}${path}`)).text();
      const files = [
        /<script[^>]*type="module"[^>]*src="([^"]+)"/.exec(html)![1]!,
        ...[...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]!),
      ];
      const bytes = files.reduce((sum, file) => sum + brotliSize(file), 0);
      expect(bytes, `${path}: ${files.join(", ")}`).toBeLessThanOrEqual(JS_BUDGET_BYTES);
    }
  });

  it("public pages allow no inline styles; the CMS, a React app with dialogs and an editor, does", async () => {
    for (const path of [...pages, postPath]) {
      const response = await fetch(`${app.baseUrl}${path}`);
      const styleSrc = /style-src ([^;]*)/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
      expect(styleSrc?.trim(), path).toBe("'self'");
      const html = await response.text();
      expect(html, path).not.toMatch(/\sstyle="|<style[\s>]/);
    }
    const cms = await fetch(`${app.baseUrl}/cms/login`);
    expect(cms.headers.get("content-security-policy")).toMatch(/style-src 'self' 'unsafe-inline'/);
  });

  it("public pages carry Speculation Rules that prerender public pages only, allowed by the page's policy", async () => {
    const response = await fetch(`${app.baseUrl}/product`);
    const text = /<script type="speculationrules">([\s\S]*?)<\/script>/.exec(await response.text())?.[1];
    const [rule] = JSON.parse(text!).prerender;
    expect(rule.eagerness).toBe("moderate");
    expect(rule.where.and[1].not.href_matches).toEqual(expect.arrayContaining(["/cms", "/cms/*", "/api/*"]));
    expect(response.headers.get("content-security-policy")).toContain(`'${scriptHash(text!)}'`);
  });

  it("the CMS loads its modules at once, stylesheet first, and never the public pages' script", async () => {
    const html = await (await fetch(`${app.baseUrl}/cms/login`)).text();
    expect(html).not.toContain("speculationrules");
    expect(html).not.toMatch(/\/assets\/site-[\w-]{8}\.js/);
    expect(html).toMatch(/<script[^>]* type="module" async="">/);
    const preloads = [...html.matchAll(/<link rel="modulepreload" href="\/assets\/([^"]+)"/g)].map((match) => match[1]!);
    expect(preloads.length).toBeGreaterThan(0);
    expect(html.indexOf('rel="stylesheet"')).toBeLessThan(html.indexOf('rel="modulepreload"'));
  });
});
