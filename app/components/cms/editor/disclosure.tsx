import type { ReactNode } from "react";
import { ChevronRight } from "lucide-react";
import { cn } from "../../../lib/cn.ts";

/**
 * A styled `<details>` for the editors' secondary sections (docs/decisions/061, "The editor's layout"): the
 * browser's own disclosure, so it opens with Enter or Space and announces expanded or collapsed, without the native
 * triangle. `open` is only where it starts: the writer opens and closes it after that.
 */
export function Disclosure({
  summary,
  icon,
  open,
  className,
  children,
  testId,
}: {
  summary: ReactNode;
  icon?: ReactNode;
  open?: boolean;
  className?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <details open={open} className={cn("group", className)} data-testid={testId}>
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-md py-1 text-sm font-semibold text-foreground outline-none select-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
        <ChevronRight className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-90" aria-hidden="true" />
        {icon}
        {summary}
      </summary>
      <div className="pt-3">{children}</div>
    </details>
  );
}
