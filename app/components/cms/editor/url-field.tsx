import type { ComponentProps } from "react";
import { Input } from "../../ui/input.tsx";
import { Label } from "../../ui/label.tsx";

/** A labelled address field with its refusal message read out (role=alert) and tied to the input. */
export function UrlField({
  id,
  label,
  error,
  onValueChange,
  ...input
}: { id: string; label: string; error: string; onValueChange: (value: string) => void } & Omit<
  ComponentProps<"input">,
  "id" | "onChange"
>) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onValueChange(event.target.value)}
        {...input}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
