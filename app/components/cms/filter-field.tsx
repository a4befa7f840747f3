import type { ReactNode } from "react";
import { ChevronDown, Filter } from "lucide-react";
import { cn } from "../../lib/cn.ts";
import { Input } from "../ui/input.tsx";

/** A native select in a CMS filter form, the height and look of the Input beside it. */
export const filterSelectClass =
  "h-10 w-full min-w-0 rounded-lg border border-border-strong bg-white px-3 text-sm text-foreground shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30";

/** One labelled field of a CMS filter form (the demo inbox, the activity log): a GET form, so it works without JavaScript. */
export function FilterField({ id, label, className, children }: { id: string; label: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn("grid min-w-0 content-start gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-medium text-foreground">
        {label}
      </label>
      {children}
    </div>
  );
}

/** The two date fields of a filter form's range, `from` and `to` (ISO days), each with its own label. */
export function DateRangeFilter({ idPrefix, labels, from, to }: { idPrefix: string; labels: [string, string]; from?: string; to?: string }) {
  return (
    <>
      <FilterField id={`${idPrefix}-from`} label={labels[0]}>
        <Input id={`${idPrefix}-from`} type="date" name="from" defaultValue={from ?? ""} />
      </FilterField>
      <FilterField id={`${idPrefix}-to`} label={labels[1]}>
        <Input id={`${idPrefix}-to`} type="date" name="to" defaultValue={to ?? ""} />
      </FilterField>
    </>
  );
}

/**
 * The "Filters" summary of a filter form's <details> (the demo inbox, the activity log), with how many are set; a
 * <details>, so it works without JavaScript. `className`: where it hides (the activity log shows its filters from md).
 */
export function FiltersSummary({ active, className }: { active: number; className?: string }) {
  return (
    <summary
      className={cn(
        "inline-flex cursor-pointer list-none items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-medium text-foreground outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden",
        className,
      )}
    >
      <Filter aria-hidden="true" className="size-4 text-muted-foreground" />
      Filters
      {active > 0 && <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">{active} set</span>}
      <ChevronDown aria-hidden="true" className="size-4 text-muted-foreground transition-transform group-open/filters:rotate-180" />
    </summary>
  );
}
