import { useRef } from "react";
import { Button } from "../../ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../ui/dialog.tsx";
import { Spinner } from "../../ui/spinner.tsx";

/**
 * Restoring a revision of a live post asks how (docs/decisions/067): into the editor, as unsaved changes to review
 * and put live with Update Published (the default, which takes the focus), or straight onto the blog. Cancel and
 * Escape restore nothing.
 */
export function RestoreChoiceDialog({
  open,
  busy,
  onIntoEditor,
  onPublishNow,
  onCancel,
}: {
  open: boolean;
  busy: boolean;
  onIntoEditor: () => void;
  onPublishNow: () => void;
  onCancel: () => void;
}) {
  const intoEditor = useRef<HTMLButtonElement>(null);
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !busy && onCancel()}>
      <DialogContent
        showCloseButton={!busy}
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          intoEditor.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Restore this version of a live post?</DialogTitle>
          <DialogDescription>This post is on the blog. Choose whether readers see this version now.</DialogDescription>
        </DialogHeader>
        <ul className="grid gap-2 text-sm text-slate-700">
          <li>
            <strong className="font-semibold text-foreground">Restore into the editor</strong> puts this version in the
            editor as unsaved changes. The live post stays as it is until you click Update Published.
          </li>
          <li>
            <strong className="font-semibold text-foreground">Restore and publish now</strong> saves this version and puts
            it on the blog at once. The version it replaces stays in History.
          </li>
        </ul>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button variant="outline" onClick={onPublishNow} disabled={busy}>
            {busy && <Spinner />}
            Restore and publish now
          </Button>
          <Button ref={intoEditor} onClick={onIntoEditor} disabled={busy}>
            Restore into the editor
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
