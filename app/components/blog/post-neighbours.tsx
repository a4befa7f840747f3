import { Link } from "react-router";
import { ArrowLeft, ArrowRight } from "lucide-react";
import { postPath } from "../../lib/blog.ts";
import { cn } from "../../lib/cn.ts";

/** A neighbouring published post: only what its link shows. */
export interface NeighbourLink {
  slug: string;
  title: string;
}

const neighbourLink =
  "group flex h-full flex-col gap-1.5 rounded-2xl border border-border bg-white p-5 shadow-card transition-shadow outline-none hover:shadow-card-hover focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2";

/**
 * The previous (older) and next (newer) published posts by publication date (docs/decisions/046).
 * The first post has no previous one and the latest no next one: that side is simply absent, and
 * Next stays in the right-hand column. Each link is named by what it shows: "Previous post: {title}".
 */
export function PostNeighbours({
  previous,
  next,
  className,
}: {
  previous: NeighbourLink | null;
  next: NeighbourLink | null;
  className?: string;
}) {
  if (!previous && !next) return null;
  // One neighbour alone takes the whole row, read from the left like the text above it: a lone half-width card,
  // or one pushed to the right edge, reads as a gap (docs/decisions/059).
  const alone = !previous || !next;
  return (
    <nav aria-label="Previous and next posts" className={className}>
      <ul className={cn("grid gap-4", !alone && "sm:grid-cols-2")}>
        {previous && (
          <li>
            <Link to={postPath(previous.slug)} className={neighbourLink}>
              <span className="flex items-center gap-1.5 text-sm font-medium text-muted-foreground">
                <ArrowLeft aria-hidden="true" className="size-4 transition-transform group-hover:-translate-x-0.5" />
                <span>
                  Previous post<NameColon />
                </span>
              </span>
              <span className="font-semibold text-balance text-foreground group-hover:text-primary-strong">{previous.title}</span>
            </Link>
          </li>
        )}
        {next && (
          <li className={cn(!alone && "sm:col-start-2")}>
            <Link to={postPath(next.slug)} className={cn(neighbourLink, !alone && "sm:items-end sm:text-right")}>
              <span className="flex items-center gap-1.5 text-sm font-medium text-muted-foreground">
                <span>
                  Next post<NameColon />
                </span>
                <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5" />
              </span>
              <span className="font-semibold text-balance text-foreground group-hover:text-primary-strong">{next.title}</span>
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}

/**
 * The colon between "Previous post" and the title in the link's name, not shown. Inline and in the
 * label's own text run: `sr-only` (absolutely positioned, so a block) makes Chromium name the link
 * "Previous post : {title}".
 */
function NameColon() {
  return <span className="text-[0px]">:</span>;
}
