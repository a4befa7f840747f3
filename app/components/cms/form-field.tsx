import type { ComponentProps } from "react";
import { Input } from "../ui/input.tsx";
import { Label } from "../ui/label.tsx";
import { cn } from "../../lib/cn.ts";

/** A labelled input with its inline error, wired for screen readers (aria-invalid, aria-describedby). */
export function FormField({
  id,
  label,
  error,
  className,
  ...input
}: { id: string; label: string; error?: string } & ComponentProps<"input">) {
  const errorId = `${id}-error`;
  return (
    <div className={cn("grid gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...input} />
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
