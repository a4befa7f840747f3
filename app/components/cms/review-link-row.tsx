import type { ReviewLink } from "../../../shared/review-links.ts";
import { useSiteTimeZone } from "../../lib/site-details.ts";
import { formatInZone } from "../../lib/site-time.ts";
import { Button } from "../ui/button.tsx";
import { Spinner } from "../ui/spinner.tsx";

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
