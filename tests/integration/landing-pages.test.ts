import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isRefusal, type Refusal } from "../../shared/refusal.ts";
import { LANDING_EDIT_CONFLICT, LANDING_SLUG_TAKEN, type LandingPage } from "../../shared/landing-pages.ts";
import type { SessionUser } from "../../shared/auth-schemas.ts";
import { databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { createSession } from "../support/auth.ts";
import { landingPageBody } from "../support/landing-pages.ts";
import { CANNOT_EDIT_PAGES } from "../../server/services/landing-page-access.ts";

/** The landing page service (docs/decisions/037-landing-pages.md) on real databases. */
describe.each(databaseKinds)("landing pages on %s", (kind) => {
  let app: TestApp;
  let editor: SessionUser;
  let author: SessionUser;

  beforeAll(async () => {
    app = await startTestApp(kind, { env: { SITE_URL: "https://zuri.example" } });
    editor = (await createSession(app, { role: "editor" })).user;
    author = (await createSession(app, { role: "author" })).user;
  });
  afterAll(() => app.close());

  const pages = () => app.services.landingPages;
  const page = (value: LandingPage | Refusal): LandingPage => {
    if (isRefusal(value)) throw new Error(`refused: ${value.message} ${JSON.stringify(value.fields)}`);
    return value;
  };
  const refused = (value: unknown): Refusal => {
    if (!isRefusal(value)) throw new Error(`not refused: ${JSON.stringify(value)}`);
    return value;
  };
  const contentVersion = async () => (await app.services.contentVersion.current()).version;

  it("creates a draft, saves it, publishes it live at its slug and unpublishes it, moving the content version each time", async () => {
    const v0 = await contentVersion();
    const draft = page(await pages().create(editor, landingPageBody({ title: "Spring retail" })));
    expect(draft).toMatchObject({ status: "draft", version: 1, publishedAt: null, updatedBy: editor.username, title: "Spring retail" });
    expect(await contentVersion()).toBeGreaterThan(v0);
    expect(await pages().findPublished(draft.slug)).toBeNull();
    expect(page(await pages().get(draft.id))).toEqual(draft);
    expect((await pages().list())[0]).toMatchObject({ id: draft.id, status: "draft" });

    const saved = page(await pages().update(editor, draft.id, { ...landingPageBody({ slug: draft.slug, title: "Spring retail 2" }), version: 1 }));
    expect(saved).toMatchObject({ version: 2, title: "Spring retail 2" });

    const v1 = await contentVersion();
    const live = page(await pages().publish(editor, draft.id));
    expect(live).toMatchObject({ status: "published", publishedAt: expect.any(String), version: 3 });
    expect(await contentVersion()).toBeGreaterThan(v1);
    const publicPage = await pages().findPublished(draft.slug);
    expect(publicPage).toMatchObject({ id: draft.id, title: "Spring retail 2", blocks: live.blocks });

    // A save of a published page changes the live page at once.
    page(await pages().update(editor, draft.id, { ...landingPageBody({ slug: draft.slug, title: "Spring retail live" }), version: 3 }));
    expect((await pages().findPublished(draft.slug))?.title).toBe("Spring retail live");

    const down = page(await pages().unpublish(editor, draft.id));
    expect(down).toMatchObject({ status: "draft", publishedAt: null });
    expect(await pages().findPublished(draft.slug)).toBeNull();
  });

  it("refuses bad input with field messages naming the block, a taken slug, an old version and a role without pages", async () => {
    const bad = refused(
      await pages().create(editor, landingPageBody({ blocks: [{ id: "h", type: "hero", headline: "x".repeat(91), primary: { label: "Go", href: "javascript:alert(1)" }, secondary: {}, visual: { kind: "none" } }] })),
    );
    expect(bad.code).toBe("invalid");
    expect(bad.fields).toMatchObject({
      "blocks.0.headline": "Block 1 (Hero): Headline must be at most 90 characters.",
      "blocks.0.primary.href": expect.stringMatching(/^Block 1 \(Hero\): Button link must be a path on this site/),
    });

    const first = page(await pages().create(editor, landingPageBody()));
    const taken = refused(await pages().create(editor, landingPageBody({ slug: first.slug })));
    expect(taken).toMatchObject({ code: "invalid", fields: { slug: LANDING_SLUG_TAKEN } });

    page(await pages().update(editor, first.id, { ...landingPageBody({ slug: first.slug }), version: 1 }));
    const conflict = refused(await pages().update(editor, first.id, { ...landingPageBody({ slug: first.slug }), version: 1 }));
    expect(conflict).toMatchObject({ code: "conflict", message: LANDING_EDIT_CONFLICT, details: { current: { id: first.id, version: 2 } } });
    expect(refused(await pages().update(editor, first.id, landingPageBody({ slug: first.slug }))).fields).toHaveProperty("version");

    expect(refused(await pages().create(author, landingPageBody()))).toMatchObject({ code: "forbidden", message: CANNOT_EDIT_PAGES });
    expect(refused(await pages().get(999_999)).code).toBe("not-found");
  });

  it("sanitises rich text on save, and refuses to publish, or to save live, a page whose block is incomplete, naming the block and field", async () => {
    const body = landingPageBody();
    const draft = page(
      await pages().create(editor, {
        ...body,
        blocks: [...body.blocks.slice(0, 3), { id: "text", type: "richText", html: '<p onclick="x()">Hi<script>alert(1)</script></p>' }],
      }),
    );
    expect(draft.blocks[3]).toEqual({ id: "text", type: "richText", html: "<p>Hi</p>" });

    const incomplete = page(await pages().create(editor, landingPageBody({ blocks: [{ id: "cta", type: "cta", button: {} }] })));
    const refusal = refused(await pages().publish(editor, incomplete.id));
    expect(refusal).toMatchObject({ code: "invalid", message: "Block 1 (Call to action): Headline is required.", fields: { "blocks.0.headline": expect.any(String) } });

    const live = page(await pages().publish(editor, draft.id));
    const broken = refused(await pages().update(editor, live.id, { ...landingPageBody({ slug: live.slug, blocks: [{ id: "cta", type: "cta", button: {} }] }), version: live.version }));
    expect(broken.fields).toHaveProperty(["blocks.0.button.label"]);
    expect((await pages().findPublished(live.slug))?.blocks).toHaveLength(4);
  });
});
