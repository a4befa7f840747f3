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
 * The previous (older) and next (newer) published posts by publication date (docs/decisions/046), a row of two
 * from `sm` up: previous on the left, next on the right. The first post has no previous one and the latest no
 * next one: that half holds a quieter way on, to all posts, so a lone neighbour reads as one half of a pair
 * rather than a gap (on phones, one column, the lone card is enough). Each post link is named by what it shows:
 * "Previous post: {title}".
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
  return (
    <nav aria-label="Previous and next posts" className={className}>
      <ul className="grid gap-4 sm:grid-cols-2">
        <li className={cn(!previous && "max-sm:hidden")}>
          {previous ? (
            <Link to={postPath(previous.slug)} className={neighbourLink}>
              <span className="flex items-center gap-1.5 text-sm font-medium text-muted-foreground">
                <ArrowLeft aria-hidden="true" className="size-4 transition-transform group-hover:-translate-x-0.5" />
                <span>
                  Previous post<NameColon />
                </span>
              </span>
              <span className="font-semibold text-balance text-foreground group-hover:text-primary-strong">{previous.title}</span>
            </Link>
          ) : (
            <AllPosts note="This is the first post" />
          )}
        </li>
        <li className={cn(!next && "max-sm:hidden")}>
          {next ? (
            <Link to={postPath(next.slug)} className={cn(neighbourLink, "sm:items-end sm:text-right")}>
              <span className="flex items-center gap-1.5 text-sm font-medium text-muted-foreground">
                <span>
                  Next post<NameColon />
                </span>
                <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5" />
              </span>
              <span className="font-semibold text-balance text-foreground group-hover:text-primary-strong">{next.title}</span>
            </Link>
          ) : (
            <AllPosts note="This is the newest post" end />
          )}
        </li>
      </ul>
    </nav>
  );
}

/** The missing neighbour's half: what it means, and the way to every post. */
function AllPosts({ note, end = false }: { note: string; end?: boolean }) {
  return (
    <Link
      to="/blog"
      className={cn(
        neighbourLink,
        "border-dashed border-border-strong bg-subtle shadow-none hover:shadow-none hover:border-primary/40",
        end && "sm:items-end sm:text-right",
      )}
    >
      <span className="text-sm font-medium text-muted-foreground">{note}</span>
      <span className="inline-flex items-center gap-1.5 font-semibold text-foreground group-hover:text-primary-strong">
        Browse all posts
        <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5" />
      </span>
    </Link>
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
