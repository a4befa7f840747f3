import { useCallback, useEffect, useMemo, useReducer, useRef, type RefObject } from "react";
import { useNavigate } from "react-router";
import { toast } from "../../../lib/toast.ts";
import { formatInZone } from "../../../lib/site-time.ts";
import { useSiteTimeZone } from "../../../lib/site-details.ts";
import type { WorkingCopy } from "../../../../server/services/working-copies.ts";
import { clearLocalDraft, readLocalDraft, useLocalDraft } from "./local-draft.ts";
import { ApiError, postsApi, UnreachableError, type EditablePost } from "./post-api.ts";
import { reviewConflict } from "./conflict-merge.ts";
import { buildPayload, fieldsFromPost, type PostFormFields } from "./post-form.ts";
import { copiesPaused, initialEditorState, isDirty, planSave, postEditorReducer, type Conflict, type SaveMode } from "./post-editor-state.ts";
import { copyToOffer, useServerAutosave } from "./use-server-autosave.ts";
import { useLeaveGuard } from "./use-leave-guard.ts";

/**
 * The post editor's state and everything it does (decisions 041, 061, 066, 067): the reducer of
 * post-editor-state.ts, the local and server copies, the leave guard, and the requests of Save, of the
 * conflict dialog and of the recovery banner, with their toasts.
 */
export function usePostEditor({
  userId,
  initialPost,
  initialWorkingCopy,
  formRef,
}: {
  userId: number;
  initialPost: EditablePost | null;
  initialWorkingCopy: WorkingCopy | null;
  /** Where the first refused field is looked for and focused after a failed save. */
  formRef: RefObject<HTMLElement | null>;
}) {
  const navigate = useNavigate();
  const timeZone = useSiteTimeZone();
  const [state, dispatch] = useReducer(postEditorReducer, undefined, () => initialEditorState(initialPost, userId));
  const { saved, fields, savedFields, baseVersion, conflict } = state;
  const postId = saved?.id ?? null;
  const dirty = isDirty(state);
  const paused = copiesPaused(state);

  useLocalDraft({ postId, fields, baseVersion, dirty, paused });
  // The server's working copy (docs/decisions/066): saved as the writer types, never the post itself.
  const autosave = useServerAutosave({ postId, fields, baseVersion, dirty, paused, hasServerCopy: initialWorkingCopy !== null });
  const leave = useLeaveGuard(dirty);
  /** The post as the last save answered it: what a submission for review names (docs/decisions/032). */
  const lastSaved = useRef<EditablePost | null>(initialPost);

  // After refused fields are shown, the first one gets the focus.
  useEffect(() => {
    if (state.errorsShown === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [state.errorsShown, formRef]);

  const edit = useCallback((change: Partial<PostFormFields>) => dispatch({ type: "edit", change }), []);

  /** The first time the editor has the content, look for an unsaved copy: this device's or the server's. */
  const onEditorReady = useCallback(
    (html: string) => {
      const offer = state.draftChecked
        ? null
        : copyToOffer(readLocalDraft(postId, savedFields), initialWorkingCopy, { ...savedFields, content: html });
      dispatch({ type: "editorReady", html, offer });
    },
    [state.draftChecked, postId, savedFields, initialWorkingCopy],
  );

  const showSaveError = (error: unknown) => {
    const fieldErrors = error instanceof ApiError ? error.fieldErrors : null;
    if (fieldErrors) {
      // docs/product.md §8 'Save failed', in the server's words and under the field, never as "{status}: …".
      dispatch({ type: "showFieldErrors", errors: fieldErrors });
      toast({ title: "Save failed", description: Object.values(fieldErrors)[0], variant: "destructive" });
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    const expired = error instanceof ApiError && error.status === 401;
    // Expired or offline, the local copy keeps the text meanwhile (docs/decisions/061).
    const kept = expired
      ? `${message}. Your changes are kept on this device: log in again, then save.`
      : error instanceof UnreachableError
        ? `${message}. Your changes are kept on this device: save again once you are back online.`
        : message;
    toast({
      title: "Save failed",
      description: kept,
      variant: "destructive",
      action: expired
        ? { label: "Log in", altText: "Log in again in a new tab", onClick: () => window.open("/cms/login", "_blank") }
        : undefined,
    });
  };

  /** Saves the form (see planSave). Resolves true when the server has it. */
  const save = async (mode: SaveMode, unpublishConfirmed = false, scheduleAt: string | null = null): Promise<boolean> => {
    const plan = planSave(state, mode, unpublishConfirmed, scheduleAt);
    if (plan.kind === "ignored") return false;
    if (plan.kind === "refused") {
      if (plan.check.errors) dispatch({ type: "showFieldErrors", errors: plan.check.errors });
      toast({ title: plan.check.title, description: plan.check.description, variant: "destructive" });
      return false;
    }
    if (plan.kind === "confirmUnpublish") {
      dispatch({ type: "askUnpublish", mode });
      return false;
    }
    const { payload, updatePayload, sentFields } = plan;
    dispatch({ type: "saveStarted", mode });
    try {
      if (saved && baseVersion !== null) {
        const post = await postsApi.update(saved.id, updatePayload, baseVersion);
        lastSaved.current = post;
        dispatch({ type: "saveSucceeded", post, sentFields });
        toast(savedToast(post, "Post updated", `Successfully updated "${post.title}"`, timeZone));
      } else {
        const post = await postsApi.create(payload);
        lastSaved.current = post;
        dispatch({ type: "saveSucceeded", post, sentFields });
        clearLocalDraft(null);
        toast(savedToast(post, "Post created", `Successfully created "${post.title}"`, timeZone));
        // docs/product.md §4: after creating, the editor moves to the created post's address.
        await leave.allowingLeave(() =>
          navigate(`/cms/editor/${post.id}`, { replace: true, preventScrollReset: true, state: { createdHere: true } }),
        );
      }
      return true;
    } catch (error) {
      const stale = conflictOf(error);
      if (stale) dispatch({ type: "conflict", conflict: { payload: updatePayload, sentFields, base: savedFields, current: stale.current } });
      else showSaveError(error);
      return false;
    } finally {
      dispatch({ type: "saveEnded" });
    }
  };

  /** "Submit for review" (docs/decisions/032): the draft saved first when it has unsaved changes, then submitted. */
  const submitForReview = async (): Promise<boolean> => {
    if ((!saved || dirty) && !(await save("draft"))) return false;
    const post = lastSaved.current;
    if (!post) return false;
    try {
      const submitted = await postsApi.submit(post.id, post.version);
      lastSaved.current = submitted;
      showServerPost(submitted);
      toast({ title: "Submitted for review", description: `"${submitted.title}" waits for an editor.` });
      return true;
    } catch (error) {
      showSaveError(error);
      return false;
    }
  };

  /** "Send back" with a note (docs/decisions/032). */
  const sendBack = async (note: string): Promise<boolean> => {
    if (!saved) return false;
    try {
      const post = await postsApi.sendBack(saved.id, note);
      lastSaved.current = post;
      showServerPost(post);
      toast({ title: "Sent back", description: `"${post.title}" is back with its writer, with your note.` });
      return true;
    } catch (error) {
      showSaveError(error);
      return false;
    }
  };

  const latestOf = async (c: Conflict) => c.current ?? (await postsApi.get(saved!.id));

  /** Their post (someone else's save, a restored revision) into the editor; unsaved text is offered back. */
  const showServerPost = (post: EditablePost) => dispatch({ type: "showServerPost", post, now: new Date().toISOString() });

  /**
   * Conflict dialog: "Keep my version" saves the writer's changes over their version, keeping their changes to
   * fields the writer did not touch (docs/decisions/058), with "publish as new" when it was asked for.
   */
  const keepMine = async () => {
    if (!conflict || !saved) return;
    dispatch({ type: "conflictBusy", busy: "mine" });
    try {
      const latest = await latestOf(conflict);
      const { merged } = reviewConflict(conflict.base, conflict.sentFields, fieldsFromPost(latest));
      const { payload } = conflict;
      const check = buildPayload(merged, payload.published, payload.publishedAt ?? null);
      if (!check.ok) {
        dispatch({ type: "closeConflict" });
        toast({ title: check.title, description: check.description, variant: "destructive" });
        return;
      }
      const body = payload.publishAsNew ? { ...check.payload, publishAsNew: true } : check.payload;
      const post = await postsApi.update(saved.id, body, latest.version);
      lastSaved.current = post;
      dispatch({ type: "keptMine", post, merged });
      toast({ title: "Post updated", description: `Successfully updated "${post.title}"` });
    } catch (error) {
      const stale = conflictOf(error);
      if (stale) {
        dispatch({ type: "conflict", conflict: { ...conflict, current: stale.current } });
      } else {
        dispatch({ type: "closeConflict" });
        showSaveError(error);
      }
    } finally {
      dispatch({ type: "conflictBusy", busy: null });
    }
  };

  /** Conflict dialog: "Load their version". */
  const loadTheirs = async () => {
    if (!conflict) return;
    dispatch({ type: "conflictBusy", busy: "theirs" });
    try {
      showServerPost(await latestOf(conflict));
      dispatch({ type: "closeConflict" });
    } catch (error) {
      toast({ title: "Reload failed", description: (error as Error).message, variant: "destructive" });
    } finally {
      dispatch({ type: "conflictBusy", busy: null });
    }
  };

  const restoreCopy = () => dispatch({ type: "restoreCopy" });
  const discardCopy = () => {
    clearLocalDraft(postId);
    dispatch({ type: "discardCopy" });
  };

  // What the other save changed, shown in the conflict dialog before the writer chooses.
  const theirChanges = useMemo(
    () => (conflict?.current ? reviewConflict(conflict.base, conflict.sentFields, fieldsFromPost(conflict.current)).theirChanges : null),
    [conflict],
  );

  return {
    state,
    theirChanges,
    dirty,
    autosave,
    blocker: leave.blocker,
    edit,
    setPublishAsNew: (value: boolean) => dispatch({ type: "publishAsNew", value }),
    generateSlug: () => dispatch({ type: "generateSlug" }),
    /** "Restore into the editor" (docs/decisions/067): a revision's fields as unsaved changes. */
    loadRevision: (revision: Partial<PostFormFields>) => dispatch({ type: "loadRevision", fields: revision, now: new Date().toISOString() }),
    onEditorReady,
    save,
    submitForReview,
    sendBack,
    showServerPost,
    showSaveError,
    keepMine,
    loadTheirs,
    closeConflict: () => dispatch({ type: "closeConflict" }),
    closeUnpublish: () => dispatch({ type: "closeUnpublish" }),
    restoreCopy,
    discardCopy,
  };
}

/** A 409 that says someone saved in between (decision 041), with their post when the answer has it. */
function conflictOf(error: unknown): { current: EditablePost | null } | null {
  if (!(error instanceof ApiError) || error.status !== 409 || !(error.body as { conflict?: boolean })?.conflict) return null;
  return { current: (error.body as { current?: EditablePost }).current ?? null };
}

/** The toast after a save; a scheduled post's says when it goes live (docs/decisions/049). */
function savedToast(post: EditablePost, title: string, description: string, timeZone: string) {
  return post.status === "scheduled" && post.publishedAt
    ? { title: "Post scheduled", description: `"${post.title}" goes live ${formatInZone(post.publishedAt, timeZone)}.` }
    : { title, description };
}
