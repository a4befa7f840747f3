import { Button } from "../../ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../ui/dialog.tsx";
import { Spinner } from "../../ui/spinner.tsx";

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
}

const time = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", second: "2-digit" }).format(new Date(iso));

/**
 * A 409 edit conflict (decision 041): someone saved this post after it was opened here. Nothing was
 * overwritten; the writer chooses, and neither version is dropped without being asked.
 */
export function ConflictDialog({ open, theirUpdatedAt, busy, onKeepMine, onLoadTheirs, onClose, noun = "post" }: ConflictDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !busy && onClose()}>
      <DialogContent showCloseButton={!busy}>
        <DialogHeader>
          <DialogTitle>This {noun} was changed somewhere else</DialogTitle>
          <DialogDescription>
            Someone saved this {noun}{theirUpdatedAt ? ` at ${time(theirUpdatedAt)}` : ""}, in another tab or from another
            account, after you opened it. Your changes have not been saved, and theirs have not been overwritten.
          </DialogDescription>
        </DialogHeader>
        <ul className="grid gap-2 text-sm text-slate-700">
          <li>
            <strong className="font-semibold text-foreground">Keep my version</strong> saves your text over theirs.
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
