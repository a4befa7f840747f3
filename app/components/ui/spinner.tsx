import type { ComponentProps } from "react";
import { LoaderCircle } from "lucide-react";
import { cn } from "../../lib/cn.ts";

/** A spinning icon; pass `label` when it is the only sign of progress, so screen readers hear it. */
export function Spinner({ className, label, ...props }: ComponentProps<"svg"> & { label?: string }) {
  return (
    <LoaderCircle
      data-slot="spinner"
      role={label ? "status" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className={cn("size-4 animate-spin motion-reduce:animate-[spin_1.5s_linear_infinite]", className)}
      {...props}
    />
  );
}
