import { useId, useState, type FormEvent } from "react";
import { DEFAULT_LINK_RELATIONS, relationsOf, type LinkRelations } from "../../../../shared/link-relations.ts";
import { Button } from "../../ui/button.tsx";
import { Checkbox } from "../../ui/checkbox.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../ui/dialog.tsx";
import { Input } from "../../ui/input.tsx";
import { Label } from "../../ui/label.tsx";
import { checkLinkUrl } from "./url-rules.ts";
import { UrlField } from "./url-field.tsx";

interface LinkDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The link under the cursor, when editing one. */
  currentHref: string;
  /** Its rel, when editing one (null: a new link, which starts with the defaults). */
  currentRel: string | null;
  /** With no selected text, the dialog also asks for the text to show. */
  hasSelection: boolean;
  onApply: (href: string, text: string, relations: LinkRelations) => void;
  onRemove: () => void;
}

/** Adds or edits a link; anything but http, https, mailto, tel or a same-site path is refused with a message. */
export function LinkDialog(props: LinkDialogProps) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      {/* Mounted per opening, so the fields start from the current link each time. */}
      {props.open && <LinkForm {...props} />}
    </Dialog>
  );
}

function LinkForm({ onOpenChange, currentHref, currentRel, hasSelection, onApply, onRemove }: LinkDialogProps) {
  const [href, setHref] = useState(currentHref);
  const [relations, setRelations] = useState(currentRel === null ? DEFAULT_LINK_RELATIONS : relationsOf(currentRel));
  const [text, setText] = useState("");
  const [error, setError] = useState("");
  const id = useId();
  const askText = !hasSelection && !currentHref;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkLinkUrl(href);
    if (!check.ok) return setError(check.message);
    onApply(check.url, text.trim(), relations);
    onOpenChange(false);
  };

  return (
    <DialogContent aria-describedby={`${id}-description`}>
      <form onSubmit={submit} noValidate className="grid gap-5">
        <DialogHeader>
          <DialogTitle>{currentHref ? "Edit link" : "Add link"}</DialogTitle>
          <DialogDescription id={`${id}-description`}>
            Web addresses (http, https), email (mailto:) and phone (tel:) links are allowed.
          </DialogDescription>
        </DialogHeader>
        <UrlField
          id={`${id}-href`}
          label="Link address"
          value={href}
          autoFocus
          placeholder="https://example.com/page"
          error={error}
          onValueChange={(value) => {
            setHref(value);
            setError("");
          }}
        />
        {askText && (
          <div className="grid gap-2">
            <Label htmlFor={`${id}-text`}>Text to show (optional)</Label>
            <Input id={`${id}-text`} value={text} onChange={(event) => setText(event.target.value)} />
          </div>
        )}
        <fieldset className="grid gap-3" aria-describedby={`${id}-relations-hint`}>
          <legend className="text-sm font-medium text-foreground">For search engines</legend>
          <p id={`${id}-relations-hint`} className="-mt-1 text-xs text-muted-foreground">
            Applies to links to other sites; links to this site are always followed.
          </p>
          <RelationBox
            id={`${id}-nofollow`}
            label="Don't vouch for this link (nofollow)"
            checked={relations.nofollow}
            onChange={(nofollow) => setRelations({ ...relations, nofollow })}
          />
          <RelationBox
            id={`${id}-sponsored`}
            label="Paid or sponsored link (sponsored)"
            checked={relations.sponsored}
            onChange={(sponsored) => setRelations({ ...relations, sponsored })}
          />
        </fieldset>
        <DialogFooter className="sm:justify-between">
          {currentHref ? (
            <Button
              type="button"
              variant="ghost"
              className="text-destructive hover:text-destructive"
              onClick={() => {
                onRemove();
                onOpenChange(false);
              }}
            >
              Remove link
            </Button>
          ) : (
            <span aria-hidden="true" />
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit">{currentHref ? "Update link" : "Add link"}</Button>
          </div>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}

function RelationBox({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="flex items-center gap-3">
      <Checkbox id={id} checked={checked} onCheckedChange={(value) => onChange(value === true)} />
      <Label htmlFor={id} className="font-normal">
        {label}
      </Label>
    </div>
  );
}
