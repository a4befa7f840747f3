import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { Link, useBlocker, useNavigate } from "react-router";
import { ArrowLeft, Eye, History } from "lucide-react";
import type { SessionUser } from "../../../../shared/auth-schemas.ts";
import { toast } from "../../../lib/toast.ts";
import { readingMinutes, wordCount } from "../../../lib/blog.ts";
import { Button } from "../../ui/button.tsx";
import { Card, CardContent } from "../../ui/card.tsx";
import { Input } from "../../ui/input.tsx";
import { Label } from "../../ui/label.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { CmsShell } from "../cms-shell.tsx";
import { ConflictDialog } from "./conflict-dialog.tsx";
import { FieldError, fieldErrorProps } from "./field-error.tsx";
import { HelpCard } from "./help-card.tsx";
import { LeaveDialog } from "./leave-dialog.tsx";
import { clearLocalDraft, readLocalDraft, useLocalDraft } from "./local-draft.ts";
import { copyToOffer, useServerAutosave, type RecoveredCopy } from "./use-server-autosave.ts";
import { AutosaveStatus } from "./autosave-status.tsx";
import type { WorkingCopy } from "../../../../server/services/working-copies.ts";
import { ApiError, postsApi, previewHref, type EditablePost, type FieldErrors, type PostPayload } from "./post-api.ts";
import { buildPayload, emptyFields, fieldsFromPost, sameFields, type PostFormFields } from "./post-form.ts";
import { PostSettingsCard } from "./post-settings-card.tsx";
import { RichTextEditor } from "./rich-text-editor.tsx";
import { SeoSettingsCard } from "./seo-settings-card.tsx";
import { UnpublishDialog } from "./unpublish-dialog.tsx";
import { SharePreview } from "./share-preview.tsx";
import { ScheduleDialog } from "./schedule-dialog.tsx";
import { HistoryDialog } from "./history-dialog.tsx";
import { PostStatusBadge } from "../post-status-badge.tsx";
import { formatInZone } from "../../../lib/site-time.ts";
import { AuthorField } from "../author-field.tsx";
import type { AuthorChoice } from "../../../../shared/authors.ts";
import { useLatest } from "./use-latest.ts";
import { TagField } from "../tag-field.tsx";

/** "schedule": published at a time still to come (docs/decisions/049). */
type SaveMode = "draft" | "publish" | "checkbox" | "schedule";

interface Conflict {
  payload: PostPayload;
  sentFields: PostFormFields;
  current: EditablePost | null;
}

/**
 * The post editor (docs/product.md §2, §4, §5, §8; decision 061): title, rich text, settings and SEO; Save Draft,
 * Publish / Update Published; no lost work (local copy, leave guard, edit conflicts).
 */
export function PostEditor({
  user,
  initialPost,
  initialWorkingCopy = null,
  authorChoices,
  siteUrl,
}: {
  user: SessionUser;
  initialPost: EditablePost | null;
  /** The writer's autosaved copy on the server, when newer than the post's last save (docs/decisions/066). */
  initialWorkingCopy?: WorkingCopy | null;
  /** Who the author select offers (docs/decisions/044). */
  authorChoices: AuthorChoice[];
  /** SITE_URL, for the SEO card's previews. */
  siteUrl: string;
}) {
  const navigate = useNavigate();
  const titleId = useId();
  const contentLabelId = useId();
  const [saved, setSaved] = useState<EditablePost | null>(initialPost);
  const [fields, setFields] = useState<PostFormFields>(() =>
    // A new post is the signed-in user's until someone picks another author (docs/decisions/044).
    initialPost ? fieldsFromPost(initialPost) : { ...emptyFields, authorId: user.id },
  );
  /** What the server holds, as this form shows it: the yardstick for "unsaved changes". */
  const [savedFields, setSavedFields] = useState<PostFormFields>(fields);
  /** The version edits are based on; a PUT sends it, and the server answers 409 if it is stale. */
  const [baseVersion, setBaseVersion] = useState<number | null>(initialPost?.version ?? null);
  const [contentRevision, setContentRevision] = useState(0);
  const [saving, setSaving] = useState<SaveMode | null>(null);
  const [draftChecked, setDraftChecked] = useState(false);
  const [recovery, setRecovery] = useState<RecoveredCopy | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [conflictBusy, setConflictBusy] = useState<"mine" | "theirs" | null>(null);
  /** A save that would take a live post off the blog waits here for the writer's word. */
  const [confirmUnpublish, setConfirmUnpublish] = useState<SaveMode | null>(null);
  const [publishAsNew, setPublishAsNew] = useState(false);
  /** Refused fields, shown under each field; the first one is focused after a failed save. */
  const [errors, setErrors] = useState<FieldErrors>({});
  const focusFirstError = useRef(false);
  const formRef = useRef<HTMLDivElement>(null);

  const postId = saved?.id ?? null;
  const dirty = !sameFields(fields, savedFields);
  useLocalDraft({ postId, fields, baseVersion, dirty, paused: !draftChecked || recovery !== null });
  // The server's working copy (docs/decisions/066): saved as the writer types, never the post itself.
  const autosave = useServerAutosave({
    postId,
    fields,
    baseVersion,
    dirty,
    paused: !draftChecked || recovery !== null,
    hasServerCopy: initialWorkingCopy !== null,
  });

  const patch = useCallback((change: Partial<PostFormFields>) => {
    setFields((current) => ({ ...current, ...change }));
    // An edited field's message goes; whether alt text is needed depends on the cover image fields too.
    const edited = Object.keys(change);
    if (edited.some((key) => key.startsWith("coverImage"))) edited.push("coverImageAlt");
    setErrors((current) =>
      edited.some((key) => current[key]) ? Object.fromEntries(Object.entries(current).filter(([key]) => !edited.includes(key))) : current,
    );
  }, []);

  const showFieldErrors = (fieldErrors: FieldErrors) => {
    focusFirstError.current = true;
    setErrors(fieldErrors);
  };
  useEffect(() => {
    if (!focusFirstError.current) return;
    focusFirstError.current = false;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  /**
   * The editor re-serialises stored HTML in its own way; once it has, that is the saved content,
   * so opening a post never counts as a change. The first time, look for an unsaved local copy.
   */
  const replacingWith = useRef<"saved" | "draft">("saved");
  const onEditorReady = useCallback(
    (html: string) => {
      setFields((current) => ({ ...current, content: html }));
      if (replacingWith.current === "saved") setSavedFields((current) => ({ ...current, content: html }));
      if (draftChecked) return;
      // This device's copy, or the writer's newer one on the server (docs/decisions/066), when it differs.
      const draft = copyToOffer(readLocalDraft(postId, savedFields), initialWorkingCopy, { ...savedFields, content: html });
      if (draft) setRecovery(draft);
      setDraftChecked(true);
    },
    [draftChecked, postId, savedFields, initialWorkingCopy],
  );

  // Leaving with unsaved changes asks first: in-app links through the blocker, reload/close through the browser.
  const leaveAllowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !leaveAllowed.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const applySaved = (post: EditablePost, sentFields: PostFormFields) => {
    setSaved(post);
    setPublishAsNew(false);
    setBaseVersion(post.version);
    setFields((current) => ({ ...current, published: post.published }));
    setSavedFields({ ...sentFields, published: post.published });
  };

  const showSaveError = (error: unknown) => {
    const fieldErrors = error instanceof ApiError ? error.fieldErrors : null;
    if (fieldErrors) {
      // docs/product.md §8 'Save failed', in the server's words and under the field, never as "{status}: …".
      showFieldErrors(fieldErrors);
      toast({ title: "Save failed", description: Object.values(fieldErrors)[0], variant: "destructive" });
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    const expired = error instanceof ApiError && error.status === 401;
    toast({
      title: "Save failed",
      description: expired ? `${message}. Your changes are kept on this device: log in again, then save.` : message,
      variant: "destructive",
      action: expired
        ? { label: "Log in", altText: "Log in again in a new tab", onClick: () => window.open("/cms/login", "_blank") }
        : undefined,
    });
  };

  /**
   * Saves the form. `scheduleAt` (mode "schedule") is when the post goes live; a scheduled post saved
   * with the checkbox keeps its time (docs/decisions/049). Resolves true when the server has it.
   */
  const save = async (mode: SaveMode, unpublishConfirmed = false, scheduleAt: string | null = null): Promise<boolean> => {
    if (saving || conflict || (confirmUnpublish && !unpublishConfirmed)) return false;
    const published = mode === "draft" ? false : mode === "publish" || mode === "schedule" ? true : fields.published;
    const keptSchedule = mode === "checkbox" && saved?.status === "scheduled" ? saved.publishedAt : null;
    const check = buildPayload(fields, published, mode === "schedule" ? scheduleAt : keptSchedule);
    if (!check.ok) {
      if (check.errors) showFieldErrors(check.errors);
      toast({ title: check.title, description: check.description, variant: "destructive" });
      return false;
    }
    // Taking a live post off the blog asks first (docs/decisions/062).
    if (!published && saved?.status === "published" && !unpublishConfirmed) {
      setConfirmUnpublish(mode);
      return false;
    }
    const sentFields = { ...fields, published };
    setSaving(mode);
    setErrors({});
    try {
      if (saved && baseVersion !== null) {
        const payload = published && publishAsNew ? { ...check.payload, publishAsNew } : check.payload;
        const post = await postsApi.update(saved.id, payload, baseVersion);
        applySaved(post, sentFields);
        toast(savedToast(post, "Post updated", `Successfully updated "${post.title}"`));
      } else {
        const post = await postsApi.create(check.payload);
        applySaved(post, sentFields);
        clearLocalDraft(null);
        toast(savedToast(post, "Post created", `Successfully created "${post.title}"`));
        // docs/product.md §4: after creating, the editor moves to the created post's address.
        leaveAllowed.current = true;
        await navigate(`/cms/editor/${post.id}`, { replace: true, preventScrollReset: true, state: { createdHere: true } });
        leaveAllowed.current = false;
      }
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && (error.body as { conflict?: boolean })?.conflict) {
        const current = (error.body as { current?: EditablePost }).current ?? null;
        setConflict({ payload: check.payload, sentFields, current });
      } else {
        showSaveError(error);
      }
      return false;
    } finally {
      setSaving(null);
    }
  };

  const latestOf = async (c: Conflict) => c.current ?? (await postsApi.get(saved!.id));

  /**
   * Puts a post the server answered (someone else's save, a restored revision) into the editor. The
   * writer's unsaved text is not dropped: it is offered back as a local copy to restore or discard.
   */
  const showServerPost = (post: EditablePost) => {
    if (dirty) setRecovery({ fields, baseVersion, savedAt: new Date().toISOString() });
    const theirs = fieldsFromPost(post);
    setSaved(post);
    setBaseVersion(post.version);
    setFields(theirs);
    setSavedFields(theirs);
    replacingWith.current = "saved";
    setContentRevision((n) => n + 1);
  };

  const keepMine = async () => {
    if (!conflict || !saved) return;
    setConflictBusy("mine");
    try {
      const latest = await latestOf(conflict);
      const post = await postsApi.update(saved.id, conflict.payload, latest.version);
      applySaved(post, conflict.sentFields);
      setConflict(null);
      toast({ title: "Post updated", description: `Successfully updated "${post.title}"` });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && (error.body as { conflict?: boolean })?.conflict) {
        setConflict({ ...conflict, current: (error.body as { current?: EditablePost }).current ?? null });
      } else {
        setConflict(null);
        showSaveError(error);
      }
    } finally {
      setConflictBusy(null);
    }
  };

  const loadTheirs = async () => {
    if (!conflict) return;
    setConflictBusy("theirs");
    try {
      showServerPost(await latestOf(conflict));
      setConflict(null);
    } catch (error) {
      toast({ title: "Reload failed", description: (error as Error).message, variant: "destructive" });
    } finally {
      setConflictBusy(null);
    }
  };

  const restoreDraft = () => {
    if (!recovery) return;
    setFields(recovery.fields);
    // Saving a copy that began from an older version must meet the conflict check, not overwrite.
    if (recovery.baseVersion !== null) setBaseVersion(recovery.baseVersion);
    replacingWith.current = "draft";
    setContentRevision((n) => n + 1);
    setRecovery(null);
  };
  const discardDraft = () => {
    clearLocalDraft(postId);
    setRecovery(null);
  };

  // Ctrl/Cmd+S saves with the Published checkbox's value (docs/product.md §4: no explicit choice).
  const saveRef = useLatest(save);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "s") {
        event.preventDefault();
        void saveRef.current("checkbox");
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [saveRef]);

  const busy = saving !== null;
  const actions = (
    <>
      <Button asChild variant="ghost">
        <Link to="/cms/control">
          <ArrowLeft aria-hidden="true" />
          Back
        </Link>
      </Button>
      {saved && (
        <Button asChild variant="outline">
          <a href={previewHref(saved)} target="_blank" rel="noopener">
            <Eye aria-hidden="true" />
            Preview
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </Button>
      )}
      {saved && <SharePreview post={saved} unsavedChanges={dirty} />}
      {saved && (
        <HistoryDialog
          post={saved}
          unsavedChanges={dirty}
          onRestored={(post) => {
            showServerPost(post);
            toast({ title: "Version restored", description: "The version it replaced is kept in History." });
          }}
          onFailed={showSaveError}
        />
      )}
      {saved?.status !== "scheduled" && (
        <Button variant="outline" onClick={() => void save("draft")} disabled={busy}>
          {saving === "draft" && <Spinner />}
          Save Draft
        </Button>
      )}
      {saved?.status !== "published" && (
        <ScheduleDialog
          scheduledAt={saved?.status === "scheduled" ? saved.publishedAt : null}
          disabled={busy}
          busy={saving === "schedule" || saving === "draft"}
          onSchedule={(at) => save("schedule", false, at)}
          onUnschedule={() => save("draft")}
        />
      )}
      {saved?.status === "scheduled" ? (
        <Button onClick={() => void save("schedule", false, saved.publishedAt)} disabled={busy}>
          {saving === "schedule" && <Spinner />}
          Update Scheduled
        </Button>
      ) : (
        <Button onClick={() => void save("publish")} disabled={busy}>
          {saving === "publish" && <Spinner />}
          {saved?.status === "published" ? "Update Published" : "Publish"}
        </Button>
      )}
    </>
  );

  return (
    <CmsShell user={user} title={saved ? "Edit Blog Post" : "New Blog Post"} actions={actions}>
      <p className="-mt-4 mb-6 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground" aria-live="polite">
        {saving === "checkbox" && <Spinner />}
        {saved ? (
          <>
            <PostStatusBadge status={saved.status} className="px-2 py-0.5" />
            {saved.status === "scheduled" && saved.publishedAt && (
              <span className="text-sky-800">Goes live {formatInZone(saved.publishedAt)}</span>
            )}
            <span>{dirty ? "Unsaved changes" : "All changes saved"}</span>
            <AutosaveStatus status={autosave} published={saved.status === "published"} />
          </>
        ) : dirty ? (
          "Not saved yet"
        ) : (
          "Start with a title"
        )}
      </p>

      {recovery && (
        <div
          role="region"
          aria-label="Unsaved changes found"
          className="mb-6 flex flex-wrap items-center gap-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
        >
          <History className="size-5 shrink-0 text-amber-700" aria-hidden="true" />
          <p className="min-w-60 flex-1">
            <strong className="font-semibold">Unsaved changes found.</strong>{" "}
            {recovery.from === "server" ? (
              <>
                A copy saved on the server at {formatCopyTime(recovery.savedAt)}, from this or another device, holds edits
                that were never saved to the post.
              </>
            ) : (
              <>This device kept a copy of your edits from {formatCopyTime(recovery.savedAt)} that were never saved.</>
            )}
            {saved && recovery.baseVersion !== null && recovery.baseVersion !== saved.version
              ? " The post has been saved elsewhere since; saving will ask which version to keep."
              : ""}
          </p>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" onClick={discardDraft} className="bg-white">
              Discard
            </Button>
            <Button size="sm" onClick={restoreDraft}>
              Restore
            </Button>
          </div>
        </div>
      )}

      <div ref={formRef} className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid content-start gap-6">
          <Card>
            <CardContent className="grid gap-6 pt-6">
              <div className="grid gap-2">
                <Label htmlFor={titleId}>Title</Label>
                <Input
                  id={titleId}
                  name="title"
                  value={fields.title}
                  placeholder="A clear, specific title"
                  className="h-12 text-lg font-semibold"
                  {...fieldErrorProps(titleId, errors.title)}
                  onChange={(event) => patch({ title: event.target.value })}
                />
                <FieldError fieldId={titleId} message={errors.title} />
              </div>
              <div className="grid gap-2">
                <Label id={contentLabelId} asChild>
                  <span>Content</span>
                </Label>
                <RichTextEditor
                  value={fields.content}
                  revision={contentRevision}
                  labelId={contentLabelId}
                  onChange={(content) => patch({ content })}
                  onReady={onEditorReady}
                />
                <FieldError fieldId={contentLabelId} message={errors.content} />
                <ContentLength html={fields.content} />
              </div>
            </CardContent>
          </Card>
        </div>
        <aside aria-label="Post settings" className="grid content-start gap-6">
          <PostSettingsCard
            fields={fields}
            onChange={patch}
            errors={errors}
            firstPublishedAt={saved?.status === "draft" ? saved.firstPublishedAt : null}
            publishAsNew={publishAsNew}
            onPublishAsNewChange={setPublishAsNew}
          />
          <AuthorField value={fields.authorId} choices={authorChoices} onChange={(authorId) => patch({ authorId })} error={errors.authorId} />
          <TagField value={fields.tags} onChange={(tags) => patch({ tags })} error={errors.tags} />
          <SeoSettingsCard fields={fields} siteUrl={siteUrl} onChange={patch} errors={errors} />
          <HelpCard />
        </aside>
      </div>

      <ConflictDialog
        open={conflict !== null}
        theirUpdatedAt={conflict?.current?.updatedAt ?? null}
        busy={conflictBusy}
        onKeepMine={() => void keepMine()}
        onLoadTheirs={() => void loadTheirs()}
        onClose={() => setConflict(null)}
      />
      <UnpublishDialog
        open={confirmUnpublish !== null}
        onCancel={() => setConfirmUnpublish(null)}
        onConfirm={() => {
          const mode = confirmUnpublish!;
          setConfirmUnpublish(null);
          void save(mode, true);
        }}
      />
      <LeaveDialog blocker={blocker} />
    </CmsShell>
  );
}

const formatCopyTime = (iso: string) => new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" });

/** The content's word count and reading time, as the post page will show it (app/lib/blog.ts). */
function ContentLength({ html }: { html: string }) {
  const words = useMemo(() => wordCount(html), [html]);
  return (
    <p className="text-sm text-muted-foreground" data-testid="content-length">
      {words.toLocaleString("en-US")} {words === 1 ? "word" : "words"} · {readingMinutes(words)} min read
    </p>
  );
}

/** The toast after a save; a scheduled post's says when it goes live (docs/decisions/049). */
function savedToast(post: EditablePost, title: string, description: string) {
  return post.status === "scheduled" && post.publishedAt
    ? { title: "Post scheduled", description: `"${post.title}" goes live ${formatInZone(post.publishedAt)}.` }
    : { title, description };
}
