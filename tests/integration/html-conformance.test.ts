import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../support/auth.ts";
import { checkHtmlFiles, type CheckerMessage } from "../support/html-checker.ts";
import { createPost } from "../support/posts.ts";
import { allBlocksPage } from "../support/landing-pages.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Every public page and the CMS login page, as the production server renders them, is conforming
 * HTML by the Nu HTML Checker (the W3C validator's engine): zero errors, nothing filtered.
 * The markup does not depend on the database, so SQLite alone serves.
 */
interface Page {
  name: string;
  path: string;
  status: number;
  /** Posted as the browser posts the page's form without JavaScript: the page with its errors. */
  form?: Record<string, string>;
}

const pages: Page[] = [
  { name: "home", path: "/", status: 200 },
  { name: "product", path: "/product", status: 200 },
  { name: "zuri-ai", path: "/zuri-ai", status: 200 },
  { name: "industries", path: "/industries", status: 200 },
  { name: "enterprise", path: "/enterprise", status: 200 },
  { name: "features", path: "/features", status: 200 },
  { name: "blog", path: "/blog", status: 200 },
  { name: "blog-post", path: "/blog/html-conformance", status: 200 },
  { name: "blog-tag", path: "/blog/tag/forecasting", status: 200 },
  { name: "blog-search", path: "/blog?q=forecast", status: 200 },
  { name: "blog-search-empty", path: "/blog?q=nothing-matches", status: 200 },
  { name: "book-demo", path: "/book-demo", status: 200 },
  { name: "privacy", path: "/privacy", status: 200 },
  { name: "terms", path: "/terms", status: 200 },
  { name: "not-found", path: "/no-such-page", status: 404 },
  { name: "cms-login", path: "/cms/login", status: 200 },
  { name: "cms-register", path: "/cms/login?tab=register", status: 200 },
  { name: "book-demo-errors", path: "/book-demo", status: 400, form: { email: "not-an-email" } },
  { name: "cms-login-errors", path: "/cms/login", status: 400, form: { intent: "login", username: "", password: "" } },
];

/** Rich text of the kinds the editor produces, so the post page is checked with real content in it. */
const content = [
  "<h2>Why stockouts happen</h2>",
  '<p>Read <strong>this</strong>, <em>that</em> and <a href="/book-demo">book a demo</a> or see ',
  '<a href="https://other.example/report">the report</a>.</p>',
  '<ul><li><p>One</p></li><li><p>Two</p></li></ul><ol start="3"><li><p>Three</p></li></ol>',
  '<blockquote><p>A quote.</p></blockquote><pre><code class="language-ts">const a = 1;</code></pre>',
  '<p><span class="text-size-large">Large</span><br>next line</p><hr>',
  '<p><img src="https://cdn.zuri.example/chart.png" alt="A chart" width="640" height="360"></p>',
].join("");

describe("HTML conformance (Nu HTML Checker)", () => {
  let app: TestApp;
  let dir: string;

  beforeAll(async () => {
    app = await startTestApp("sqlite", { env: { SITE_URL: "https://zuri.example" } });
    const { cookie } = await createSession(app, { isAdmin: true });
    await createPost(app, cookie, {
      slug: "html-conformance",
      title: "Forecasting stockouts before they happen",
      excerpt: "How a forecast tells you which stores will run out next week.",
      content,
      coverImage: "https://cdn.zuri.example/cover.png",
      coverImageAlt: "Shelves in a store",
      keywords: "forecasting, retail",
      tags: ["Forecasting", "Retail"],
    });
    // The second design pass (docs/decisions/059, 068): a post with generated art, the author's bio box and page,
    // and a later page of the list with its slim header (13 posts make two pages).
    const { user, cookie: writerCookie } = await createSession(app, { isAdmin: true });
    await app.services.authors.updateProfile(user.id, { displayName: "Ada Lovelace", bio: "Writes about forecasting.", avatar: null });
    for (let n = 1; n <= 12; n++) {
      await createPost(app, writerCookie, { slug: `html-conformance-art-${n}`, title: `Generated art ${n}`, content, coverImage: null, tags: ["Forecasting"] });
    }
    pages.push(
      { name: "blog-post-art", path: "/blog/html-conformance-art-1", status: 200 },
      { name: "blog-page-2", path: "/blog?page=2", status: 200 },
      { name: "blog-author", path: "/blog/author/ada-lovelace", status: 200 },
    );
    // A tag page with its image in the header (docs/decisions/035).
    const imaged = await app.services.tagManagement.update("retail", {
      name: "Retail",
      slug: "retail",
      description: "Stores, shelves and stock.",
      metaTitle: null,
      metaDescription: null,
      image: "https://cdn.zuri.example/shelves.png",
      imageAlt: "Shelves stocked ahead of demand",
      imageDecorative: false,
    });
    if ("refused" in imaged) throw new Error(imaged.message);
    pages.push({ name: "blog-tag-image", path: "/blog/tag/retail", status: 200 });
    // A review link's page (docs/decisions/065): the address carries a token made here.
    const draft = await createPost(app, cookie, { slug: "html-conformance-draft", published: false, content, tags: ["Forecasting"] });
    const link = await app.services.reviewLinks.create(draft.id, null, { days: 7 });
    if ("refused" in link) throw new Error(link.message);
    pages.push({ name: "review-link", path: link.path, status: 200 });
    // A landing page with every block type, live and behind its review link (docs/decisions/038).
    const editor = (await createSession(app, { role: "editor" })).user;
    const landing = await app.services.landingPages.create(editor, allBlocksPage("html-conformance"));
    if ("refused" in landing) throw new Error(landing.message);
    const landingLink = await app.services.landingPages.createReviewLink(editor, landing.id);
    if ("refused" in landingLink) throw new Error(landingLink.message);
    pages.push({ name: "landing-page-review", path: landingLink.path, status: 200 });
    const live = await app.services.landingPages.publish(editor, landing.id);
    if ("refused" in live) throw new Error(live.message);
    pages.push({ name: "landing-page", path: "/l/html-conformance", status: 200 });
    dir = mkdtempSync(join(tmpdir(), "zuri-html-"));
  });
  afterAll(async () => {
    await app?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("every public page and the CMS login page (also with form errors) have no errors", { timeout: 180_000 }, async () => {
    const fileToPage = new Map<string, string>();
    for (const page of pages) {
      const response = await fetch(
        `${app.baseUrl}${page.path}`,
        page.form && {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", origin: app.baseUrl },
          body: new URLSearchParams(page.form),
        },
      );
      expect(response.status, page.path).toBe(page.status);
      expect(response.headers.get("content-type"), page.path).toMatch(/^text\/html/);
      const file = join(dir, `${page.name}.html`);
      writeFileSync(file, await response.text());
      fileToPage.set(file, `${page.form ? "POST " : ""}${page.path}`);
    }

    // The checker predates `<link rel="expect" blocking="render">` (WHATWG HTML since 2024, Chromium 124+;
    // app/root.tsx, docs/decisions/016) and still allows `blocking` on stylesheets only. Filtered by its
    // exact message, nothing else.
    const outdated = "A “link” element with a “blocking” attribute must have a “rel” attribute whose value is “stylesheet”.";
    const errors = checkHtmlFiles([...fileToPage.keys()]).filter((error) => error.message !== outdated);
    const describeError = (error: CheckerMessage) => {
      // The checker names each file by a file: URL.
      const page = (error.url.startsWith("file:") && fileToPage.get(fileURLToPath(error.url))) || error.url;
      const line = error.firstLine ?? error.lastLine;
      const where = line ? `:${line}:${error.firstColumn ?? error.lastColumn ?? ""}` : "";
      const extract = error.extract ? `\n      ${error.extract.replace(/\s+/g, " ").trim().slice(0, 200)}` : "";
      return `${page}${where} ${error.message}${extract}`;
    };
    expect(errors.map(describeError), "Nu HTML Checker errors (page:line:column)").toEqual([]);
  });
});
