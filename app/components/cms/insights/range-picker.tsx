import { Form, Link } from "react-router";
import { CalendarRange } from "lucide-react";
import { INSIGHTS_PRESET_DAYS } from "../../../../shared/insights.ts";
import { cn } from "../../../lib/cn.ts";
import { Button } from "../../ui/button.tsx";
import { Input } from "../../ui/input.tsx";
import { presetHref, type InsightsQuery } from "./insights-query.ts";

/**
 * The range of the Insights page (docs/decisions/071): the presets are links and the custom range a
 * GET form, so the range is always in the address and both work without JavaScript. `errors` are the
 * address's field messages when it was refused (the page answers 400).
 */
export function RangePicker({
  query,
  today,
  errors,
}: {
  query: InsightsQuery | null;
  today: string;
  errors: Record<string, string>;
}) {
  const fromError = errors.from ?? errors.range;
  const toError = errors.to;
  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-border bg-white p-4 shadow-card sm:p-5 lg:flex-row lg:items-end lg:justify-between">
      <nav aria-label="Range">
        <p className="mb-2 text-sm font-medium text-foreground">Last</p>
        <ul className="inline-flex gap-1 rounded-lg border border-border-strong bg-white p-1">
          {INSIGHTS_PRESET_DAYS.map((days) => {
            const current = query?.preset === days;
            return (
              <li key={days}>
                <Link
                  to={presetHref(days)}
                  aria-current={current ? "page" : undefined}
                  className={cn(
                    "block rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap outline-none focus-visible:ring-2 focus-visible:ring-ring",
                    current ? "bg-primary-soft font-semibold text-primary-strong" : "text-muted-foreground hover:bg-muted hover:text-foreground",
                  )}
                >
                  {`${days} days`}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <Form method="get" action="/cms/insights" aria-label="Custom range" className="flex flex-wrap items-end gap-3" noValidate>
        <div className="grid min-w-36 flex-1 gap-2 sm:flex-none">
          <label htmlFor="insights-from" className="text-sm font-medium text-foreground">
            From
          </label>
          <Input
            id="insights-from"
            type="date"
            name="from"
            max={today}
            required
            defaultValue={query?.range.from}
            key={`from-${query?.range.from}`}
            aria-invalid={fromError ? true : undefined}
            aria-describedby={fromError ? "insights-from-error" : undefined}
          />
        </div>
        <div className="grid min-w-36 flex-1 gap-2 sm:flex-none">
          <label htmlFor="insights-to" className="text-sm font-medium text-foreground">
            To
          </label>
          <Input
            id="insights-to"
            type="date"
            name="to"
            max={today}
            required
            defaultValue={query?.range.to}
            key={`to-${query?.range.to}`}
            aria-invalid={toError ? true : undefined}
            aria-describedby={toError ? "insights-to-error" : undefined}
          />
        </div>
        <Button type="submit" variant="outline" className="w-full sm:w-auto">
          <CalendarRange aria-hidden="true" />
          Show range
        </Button>
        {(fromError || toError) && (
          <div className="w-full text-sm text-destructive">
            {fromError && <p id="insights-from-error">{fromError}</p>}
            {toError && <p id="insights-to-error">{toError}</p>}
          </div>
        )}
      </Form>
    </div>
  );
}
