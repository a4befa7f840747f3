import { useId, useState, type FormEvent } from "react";
import { Undo2 } from "lucide-react";
import { REVIEW_NOTE_MAX, REVIEW_NOTE_REQUIRED } from "../../../../shared/post-review.ts";
import { Button } from "../../ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "../../ui/dialog.tsx";
import { Label } from "../../ui/label.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { Textarea } from "../../ui/textarea.tsx";
import { FieldError, fieldErrorProps } from "./field-error.tsx";

/**
 * "Send back" on a draft in review (docs/decisions/032): a note for its writer, who sees it in the
 * editor until they submit the draft again. The same rule as the server's (shared/post-review.ts).
 */
export function SendBackDialog({ disabled, onSendBack }: { disabled: boolean; onSendBack: (note: string) => Promise<boolean> }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = note.trim();
    if (!text || text.length > REVIEW_NOTE_MAX) return setError(REVIEW_NOTE_REQUIRED);
    setBusy(true);
    try {
      if (await onSendBack(text)) {
        setOpen(false);
        setNote("");
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" disabled={disabled}>
          <Undo2 aria-hidden="true" />
          Send back
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={(event) => void submit(event)} className="grid gap-5" noValidate>
          <DialogHeader>
            <DialogTitle>Send back to the writer</DialogTitle>
            <DialogDescription>The draft leaves the review queue. Its writer sees your note in the editor until they submit it again.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-note`}>Note for the writer</Label>
            <Textarea
              id={`${id}-note`}
              value={note}
              rows={5}
              maxLength={REVIEW_NOTE_MAX}
              onChange={(event) => {
                setNote(event.target.value);
                setError(undefined);
              }}
              {...fieldErrorProps(`${id}-note`, error)}
            />
            <FieldError fieldId={`${id}-note`} message={error} />
          </div>
          <DialogFooter className="gap-2">
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy && <Spinner />}
              Send back
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
