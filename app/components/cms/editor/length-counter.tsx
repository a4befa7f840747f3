import { cn } from "../../../lib/cn.ts";

/**
 * A live "n / max" counter with the suggested range (docs/product.md §5: meta title 55–60 of 70, meta
 * description 150–160 of 160). Read by screen readers through the field's aria-describedby.
 */
export function LengthCounter({
  id,
  length,
  max,
  suggested: [low, high],
}: {
  id: string;
  length: number;
  max: number;
  suggested: [number, number];
}) {
  const inRange = length >= low && length <= high;
  const status = length === 0 ? "" : inRange ? "Good length" : length < low ? "Shorter than suggested" : "Longer than suggested";
  return (
    <p id={id} className="flex items-center justify-between gap-3 text-xs text-muted-foreground">
      <span>
        {low}–{high} characters suggested
        {status && (
          <span className={cn("ml-1.5 font-medium", inRange ? "text-emerald-700" : "text-amber-700")}>· {status}</span>
        )}
      </span>
      <span data-testid="length-counter" className={cn("tabular-nums", inRange && "font-semibold text-emerald-700")}>
        {length}/{max}
      </span>
    </p>
  );
}
