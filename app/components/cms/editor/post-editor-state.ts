import { slugify } from "../../../../shared/slugify.ts";
import type { EditablePost, FieldErrors, PostPayload } from "./post-api.ts";
import { buildPayload, emptyFields, fieldsFromPost, sameFields, type PayloadCheck, type PostFormFields } from "./post-form.ts";
import type { RecoveredCopy } from "./use-server-autosave.ts";

/**
 * The post editor's state (decisions 041, 061, 066, 067) as one reducer: the form, what the server holds,
 * the version edits are based on, the save in flight, the recovery banner, the conflict dialog and the
 * unpublish question. Pure: no requests, no storage, no clock (times come in the actions), so every rule
 * is tested in post-editor-state.test.ts; the effects live in use-post-editor.ts.
 */

/** "schedule": published at a time still to come (docs/decisions/049). "checkbox": as the Published box says. */
export type SaveMode = "draft" | "publish" | "checkbox" | "schedule";

/**
 * A save the server refused as stale (409 `conflict`): what was sent (with "publish as new" when it was
 * asked for), what the writer had opened, and their post when the answer had it.
 */
export interface Conflict {
  payload: PostPayload;
  sentFields: PostFormFields;
  /** The saved fields the writer's edits began from: the base of "Keep my version"'s merge (docs/decisions/058). */
  base: PostFormFields;
  current: EditablePost | null;
}

export interface PostEditorState {
  /** The post as the server last answered it; null until a new post is first saved. */
  saved: EditablePost | null;
  /** The form as the writer sees it. */
  fields: PostFormFields;
  /** What the server holds, as this form shows it: the yardstick for "unsaved changes". */
  savedFields: PostFormFields;
  /** The version edits are based on; a PUT sends it, and the server answers 409 if it is stale. */
  baseVersion: number | null;
  /** Bumped when the editor's content is replaced from outside (a restored copy, their version). */
  contentRevision: number;
  /** What the editor's next `ready` content is: the saved post's (then it is also the yardstick) or a restored copy. */
  replacingWith: "saved" | "draft";
  saving: SaveMode | null;
  /** Whether the local and server copies have been looked at, once the editor first rendered the content. */
  draftChecked: boolean;
  /** A copy the banner offers to restore or discard; local writes pause meanwhile. */
  recovery: RecoveredCopy | null;
  conflict: Conflict | null;
  conflictBusy: "mine" | "theirs" | null;
  /** A save that would take a live post off the blog waits here for the writer's word (docs/decisions/062). */
  confirmUnpublish: SaveMode | null;
  publishAsNew: boolean;
  /** The slug is the title's, slugified, as the title is typed, until the writer edits the slug by hand (docs/decisions/033). */
  slugFollowsTitle: boolean;
  /** Refused fields, shown under each field. */
  errors: FieldErrors;
  /** Bumped each time refused fields are shown: the first one is then focused. */
  errorsShown: number;
}

export type PostEditorAction =
  | { type: "edit"; change: Partial<PostFormFields> }
  | { type: "generateSlug" }
  | { type: "loadRevision"; fields: Partial<PostFormFields>; now: string }
  | { type: "editorReady"; html: string; offer: RecoveredCopy | null }
  | { type: "publishAsNew"; value: boolean }
  | { type: "showFieldErrors"; errors: FieldErrors }
  | { type: "askUnpublish"; mode: SaveMode }
  | { type: "closeUnpublish" }
  | { type: "saveStarted"; mode: SaveMode }
  | { type: "saveSucceeded"; post: EditablePost; sentFields: PostFormFields }
  | { type: "saveEnded" }
  | { type: "conflict"; conflict: Conflict }
  | { type: "closeConflict" }
  | { type: "keptMine"; post: EditablePost; merged: PostFormFields }
  | { type: "conflictBusy"; busy: "mine" | "theirs" | null }
  | { type: "showServerPost"; post: EditablePost; now: string }
  | { type: "restoreCopy" }
  | { type: "discardCopy" };

/**
 * Whether the slug may still follow the title (docs/decisions/033): a post never saved, or a draft never published. A
 * post that has been live (or is scheduled to be) keeps its address unless the writer changes it: links point there.
 */
const slugMayFollow = (saved: EditablePost | null) => saved === null || (saved.status === "draft" && saved.firstPublishedAt === null);

/** A slug that is the title's own (or still empty) keeps following it; one typed differently does not. */
const followsTitle = (saved: EditablePost | null, fields: PostFormFields) =>
  slugMayFollow(saved) && (fields.slug === "" || fields.slug === slugify(fields.title));

/** An edit: a typed title carries the slug along while it follows; a slug typed by hand stops that. */
function applyEdit(state: PostEditorState, change: Partial<PostFormFields>): PostEditorState {
  const following = state.slugFollowsTitle && !("slug" in change);
  const carried = following && change.title !== undefined ? { ...change, slug: slugify(change.title) } : change;
  return { ...state, fields: { ...state.fields, ...carried }, slugFollowsTitle: following, errors: withoutErrorsOf(state.errors, carried) };
}

export function initialEditorState(initialPost: EditablePost | null, userId: number): PostEditorState {
  // A new post is the signed-in user's until someone picks another author (docs/decisions/044).
  const fields = initialPost ? fieldsFromPost(initialPost) : { ...emptyFields, authorId: userId };
  return {
    saved: initialPost,
    fields,
    savedFields: fields,
    baseVersion: initialPost?.version ?? null,
    contentRevision: 0,
    replacingWith: "saved",
    saving: null,
    draftChecked: false,
    recovery: null,
    conflict: null,
    conflictBusy: null,
    confirmUnpublish: null,
    publishAsNew: false,
    slugFollowsTitle: followsTitle(initialPost, fields),
    errors: {},
    errorsShown: 0,
  };
}

export const isDirty = (state: PostEditorState) => !sameFields(state.fields, state.savedFields);

/** Local and server copies are not written while the banner waits, nor before the first look for one. */
export const copiesPaused = (state: PostEditorState) => !state.draftChecked || state.recovery !== null;

/** An edited field's message goes; whether alt text is needed depends on the cover image fields too. */
function withoutErrorsOf(errors: FieldErrors, change: Partial<PostFormFields>): FieldErrors {
  const edited: string[] = Object.keys(change);
  if (edited.some((key) => key.startsWith("coverImage"))) edited.push("coverImageAlt");
  return edited.some((key) => errors[key]) ? Object.fromEntries(Object.entries(errors).filter(([key]) => !edited.includes(key))) : errors;
}

export function postEditorReducer(state: PostEditorState, action: PostEditorAction): PostEditorState {
  switch (action.type) {
    case "edit":
      return applyEdit(state, action.change);
    case "generateSlug": {
      // 'Generate from title' (docs/product.md §5); on a post that never went live, the slug follows the title again.
      const slug = slugify(state.fields.title);
      return { ...state, fields: { ...state.fields, slug }, slugFollowsTitle: slugMayFollow(state.saved), errors: withoutErrorsOf(state.errors, { slug }) };
    }
    case "loadRevision":
      // "Restore into the editor" (docs/decisions/067): the revision's fields as unsaved changes over the saved
      // post, saved only by the writer's Update Published; unsaved edits are offered back as with any replacement.
      return {
        ...state,
        recovery: isDirty(state) ? { fields: state.fields, baseVersion: state.baseVersion, savedAt: action.now } : state.recovery,
        fields: { ...state.savedFields, ...action.fields },
        replacingWith: "draft",
        contentRevision: state.contentRevision + 1,
        slugFollowsTitle: false,
        errors: {},
      };
    case "editorReady": {
      // The editor re-serialises stored HTML in its own way; once it has, that is the saved content, so
      // opening a post never counts as a change. The first time, the copy to offer (if any) comes along.
      const next: PostEditorState = {
        ...state,
        fields: { ...state.fields, content: action.html },
        savedFields: state.replacingWith === "saved" ? { ...state.savedFields, content: action.html } : state.savedFields,
      };
      if (state.draftChecked) return next;
      return { ...next, draftChecked: true, recovery: action.offer ?? state.recovery };
    }
    case "publishAsNew":
      return { ...state, publishAsNew: action.value };
    case "showFieldErrors":
      return { ...state, errors: action.errors, errorsShown: state.errorsShown + 1 };
    case "askUnpublish":
      return { ...state, confirmUnpublish: action.mode };
    case "closeUnpublish":
      return { ...state, confirmUnpublish: null };
    case "saveStarted":
      return { ...state, saving: action.mode, errors: {} };
    case "saveSucceeded": {
      const { post, sentFields } = action;
      // Edits typed while the request was out stay in the form, and so count as unsaved.
      // A slug filled in from the title at save time (planSave) goes into the form too.
      const slug = state.fields.slug.trim() === "" ? sentFields.slug : state.fields.slug;
      return {
        ...state,
        saved: post,
        publishAsNew: false,
        baseVersion: post.version,
        fields: { ...state.fields, slug, published: post.published },
        savedFields: { ...sentFields, published: post.published },
        slugFollowsTitle: state.slugFollowsTitle && slugMayFollow(post),
      };
    }
    case "saveEnded":
      return { ...state, saving: null };
    case "conflict":
      return { ...state, conflict: action.conflict };
    case "closeConflict":
      return { ...state, conflict: null };
    case "keptMine": {
      // "Keep my version" saved the merge (docs/decisions/058): the form shows what was saved, their kept
      // changes included; the editor's content is replaced only when theirs was kept.
      const { post } = action;
      const fields = { ...action.merged, published: post.published };
      const contentKept = fields.content !== state.fields.content;
      return {
        ...state,
        saved: post,
        publishAsNew: false,
        baseVersion: post.version,
        fields,
        savedFields: fields,
        conflict: null,
        contentRevision: contentKept ? state.contentRevision + 1 : state.contentRevision,
        replacingWith: contentKept ? "saved" : state.replacingWith,
        slugFollowsTitle: state.slugFollowsTitle && slugMayFollow(post),
      };
    }
    case "conflictBusy":
      return { ...state, conflictBusy: action.busy };
    case "showServerPost": {
      // A post the server answered (someone else's save, a restored revision) goes into the editor; the
      // writer's unsaved text is not dropped but offered back through the banner (decisions 061, 067).
      const theirs = fieldsFromPost(action.post);
      return {
        ...state,
        recovery: isDirty(state) ? { fields: state.fields, baseVersion: state.baseVersion, savedAt: action.now } : state.recovery,
        saved: action.post,
        baseVersion: action.post.version,
        fields: theirs,
        savedFields: theirs,
        replacingWith: "saved",
        contentRevision: state.contentRevision + 1,
        slugFollowsTitle: followsTitle(action.post, theirs),
      };
    }
    case "restoreCopy": {
      const copy = state.recovery;
      if (!copy) return state;
      return {
        ...state,
        fields: copy.fields,
        // Saving a copy that began from an older version must meet the conflict check, not overwrite.
        baseVersion: copy.baseVersion ?? state.baseVersion,
        replacingWith: "draft",
        contentRevision: state.contentRevision + 1,
        recovery: null,
        slugFollowsTitle: followsTitle(state.saved, copy.fields),
      };
    }
    case "discardCopy":
      return { ...state, recovery: null };
  }
}

/** What pressing a save button leads to, decided from the state alone. */
export type SavePlan =
  | { kind: "ignored" }
  | { kind: "refused"; check: Extract<PayloadCheck, { ok: false }> }
  | { kind: "confirmUnpublish" }
  | { kind: "send"; payload: PostPayload; updatePayload: PostPayload; sentFields: PostFormFields };

/**
 * Plans a save in `mode`. `scheduleAt` (mode "schedule") is when the post goes live; a scheduled post saved
 * with the checkbox keeps its time (docs/decisions/049). Nothing starts while a save, a conflict or the
 * unpublish question is open; taking a live post off the blog asks first (docs/decisions/062).
 */
export function planSave(state: PostEditorState, mode: SaveMode, unpublishConfirmed = false, scheduleAt: string | null = null): SavePlan {
  const { saving, conflict, confirmUnpublish, saved } = state;
  if (saving || conflict || (confirmUnpublish && !unpublishConfirmed)) return { kind: "ignored" };
  // A slug left empty on a post that never went live is the title's, not a reason to refuse (docs/decisions/033).
  const fields = state.fields.slug.trim() === "" && slugMayFollow(saved) ? { ...state.fields, slug: slugify(state.fields.title) } : state.fields;
  const published = mode === "draft" ? false : mode === "publish" || mode === "schedule" ? true : fields.published;
  const keptSchedule = mode === "checkbox" && saved?.status === "scheduled" ? saved.publishedAt : null;
  const check = buildPayload(fields, published, mode === "schedule" ? scheduleAt : keptSchedule);
  if (!check.ok) return { kind: "refused", check };
  if (!published && saved?.status === "published" && !unpublishConfirmed) return { kind: "confirmUnpublish" };
  // "Publish as new" goes with an update only (and so with "Keep my version" after a conflict).
  const updatePayload = published && state.publishAsNew ? { ...check.payload, publishAsNew: true } : check.payload;
  return { kind: "send", payload: check.payload, updatePayload, sentFields: { ...fields, published } };
}
