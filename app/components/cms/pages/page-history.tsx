import { useState } from "react";
import { useSiteTimeZone } from "../../../lib/site-details.ts";
import { History, RotateCcw } from "lucide-react";
import type { LandingPageRevision } from "../../../../shared/landing-pages.ts";
import { formatInZoneToSecond } from "../../../lib/site-time.ts";
import { Button } from "../../ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "../../ui/dialog.tsx";
import { Spinner } from "../../ui/spinner.tsx";

/**
 * A landing page's History (docs/decisions/039-landing-page-editor.md): every save, newest first, with who
 * made it and why; Restore saves that version as a new one, so the version it replaces stays in the list.
 * The post editor's HistoryDialog compares words against its own revision API; a page's blocks have no such
 * comparison, so this is the plain list.
 */
export function PageHistory({
  revisions,
  unsavedChanges,
  busy,
  onRestore,
}: {
  revisions: LandingPageRevision[];
  unsavedChanges: boolean;
  busy: boolean;
  /** Resolves true when the page was restored. */
  onRestore: (revisionId: number) => Promise<boolean>;
}) {
  const timeZone = useSiteTimeZone();
  const [open, setOpen] = useState(false);
  const [restoring, setRestoring] = useState<number | null>(null);
  const restore = async (id: number) => {
    setRestoring(id);
    const done = await onRestore(id);
    setRestoring(null);
    if (done) setOpen(false);
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <History aria-hidden="true" />
          History
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>History</DialogTitle>
          <DialogDescription>Every save of this page, newest first. Restoring one saves it as the newest version.</DialogDescription>
        </DialogHeader>
        {unsavedChanges && (
          <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">Restoring replaces your unsaved changes in the editor.</p>
        )}
        {revisions.length === 0 ? (
          <p className="text-sm text-muted-foreground">No saves yet.</p>
        ) : (
          <ol className="grid max-h-[60vh] divide-y divide-border overflow-y-auto rounded-lg border border-border">
            {revisions.map((revision, index) => (
              <li key={revision.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
                <div className="grid min-w-0 gap-0.5 text-sm">
                  <span className="font-medium break-words text-foreground">{revision.title}</span>
                  <span className="text-muted-foreground">
                    <time dateTime={revision.createdAt}>{formatInZoneToSecond(revision.createdAt, timeZone)}</time> · {revision.reason === "publish" ? "Published" : "Saved"}
                    {revision.author ? ` · ${revision.author}` : ""}
                    {index === 0 ? " (current)" : ""}
                  </span>
                </div>
                {index > 0 && (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={busy}
                    onClick={() => void restore(revision.id)}
                    aria-label={`Restore the version of ${formatInZoneToSecond(revision.createdAt, timeZone)}`}
                  >
                    {restoring === revision.id ? <Spinner /> : <RotateCcw aria-hidden="true" />}
                    Restore
                  </Button>
                )}
              </li>
            ))}
          </ol>
        )}
      </DialogContent>
    </Dialog>
  );
}
