import type { ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { cn } from "../../lib/cn.ts";

export interface ComparisonColumn {
  title: string;
  icon?: LucideIcon;
  /** Tints the column, for the one the page recommends. */
  highlight?: boolean;
}

export interface ComparisonRow {
  aspect: string;
  cells: readonly [ReactNode, ReactNode];
}

/**
 * Two options compared aspect by aspect: a real table from the small breakpoint up; on a phone each row's aspect
 * sits above its two cells, side by side, so nothing scrolls sideways.
 */
export function ComparisonTable({
  caption,
  columns,
  rows,
  className,
}: {
  caption: string;
  columns: readonly [ComparisonColumn, ComparisonColumn];
  rows: readonly ComparisonRow[];
  className?: string;
}) {
  const tint = (index: number) => columns[index]?.highlight && "bg-primary-soft/60";
  return (
    <div className={cn("overflow-hidden rounded-2xl border border-border bg-background shadow-card", className)}>
      <table className="w-full border-collapse text-left text-sm leading-6 sm:text-base sm:leading-7">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-subtle">
          <tr className="grid grid-cols-2 sm:table-row">
            <td className="hidden sm:table-cell sm:w-[26%]" />
            {columns.map((column, index) => (
              <th
                key={column.title}
                scope="col"
                className={cn(
                  "px-4 py-4 align-bottom font-semibold text-foreground sm:px-6 sm:py-5",
                  index === 0 && "border-r border-border sm:border-r-0",
                  tint(index),
                )}
              >
                <span className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
                  {column.icon && (
                    <span
                      aria-hidden="true"
                      className={cn(
                        "inline-flex size-9 shrink-0 items-center justify-center rounded-lg ring-1",
                        column.highlight ? "bg-primary text-primary-foreground ring-primary" : "bg-white text-slate-600 ring-border",
                      )}
                    >
                      <column.icon className="size-4.5" strokeWidth={2} />
                    </span>
                  )}
                  {column.title}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.aspect} className="grid grid-cols-2 border-t border-border sm:table-row">
              <th
                scope="row"
                className="col-span-2 px-4 pt-4 text-xs font-semibold tracking-wide text-muted-foreground uppercase sm:px-6 sm:py-5 sm:align-top sm:text-sm sm:tracking-normal sm:text-foreground sm:normal-case"
              >
                {row.aspect}
              </th>
              {row.cells.map((cell, index) => (
                <td
                  key={index}
                  className={cn(
                    "px-4 pt-1 pb-4 align-top text-slate-700 sm:px-6 sm:py-5",
                    index === 0 && "border-r border-border sm:border-r-0",
                    tint(index),
                  )}
                >
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
