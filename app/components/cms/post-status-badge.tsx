import { postStatusLabels, type PostStatus } from "../../../shared/post-status.ts";
import { formatInZone } from "../../lib/site-time.ts";
import { useSiteTimeZone } from "../../lib/site-details.ts";
import { cn } from "../../lib/cn.ts";

const tone: Record<PostStatus, { badge: string; dot: string }> = {
  published: { badge: "bg-emerald-50 text-emerald-800 ring-emerald-200", dot: "bg-emerald-600" },
  scheduled: { badge: "bg-sky-50 text-sky-800 ring-sky-200", dot: "bg-sky-600" },
  draft: { badge: "bg-amber-50 text-amber-800 ring-amber-200", dot: "bg-amber-500" },
};

const badgeClass = Object.fromEntries(
  Object.entries(tone).map(([status, { badge }]) => [status, cn("inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ring-1", badge)]),
) as Record<PostStatus, string>;
const dotClass = Object.fromEntries(Object.entries(tone).map(([status, { dot }]) => [status, cn("size-1.5 rounded-full", dot)])) as Record<PostStatus, string>;

/**
 * A post's status as the dashboard and the editor show it (docs/product.md §2 badges, and Scheduled:
 * docs/decisions/049). A scheduled post's badge says when it goes live, in the site's time zone.
 */
export function PostStatusBadge({ status, scheduledAt = null, className }: { status: PostStatus; scheduledAt?: string | null; className?: string }) {
  const timeZone = useSiteTimeZone();
  // Without a className (the dashboard's 40 badges a page), the classes are joined once, not per badge.
  return (
    <span
      className={className === undefined ? badgeClass[status] : cn(badgeClass[status], className)}
      title={status === "scheduled" && scheduledAt ? `Goes live ${formatInZone(scheduledAt, timeZone)}` : undefined}
    >
      <span aria-hidden="true" className={dotClass[status]} />
      {postStatusLabels[status]}
    </span>
  );
}
