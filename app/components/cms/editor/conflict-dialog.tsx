import { Button } from "../../ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../ui/dialog.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import type { TheirChange } from "./conflict-merge.ts";
import { useSiteTimeZone } from "../../../lib/site-details.ts";
import { formatCmsDateTime } from "../../../lib/cms-date.ts";

interface ConflictDialogProps {
  open: boolean;
  /** When the other save happened, if the server said. */
  theirUpdatedAt: string | null;
  busy: "mine" | "theirs" | null;
  onKeepMine: () => void;
  onLoadTheirs: () => void;
  onClose: () => void;
  /** What was edited: "post" (the default) or "page" (docs/decisions/039). */
  noun?: string;
  /** What the other save changed, when it is known: "Keep my version" keeps what the writer did not touch (docs/decisions/058). */
  theirChanges?: TheirChange[] | null;
}

/**
 * A 409 edit conflict (decision 041): someone saved this post after it was opened here. Nothing was
 * overwritten; the writer chooses, and neither version is dropped without being asked.
 */
export function ConflictDialog(props: ConflictDialogProps) {
  const { open, theirUpdatedAt, busy, onKeepMine, onLoadTheirs, onClose, noun = "post", theirChanges } = props;
  // To the second: two saves a minute apart are told apart (docs/decisions/069, "One date format").
  const timeZone = useSiteTimeZone();
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !busy && onClose()}>
      <DialogContent showCloseButton={!busy}>
        <DialogHeader>
          <DialogTitle>This {noun} was changed somewhere else</DialogTitle>
          <DialogDescription>
            Someone saved this {noun}{theirUpdatedAt ? ` at ${formatCmsDateTime(theirUpdatedAt, timeZone, { seconds: true })}` : ""}, in another tab or from another
            account, after you opened it. Your changes have not been saved, and theirs have not been overwritten.
          </DialogDescription>
        </DialogHeader>
        {theirChanges && theirChanges.length > 0 && <TheirChanges changes={theirChanges} />}
        <ul className="grid gap-2 text-sm text-slate-700">
          <li>
            <strong className="font-semibold text-foreground">Keep my version</strong>{" "}
            {theirChanges
              ? "saves your changes and keeps theirs to the fields you did not touch. Where you both changed a field, yours replaces theirs; theirs stays in History."
              : "saves your text over theirs."}
          </li>
          <li>
            <strong className="font-semibold text-foreground">Load their version</strong> replaces your text with the saved
            one.{noun === "post" ? " Your text stays on this device until you save or discard it." : " Your changes are dropped."}
          </li>
        </ul>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={busy !== null}>
            Cancel
          </Button>
          <Button variant="outline" onClick={onLoadTheirs} disabled={busy !== null}>
            {busy === "theirs" && <Spinner />}
            Load their version
          </Button>
          <Button onClick={onKeepMine} disabled={busy !== null}>
            {busy === "mine" && <Spinner />}
            Keep my version
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The other save's changes, each marked kept or replaced by the writer's. */
function TheirChanges({ changes }: { changes: TheirChange[] }) {
  return (
    <section aria-labelledby="their-changes-heading" className="grid gap-2">
      <h3 id="their-changes-heading" className="text-sm font-semibold text-foreground">
        What they changed
      </h3>
      <ul className="grid max-h-56 gap-2 overflow-y-auto rounded-lg border border-border bg-subtle p-3 text-sm">
        {changes.map((change) => (
          <li key={change.field} className="grid gap-0.5">
            <span className="flex flex-wrap items-center gap-2">
              <span className="font-medium text-foreground">{change.label}</span>
              <span
                className={
                  change.replaced
                    ? "rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900"
                    : "rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900"
                }
              >
                {change.replaced ? "You changed it too: yours is saved" : "Kept"}
              </span>
            </span>
            <span className="text-slate-700 [overflow-wrap:anywhere]">{change.theirs}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
