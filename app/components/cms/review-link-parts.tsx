import { useEffect, useId, useRef, useState } from "react";
import { Check, Copy } from "lucide-react";
import type { CreatedReviewLink, ReviewLink } from "../../../shared/review-links.ts";
import { toast } from "../../lib/toast.ts";
import { useSiteTimeZone } from "../../lib/site-details.ts";
import { formatInZone } from "../../lib/site-time.ts";
import { Button } from "../ui/button.tsx";
import { Input } from "../ui/input.tsx";
import { Label } from "../ui/label.tsx";
import { Spinner } from "../ui/spinner.tsx";

/**
 * A review link just made (docs/decisions/065): its address, focused and selected, with a Copy button; when
 * the clipboard is refused the address stays selected for Ctrl+C. Shown once: only its hash is kept. Give it
 * `key={created.id}` so a new link starts afresh.
 */
export function CreatedReviewLinkBox({ created }: { created: CreatedReviewLink }) {
  const id = useId();
  const timeZone = useSiteTimeZone();
  const [copied, setCopied] = useState(false);
  const urlRef = useRef<HTMLInputElement>(null);
  const copiedTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(copiedTimer.current), []);
  // The new address takes the focus, selected: ready to copy with the button or the keyboard.
  useEffect(() => {
    urlRef.current?.focus();
    urlRef.current?.select();
  }, []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.url);
      setCopied(true);
      clearTimeout(copiedTimer.current);
      copiedTimer.current = setTimeout(() => setCopied(false), 2500);
      toast({ title: "Link copied", description: "Paste it to your reviewers: they need no account to open it." });
    } catch {
      // No clipboard (permission refused, an insecure origin): the address is selected for Ctrl+C instead.
      urlRef.current?.focus();
      urlRef.current?.select();
      toast({ title: "Copy failed", description: "The link is selected: press Ctrl+C (⌘C on a Mac) to copy it.", variant: "destructive" });
    }
  };

  return (
    <div className="grid gap-2 rounded-lg border border-brand-200 bg-white p-3" data-testid="created-review-link">
      <Label htmlFor={`${id}-url`}>Review link</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          ref={urlRef}
          id={`${id}-url`}
          readOnly
          value={created.url}
          aria-describedby={`${id}-url-hint`}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 basis-60 font-mono text-xs"
        />
        <Button variant="secondary" onClick={() => void copy()}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? "Copied" : "Copy"}
          <span className="sr-only"> review link</span>
        </Button>
      </div>
      <p id={`${id}-url-hint`} className="text-xs text-muted-foreground">
        Copy it now: it is shown only once. It works until {formatInZone(created.expiresAt, timeZone)}.
      </p>
    </div>
  );
}

/**
 * One active review link in a list (docs/decisions/065): when it expires, who made it when, and its
 * Revoke button, named by its expiry. Posts' and landing pages' share dialogs list them alike.
 */
export function ReviewLinkRow({
  link,
  disabled,
  revoking = false,
  onRevoke,
}: {
  link: ReviewLink;
  disabled: boolean;
  /** This link's revoke is under way. */
  revoking?: boolean;
  onRevoke: () => void;
}) {
  const timeZone = useSiteTimeZone();
  const expires = formatInZone(link.expiresAt, timeZone);
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
      <div className="grid min-w-0 gap-0.5 text-sm">
        <span className="font-medium text-foreground">Expires {expires}</span>
        <span className="text-muted-foreground">
          Created {formatInZone(link.createdAt, timeZone)}
          {link.createdBy ? ` by ${link.createdBy.name}` : ""}
        </span>
      </div>
      <Button
        variant="outline"
        size="sm"
        onClick={onRevoke}
        disabled={disabled}
        aria-label={`Revoke the link that expires ${expires}`}
        className="text-destructive hover:bg-red-50 hover:text-destructive-hover"
      >
        {revoking && <Spinner />}
        Revoke
      </Button>
    </li>
  );
}
