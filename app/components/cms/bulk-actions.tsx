import { Fragment, useEffect, useRef, useState, type FormEvent, type ReactNode, type RefObject } from "react";
import { Link, type useFetcher } from "react-router";
import { Button } from "../ui/button.tsx";
import { Card } from "../ui/card.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../ui/dialog.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { ENHANCED_FIELD } from "../../lib/enhanced-form.ts";
import { useFetcherResult } from "./use-fetcher-result.ts";
import { toast } from "../../lib/toast.ts";
import {
  bulkConfirmText,
  bulkConfirmTitle,
  isConfirmedAction,
  type ConfirmedAction,
  bulkLabels,
  bulkSummary,
  bulkTitle,
  TAG_ACTIONS,
  type BulkAction,
  type BulkResult,
} from "../../../shared/post-bulk.ts";

/** The dashboard action's answer to a bulk form (app/routes/cms/control.tsx). */
export type BulkAnswer = { bulk: BulkResult } | { confirm: { action: ConfirmedAction; ids: number[] } } | { bulkError: string };

/** The checkbox each row carries, named so a plain form posts the checked ids. */
export const ROW_CHECKBOX = "ids";

export type BulkFetcher = ReturnType<typeof useFetcher<BulkAnswer>>;

/**
 * What the last bulk action did, for the page (docs/decisions/036-dashboard-bulk-actions.md): with
 * JavaScript the fetcher's answer, toasted once the list is read again and kept while the list's address
 * stays the one it was made on; without, the action's answer to the plain post. Owned by the page, not the
 * form: a delete can empty the list, and the form with it.
 */
export function useBulkOutcome(fetcher: BulkFetcher, plain: BulkAnswer | undefined, listHref: string) {
  const hydrated = useHydrated();
  const [outcome, setOutcome] = useState<{ href: string; result: BulkResult } | null>(null);
  useFetcherResult(fetcher, (data) => {
    if ("bulk" in data) {
      setOutcome({ href: listHref, result: data.bulk });
      const { done, refused } = data.bulk;
      toast({ title: bulkTitle(data.bulk), description: bulkSummary(data.bulk), variant: done === 0 && refused.length > 0 ? "destructive" : "default" });
    } else if ("bulkError" in data) {
      toast({ title: "Nothing changed", description: data.bulkError, variant: "destructive" });
    }
  });
  if (!hydrated) return { answer: plain, dismiss: undefined };
  const answer = outcome?.href === listHref ? { bulk: outcome.result } : undefined;
  return { answer, dismiss: () => setOutcome(null) };
}

/** The outcome above the list: the result, a plain form's Delete question, or why nothing was done. */
export function BulkNotices({
  answer,
  action,
  titleOf,
  onDismiss,
}: {
  answer: BulkAnswer | undefined;
  action: string;
  /** A post's title from the page's rows, for refusals that carry none. */
  titleOf: (id: number) => string | undefined;
  onDismiss?: () => void;
}) {
  if (!answer) return null;
  if ("confirm" in answer) return <PlainConfirm {...answer.confirm} listHref={action} />;
  if ("bulkError" in answer) {
    return (
      <p role="alert" className="mb-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
        {answer.bulkError}
      </p>
    );
  }
  return <BulkOutcome result={answer.bulk} titleOf={titleOf} onDismiss={onDismiss} />;
}

/**
 * The dashboard's bulk actions (docs/decisions/036-dashboard-bulk-actions.md): a form around the list,
 * a checkbox per row, "Select all on this page", then Publish, Unpublish, Add tag or Remove tag (with the
 * Tag field) or Delete for the checked posts, shown once one is checked (docs/decisions/069). Without JavaScript it is a plain POST (Unpublish and Delete first ask on a page of their own); with
 * it, the page's fetcher, a dialog naming the count before Unpublish or Delete, and a toast. The rows are `children`:
 * checking a box re-renders only the bar, not the list (docs/decisions/023). Keyed by the list's
 * address where it is used, so another page or filter starts with nothing checked.
 */
export function BulkForm({
  action,
  fetcher,
  actions,
  rows,
  tagNames,
  children,
}: {
  /** The list's address: where the form posts and what the loader reads again. */
  action: string;
  fetcher: BulkFetcher;
  /** The buttons: what the viewer's role may do (shared/post-bulk.ts `bulkActionsFor`). */
  actions: BulkAction[];
  /** How many rows (checkboxes) the list has. */
  rows: number;
  /** Every tag's name: the Tag field's suggestions. */
  tagNames: string[];
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const [checked, setChecked] = useState(0);
  const [confirming, setConfirming] = useState<{ action: ConfirmedAction; count: number } | null>(null);
  const pending = fetcher.state !== "idle";
  const selectAllRef = useRef<HTMLInputElement>(null);
  const actionsRef = useRef<HTMLSpanElement>(null);
  // With JavaScript the actions show only once a row is checked (docs/decisions/069). When they hide under the
  // keyboard's focus (an action done, the last box unchecked), the focus goes to "Select all on this page".
  const hadChecked = useRef(false);
  useEffect(() => {
    const had = hadChecked.current;
    hadChecked.current = checked > 0;
    if (checked > 0 || !had) return;
    const active = document.activeElement;
    if (active === document.body || (active && actionsRef.current?.contains(active))) selectAllRef.current?.focus();
  }, [checked]);

  const boxes = () => [...(formRef.current?.querySelectorAll<HTMLInputElement>(`input[name="${ROW_CHECKBOX}"]`) ?? [])];
  const recount = () => setChecked(boxes().filter((box) => box.checked).length);

  const selectAll = (on: boolean) => {
    for (const box of boxes()) box.checked = on;
    recount();
  };

  // Once the list is read again: nothing checked (deleted rows took their checks with them).
  useFetcherResult(fetcher, (data) => {
    setConfirming(null);
    if ("bulk" in data) {
      // Through the property, not reset() alone: React keeps its own record of each box's last value and
      // fires no change for a box checked again if its record still says checked (docs/decisions/036).
      selectAll(false);
      formRef.current?.reset();
    }
  });

  const send = (intent: BulkAction, confirmed: boolean) => {
    if (!formRef.current) return;
    const form = new FormData(formRef.current);
    form.set("intent", `bulk-${intent}`);
    form.set(ENHANCED_FIELD, "1");
    if (confirmed) form.set("confirmed", "1");
    void fetcher.submit(form, { method: "post", action });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const intent = submitter?.value.replace(/^bulk-/, "") as BulkAction | undefined;
    if (!intent || !actions.includes(intent)) return;
    if (isConfirmedAction(intent)) setConfirming({ action: intent, count: checked });
    else send(intent, false);
  };

  return (
    <>
      <form ref={formRef} method="post" action={action} onSubmit={hydrated ? onSubmit : undefined} onChange={recount} aria-label="Posts">
        {/* The form's default button, disabled: Enter in the Tag field submits nothing (it would press Publish). */}
        <button type="submit" disabled hidden />
        <div role="group" aria-label="Bulk actions" className="flex flex-wrap items-center gap-x-4 gap-y-2 border-y border-border bg-subtle/50 px-4 py-2 sm:px-5">
          {hydrated ? (
            <>
              <SelectAll inputRef={selectAllRef} checked={checked} rows={rows} onChange={selectAll} />
              <span className="text-sm text-muted-foreground" aria-live="polite">
                {checked === 0 ? "None selected" : `${checked.toLocaleString("en-US")} selected`}
              </span>
            </>
          ) : (
            <span className="text-sm text-muted-foreground">With the checked posts:</span>
          )}
          <span ref={actionsRef} className={`flex-wrap gap-2 sm:ml-auto ${hydrated && checked === 0 ? "hidden" : "flex"}`}>
            {actions.map((intent) => (
              <Fragment key={intent}>
                {intent === TAG_ACTIONS[0] && <BulkTagField tagNames={tagNames} />}
                <Button
                  type="submit"
                  name="intent"
                  value={`bulk-${intent}`}
                  size="sm"
                  variant={intent === "delete" ? "destructive" : "outline"}
                  disabled={hydrated && (checked === 0 || pending)}
                >
                  {pending && fetcher.formData?.get("intent") === `bulk-${intent}` && <Spinner />}
                  {bulkLabels[intent]}
                </Button>
              </Fragment>
            ))}
          </span>
        </div>
        {children}
      </form>
      {confirming !== null && (
        <Dialog open onOpenChange={(open) => !open && !pending && setConfirming(null)}>
          <DialogContent showCloseButton={!pending}>
            <DialogHeader>
              <DialogTitle>{bulkConfirmTitle(confirming.action, confirming.count)}</DialogTitle>
              <DialogDescription>{bulkConfirmText(confirming.action, confirming.count)}</DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setConfirming(null)} disabled={pending}>
                Cancel
              </Button>
              <Button
                type="button"
                variant={confirming.action === "delete" ? "destructive" : "default"}
                onClick={() => send(confirming.action, true)}
                disabled={pending}
                aria-busy={pending}
              >
                {pending && <Spinner />}
                {bulkLabels[confirming.action]}
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      )}
    </>
  );
}

/** "Select all on this page": checked when every row is, mixed when some are. */
function SelectAll({
  inputRef: ref,
  checked,
  rows,
  onChange,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  checked: number;
  rows: number;
  onChange: (on: boolean) => void;
}) {
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = checked > 0 && checked < rows;
  }, [ref, checked, rows]);
  return (
    <label className="inline-flex items-center gap-2 text-sm font-medium text-foreground">
      <input
        ref={ref}
        type="checkbox"
        className="cms-row-check"
        checked={rows > 0 && checked === rows}
        onChange={(event) => onChange(event.target.checked)}
      />
      Select all on this page
    </label>
  );
}

/** Without JavaScript, Unpublish and Delete ask first: the checked posts again, with Cancel and the action. */
function PlainConfirm({ action, ids, listHref }: { action: ConfirmedAction; ids: number[]; listHref: string }) {
  return (
    <Card role="region" aria-labelledby="bulk-confirm-title" className={`mb-6 p-6 ${action === "delete" ? "border-red-200" : "border-amber-200"}`}>
      <h2 id="bulk-confirm-title" className="text-lg font-semibold text-foreground">
        {bulkConfirmTitle(action, ids.length)}
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">{bulkConfirmText(action, ids.length)}</p>
      <form method="post" action={listHref} className="mt-4 flex flex-wrap gap-3">
        <Button asChild variant="outline">
          <Link to={listHref}>Cancel</Link>
        </Button>
        {ids.map((id) => (
          <input key={id} type="hidden" name={ROW_CHECKBOX} value={id} />
        ))}
        <input type="hidden" name="confirmed" value="1" />
        <Button type="submit" name="intent" value={`bulk-${action}`} variant={action === "delete" ? "destructive" : "default"}>
          {bulkLabels[action]}
        </Button>
      </form>
    </Card>
  );
}

/** What a bulk action did: how many, and each post it refused with the reason. */
function BulkOutcome({ result, titleOf, onDismiss }: { result: BulkResult; titleOf: (id: number) => string | undefined; onDismiss?: () => void }) {
  const refused = result.refused.length > 0;
  return (
    <section
      aria-label="Bulk action result"
      className={`mb-4 rounded-lg px-3 py-2 text-sm ring-1 ${refused ? "bg-amber-50 text-amber-950 ring-amber-200" : "bg-emerald-50 text-emerald-950 ring-emerald-200"}`}
    >
      <div className="flex items-start justify-between gap-3">
        <p className="font-semibold">{bulkSummary(result)}</p>
        {onDismiss && (
          <button type="button" onClick={onDismiss} className="rounded-sm text-sm underline underline-offset-2 outline-none focus-visible:ring-2 focus-visible:ring-ring">
            Dismiss
          </button>
        )}
      </div>
      {refused && (
        <ul className="mt-1 list-disc pl-5">
          {result.refused.map((refusal) => (
            <li key={refusal.id}>
              <span className="font-medium">{refusal.title ?? titleOf(refusal.id) ?? `Post ${refusal.id}`}</span>: {refusal.reason}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The Tag field the tag actions read, with every tag's name as a suggestion. */
function BulkTagField({ tagNames }: { tagNames: string[] }) {
  return (
    <span className="inline-flex items-center gap-2">
      <label htmlFor="bulk-tag" className="text-sm font-medium text-foreground">
        Tag<span className="sr-only"> to add or remove</span>
      </label>
      <input
        id="bulk-tag"
        name="tag"
        list="bulk-tag-names"
        autoComplete="off"
        maxLength={40}
        className="h-8 w-36 rounded-md border border-border-strong bg-white px-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
      />
      <datalist id="bulk-tag-names">
        {tagNames.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
    </span>
  );
}
