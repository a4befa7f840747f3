import { useId, useRef, useState } from "react";
import { useSiteTimeZone } from "../../../lib/site-details.ts";
import { Check, Copy, Link2, Share2 } from "lucide-react";
import type { CreatedReviewLink, ReviewLink } from "../../../../shared/review-links.ts";
import { formatInZone } from "../../../lib/site-time.ts";
import { Button } from "../../ui/button.tsx";
import { ReviewLinkRow } from "../review-link-row.tsx";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "../../ui/dialog.tsx";
import { Input } from "../../ui/input.tsx";
import { Label } from "../../ui/label.tsx";
import { Spinner } from "../../ui/spinner.tsx";

/**
 * Review links of a landing page not live yet (docs/decisions/065 for posts; 039 for pages): Create link
 * shows the address once, with Copy; the active links are listed, each with Revoke. Reviewers see the
 * page as last saved.
 */
export function PageReviewLinks({
  links,
  unsavedChanges,
  busy,
  onCreate,
  onRevoke,
}: {
  links: ReviewLink[];
  unsavedChanges: boolean;
  busy: boolean;
  onCreate: () => Promise<CreatedReviewLink | null>;
  onRevoke: (linkId: number) => Promise<boolean>;
}) {
  const id = useId();
  const timeZone = useSiteTimeZone();
  const [created, setCreated] = useState<CreatedReviewLink | null>(null);
  const [copied, setCopied] = useState(false);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const address = created?.url ?? "";
  return (
    <Dialog onOpenChange={() => setCreated(null)}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Share2 aria-hidden="true" />
          Share preview
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Share a preview</DialogTitle>
          <DialogDescription>Anyone with a review link sees this page as last saved, until the link expires or you revoke it.</DialogDescription>
        </DialogHeader>
        {unsavedChanges && <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">Save your changes for reviewers to see them.</p>}
        <div className="grid gap-3 rounded-xl border border-border bg-subtle p-4">
          <Button
            className="w-fit"
            disabled={busy}
            onClick={() =>
              void onCreate().then((link) => {
                setCreated(link);
                setCopied(false);
              })
            }
          >
            {busy ? <Spinner /> : <Link2 aria-hidden="true" />}
            Create link
          </Button>
          {created && (
            <div className="grid gap-2">
              <Label htmlFor={`${id}-url`}>Review link</Label>
              <div className="flex flex-wrap gap-2">
                <Input id={`${id}-url`} readOnly value={address} autoFocus onFocus={(event) => event.currentTarget.select()} className="min-w-0 flex-1 basis-60 font-mono text-xs" />
                <Button variant="secondary" onClick={() => void navigator.clipboard.writeText(address).then(() => setCopied(true))}>
                  {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
                  {copied ? "Copied" : "Copy"}
                  <span className="sr-only"> review link</span>
                </Button>
              </div>
              <p className="text-xs text-muted-foreground">Copy it now: it is shown only once. It works until {formatInZone(created.expiresAt, timeZone)}.</p>
            </div>
          )}
        </div>
        <section aria-labelledby={`${id}-active`} className="grid gap-3">
          <h3 id={`${id}-active`} ref={listHeading} tabIndex={-1} className="text-sm font-semibold text-foreground outline-none">
            Active links{links.length > 0 ? ` (${links.length})` : ""}
          </h3>
          {links.length === 0 ? (
            <p className="text-sm text-muted-foreground">No active review links.</p>
          ) : (
            <ul className="divide-y divide-border rounded-lg border border-border">
              {links.map((link) => (
                <ReviewLinkRow
                  key={link.id}
                  link={link}
                  disabled={busy}
                  // The revoked link's row goes: the focus goes to the list's heading, not to the page behind.
                  onRevoke={() => void onRevoke(link.id).then((done) => done && listHeading.current?.focus())}
                />
              ))}
            </ul>
          )}
        </section>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Done</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
