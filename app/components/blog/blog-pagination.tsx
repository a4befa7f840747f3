import { Link } from "react-router";
import { ArrowLeft, ArrowRight } from "lucide-react";
import { Button } from "../ui/button.tsx";

/**
 * Previous / next links of a paged blog listing (/blog, a tag, a search), with where the reader is between
 * them ("Page 2 of 5" when the number of pages is known). Plain links: paging works without JavaScript.
 */
export function BlogPagination({
  page,
  pageCount,
  hasOlder,
  href,
  label = "Blog pages",
  newerLabel = "Newer posts",
  olderLabel = "Older posts",
}: {
  page: number;
  /** How many pages there are, when the listing counted its posts. */
  pageCount?: number;
  hasOlder: boolean;
  /** The address of another page of the same listing (its filters kept). */
  href: (page: number) => string;
  label?: string;
  newerLabel?: string;
  olderLabel?: string;
}) {
  return (
    <nav aria-label={label} className="mt-12 grid grid-cols-[1fr_auto_1fr] items-center gap-4 border-t border-border pt-6">
      <div>
        {page > 1 && (
          <Button asChild variant="outline">
            <Link to={href(page - 1)} rel="prev">
              <ArrowLeft aria-hidden="true" />
              {newerLabel}
            </Link>
          </Button>
        )}
      </div>
      <p className="text-sm font-medium text-muted-foreground">{pageLabel(page, pageCount)}</p>
      <div className="flex justify-end">
        {hasOlder && (
          <Button asChild variant="outline">
            <Link to={href(page + 1)} rel="next">
              {olderLabel}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        )}
      </div>
    </nav>
  );
}

/** "Page 2 of 5", or "Page 2" when the number of pages is not known. */
export const pageLabel = (page: number, pageCount?: number) => (pageCount ? `Page ${page} of ${pageCount}` : `Page ${page}`);
