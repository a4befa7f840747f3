import type { ReactNode } from "react";
import { cn } from "../../lib/cn.ts";

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
