import { useId, useRef } from "react";
import type { SessionUser } from "../../../../shared/auth-schemas.ts";
import type { AuthorChoice } from "../../../../shared/authors.ts";
import type { WorkingCopy } from "../../../../server/services/working-copies.ts";
import { toast } from "../../../lib/toast.ts";
import { Label } from "../../ui/label.tsx";
import { AuthorField } from "../author-field.tsx";
import { CmsShell } from "../cms-shell.tsx";
import { TagField } from "../tag-field.tsx";
import { ConflictDialog } from "./conflict-dialog.tsx";
import { ContentLength } from "./content-length.tsx";
import { EditorActions } from "./editor-actions.tsx";
import { EditorStatusLine } from "./editor-status-line.tsx";
import { FieldError, fieldErrorProps } from "./field-error.tsx";
import { HelpCard } from "./help-card.tsx";
import { LeaveDialog } from "./leave-dialog.tsx";
import type { EditablePost } from "./post-api.ts";
import { PostSettingsCard } from "./post-settings-card.tsx";
import { RecoveryBanner } from "./recovery-banner.tsx";
import { RichTextEditor } from "./rich-text-editor.tsx";
import { SeoPreview } from "./seo-preview.tsx";
import { SeoSettingsCard } from "./seo-settings-card.tsx";
import { UnpublishDialog } from "./unpublish-dialog.tsx";
import { usePostEditor } from "./use-post-editor.ts";
import { ReviewCallout } from "./review-callout.tsx";
import { postRights } from "../../../../shared/post-access.ts";
import { useSaveShortcut } from "./use-save-shortcut.ts";

/**
 * The post editor (docs/product.md §2, §4, §5, §8; decision 061): title, rich text, settings and SEO; Save Draft,
 * Publish / Update Published; no lost work (local copy, leave guard, edit conflicts). Its state and
 * requests are usePostEditor's (the reducer in post-editor-state.ts); this module lays out the page.
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
  const titleId = useId();
  const contentLabelId = useId();
  const formRef = useRef<HTMLDivElement>(null);
  const editor = usePostEditor({ userId: user.id, initialPost, initialWorkingCopy, formRef });
  const { state, dirty, edit } = editor;
  const { saved, fields, errors, saving } = state;
  // What this writer may do to this post (docs/decisions/032); a new post is their own draft.
  const rights = postRights(
    user,
    saved
      ? { authorId: saved.authorId, status: saved.status, inReview: saved.review.submittedAt !== null }
      : { authorId: user.id, status: "draft", inReview: false },
  );
  // Ctrl/Cmd+S saves with the Published checkbox's value (docs/product.md §4: no explicit choice).
  useSaveShortcut(() => void editor.save("checkbox"));

  const actions = (
    <EditorActions
      saved={saved}
      fields={fields}
      dirty={dirty}
      saving={saving}
      save={editor.save}
      onRestored={(post) => {
        editor.showServerPost(post);
        toast({ title: "Version restored", description: "The version it replaced is kept in History." });
      }}
      onLoadRevision={(revision) => {
        editor.loadRevision(revision);
        toast({ title: "Version restored into the editor", description: "Review it, then click Update Published to put it live." });
      }}
      onFailed={editor.showSaveError}
      rights={rights}
      submitForReview={editor.submitForReview}
      sendBack={editor.sendBack}
    />
  );

  return (
    <CmsShell user={user} title={saved ? "Edit Blog Post" : "New Blog Post"} actions={actions}>
      <EditorStatusLine saved={saved} dirty={dirty} saving={saving} autosave={editor.autosave} />
      <ReviewCallout post={saved} rights={rights} />

      {state.recovery && (
        <RecoveryBanner
          copy={state.recovery}
          savedVersion={saved?.version ?? null}
          onRestore={editor.restoreCopy}
          onDiscard={editor.discardCopy}
        />
      )}

      {/*
        The writing canvas is the page's main column; the settings are a side panel that scrolls on its own beside it
        (sticky, at most the window's height), as Ghost's editor does (docs/decisions/061, "The editor's layout"); from
        `xl`, as the CMS sidebar takes 15rem from `lg` (docs/decisions/069, "The sidebar").
      */}
      <div ref={formRef} className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem] xl:items-start 2xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="post-canvas grid min-w-0 content-start gap-4 rounded-2xl border border-border bg-white px-3 py-4 shadow-xs sm:px-6 sm:py-8">
          <div className="grid gap-1">
            {/* Labelled for assistive technology; on screen the large title itself says what it is. */}
            <Label htmlFor={titleId} className="sr-only">
              Title
            </Label>
            <textarea
              id={titleId}
              name="title"
              rows={1}
              value={fields.title}
              placeholder="Post title"
              className="field-sizing-content min-h-12 w-full resize-none rounded-lg border border-transparent bg-transparent px-4 py-1 text-3xl leading-tight font-bold tracking-tight text-foreground placeholder:text-slate-400 hover:border-border focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30 focus-visible:outline-none aria-invalid:border-red-500 sm:px-5 sm:text-4xl"
              {...fieldErrorProps(titleId, errors.title)}
              // A title is one line: Enter moves on to the text rather than breaking it.
              onKeyDown={(event) => {
                if (event.key === "Enter" && !event.nativeEvent.isComposing) {
                  event.preventDefault();
                  formRef.current?.querySelector<HTMLElement>('.post-canvas [contenteditable="true"]')?.focus();
                }
              }}
              onChange={(event) => edit({ title: event.target.value.replace(/\r?\n/g, " ") })}
            />
            <FieldError fieldId={titleId} message={errors.title} />
          </div>
          <div className="grid gap-2">
            <Label id={contentLabelId} className="sr-only" asChild>
              <span>Content</span>
            </Label>
            <RichTextEditor
              value={fields.content}
              revision={state.contentRevision}
              labelId={contentLabelId}
              onChange={(content) => edit({ content })}
              onReady={editor.onEditorReady}
            />
            <FieldError fieldId={contentLabelId} message={errors.content} />
            <ContentLength html={fields.content} />
          </div>
        </div>
        <aside
          aria-label="Post settings"
          // Denser than a page of cards, as Ghost's panel is: less padding in each card, less space between them.
          className="grid content-start gap-4 [&_[data-slot=card-content]]:px-5 [&_[data-slot=card-content]]:pb-5 [&_[data-slot=card-header]]:px-5 [&_[data-slot=card-header]]:pt-5 [&_[data-slot=card-header]]:pb-3 xl:sticky xl:top-4 xl:max-h-[calc(100dvh-2rem)] xl:overflow-y-auto xl:overscroll-contain xl:-m-1 xl:p-1 xl:[scrollbar-width:thin]"
        >
          <PostSettingsCard
            fields={fields}
            onChange={edit}
            onGenerateSlug={editor.generateSlug}
            errors={errors}
            firstPublishedAt={saved?.status === "draft" ? saved.firstPublishedAt : null}
            publishAsNew={state.publishAsNew}
            onPublishAsNewChange={editor.setPublishAsNew}
            canPublish={rights.publish}
          />
          <AuthorField value={fields.authorId} choices={authorChoices} onChange={(authorId) => edit({ authorId })} error={errors.authorId} />
          <TagField value={fields.tags} onChange={(tags) => edit({ tags })} error={errors.tags} />
          <SeoSettingsCard fields={fields} onChange={edit} errors={errors}>
            <SeoPreview fields={fields} siteUrl={siteUrl} />
          </SeoSettingsCard>
          <HelpCard />
        </aside>
      </div>

      <ConflictDialog
        open={state.conflict !== null}
        theirUpdatedAt={state.conflict?.current?.updatedAt ?? null}
        busy={state.conflictBusy}
        onKeepMine={() => void editor.keepMine()}
        onLoadTheirs={() => void editor.loadTheirs()}
        onClose={editor.closeConflict}
        theirChanges={editor.theirChanges}
      />
      <UnpublishDialog
        open={state.confirmUnpublish !== null}
        onCancel={editor.closeUnpublish}
        onConfirm={() => {
          const mode = state.confirmUnpublish!;
          editor.closeUnpublish();
          void editor.save(mode, true);
        }}
      />
      <LeaveDialog blocker={editor.blocker} />
    </CmsShell>
  );
}
