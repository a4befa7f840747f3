import { cn } from "../../../lib/cn.ts";

/**
 * A live "n / max" counter, with the suggested range when there is one (docs/product.md §5: meta title 55–60 of
 * 70, meta description 150–160 of 160; a landing-page block's field has only its limit). Read by screen readers
 * through the field's aria-describedby.
 */
export function LengthCounter({
  id,
  length,
  max,
  suggested,
}: {
  id: string;
  length: number;
  max: number;
  suggested?: [number, number];
}) {
  const [low, high] = suggested ?? [0, max];
  const inRange = suggested !== undefined && length >= low && length <= high;
  const status = !suggested || length === 0 ? "" : inRange ? "Good length" : length < low ? "Shorter than suggested" : "Longer than suggested";
  return (
    <p id={id} className="flex items-center justify-between gap-3 text-xs text-muted-foreground">
      <span>
        {suggested ? `${low}–${high} characters suggested` : <span className="sr-only">Characters used</span>}
        {status && (
          <span className={cn("ml-1.5 font-medium", inRange ? "text-emerald-700" : "text-amber-700")}>· {status}</span>
        )}
      </span>
      <span data-testid="length-counter" className={cn("tabular-nums", inRange && "font-semibold text-emerald-700", length > max && "font-semibold text-destructive")}>
        {length}/{max}
      </span>
    </p>
  );
}
