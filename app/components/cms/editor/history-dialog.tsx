import { useEffect, useState } from "react";
import { History, RotateCcw } from "lucide-react";
import type { RevisionDetail, RevisionSummary } from "../../../../server/services/revisions.ts";
import { formatInZoneToSecond } from "../../../lib/site-time.ts";
import { useSiteTimeZone } from "../../../lib/site-details.ts";
import { cn } from "../../../lib/cn.ts";
import { Button } from "../../ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "../../ui/dialog.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { PostStatusBadge } from "../post-status-badge.tsx";
import { request, type EditablePost } from "./post-api.ts";
import { textFieldsOf, type PostFormFields } from "./post-form.ts";
import { RestoreChoiceDialog } from "./restore-choice-dialog.tsx";

/** What made a revision, in the team's words (docs/decisions/067). */
function eventLabel(revision: RevisionSummary): string {
  if (revision.event === "restore") return "Restored an earlier version";
  if (revision.event === "scheduled-publish") return "Published on schedule";
  return { draft: "Saved as draft", scheduled: "Saved, scheduled", published: "Saved, published" }[revision.status];
}

const revisionsApi = {
  list: (postId: number) => request<RevisionSummary[]>("GET", `/api/cms/posts/${postId}/revisions`),
  get: (postId: number, id: number) => request<RevisionDetail>("GET", `/api/cms/posts/${postId}/revisions/${id}`),
  restore: (postId: number, id: number, version: number) =>
    request<EditablePost>("POST", `/api/cms/posts/${postId}/revisions/${id}/restore`, { version }),
};

/**
 * The History panel (docs/decisions/067): every save of the post, newest first; for the one chosen,
 * the words that differ from the saved post now; Restore saves that version as a new revision, so
 * the version it replaces stays in the list. On a live post Restore asks first: into the editor, as
 * unsaved changes, or onto the blog now (RestoreChoiceDialog).
 */
export function HistoryDialog({
  post,
  unsavedChanges,
  onRestored,
  onLoadIntoEditor,
  onFailed,
}: {
  post: EditablePost;
  /** The editor has edits not saved yet: restoring replaces them in the editor (they are offered back). */
  unsavedChanges: boolean;
  onRestored: (post: EditablePost) => void;
  /** "Restore into the editor": the revision's fields as unsaved changes, nothing saved. */
  onLoadIntoEditor: (fields: Partial<PostFormFields>) => void;
  onFailed: (error: unknown) => void;
}) {
  const timeZone = useSiteTimeZone();
  const [open, setOpen] = useState(false);
  const [revisions, setRevisions] = useState<RevisionSummary[] | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  /** The chosen revision compared with the post's version `key` names; stale while another loads. */
  const [loaded, setLoaded] = useState<{ key: string; revision: RevisionDetail } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [restoring, setRestoring] = useState(false);
  /** A live post's restore waits for the writer's choice (RestoreChoiceDialog). */
  const [choosing, setChoosing] = useState(false);

  // The list, each time the panel opens or the post is saved while it is open.
  useEffect(() => {
    if (!open) return;
    let current = true;
    revisionsApi
      .list(post.id)
      .then((list) => {
        if (!current) return;
        setRevisions(list);
        // The version before the current one is what people usually look for.
        setSelected((chosen) => (chosen !== null && list.some((r) => r.id === chosen) ? chosen : (list[1] ?? list[0])?.id ?? null));
      })
      .catch((error: Error) => current && setLoadError(error.message));
    return () => {
      current = false;
    };
  }, [open, post.id, post.version]);

  useEffect(() => {
    if (!open || selected === null) return;
    let current = true;
    const key = `${selected}@${post.version}`;
    revisionsApi
      .get(post.id, selected)
      .then((revision) => current && setLoaded({ key, revision }))
      .catch((error: Error) => current && setLoadError(error.message));
    return () => {
      current = false;
    };
  }, [open, post.id, post.version, selected]);

  const detail = loaded?.key === `${selected}@${post.version}` ? loaded.revision : null;
  const openWith = (next: boolean) => {
    if (next) setLoadError(null);
    setOpen(next);
  };

  const restore = async () => {
    if (!detail) return;
    setRestoring(true);
    try {
      onRestored(await revisionsApi.restore(post.id, detail.id, post.version));
      setChoosing(false);
      setOpen(false);
    } catch (error) {
      setChoosing(false);
      onFailed(error);
    } finally {
      setRestoring(false);
    }
  };

  const loadIntoEditor = () => {
    if (!detail) return;
    onLoadIntoEditor(textFieldsOf(detail));
    setChoosing(false);
    setOpen(false);
  };

  return (
    <Dialog open={open} onOpenChange={openWith}>
      <DialogTrigger asChild>
        <Button variant="outline" title="History" className="max-sm:px-3">
          <History aria-hidden="true" />
          <span className="max-sm:sr-only">History</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-5xl gap-5 p-0 sm:p-0">
        <DialogHeader className="border-b border-border px-5 pt-5 pb-4 sm:px-6">
          <DialogTitle>History</DialogTitle>
          <DialogDescription>Every save of this post. Pick one to see what changed since, and restore it if you need it back.</DialogDescription>
        </DialogHeader>
        {loadError && (
          <p role="alert" className="mx-5 rounded-lg bg-red-50 p-3 text-sm text-red-800 sm:mx-6">
            Could not load the history: {loadError}
          </p>
        )}
        {revisions === null && !loadError ? (
          <p className="flex items-center gap-2 px-6 pb-6 text-sm text-muted-foreground">
            <Spinner /> Loading history…
          </p>
        ) : (
          <div className="grid min-h-0 gap-0 md:grid-cols-[17rem_minmax(0,1fr)]">
            <nav aria-label="Revisions" className="max-h-64 overflow-y-auto border-b border-border md:max-h-[60vh] md:border-r md:border-b-0">
              <ol className="grid gap-1 p-3">
                {revisions?.map((revision, index) => (
                  <li key={revision.id}>
                    <button
                      type="button"
                      aria-current={revision.id === selected ? "true" : undefined}
                      onClick={() => setSelected(revision.id)}
                      className={cn(
                        "grid w-full gap-0.5 rounded-lg px-3 py-2 text-left text-sm outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring",
                        revision.id === selected && "bg-primary-soft hover:bg-primary-soft",
                      )}
                    >
                      <span className="font-medium text-foreground">
                        <time dateTime={revision.createdAt}>{formatInZoneToSecond(revision.createdAt, timeZone)}</time>
                        {index === 0 && <span className="ml-1.5 text-xs font-normal text-muted-foreground">(current)</span>}
                      </span>
                      <span className="text-xs text-muted-foreground">
                        {eventLabel(revision)} · {revision.savedBy?.name ?? "Zuri CMS"}
                      </span>
                    </button>
                  </li>
                ))}
              </ol>
            </nav>
            <section aria-label="Changes" aria-busy={detail === null} className="grid max-h-[60vh] content-start gap-4 overflow-y-auto p-5 sm:p-6">
              {detail === null ? (
                selected !== null && (
                  <p className="flex items-center gap-2 text-sm text-muted-foreground">
                    <Spinner /> Loading this version…
                  </p>
                )
              ) : (
                <RevisionChanges
                  detail={detail}
                  isCurrent={revisions?.[0]?.id === detail.id}
                  unsavedChanges={unsavedChanges}
                  restoring={restoring}
                  onRestore={() => (post.status === "published" ? setChoosing(true) : void restore())}
                />
              )}
            </section>
          </div>
        )}
        <RestoreChoiceDialog
          open={choosing}
          busy={restoring}
          onIntoEditor={loadIntoEditor}
          onPublishNow={() => void restore()}
          onCancel={() => setChoosing(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

function RevisionChanges({
  detail,
  isCurrent,
  unsavedChanges,
  restoring,
  onRestore,
}: {
  detail: RevisionDetail;
  isCurrent: boolean;
  unsavedChanges: boolean;
  restoring: boolean;
  onRestore: () => void;
}) {
  const timeZone = useSiteTimeZone();
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h3 className="text-base font-semibold text-foreground">{detail.title}</h3>
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <PostStatusBadge status={detail.status} />
            {eventLabel(detail)} by {detail.savedBy?.name ?? "Zuri CMS"}, {formatInZoneToSecond(detail.createdAt, timeZone)}
          </p>
        </div>
        {detail.changes.length > 0 && (
          <Button onClick={onRestore} disabled={restoring}>
            {restoring ? <Spinner /> : <RotateCcw aria-hidden="true" />}
            Restore this version
          </Button>
        )}
      </div>
      {detail.changes.length > 0 && unsavedChanges && (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          Restoring replaces the text in the editor. Your unsaved edits stay on this device, and the editor offers them back.
        </p>
      )}
      {detail.changes.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {isCurrent ? "This is the post as it is saved now." : "This version is the same as the post saved now."}
        </p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            Changes from this version to the post saved now:{" "}
            <del className="rounded bg-red-50 px-1 text-red-800 decoration-red-400">removed</del>{" "}
            <ins className="rounded bg-emerald-50 px-1 text-emerald-900 no-underline">added</ins>
          </p>
          <dl className="grid gap-4">
            {detail.changes.map((change) => (
              <div key={change.field} className="grid gap-1.5">
                <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{change.label}</dt>
                <dd className="rounded-lg border border-border bg-subtle p-3 text-sm leading-relaxed break-words whitespace-pre-wrap text-foreground">
                  {change.formattingOnly ? (
                    <span className="text-muted-foreground">Same words; the formatting, links or images changed.</span>
                  ) : (
                    change.parts.map((part, index) =>
                      part.change === "added" ? (
                        <ins key={index} className="rounded bg-emerald-100 px-0.5 text-emerald-950 no-underline">
                          <span className="sr-only">[added: </span>
                          {part.text}
                          <span className="sr-only">]</span>
                        </ins>
                      ) : part.change === "removed" ? (
                        <del key={index} className="rounded bg-red-100 px-0.5 text-red-900 decoration-red-500">
                          <span className="sr-only">[removed: </span>
                          {part.text}
                          <span className="sr-only">]</span>
                        </del>
                      ) : (
                        <span key={index}>{part.text}</span>
                      ),
                    )
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </>
  );
}
