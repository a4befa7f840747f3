import { useRef, type KeyboardEvent, type PointerEvent, type RefObject } from "react";
import { GripVertical } from "lucide-react";

/** The blocks column's width beside the preview: at first, its least and the preview's least (docs/decisions/039). */
export const SPLIT = { initial: 480, min: 352, previewMin: 448, step: 32 } as const;

/** The widest the blocks column may be in a row `rowWidth` wide: the preview keeps its least width. */
export const splitMax = (rowWidth: number) => Math.max(SPLIT.min, rowWidth - SPLIT.previewMin);

/**
 * The handle between the blocks and the preview (docs/decisions/039, "The editor's layout"): drag it, or focus it and
 * press Left and Right arrows (Home and End for the narrowest and widest). A window splitter (WAI-ARIA's
 * `separator` with a value): the value is the blocks column's width in pixels.
 */
export function SplitHandle({
  width,
  max,
  onWidth,
  rowRef,
  controls,
}: {
  width: number;
  /** The widest the blocks may be now (`splitMax` of the row's width). */
  max: number;
  onWidth: (width: number) => void;
  /** The row both columns are in: a drag measures from its left edge. */
  rowRef: RefObject<HTMLElement | null>;
  /** The id of the blocks column. */
  controls: string;
}) {
  const dragging = useRef(false);
  const set = (next: number) => onWidth(Math.round(Math.min(max, Math.max(SPLIT.min, next))));

  const onKeyDown = (event: KeyboardEvent) => {
    const next = { ArrowLeft: width - SPLIT.step, ArrowRight: width + SPLIT.step, Home: SPLIT.min, End: max }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    set(next);
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    dragging.current = true;
    event.currentTarget.setPointerCapture(event.pointerId);
    // The preview's frame would take the pointer's moves while it is over it.
    rowRef.current?.setAttribute("data-resizing", "");
  };
  const onPointerMove = (event: PointerEvent) => {
    // Half the handle's own width: the pointer stays on the middle of the handle.
    if (dragging.current) set(event.clientX - (rowRef.current?.getBoundingClientRect().left ?? 0) - 12);
  };
  const stop = () => {
    dragging.current = false;
    rowRef.current?.removeAttribute("data-resizing");
  };

  return (
    <div
      role="separator"
      tabIndex={0}
      aria-orientation="vertical"
      aria-label="Width of the blocks beside the preview"
      aria-controls={controls}
      aria-valuenow={width}
      aria-valuemin={SPLIT.min}
      aria-valuemax={max}
      aria-valuetext={`Blocks ${width} pixels wide`}
      title="Drag, or use the Left and Right arrow keys, to widen the blocks or the preview"
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={stop}
      onPointerCancel={stop}
      className="group relative hidden cursor-col-resize touch-none rounded-md outline-none select-none focus-visible:ring-2 focus-visible:ring-ring xl:block"
    >
      <span aria-hidden="true" className="absolute inset-y-0 left-1/2 w-px bg-border transition-colors group-hover:bg-primary/60 group-focus-visible:bg-primary" />
      <span
        aria-hidden="true"
        className="sticky top-[calc(50vh-1.25rem)] mx-auto flex h-10 w-4 items-center justify-center rounded-md border border-border bg-white text-muted-foreground shadow-xs group-hover:text-foreground"
      >
        <GripVertical className="size-3.5" />
      </span>
    </div>
  );
}
