import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { createSession } from "../support/auth.ts";
import { allBlocksPage } from "../support/landing-pages.ts";
import { PAGE_PREVIEW_FIELD, PAGE_PREVIEW_PATH, PAGE_PREVIEW_STATUS_FIELD, PAGE_PREVIEW_UNSAVED_FIELD } from "../../shared/landing-pages.ts";

/** What the landing page editor sends into its frames: a form post with the page as JSON, and where it stands. */
function postPreview(app: TestApp, page: unknown, cookie?: string, raw?: string, standing?: { status: string; unsaved: "0" | "1" }) {
  const form = new FormData();
  form.set(PAGE_PREVIEW_FIELD, raw ?? JSON.stringify(page));
  if (standing) {
    form.set(PAGE_PREVIEW_STATUS_FIELD, standing.status);
    form.set(PAGE_PREVIEW_UNSAVED_FIELD, standing.unsaved);
  }
  return fetch(`${app.baseUrl}${PAGE_PREVIEW_PATH}`, {
    method: "POST",
    body: form,
    redirect: "manual",
    headers: { origin: app.baseUrl, ...(cookie ? { cookie } : {}) },
  });
}

/** docs/decisions/038: the page editor's preview. */
describe.each(databaseKinds)("the landing page preview on %s", (kind) => {
  let app: TestApp;
  let editor: { cookie: string };

  beforeAll(async () => {
    app = await startTestApp(kind);
    editor = await createSession(app, { role: "editor" });
  });
  afterAll(() => app.close());

  const expectPrivate = (response: Response) => {
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(response.headers.get("x-page-cache")).toBeNull();
  };

  it("says in its banner whether the page is published and whether unsaved changes are in it (docs/decisions/039)", async () => {
    const cases = [
      [{ status: "published", unsaved: "0" }, "the published page, as visitors see it."],
      [{ status: "published", unsaved: "1" }, "published, with your unsaved changes: visitors see them only after you click Update."],
      [{ status: "scheduled", unsaved: "1" }, "scheduled, not published yet. Unsaved changes included."],
      [{ status: "draft", unsaved: "0" }, "not published."],
      [{ status: "draft", unsaved: "1" }, "not published. Unsaved changes included."],
    ] as const;
    for (const [standing, notice] of cases) {
      const response = await postPreview(app, allBlocksPage("spring-retail"), editor.cookie, undefined, standing);
      expect(response.status).toBe(200);
      const banner = /data-testid="page-preview-notice"[^>]*>([\s\S]*?)<\/p>/.exec(await response.text())?.[1]?.replace(/<[^>]+>/g, "").replace(/<!-- -->/g, "");
      expect(banner).toBe(`Preview — ${notice}`);
    }
  });

  it("renders every block of the posted page in the public chrome, marked, noindex, never stored, framable by the site only", async () => {
    const response = await postPreview(app, allBlocksPage("spring-retail"), editor.cookie);
    expect(response.status).toBe(200);
    expectPrivate(response);
    expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
    const html = await response.text();
    expect(html).toContain('data-testid="page-preview-notice"');
    expect(html).toMatch(/<h1[^>]*>Know which shelves will be empty before your customers do<\/h1>/);
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    for (const heading of ["Built for teams like these", "Everything a buyer needs on Monday morning", "What one retailer saw", "In their words", "Questions buyers ask", "See Zuri on your own data", "Book your retail demo"]) {
      expect(html).toMatch(new RegExp(`<h2[^>]*>${heading}</h2>`));
    }
    expect(html).toContain("<details");
    // A test request from the preview is nobody's lead from the page.
    expect(html).toContain('name="formPage" value=""');
    expect(html).toContain('name="sourcePage" value="/l/spring-retail"');
    expect(html).toContain('action="/book-demo"');
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"/);
    // A preview is nobody's to index: no structured data, no canonical.
    expect(html).not.toContain("FAQPage");
    expect(html).not.toContain('rel="canonical"');
  });

  it("cleans the rich text as a save would, and shows a draft whose fields are still empty", async () => {
    const page = allBlocksPage("draft", {
      title: "",
      blocks: [
        { id: "h", type: "hero", eyebrow: "", headline: "", text: "", primary: { label: "", href: "" }, secondary: { label: "", href: "" }, visual: { kind: "none" } },
        { id: "t", type: "richText", html: '<p onclick="steal()">Hello <a href="javascript:alert(1)">there</a></p><script>alert(1)</script>' },
      ],
    });
    const response = await postPreview(app, page, editor.cookie);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Hello");
    expect(html).not.toContain("steal()");
    expect(html).not.toContain("javascript:");
    expect(html).not.toContain("<script>alert(1)</script>");
  });

  it("gives a page without a hero its title as the one h1, for assistive technology", async () => {
    const page = allBlocksPage("no-hero", { title: "Only text", blocks: [{ id: "t", type: "richText", html: "<p>Words.</p>" }] });
    const html = await (await postPreview(app, page, editor.cookie)).text();
    expect(html).toContain('<h1 class="sr-only">Only text</h1>');
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
  });

  it("answers a page that breaks a limit with 400 and a message naming the block and the field, never a 500", async () => {
    const page = allBlocksPage("too-long");
    const hero = page.blocks[0]!;
    if (hero.type !== "hero") throw new Error("the first block is the hero");
    hero.headline = "x".repeat(91);
    const response = await postPreview(app, page, editor.cookie);
    expect(response.status).toBe(400);
    expectPrivate(response);
    expect(await response.text()).toContain("Block 1 (Hero): Headline must be at most 90 characters.");

    const unreadable = await postPreview(app, null, editor.cookie, "{not json");
    expect(unreadable.status).toBe(400);
    const wrongType = await postPreview(app, { ...allBlocksPage("x"), blocks: [{ id: "a", type: "video" }] }, editor.cookie);
    expect(wrongType.status).toBe(400);
    expect(await wrongType.text()).toContain("Block type must be one of");
  });

  it("is for editors and administrators only", async () => {
    const signedOut = await postPreview(app, allBlocksPage("a"));
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toContain("/cms/login");
    const contributor = await createSession(app, { role: "contributor" });
    const refused = await postPreview(app, allBlocksPage("a"), contributor.cookie);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toContain("/cms/unauthorized");
  });

  it("keeps every other page out of frames", async () => {
    const response = await fetch(`${app.baseUrl}/book-demo`);
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });
});
