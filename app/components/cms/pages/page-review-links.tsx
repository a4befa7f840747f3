import { useId, useRef, useState } from "react";
import { Link2, Share2 } from "lucide-react";
import type { CreatedReviewLink, ReviewLink } from "../../../../shared/review-links.ts";
import { Button } from "../../ui/button.tsx";
import { CreatedReviewLinkBox, ReviewLinkRow } from "../review-link-parts.tsx";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "../../ui/dialog.tsx";
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
  const [created, setCreated] = useState<CreatedReviewLink | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
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
              void onCreate().then(setCreated)
            }
          >
            {busy ? <Spinner /> : <Link2 aria-hidden="true" />}
            Create link
          </Button>
          {created && <CreatedReviewLinkBox key={created.id} created={created} />}
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
