import { useId } from "react";
import type { AuthorChoice } from "../../../shared/authors.ts";
import { siteConfig } from "../../../shared/site-config.ts";
import { Card, CardContent, CardDescription, CardHeader } from "../ui/card.tsx";
import { Label } from "../ui/label.tsx";
import { FieldError, fieldErrorProps } from "./editor/field-error.tsx";

/** The select's value for "no named author": the organisation signs the post. */
const ORGANISATION = "";

/**
 * Who a post is by (docs/decisions/044), in the editor's settings: the administrators by display
 * name, the post's present author whoever they are, and the organisation. A new post starts as the
 * signed-in user's; an edit keeps its author until an administrator picks another here. A native
 * select: keyboard and screen readers work as they do everywhere.
 */
export function AuthorField({
  value,
  choices,
  onChange,
  error,
}: {
  /** The author's user id; null for the organisation. */
  value: number | null;
  choices: AuthorChoice[];
  onChange: (authorId: number | null) => void;
  error?: string;
}) {
  const id = useId();
  const selectId = `${id}-author`;
  // A stale form can name someone no longer offered (deleted meanwhile): shown, so the select never lies.
  const known = value === null || choices.some((choice) => choice.id === value);
  return (
    <Card>
      <CardHeader className="pb-4">
        <h2 className="text-lg leading-snug font-semibold tracking-tight">Author</h2>
        <CardDescription>Whose name and picture the post is signed with.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        <Label htmlFor={selectId}>Author</Label>
        <select
          id={selectId}
          name="authorId"
          value={value === null ? ORGANISATION : String(value)}
          onChange={(event) => onChange(event.target.value === ORGANISATION ? null : Number(event.target.value))}
          {...fieldErrorProps(selectId, error, `${selectId}-hint`)}
          className="h-10 w-full min-w-0 rounded-lg border border-border-strong bg-white px-3 text-sm text-foreground shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30 aria-invalid:border-destructive"
        >
          {choices.map((choice) => (
            <option key={choice.id} value={String(choice.id)}>
              {choice.name === choice.username ? choice.name : `${choice.name} (@${choice.username})`}
            </option>
          ))}
          {!known && <option value={String(value)}>{`User #${value}`}</option>}
          <option value={ORGANISATION}>{`${siteConfig.productName} (no named author)`}</option>
        </select>
        <FieldError fieldId={selectId} message={error} />
        <p id={`${selectId}-hint`} className="text-xs text-muted-foreground">
          Anyone who writes posts can be named. Each writer sets their name, picture and bio under Profile.
        </p>
      </CardContent>
    </Card>
  );
}
