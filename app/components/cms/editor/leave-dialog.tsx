import type { Blocker } from "react-router";
import { Button } from "../../ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../ui/dialog.tsx";

/** Asks before leaving the editor with unsaved changes (decision 061): an in-app navigation waits here. */
export function LeaveDialog({
  blocker,
  description = "This post has changes that are not saved. They stay on this device and will be offered again when you open the post, but nobody else will see them.",
}: {
  blocker: Blocker;
  /** What happens to the changes: a post keeps a local copy (docs/decisions/061); a landing page does not. */
  description?: string;
}) {
  const open = blocker.state === "blocked";
  return (
    <Dialog open={open} onOpenChange={(next) => !next && blocker.state === "blocked" && blocker.reset()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Leave without saving?</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => blocker.state === "blocked" && blocker.proceed()}>
            Leave page
          </Button>
          <Button autoFocus onClick={() => blocker.state === "blocked" && blocker.reset()}>
            Keep editing
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
