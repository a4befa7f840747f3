import { Check } from "lucide-react";
import { cn } from "../../lib/cn.ts";

/** A short list of points, each with a teal check; used inside feature cards and beside section copy. */
export function CheckList({ items, className }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={cn("space-y-2.5 text-sm leading-6 text-slate-700", className)}>
      {items.map((item) => (
        <li key={item} className="flex gap-2.5">
          <Check aria-hidden="true" className="mt-1 size-4 shrink-0 text-accent-strong" strokeWidth={2.25} />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
