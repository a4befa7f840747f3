import { useRef, useState } from "react";
import { Info } from "lucide-react";
import { Tooltip, TooltipContent, TooltipTrigger } from "../../ui/tooltip.tsx";

/**
 * An info button next to a label; its tip opens on hover and on keyboard focus, and Escape closes it.
 * NOTE: Radix closes a tooltip on any scroll around its trigger, and focusing a trigger below the
 * fold scrolls it into view, so a keyboard user would never see the tip. While the trigger has
 * focus, only Escape or leaving it closes the tip.
 */
export function FieldTooltip({ field, children }: { field: string; children: string }) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <Tooltip
      open={open}
      onOpenChange={(next) => setOpen(next || (typeof document !== "undefined" && document.activeElement === trigger.current))}
    >
      <TooltipTrigger asChild>
        <button
          ref={trigger}
          type="button"
          aria-label={`About ${field}`}
          onBlur={() => setOpen(false)}
          className="inline-flex size-6 items-center justify-center rounded-full text-slate-500 transition-colors hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <Info className="size-4" aria-hidden="true" />
        </button>
      </TooltipTrigger>
      <TooltipContent
        side="top"
        onEscapeKeyDown={(event) => {
          // Escape always closes, even with focus on the trigger (the default would keep it open above).
          event.preventDefault();
          setOpen(false);
        }}
      >
        {children}
      </TooltipContent>
    </Tooltip>
  );
}
