import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isRefusal } from "../../shared/refusal.ts";
import { LANDING_EDIT_CONFLICT, LANDING_SLUG_TAKEN, type LandingPage } from "../../shared/landing-pages.ts";
import type { SessionUser } from "../../shared/auth-schemas.ts";
import { databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { createSession } from "../support/auth.ts";
import { landingPageBody } from "../support/landing-pages.ts";
import { accepted, pageActivity, refusal } from "../support/landing-page-answers.ts";
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
  const page = accepted<LandingPage>;
  const refused = refusal;
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
    // Two saves of one version at the same moment: one wins, the other is told of the conflict.
    const racing = await Promise.all(
      ["Racer A", "Racer B"].map((title) => pages().update(editor, first.id, { ...landingPageBody({ slug: first.slug, title }), version: 2 })),
    );
    expect(racing.map((answer) => (isRefusal(answer) ? answer.code : answer.version)).sort()).toEqual([3, "conflict"]);

    expect(refused(await pages().create(author, landingPageBody()))).toMatchObject({ code: "forbidden", message: CANNOT_EDIT_PAGES });
    expect(refused(await pages().get(999_999)).code).toBe("not-found");
    // Ids no row can have, and slugs that are not one, are "not found", never a database error.
    for (const id of [Number.NaN, 2 ** 40, -1, 1.5]) {
      expect(refused(await pages().get(id)).code).toBe("not-found");
      expect(refused(await pages().publish(editor, id)).code).toBe("not-found");
      expect(refused(await pages().revisions(id)).code).toBe("not-found");
      expect(refused(await pages().restoreRevision(editor, first.id, id)).code).toBe("not-found");
      expect(refused(await pages().revokeReviewLink(editor, first.id, id)).code).toBe("not-found");
    }
    expect(await pages().findPublished("nul\u0000")).toBeNull();
    expect(await pages().findPublished("x".repeat(500))).toBeNull();
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

/** Copies, history, review links, deletion and the activity log (docs/decisions/037). */
describe.each(databaseKinds)("landing page copies, revisions, review links and deletion on %s", (kind) => {
  let app: TestApp;
  let editor: SessionUser;

  beforeAll(async () => {
    app = await startTestApp(kind, { env: { SITE_URL: "https://zuri.example" } });
    editor = (await createSession(app, { role: "editor" })).user;
  });
  afterAll(() => app.close());

  const pages = () => app.services.landingPages;
  const ok = accepted;
  const activity = (id: number) => pageActivity(app, id);

  it("duplicates a page as a new draft at the first free -copy slug, with its blocks", async () => {
    const original = ok(await pages().create(editor, landingPageBody({ title: "Black Friday", noindex: true })));
    ok(await pages().publish(editor, original.id));
    const first = ok(await pages().duplicate(editor, original.id));
    const second = ok(await pages().duplicate(editor, original.id));
    expect(first).toMatchObject({ title: "Black Friday (copy)", slug: `${original.slug}-copy`, status: "draft", version: 1, noindex: true, blocks: original.blocks });
    expect(second.slug).toBe(`${original.slug}-copy-2`);
    const ofCopy = ok(await pages().duplicate(editor, first.id));
    expect(ofCopy).toMatchObject({ title: "Black Friday (copy) (copy)", slug: `${original.slug}-copy-copy` });
    // A slug at the length limit still gets a copy that fits it.
    const long = ok(await pages().create(editor, landingPageBody({ slug: `${"a".repeat(79)}b`, title: "T".repeat(120) })));
    const longCopy = ok(await pages().duplicate(editor, long.id));
    expect(longCopy.slug).toHaveLength(80);
    expect(longCopy.slug.endsWith("-copy")).toBe(true);
    expect(longCopy.title).toHaveLength(120);
    expect(await activity(first.id)).toEqual([{ action: "page.create", actor_name: editor.username, subject_label: "Black Friday (copy)", detail: { copyOf: "Black Friday" } }]);
    expect(isRefusal(await pages().duplicate(editor, 999_999))).toBe(true);
  });

  it("keeps a revision per save and publication, restores one as a new version without changing the status, and keeps the last 50", async () => {
    const page = ok(await pages().create(editor, landingPageBody({ title: "History v1" })));
    const v2 = ok(await pages().update(editor, page.id, { ...landingPageBody({ slug: page.slug, title: "History v2" }), version: 1 }));
    const live = ok(await pages().publish(editor, page.id));
    const history = ok(await pages().revisions(page.id));
    expect(history.map((r) => [r.title, r.reason, r.author])).toEqual([
      ["History v2", "publish", editor.username],
      ["History v2", "save", editor.username],
      ["History v1", "save", editor.username],
    ]);

    const restored = ok(await pages().restoreRevision(editor, page.id, history[2]!.id));
    expect(restored).toMatchObject({ title: "History v1", status: "published", version: live.version + 1, publishedAt: live.publishedAt });
    expect((await pages().findPublished(page.slug))?.title).toBe("History v1");
    expect(ok(await pages().revisions(page.id))[0]).toMatchObject({ title: "History v1", reason: "save" });
    expect((await activity(page.id)).map((line) => line.action)).toEqual(["page.create", "page.publish", "page.restore"]);
    expect(isRefusal(await pages().restoreRevision(editor, page.id, 999_999))).toBe(true);
    expect(v2.version).toBe(2);

    let version = restored.version;
    for (let n = 0; n < 55; n++) {
      version = ok(await pages().update(editor, page.id, { ...landingPageBody({ slug: page.slug, title: `History ${n}` }), version })).version;
    }
    const kept = ok(await pages().revisions(page.id));
    expect(kept).toHaveLength(50);
    expect(kept[0]!.title).toBe("History 54");
  });

  it("makes review links that open the page as it is now until revoked or expired, storing only a hash", async () => {
    const page = ok(await pages().create(editor, landingPageBody({ title: "Draft for review" })));
    const link = ok(await pages().createReviewLink(editor, page.id));
    expect(link.url).toBe(`https://zuri.example/preview/page/${link.token}`);
    expect(link).toMatchObject({ path: `/preview/page/${link.token}`, createdBy: { username: editor.username } });
    const stored = await app.services.database.db.selectFrom("landing_page_review_links").select("token_hash").where("id", "=", link.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(link.token);

    expect(await pages().findByReviewToken(link.token)).toMatchObject({ id: page.id, title: "Draft for review", publishedAt: null });
    ok(await pages().update(editor, page.id, { ...landingPageBody({ slug: page.slug, title: "Draft, edited" }), version: 1 }));
    expect((await pages().findByReviewToken(link.token))?.title).toBe("Draft, edited");
    expect(await pages().findByReviewToken("not-a-token")).toBeNull();
    expect(await pages().findByReviewToken("f".repeat(64))).toBeNull();

    expect(ok(await pages().reviewLinks(page.id)).map((l) => l.id)).toEqual([link.id]);
    ok(await pages().revokeReviewLink(editor, page.id, link.id));
    expect(await pages().findByReviewToken(link.token)).toBeNull();
    expect(isRefusal(await pages().revokeReviewLink(editor, page.id, link.id))).toBe(true);
    expect(ok(await pages().reviewLinks(page.id))).toEqual([]);

    const later = ok(await pages().createReviewLink(editor, page.id));
    app.clock.advance(8 * 24 * 3_600_000);
    expect(await pages().findByReviewToken(later.token)).toBeNull();
  });

  it("deletes a page with its revisions and links: gone from its address, logged once", async () => {
    const page = ok(await pages().create(editor, landingPageBody({ title: "Short-lived" })));
    ok(await pages().publish(editor, page.id));
    const link = ok(await pages().createReviewLink(editor, page.id));
    const before = (await app.services.contentVersion.current()).version;
    expect(await pages().remove(editor, page.id)).toBe(true);
    expect((await app.services.contentVersion.current()).version).toBeGreaterThan(before);
    expect(await pages().findPublished(page.slug)).toBeNull();
    expect(await pages().findByReviewToken(link.token)).toBeNull();
    expect(isRefusal(await pages().revisions(page.id))).toBe(true);
    expect(isRefusal(await pages().remove(editor, page.id))).toBe(true);
    expect((await activity(page.id)).map((line) => line.action)).toEqual(["page.create", "page.publish", "page.delete"]);
  });

  it("lists published pages that are not noindex in the sitemap, from the next request", async () => {
    const indexed = ok(await pages().create(editor, landingPageBody()));
    const campaign = ok(await pages().create(editor, landingPageBody({ noindex: true })));
    const sitemap = async () => (await fetch(`${app.baseUrl}/sitemap.xml`)).text();
    expect(await sitemap()).not.toContain(`/l/${indexed.slug}<`);
    ok(await pages().publish(editor, indexed.id));
    ok(await pages().publish(editor, campaign.id));
    const xml = await sitemap();
    expect(xml).toContain(`<loc>https://zuri.example/l/${indexed.slug}</loc>`);
    expect(xml).not.toContain(campaign.slug);
    expect(await pages().sitemapEntries()).toContainEqual({ path: `/l/${indexed.slug}`, updatedAt: expect.any(String) });
    ok(await pages().unpublish(editor, indexed.id));
    expect(await sitemap()).not.toContain(indexed.slug);
  });
});
