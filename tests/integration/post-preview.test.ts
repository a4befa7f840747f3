import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { createSession } from "../support/auth.ts";
import { createPost } from "../support/posts.ts";
import { getPage } from "../support/http.ts";
import { PREVIEW_FIELDS_FIELD, PREVIEW_PATH, PREVIEW_POST_ID_FIELD } from "../../shared/post-preview.ts";
import type { FullPost } from "../../server/services/posts.ts";

/** The editor's form (post-form.ts) from a post; override any field. */
function formFields(post: FullPost | null, overrides: Record<string, unknown> = {}) {
  return {
    title: post?.title ?? "",
    slug: post?.slug ?? "",
    content: post?.content ?? "",
    excerpt: post?.excerpt ?? "",
    coverImage: "",
    coverImageAlt: "",
    coverImageDecorative: false,
    metaTitle: "",
    metaDescription: "",
    keywords: "",
    canonicalUrl: "",
    authorId: post?.authorId ?? null,
    published: post?.published ?? false,
    tags: post?.tags.map((tag) => tag.name) ?? [],
    ...overrides,
  };
}

/** What the editor's Preview button sends (app/components/cms/editor/preview-button.tsx): a multipart form post. */
function postPreview(app: TestApp, postId: number | null, fields: unknown, cookie?: string) {
  const form = new FormData();
  form.set(PREVIEW_POST_ID_FIELD, postId === null ? "" : String(postId));
  form.set(PREVIEW_FIELDS_FIELD, JSON.stringify(fields));
  return fetch(`${app.baseUrl}${PREVIEW_PATH}`, { method: "POST", body: form, redirect: "manual", headers: cookie ? { cookie } : {} });
}

/** docs/decisions/034-preview-what-you-see.md */
describe.each(databaseKinds)("the editor's Preview on %s", (kind) => {
  let app: TestApp;
  let owner: { cookie: string; user: { id: number } };
  let otherContributor: { cookie: string };
  let sales: { cookie: string };
  let published: FullPost;

  beforeAll(async () => {
    app = await startTestApp(kind);
    owner = await createSession(app, { role: "contributor" });
    otherContributor = await createSession(app, { role: "contributor" });
    sales = await createSession(app, { role: "sales" });
    const admin = await createSession(app, { role: "administrator" });
    published = await createPost(app, admin.cookie, { title: "Stock counts that add up", content: "<p>The live text.</p>", published: true });
  });
  afterAll(() => app.close());

  const expectPrivate = (response: Response) => {
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(response.headers.get("x-page-cache")).toBeNull();
  };

  it("shows the writer's unsaved fields as the post page would, marked as a preview, noindex and never stored", async () => {
    const admin = await createSession(app, { role: "editor" });
    const response = await postPreview(
      app,
      published.id,
      formFields(published, { title: "Stock counts that finally add up", content: "<p>The unsaved text.</p>", excerpt: "A new excerpt.", tags: ["Retail", "retail", "Ops"] }),
      admin.cookie,
    );
    expect(response.status).toBe(200);
    expectPrivate(response);
    const html = await response.text();
    expect(html).toContain("Preview — not published.");
    expect(html).toContain("unsaved changes included");
    expect(html).toContain("readers still see the post as last published.");
    expect(html).toMatch(/<h1[^>]*>Stock counts that finally add up<\/h1>/);
    expect(html).toContain("<p>The unsaved text.</p>");
    expect(html).toContain("A new excerpt.");
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"/);
    expect(html).not.toContain('rel="canonical"');
    // The tags as a save would file them: each slug once, sorted by name (the post's topics; the card shows the first).
    const topics = /<ul aria-label="Topics"[^>]*>(.*?)<\/ul>/.exec(html)?.[1] ?? "";
    expect(topics.match(/href="\/blog\/tag\/(ops|retail)"/g)).toEqual(['href="/blog/tag/ops"', 'href="/blog/tag/retail"']);

    // Nothing was saved, and the public page is the live one.
    const live = await getPage(app, `/blog/${published.slug}`);
    const liveHtml = await live.text();
    expect(liveHtml).toContain("The live text.");
    expect(liveHtml).not.toContain("The unsaved text.");
  });

  it("previews a new post for anyone who writes, dated now and under their own byline", async () => {
    const response = await postPreview(app, null, formFields(null, { title: "A first draft", content: "<p>Never saved.</p>", authorId: owner.user.id }), owner.cookie);
    expect(response.status).toBe(200);
    expectPrivate(response);
    const html = await response.text();
    expect(html).toContain("<p>Never saved.</p>");
    expect(html).toContain("readers see nothing until it is published.");
    expect(html).toContain(`/blog/author/`);
    expect(await app.services.database.db.selectFrom("posts").select("id").where("title", "=", "A first draft").execute()).toEqual([]);
  });

  it("sanitises the fields exactly as a save would: no script, handler or javascript: link reaches the page", async () => {
    const response = await postPreview(
      app,
      null,
      formFields(null, {
        title: "</title><script>alert(1)</script>",
        content: '<p>Safe</p><script>alert(2)</script><img src="x" onerror="alert(3)"><a href="javascript:alert(4)">x</a>',
        coverImage: "javascript:alert(5)",
      }),
      owner.cookie,
    );
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<p>Safe</p>");
    for (const injected of ["alert(1)</script>", "alert(2)", "onerror", "javascript:"]) expect(html).not.toContain(injected);
  });

  it("is the site's 404 for a post the writer may not open, and for one that does not exist", async () => {
    const own = await createPost(app, owner.cookie, { title: "Mine alone", published: false });
    const mine = await postPreview(app, own.id, formFields(own), owner.cookie);
    expect(mine.status).toBe(200);
    await mine.body?.cancel();
    for (const [id, cookie] of [
      [own.id, otherContributor.cookie],
      [published.id, owner.cookie],
      [999999, owner.cookie],
    ] as const) {
      const refused = await postPreview(app, id, formFields(own, { content: "<p>Someone else's words.</p>" }), cookie);
      expect(refused.status, String(id)).toBe(404);
      expectPrivate(refused);
      expect(await refused.text()).not.toContain("Someone else's words.");
    }
  });

  it("sends the signed-out to the login page and refuses roles that do not write, before reading the form", async () => {
    const anonymous = await postPreview(app, published.id, formFields(published));
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/cms\/login\?/);
    const refused = await postPreview(app, published.id, formFields(published), sales.cookie);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toMatch(/^\/cms\/unauthorized/);
  });

  it("answers 400 for a form that is not the editor's, and the GET says where Preview comes from", async () => {
    const bad = await postPreview(app, null, { title: 42 }, owner.cookie);
    expect(bad.status).toBe(400);
    expectPrivate(bad);
    const page = await getPage(app, PREVIEW_PATH, owner.cookie);
    expect(page.status).toBe(200);
    expectPrivate(page);
    expect(await page.text()).toContain("Nothing to preview.");
  });

  it("never answers one writer's preview to anyone else, from the page cache or the early answers", async () => {
    const first = await postPreview(app, published.id, formFields(published, { content: "<p>Private words.</p>" }), owner.cookie);
    await first.body?.cancel();
    const editor = await createSession(app, { role: "editor" });
    const second = await postPreview(app, published.id, formFields(published, { content: "<p>Private words.</p>" }), editor.cookie);
    expect(second.status).toBe(200);
    expectPrivate(second);
    await second.body?.cancel();
    for (const cookie of [undefined, otherContributor.cookie]) {
      const again = await getPage(app, PREVIEW_PATH, cookie);
      expect(again.headers.get("x-page-cache")).toBeNull();
      expect(await again.text()).not.toContain("Private words.");
    }
  });
});
