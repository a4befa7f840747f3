import { Link } from "react-router";
import { ArrowLeft, Send } from "lucide-react";
import type { PostRights } from "../../../../shared/post-access.ts";
import { Button } from "../../ui/button.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import type { EditablePost } from "./post-api.ts";
import type { PostFormFields } from "./post-form.ts";
import { PreviewButton } from "./preview-button.tsx";
import type { SaveMode } from "./post-editor-state.ts";
import { SharePreview } from "./share-preview.tsx";
import { HistoryDialog } from "./history-dialog.tsx";
import { ScheduleDialog } from "./schedule-dialog.tsx";
import { SendBackDialog } from "./send-back-dialog.tsx";

/**
 * The editor's header actions: Back, Preview (new posts too, docs/decisions/034), Share, History; Save Draft, Schedule, and Publish / Update
 * Published / Update Scheduled (docs/product.md §4; decisions 049, 067). `save` resolves true when the server has it.
 * By what the writer may do (docs/decisions/032): without posts.publish, Save Draft and Submit for review; for an
 * editor on a draft in review, Approve and publish, Schedule and Send back; nothing to save on a post they may
 * only look at. The server refuses the rest anyway.
 */
export function EditorActions({
  saved,
  fields,
  dirty,
  saving,
  save,
  onRestored,
  onLoadRevision,
  onFailed,
  rights,
  submitForReview,
  sendBack,
}: {
  saved: EditablePost | null;
  /** The form as it is now: what Preview shows, unsaved changes included (docs/decisions/034). */
  fields: PostFormFields;
  dirty: boolean;
  saving: SaveMode | null;
  save: (mode: SaveMode, unpublishConfirmed?: boolean, scheduleAt?: string | null) => Promise<boolean>;
  /** A revision restored from History: the post as saved now. */
  onRestored: (post: EditablePost) => void;
  /** A revision of a live post restored into the editor only, as unsaved changes. */
  onLoadRevision: (fields: Partial<PostFormFields>) => void;
  onFailed: (error: unknown) => void;
  rights: PostRights;
  /** Saves the draft if needed, then submits it for review. */
  submitForReview: () => Promise<boolean>;
  sendBack: (note: string) => Promise<boolean>;
}) {
  const busy = saving !== null;
  const inReview = saved?.review.submittedAt != null;
  // On a phone, two rows instead of a ragged wrap: Back, then Preview, Share preview and History as icons (their
  // names kept for assistive technology and as a tip), and under them the saves sharing the width.
  return (
    <>
      <div className="flex w-full items-center gap-2 sm:contents">
        <Button asChild variant="ghost" className="max-sm:-ml-3 max-sm:mr-auto">
          <Link to="/cms/control">
            <ArrowLeft aria-hidden="true" />
            Back
          </Link>
        </Button>
        <PreviewButton postId={saved?.id ?? null} fields={fields} />
        {saved && <SharePreview post={saved} unsavedChanges={dirty} />}
        {saved && <HistoryDialog post={saved} unsavedChanges={dirty} onRestored={onRestored} onLoadIntoEditor={onLoadRevision} onFailed={onFailed} />}
      </div>
      <div className="flex basis-full flex-wrap gap-2 *:flex-1 empty:hidden sm:contents">
        {rights.edit && saved?.status !== "scheduled" && (
          <Button variant="outline" onClick={() => void save("draft")} disabled={busy}>
            {saving === "draft" && <Spinner />}
            Save Draft
          </Button>
        )}
        {rights.edit && !rights.publish && rights.submit && (
          <Button onClick={() => void submitForReview()} disabled={busy}>
            {saving === "draft" && <Spinner />}
            <Send aria-hidden="true" />
            Submit for review
          </Button>
        )}
        {rights.review && inReview && <SendBackDialog disabled={busy} onSendBack={sendBack} />}
        {rights.edit && rights.publish && saved?.status !== "published" && (
          <ScheduleDialog
            scheduledAt={saved?.status === "scheduled" ? saved.publishedAt : null}
            disabled={busy}
            busy={saving === "schedule" || saving === "draft"}
            onSchedule={(at) => save("schedule", false, at)}
            onUnschedule={() => save("draft")}
          />
        )}
        {!(rights.edit && rights.publish) ? null : saved?.status === "scheduled" ? (
          <Button onClick={() => void save("schedule", false, saved.publishedAt)} disabled={busy}>
            {saving === "schedule" && <Spinner />}
            Update Scheduled
          </Button>
        ) : (
          <Button onClick={() => void save("publish")} disabled={busy}>
            {saving === "publish" && <Spinner />}
            {saved?.status === "published" ? "Update Published" : inReview ? "Approve and publish" : "Publish"}
          </Button>
        )}
      </div>
    </>
  );
}
