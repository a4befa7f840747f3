import type { ReactNode } from "react";
import { Link } from "react-router";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { cn } from "../../lib/cn.ts";

/** The pages to offer around `current`: the first, the last, two either side, gaps as null. */
export function pageWindow(current: number, last: number): (number | null)[] {
  const pages = new Set([1, last, current - 2, current - 1, current, current + 1, current + 2]);
  const sorted = [...pages].filter((page) => page >= 1 && page <= last).sort((a, b) => a - b);
  const withGaps: (number | null)[] = [];
  for (const page of sorted) {
    const previous = withGaps.at(-1);
    if (typeof previous === "number" && page - previous === 2) withGaps.push(previous + 1);
    else if (typeof previous === "number" && page - previous > 2) withGaps.push(null);
    withGaps.push(page);
  }
  return withGaps;
}

const itemClass =
  "inline-flex h-9 min-w-9 items-center justify-center gap-1 rounded-lg px-2.5 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1";

/**
 * Page links of the dashboard (docs/decisions/045): plain links, so they work without JavaScript.
 * Small screens show Previous, "Page 3 of 62" and Next; wider ones the page numbers too.
 */
export function ListPagination({ page, lastPage, hrefFor }: { page: number; lastPage: number; hrefFor: (page: number) => string }) {
  if (lastPage <= 1) return null;
  const edge = (target: number, label: string, icon: ReactNode, iconFirst: boolean) =>
    target >= 1 && target <= lastPage ? (
      <Link to={hrefFor(target)} className={cn(itemClass, "text-foreground hover:bg-muted")} rel={label === "Next" ? "next" : "prev"}>
        {iconFirst && icon}
        {label}
        {!iconFirst && icon}
      </Link>
    ) : (
      <span className={cn(itemClass, "text-slate-500")} aria-disabled="true">
        {iconFirst && icon}
        {label}
        {!iconFirst && icon}
      </span>
    );

  return (
    <nav aria-label="Pagination" className="flex items-center justify-between gap-2 border-t border-border px-3 py-3 sm:px-5">
      {edge(page - 1, "Previous", <ChevronLeft className="size-4" aria-hidden="true" />, true)}
      <p className="text-sm text-muted-foreground sm:hidden">
        Page {page} of {lastPage}
      </p>
      <ul className="hidden items-center gap-1 sm:flex">
        {pageWindow(page, lastPage).map((target, index) =>
          target === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-sm text-slate-500">
              …
            </li>
          ) : (
            <li key={target}>
              <Link
                to={hrefFor(target)}
                aria-current={target === page ? "page" : undefined}
                aria-label={`Page ${target}`}
                className={cn(
                  itemClass,
                  target === page ? "bg-primary text-primary-foreground hover:bg-primary-hover" : "text-foreground hover:bg-muted",
                )}
              >
                {target}
              </Link>
            </li>
          ),
        )}
      </ul>
      {edge(page + 1, "Next", <ChevronRight className="size-4" aria-hidden="true" />, false)}
    </nav>
  );
}
