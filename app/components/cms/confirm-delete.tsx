import type { ReactNode } from "react";
import { Link, type useFetcher } from "react-router";
import { Button } from "../ui/button.tsx";
import { Card } from "../ui/card.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../ui/dialog.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { ENHANCED_FIELD, type ActionResult } from "../../lib/enhanced-form.ts";

export interface ConfirmDeleteProps {
  title: string;
  description: ReactNode;
  /** The route action that deletes, e.g. "/cms/users". */
  action: string;
  /** Where Cancel (and closing the dialog) goes: the page without its `?delete=` parameter. */
  cancelTo: string;
  /** Hidden fields identifying what to delete, e.g. { intent: "delete", userId: "7" }. */
  fields: Record<string, string>;
  /** The page's fetcher (kept by the page, so its result outlives the dialog). */
  fetcher: ReturnType<typeof useFetcher<ActionResult>>;
  onClose: () => void;
  /** The confirming button's text (default "Delete"), e.g. "Revoke". */
  confirmLabel?: string;
}

/**
 * The confirmation before a delete, reached through a `?delete=` link: a modal dialog once
 * JavaScript runs, and the same question as a panel with a plain form without it.
 */
export function ConfirmDelete({ title, description, action, cancelTo, fields, fetcher, onClose, confirmLabel = "Delete" }: ConfirmDeleteProps) {
  const hydrated = useHydrated();
  const pending = fetcher.state !== "idle";
  const hiddenFields = Object.entries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
  const submit = (
    <Button type="submit" variant="destructive" disabled={pending} aria-busy={pending} className="w-full sm:w-auto">
      {pending && <Spinner />}
      {confirmLabel}
    </Button>
  );

  if (!hydrated) {
    return (
      <Card role="region" aria-labelledby="confirm-delete-title" className="mb-6 border-red-200 p-6">
        <h2 id="confirm-delete-title" className="text-lg font-semibold text-foreground">
          {title}
        </h2>
        <div className="mt-2 text-sm text-muted-foreground">{description}</div>
        <form method="post" action={action} className="mt-4 flex flex-wrap gap-3">
          <Button asChild variant="outline">
            <Link to={cancelTo}>Cancel</Link>
          </Button>
          {hiddenFields}
          {submit}
        </form>
      </Card>
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent showCloseButton={!pending}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription asChild>
            <div>{description}</div>
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <fetcher.Form method="post" action={action}>
            {hiddenFields}
            <input type="hidden" name={ENHANCED_FIELD} value="1" />
            {submit}
          </fetcher.Form>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
