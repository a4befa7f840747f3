import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Link2, Share2, TriangleAlert } from "lucide-react";
import { DEFAULT_REVIEW_LINK_DAYS, REVIEW_LINK_DAY_CHOICES, type CreatedReviewLink, type ReviewLink } from "../../../../shared/review-links.ts";
import { formatInZone } from "../../../lib/site-time.ts";
import { useSiteTimeZone } from "../../../lib/site-details.ts";
import { toast } from "../../../lib/toast.ts";
import { Button } from "../../ui/button.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "../../ui/dialog.tsx";
import { Label } from "../../ui/label.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { CreatedReviewLinkBox, ReviewLinkRow } from "../review-link-parts.tsx";
import { request, type EditablePost } from "./post-api.ts";

/** Review links are for a post that is not live: a draft, or scheduled and not yet published (docs/decisions/065). */
export const canSharePreview = (post: EditablePost) => post.status !== "published";

const linksPath = (postId: number) => `/api/cms/posts/${postId}/review-links`;

const reviewLinksApi = {
  list: (postId: number) => request<ReviewLink[]>("GET", linksPath(postId)),
  create: (postId: number, expiresInDays: number) => request<CreatedReviewLink>("POST", linksPath(postId), { expiresInDays }),
  revoke: (postId: number, linkId: number) => request<{ id: number }>("DELETE", `${linksPath(postId)}/${linkId}`),
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * "Share preview" (docs/decisions/065-review-links.md): a button beside Preview, for a saved post that
 * is not live, opening a dialog that makes a review link (1, 7 or 30 days), shows its address once
 * with a Copy button, and lists the links that still open the post, each with Revoke.
 */
export function SharePreview({ post, unsavedChanges }: { post: EditablePost; unsavedChanges: boolean }) {
  const [open, setOpen] = useState(false);
  if (!canSharePreview(post)) return null;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" title="Share preview" className="max-sm:px-3">
          <Share2 aria-hidden="true" />
          <span className="max-sm:sr-only">Share preview</span>
        </Button>
      </DialogTrigger>
      {open && <ShareDialogContent postId={post.id} unsavedChanges={unsavedChanges} />}
    </Dialog>
  );
}

function ShareDialogContent({ postId, unsavedChanges }: { postId: number; unsavedChanges: boolean }) {
  const timeZone = useSiteTimeZone();
  const id = useId();
  const [days, setDays] = useState(DEFAULT_REVIEW_LINK_DAYS);
  const [links, setLinks] = useState<ReviewLink[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedReviewLink | null>(null);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<number | null>(null);
  const listHeadingRef = useRef<HTMLHeadingElement>(null);

  const fetchLinks = useCallback(
    () => reviewLinksApi.list(postId).then(setLinks, (error: unknown) => setLoadError(messageOf(error))),
    [postId],
  );
  useEffect(() => {
    void fetchLinks();
  }, [fetchLinks]);
  const reload = () => {
    setLoadError(null);
    setLinks(null);
    void fetchLinks();
  };

  const create = async () => {
    setCreating(true);
    try {
      const link = await reviewLinksApi.create(postId, days);
      setCreated(link);
      setLinks((current) => [link, ...(current ?? [])]);
      toast({ title: "Review link created", description: `It works until ${formatInZone(link.expiresAt, timeZone)}.` });
    } catch (error) {
      toast({ title: "Could not create the link", description: messageOf(error), variant: "destructive" });
    } finally {
      setCreating(false);
    }
  };

  const revoke = async (link: ReviewLink) => {
    setRevoking(link.id);
    try {
      await reviewLinksApi.revoke(postId, link.id);
      setLinks((current) => (current ?? []).filter((item) => item.id !== link.id));
      if (created?.id === link.id) setCreated(null);
      // The button is gone with its row: the focus goes to the list, not to the page behind the dialog.
      listHeadingRef.current?.focus();
      toast({ title: "Review link revoked", description: "Anyone who opens it now gets “Page Not Found”." });
    } catch (error) {
      toast({ title: "Could not revoke the link", description: messageOf(error), variant: "destructive" });
      reload();
    } finally {
      setRevoking(null);
    }
  };

  return (
    <DialogContent className="max-w-xl gap-5">
      <DialogHeader>
        <DialogTitle>Share preview</DialogTitle>
        <DialogDescription>
          Anyone with a review link can read this post as it will look on the blog, without signing in, until the link
          expires or you revoke it. Search engines are asked not to index it.
        </DialogDescription>
      </DialogHeader>

      {unsavedChanges && (
        <p className="flex items-start gap-2.5 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2.5 text-sm text-amber-950">
          <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
          <span>Reviewers see the last saved version. Save your changes for them to see those too.</span>
        </p>
      )}

      <section aria-labelledby={`${id}-new`} className="grid gap-3 rounded-xl border border-border bg-subtle p-4">
        <h3 id={`${id}-new`} className="text-sm font-semibold text-foreground">
          New link
        </h3>
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid min-w-40 flex-1 gap-2">
            <Label htmlFor={`${id}-days`}>Link expires after</Label>
            <select
              id={`${id}-days`}
              value={String(days)}
              onChange={(event) => setDays(Number(event.target.value))}
              className="h-10 w-full min-w-0 rounded-lg border border-border-strong bg-white px-3 text-sm text-foreground shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30"
            >
              {REVIEW_LINK_DAY_CHOICES.map((choice) => (
                <option key={choice} value={String(choice)}>
                  {choice === 1 ? "1 day" : `${choice} days`}
                </option>
              ))}
            </select>
          </div>
          <Button onClick={() => void create()} disabled={creating}>
            {creating ? <Spinner /> : <Link2 aria-hidden="true" />}
            Create link
          </Button>
        </div>

        {created && <CreatedReviewLinkBox key={created.id} created={created} />}
      </section>

      <section aria-labelledby={`${id}-active`} className="grid gap-3">
        <h3 id={`${id}-active`} ref={listHeadingRef} tabIndex={-1} className="text-sm font-semibold text-foreground outline-none">
          Active links{links && links.length > 0 ? ` (${links.length})` : ""}
        </h3>
        {loadError ? (
          <div className="flex flex-wrap items-center gap-3 text-sm text-destructive" role="alert">
            <span>Failed to load the review links: {loadError}</span>
            <Button variant="outline" size="sm" onClick={reload}>
              Try Again
            </Button>
          </div>
        ) : links === null ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner label="Loading review links" />
            Loading…
          </p>
        ) : links.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border-strong px-4 py-5 text-center text-sm text-muted-foreground">
            No active review links. Links you create stay here until they expire or you revoke them.
          </p>
        ) : (
          <ul className="divide-y divide-border rounded-lg border border-border">
            {links.map((link) => (
              <ReviewLinkRow key={link.id} link={link} disabled={revoking !== null} revoking={revoking === link.id} onRevoke={() => void revoke(link)} />
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
  );
}
