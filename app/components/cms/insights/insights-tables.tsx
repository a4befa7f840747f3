import type { ReactNode } from "react";
import { ChevronDown } from "lucide-react";
import type { InsightsDay, InsightsRow } from "../../../../shared/insights.ts";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../ui/table.tsx";
import { formatCount, formatLongDay, formatRate, type InsightsSection } from "./insights-sections.ts";

/**
 * The Insights page's numbers as tables (docs/decisions/071): every chart's days, and each breakdown
 * with page views, visits, visitors, demo requests and conversion rate. In a narrow card (a phone) a
 * breakdown keeps three columns and lists the other numbers under the row's name, so nothing scrolls
 * sideways and every number is still read out.
 */

const plural = (value: number, noun: string) => `${formatCount(value)} ${noun}${value === 1 ? "" : "s"}`;
const numeric = "text-right tabular-nums whitespace-nowrap";
/** Short number headers on one line ('Views', 'Demos'), the full name for screen readers, so a half-width card fits all six columns. */
const numberHead = "w-px px-3 text-right whitespace-nowrap";
function NumberHead({ short, full, className }: { short: string; full: string; className?: string }) {
  return (
    <TableHead className={`${className ?? ""} ${numberHead}`} title={short === full ? undefined : full}>
      {short === full ? (
        full
      ) : (
        <>
          <span aria-hidden="true">{short}</span>
          <span className="sr-only">{full}</span>
        </>
      )}
    </TableHead>
  );
}
/** Columns a narrow card leaves out (a container query: the card's width, not the screen's). */
const wideOnly = "hidden @lg:table-cell";

/** A breakdown's card is its container: `@container` on an ancestor sizes the columns. */
export function BreakdownTable({ section, rows, caption }: { section: InsightsSection; rows: InsightsRow[]; caption: string }) {
  return (
    <Table>
      <caption className="sr-only">{caption}</caption>
      <TableHeader>
        <TableRow>
          <TableHead className="leading-tight whitespace-normal">{section.keyHeader}</TableHead>
          <NumberHead className={wideOnly} short="Views" full="Page views" />
          <NumberHead short="Visits" full="Visits" />
          <NumberHead className={wideOnly} short="Visitors" full="Visitors" />
          <NumberHead className={wideOnly} short="Demos" full="Demo requests" />
          <NumberHead short="Conv." full="Conversion" />
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.length === 0 ? (
          <TableRow>
            <TableCell colSpan={6} className="py-6 text-center text-muted-foreground">
              Nothing recorded in this range.
            </TableCell>
          </TableRow>
        ) : (
          rows.map((row) => (
            <TableRow key={row.key}>
              <TableHead scope="row" className="h-auto min-w-32 py-3 text-sm font-medium tracking-normal whitespace-normal text-foreground normal-case">
                <span className="block [overflow-wrap:anywhere]">{row.label}</span>
                {section.showKey && row.label !== row.key && (
                  <span className="mt-0.5 block text-xs font-normal text-muted-foreground [overflow-wrap:anywhere]">{row.key}</span>
                )}
                {/* A narrow card's view of the columns it leaves out. */}
                <span className="mt-1 block text-xs font-normal text-muted-foreground @lg:hidden">
                  {[plural(row.pageViews, "page view"), plural(row.visitors, "visitor"), plural(row.demoRequests, "demo request")].join(" · ")}
                </span>
              </TableHead>
              <TableCell className={`${wideOnly} px-3 ${numeric}`}>{formatCount(row.pageViews)}</TableCell>
              <TableCell className={`px-3 ${numeric}`}>{formatCount(row.visits)}</TableCell>
              <TableCell className={`${wideOnly} px-3 ${numeric}`}>{formatCount(row.visitors)}</TableCell>
              <TableCell className={`${wideOnly} px-3 ${numeric}`}>{formatCount(row.demoRequests)}</TableCell>
              <TableCell className={`px-3 ${numeric} font-medium text-foreground`}>{formatRate(row.conversionRate)}</TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}

export interface DailyColumn {
  header: string;
  value: (day: InsightsDay) => number;
}

/** A chart's numbers, one row per day, in a disclosure right under the chart (native, so no script needed). */
export function DailyTable({ days, columns, caption }: { days: InsightsDay[]; columns: DailyColumn[]; caption: string }) {
  return (
    <Disclosure summary="Show the numbers as a table">
      <Table>
        <caption className="sr-only">{caption}</caption>
        <TableHeader>
          <TableRow>
            <TableHead>Day</TableHead>
            {columns.map((column) => (
              <TableHead key={column.header} className={numeric}>
                {column.header}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {days.map((day) => (
            <TableRow key={day.day}>
              <TableHead scope="row" className="h-auto py-2.5 text-sm font-medium tracking-normal text-foreground normal-case">
                <time dateTime={day.day}>{formatLongDay(day.day)}</time>
              </TableHead>
              {columns.map((column) => (
                <TableCell key={column.header} className={`py-2.5 ${numeric}`}>
                  {formatCount(column.value(day))}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Disclosure>
  );
}

function Disclosure({ summary, children }: { summary: string; children: ReactNode }) {
  return (
    <details className="group border-t border-border">
      <summary className="flex cursor-pointer list-none items-center gap-2 px-4 py-3 text-sm font-medium text-primary-strong outline-none hover:bg-subtle focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset sm:px-6 [&::-webkit-details-marker]:hidden">
        <ChevronDown aria-hidden="true" className="size-4 transition-transform group-open:rotate-180 motion-reduce:transition-none" />
        {summary}
      </summary>
      <div className="border-t border-border">{children}</div>
    </details>
  );
}
