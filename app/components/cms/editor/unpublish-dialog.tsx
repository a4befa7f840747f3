import { useRef } from "react";
import { Button } from "../../ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../ui/dialog.tsx";

/**
 * Saving a live post as a draft takes it off the blog (docs/product.md §4), so it asks first; Cancel, the
 * default, saves nothing (docs/decisions/062-unpublishing-keeps-the-first-date.md).
 */
export function UnpublishDialog({ open, onConfirm, onCancel }: { open: boolean; onConfirm: () => void; onCancel: () => void }) {
  const cancel = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onCancel()}>
      <DialogContent
        // Cancel takes the focus; closing gives it back to the button that opened the dialog (Radix
        // returns it only to a DialogTrigger, and Save Draft opens this dialog only sometimes).
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          cancel.current?.focus();
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          opener.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Unpublish this post?</DialogTitle>
          <DialogDescription>It will disappear from the blog until you publish it again.</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button ref={cancel} variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={onConfirm}>
            Unpublish
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
