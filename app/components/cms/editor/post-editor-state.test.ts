import { describe, expect, it } from "vitest";
import type { EditablePost } from "./post-api.ts";
import { emptyFields, fieldsFromPost } from "./post-form.ts";
import {
  copiesPaused,
  initialEditorState,
  isDirty,
  planSave,
  postEditorReducer as reduce,
  type PostEditorAction,
  type PostEditorState,
} from "./post-editor-state.ts";

const post = (change: Partial<EditablePost> = {}): EditablePost => ({
  id: 7,
  slug: "a-post",
  title: "A post",
  excerpt: null,
  content: "<p>Saved text.</p>",
  coverImage: null,
  coverImageAlt: null,
  coverImageDecorative: false,
  publishedAt: null,
  createdAt: "2026-03-01T09:00:00.000Z",
  metaTitle: null,
  metaDescription: null,
  keywords: null,
  canonicalUrl: null,
  authorId: 1,
  author: null,
  published: false,
  status: "draft",
  firstPublishedAt: null,
  updatedAt: "2026-03-01T09:00:00.000Z",
  version: 3,
  tags: [],
  review: { submittedAt: null, submittedBy: null, note: null },
  ...change,
});

/** Times a post may be scheduled at (at most SCHEDULE_MAX_YEARS ahead of the real clock the schema reads). */
const inAMonth = new Date(Date.now() + 30 * 86_400_000).toISOString();
const inTwoMonths = new Date(Date.now() + 60 * 86_400_000).toISOString();

const run = (state: PostEditorState, ...actions: PostEditorAction[]) => actions.reduce(reduce, state);
/** An opened post whose editor has rendered its content (no copy to offer). */
const opened = (initial = post()) => run(initialEditorState(initial, 1), { type: "editorReady", html: initial.content, offer: null });

describe("post editor state: opening", () => {
  it("starts a new post empty, as the signed-in writer's, with no version and nothing unsaved", () => {
    const state = initialEditorState(null, 42);
    expect(state.fields).toEqual({ ...emptyFields, authorId: 42 });
    expect(state.baseVersion).toBeNull();
    expect(isDirty(state)).toBe(false);
  });

  it("fills the form from the post and bases edits on its version", () => {
    const state = initialEditorState(post(), 1);
    expect(state.fields).toEqual(fieldsFromPost(post()));
    expect(state.baseVersion).toBe(3);
  });

  it("takes the editor's own serialisation of the content as saved, so opening is never a change", () => {
    const state = run(initialEditorState(post(), 1), { type: "editorReady", html: "<p>Saved text.</p>\n", offer: null });
    expect(state.fields.content).toBe("<p>Saved text.</p>\n");
    expect(isDirty(state)).toBe(false);
  });

  it("pauses the local and server copies until the first look for a copy, and while one is offered", () => {
    const initial = initialEditorState(post(), 1);
    expect(copiesPaused(initial)).toBe(true);
    expect(copiesPaused(opened())).toBe(false);
    const copy = { fields: { ...fieldsFromPost(post()), title: "Kept" }, baseVersion: 3, savedAt: "2026-03-01T10:00:00.000Z" };
    const offered = run(initial, { type: "editorReady", html: post().content, offer: copy });
    expect(offered.recovery).toEqual(copy);
    expect(copiesPaused(offered)).toBe(true);
  });

  it("looks for a copy only the first time the editor is ready", () => {
    const copy = { fields: { ...fieldsFromPost(post()), title: "Kept" }, baseVersion: 3, savedAt: "2026-03-01T10:00:00.000Z" };
    const state = run(opened(), { type: "editorReady", html: post().content, offer: copy });
    expect(state.recovery).toBeNull();
  });
});

describe("post editor state: editing", () => {
  it("counts an edit as unsaved and clears that field's message only", () => {
    // A slug of its own, so the title does not carry it along (that case is below).
    const refused = run(opened(post({ slug: "own-slug" })), { type: "showFieldErrors", errors: { title: "Too long", slug: "Taken" } });
    const state = run(refused, { type: "edit", change: { title: "New title" } });
    expect(isDirty(state)).toBe(true);
    expect(state.errors).toEqual({ slug: "Taken" });
  });

  it("clears the alt text's message when a cover image field changes", () => {
    const refused = run(opened(), { type: "showFieldErrors", errors: { coverImageAlt: "Describe the image" } });
    expect(run(refused, { type: "edit", change: { coverImageDecorative: true } }).errors).toEqual({});
  });

  it("counts each showing of refused fields, so the first one is focused again", () => {
    const once = run(opened(), { type: "showFieldErrors", errors: { title: "Required" } });
    const twice = run(once, { type: "showFieldErrors", errors: { title: "Required" } });
    expect([once.errorsShown, twice.errorsShown]).toEqual([1, 2]);
  });
});

describe("post editor state: planning a save", () => {
  const edited = (change = {}, initial = post()) => run(opened(initial), { type: "edit", change: { title: "Edited", ...change } });

  it("sends a draft unpublished and a publish published, with the form as sent", () => {
    const draft = planSave(edited(), "draft");
    expect(draft.kind === "send" && draft.payload.published).toBe(false);
    const publish = planSave(edited(), "publish");
    expect(publish.kind === "send" && publish.payload.published).toBe(true);
    expect(publish.kind === "send" && publish.sentFields).toEqual({ ...edited().fields, published: true });
  });

  it("saves with the Published checkbox's value on Ctrl+S, and a scheduled post keeps its time", () => {
    expect(planSave(edited({ published: true }), "checkbox")).toMatchObject({ kind: "send", payload: { published: true } });
    const scheduled = post({ published: true, status: "scheduled", publishedAt: inAMonth });
    expect(planSave(edited({}, scheduled), "checkbox")).toMatchObject({ payload: { publishedAt: inAMonth } });
  });

  it("schedules at the time given", () => {
    expect(planSave(edited(), "schedule", false, inTwoMonths)).toMatchObject({
      kind: "send",
      payload: { published: true, publishedAt: inTwoMonths },
    });
  });

  it("refuses a form without title, slug or content before sending anything", () => {
    const plan = planSave(edited({ title: " " }), "publish");
    expect(plan).toMatchObject({ kind: "refused", check: { ok: false, title: "Missing required fields" } });
  });

  it("asks before taking a live post off the blog, and sends once confirmed", () => {
    const live = edited({}, post({ published: true, status: "published", publishedAt: "2026-03-01T09:00:00.000Z" }));
    expect(planSave(live, "draft").kind).toBe("confirmUnpublish");
    const waiting = run(live, { type: "askUnpublish", mode: "draft" });
    expect(planSave(waiting, "publish").kind).toBe("ignored");
    expect(planSave(waiting, "draft", true).kind).toBe("send");
  });

  it("starts nothing while a save or a conflict is open", () => {
    expect(planSave(run(edited(), { type: "saveStarted", mode: "draft" }), "publish").kind).toBe("ignored");
    const conflict = { payload: {} as never, sentFields: edited().fields, base: edited().savedFields, current: null };
    expect(planSave(run(edited(), { type: "conflict", conflict }), "publish").kind).toBe("ignored");
  });

  it("asks to publish as new on an update only", () => {
    const state = run(edited({}, post({ firstPublishedAt: "2026-01-01T09:00:00.000Z" })), { type: "publishAsNew", value: true });
    const plan = planSave(state, "publish");
    expect(plan.kind === "send" && plan.updatePayload.publishAsNew).toBe(true);
    expect(plan.kind === "send" && plan.payload.publishAsNew).toBeUndefined();
  });
});

describe("post editor state: saving", () => {
  it("clears the messages while saving and ends with nothing in flight", () => {
    const refused = run(opened(), { type: "showFieldErrors", errors: { slug: "Taken" } });
    const saving = run(refused, { type: "saveStarted", mode: "publish" });
    expect(saving.saving).toBe("publish");
    expect(saving.errors).toEqual({});
    expect(run(saving, { type: "saveEnded" }).saving).toBeNull();
  });

  it("takes the server's version after a save, and keeps edits typed meanwhile as unsaved", () => {
    const state = run(opened(), { type: "edit", change: { title: "Sent" } });
    const sentFields = { ...state.fields, published: true };
    const typing = run(state, { type: "edit", change: { excerpt: "Typed while saving" } });
    const answer = post({ title: "Sent", version: 4, published: true, status: "published" });
    const after = run(typing, { type: "publishAsNew", value: true }, { type: "saveSucceeded", post: answer, sentFields });
    expect(after.baseVersion).toBe(4);
    expect(after.saved).toBe(answer);
    expect(after.publishAsNew).toBe(false);
    expect(after.fields).toMatchObject({ title: "Sent", excerpt: "Typed while saving", published: true });
    expect(isDirty(after)).toBe(true);
    expect(isDirty(run(state, { type: "saveSucceeded", post: answer, sentFields }))).toBe(false);
  });
});

describe("post editor state: their version and recovered copies", () => {
  const theirs = post({ title: "Their title", version: 5, content: "<p>Theirs.</p>" });

  it("loads their post as saved and offers unsaved edits back, with the version they started from", () => {
    const mine = run(opened(), { type: "edit", change: { title: "Mine" } });
    const state = run(mine, { type: "showServerPost", post: theirs, now: "2026-03-01T11:00:00.000Z" });
    expect(state.fields).toEqual(fieldsFromPost(theirs));
    expect(state.baseVersion).toBe(5);
    expect(isDirty(state)).toBe(false);
    expect(state.recovery).toEqual({ fields: mine.fields, baseVersion: 3, savedAt: "2026-03-01T11:00:00.000Z" });
    expect(state.contentRevision).toBe(1);
    // The editor then renders their content: that is the saved content.
    const ready = run(state, { type: "editorReady", html: "<p>Theirs.</p>", offer: null });
    expect(isDirty(ready)).toBe(false);
  });

  it("offers nothing back when there were no unsaved edits", () => {
    expect(run(opened(), { type: "showServerPost", post: theirs, now: "2026-03-01T11:00:00.000Z" }).recovery).toBeNull();
  });

  it("restores a copy with its base version, so saving it over newer work meets the conflict check", () => {
    const copy = { fields: { ...fieldsFromPost(post()), title: "Kept", content: "<p>Kept.</p>" }, baseVersion: 2, savedAt: "2026-03-01T10:00:00.000Z" };
    const offered = run(initialEditorState(post(), 1), { type: "editorReady", html: post().content, offer: copy });
    const restored = run(offered, { type: "restoreCopy" });
    expect(restored.recovery).toBeNull();
    expect(restored.fields).toEqual(copy.fields);
    expect(restored.baseVersion).toBe(2);
    expect(restored.contentRevision).toBe(1);
    // The editor renders the restored content: it stays a change against the saved post.
    const ready = run(restored, { type: "editorReady", html: "<p>Kept.</p>", offer: null });
    expect(ready.savedFields.content).toBe(post().content);
    expect(isDirty(ready)).toBe(true);
  });

  it("keeps the current version when the copy has none (a new post's), and discards a copy without touching the form", () => {
    const copy = { fields: { ...emptyFields, title: "New" }, baseVersion: null, savedAt: "2026-03-01T10:00:00.000Z" };
    const offered = run(initialEditorState(null, 1), { type: "editorReady", html: "", offer: copy });
    expect(run(offered, { type: "restoreCopy" }).baseVersion).toBeNull();
    const discarded = run(offered, { type: "discardCopy" });
    expect(discarded.recovery).toBeNull();
    expect(discarded.fields).toEqual(offered.fields);
    expect(run(discarded, { type: "restoreCopy" })).toBe(discarded);
  });
});

describe("post editor state: the slug follows the title until edited by hand (docs/decisions/033)", () => {
  const typeTitle = (state: PostEditorState, title: string) => run(state, { type: "edit", change: { title } });
  const live = post({ published: true, status: "published", publishedAt: "2026-03-01T09:00:00.000Z", firstPublishedAt: "2026-03-01T09:00:00.000Z" });

  it("fills a new post's slug from the title as it is typed", () => {
    const state = typeTitle(typeTitle(initialEditorState(null, 1), "Forecast"), "Forecast demand: Q3!");
    expect(state.fields.slug).toBe("forecast-demand-q3");
    expect(state.slugFollowsTitle).toBe(true);
  });

  it("stops following once the slug is edited by hand; 'Generate from title' takes it up again", () => {
    const byHand = run(typeTitle(initialEditorState(null, 1), "Forecast demand"), { type: "edit", change: { slug: "demand" } });
    const retitled = typeTitle(byHand, "Forecast demand weekly");
    expect(retitled.fields.slug).toBe("demand");
    expect(retitled.slugFollowsTitle).toBe(false);
    const generated = run(retitled, { type: "generateSlug" });
    expect(generated.fields.slug).toBe("forecast-demand-weekly");
    expect(typeTitle(generated, "Weekly forecasts").fields.slug).toBe("weekly-forecasts");
  });

  it("follows on a draft never published whose slug is its title's, and not on one with a slug of its own", () => {
    expect(typeTitle(opened(post({ title: "A post", slug: "a-post" })), "A better post").fields.slug).toBe("a-better-post");
    expect(typeTitle(opened(post({ title: "A post", slug: "custom" })), "A better post").fields.slug).toBe("custom");
  });

  it("never moves the slug of a post that is or was live, or is scheduled; Generate from title still works there", () => {
    const unpublished = post({ title: "A post", slug: "a-post", firstPublishedAt: "2026-03-01T09:00:00.000Z" });
    const scheduled = post({ title: "A post", slug: "a-post", status: "scheduled", published: true, publishedAt: inAMonth });
    for (const initial of [post({ ...live, title: "A post", slug: "a-post" }), unpublished, scheduled]) {
      const state = typeTitle(opened(initial), "A better post");
      expect(state.fields.slug).toBe("a-post");
      expect(run(state, { type: "generateSlug" }).fields.slug).toBe("a-better-post");
      expect(typeTitle(run(state, { type: "generateSlug" }), "Again").fields.slug).toBe("a-better-post");
    }
  });

  it("stops following when the draft is published, and clears a slug message when the title moves the slug", () => {
    const typed = typeTitle(initialEditorState(null, 1), "Forecast");
    const sentFields = { ...typed.fields, content: "<p>Body</p>" };
    const published = run(typed, { type: "saveSucceeded", post: post({ ...live, slug: "forecast", title: "Forecast" }), sentFields });
    expect(typeTitle(published, "Forecast demand").fields.slug).toBe("forecast");
    const refused = run(typed, { type: "showFieldErrors", errors: { slug: "That slug is taken." } });
    expect(typeTitle(refused, "Forecast demand").errors.slug).toBeUndefined();
  });

  it("saves a new post with an empty slug under its title's, and shows that slug in the form", () => {
    const state = run(initialEditorState(null, 1), { type: "edit", change: { title: "Forecast demand", content: "<p>Body</p>", slug: "" } });
    const plan = planSave(state, "draft");
    expect(plan).toMatchObject({ kind: "send", payload: { slug: "forecast-demand" }, sentFields: { slug: "forecast-demand" } });
    if (plan.kind !== "send") return;
    const saved = run(state, { type: "saveSucceeded", post: post({ slug: "forecast-demand", title: "Forecast demand" }), sentFields: plan.sentFields });
    expect(saved.fields.slug).toBe("forecast-demand");
    expect(isDirty(saved)).toBe(false);
  });

  it("still refuses an empty slug on a live post, whose address must not change by itself", () => {
    const state = run(opened(live), { type: "edit", change: { slug: "" } });
    expect(planSave(state, "publish")).toMatchObject({ kind: "refused", check: { title: "Missing required fields" } });
  });
});

describe("post editor state: a revision restored into the editor (docs/decisions/067)", () => {
  it("puts the revision's fields in the form as unsaved changes over the saved post, and offers unsaved edits back", () => {
    const live = post({ published: true, status: "published", publishedAt: "2026-03-01T09:00:00.000Z", tags: [{ name: "Retail", slug: "retail" }] });
    const typing = run(opened(live), { type: "edit", change: { excerpt: "Typed" } });
    const state = run(typing, { type: "loadRevision", fields: { title: "Older title", content: "<p>Older.</p>" }, now: "2026-03-02T10:00:00.000Z" });
    expect(state.fields).toMatchObject({ title: "Older title", content: "<p>Older.</p>", excerpt: "", tags: ["Retail"], published: true });
    expect(isDirty(state)).toBe(true);
    expect(state.baseVersion).toBe(3);
    expect(state.recovery).toMatchObject({ fields: { excerpt: "Typed" }, baseVersion: 3 });
    expect(state.contentRevision).toBe(typing.contentRevision + 1);
    // The editor's serialisation of the restored content is not taken as saved.
    expect(isDirty(run(state, { type: "editorReady", html: "<p>Older.</p>", offer: null }))).toBe(true);
  });
});

describe("post editor state: keeping my version after a conflict (docs/decisions/058)", () => {
  it("shows what was saved, their kept changes included, and replaces the content only when theirs was kept", () => {
    const mine = run(opened(), { type: "edit", change: { title: "My title" } });
    const theirPost = post({ version: 4, excerpt: "Their excerpt", content: "<p>Their text.</p>" });
    const merged = { ...mine.fields, excerpt: "Their excerpt", content: "<p>Their text.</p>" };
    const saved = post({ version: 5, title: "My title", excerpt: "Their excerpt", content: "<p>Their text.</p>" });
    const conflict = { payload: {} as never, sentFields: mine.fields, base: mine.savedFields, current: theirPost };
    const after = run(mine, { type: "conflict", conflict }, { type: "keptMine", post: saved, merged });
    expect(after.conflict).toBeNull();
    expect(after.baseVersion).toBe(5);
    expect(after.fields).toMatchObject({ title: "My title", excerpt: "Their excerpt", content: "<p>Their text.</p>" });
    expect(isDirty(after)).toBe(false);
    expect(after.contentRevision).toBe(mine.contentRevision + 1);

    const mineOnly = run(mine, { type: "conflict", conflict }, { type: "keptMine", post: saved, merged: mine.fields });
    expect(mineOnly.contentRevision).toBe(mine.contentRevision);
  });
});
