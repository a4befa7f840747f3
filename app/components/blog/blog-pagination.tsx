import { Link } from "react-router";
import { ArrowLeft, ArrowRight } from "lucide-react";
import { Button } from "../ui/button.tsx";

/**
 * Previous / next links of a paged blog listing (/blog, a tag, a search), with the page number
 * between them. Plain links: paging works without JavaScript.
 */
export function BlogPagination({
  page,
  hasOlder,
  href,
  label = "Blog pages",
  newerLabel = "Newer posts",
  olderLabel = "Older posts",
}: {
  page: number;
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
      <p className="text-sm font-medium text-muted-foreground">{`Page ${page}`}</p>
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
