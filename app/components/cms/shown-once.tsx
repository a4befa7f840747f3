import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Check, Copy, TriangleAlert } from "lucide-react";
import { toast } from "../../lib/toast.ts";
import { cn } from "../../lib/cn.ts";
import { Button } from "../ui/button.tsx";
import { Textarea } from "../ui/textarea.tsx";
import { Label } from "../ui/label.tsx";

/**
 * A secret the server keeps only a hash of, or cannot show again (an API token, a webhook's signing
 * secret: docs/decisions/072, 073), shown this once with Copy. The field is focused so a keyboard user
 * lands on it; without a clipboard the text is selected for Ctrl+C.
 */
export function ShownOnce({
  value,
  name,
  label,
  warning,
  copiedHint,
  children,
  className,
  testId,
}: {
  value: string;
  /** What it is, in lower case: "token", "signing secret". */
  name: string;
  /** The field's label for screen readers ("New token"). */
  label: string;
  warning: ReactNode;
  /** The toast's words after a copy. */
  copiedHint: string;
  /** Why it matters, under the field. */
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  const id = useId();
  const input = useRef<HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => input.current?.focus(), []);
  const title = name.charAt(0).toUpperCase() + name.slice(1);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast({ title: `${title} copied`, description: copiedHint });
    } catch {
      // No clipboard (permission refused, an insecure origin): the text is selected for Ctrl+C instead.
      input.current?.focus();
      input.current?.select();
      toast({ title: "Copy failed", description: `The ${name} is selected: press Ctrl+C (⌘C on a Mac) to copy it.`, variant: "destructive" });
    }
  };

  return (
    <div className={cn("grid gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4", className)} data-testid={testId}>
      <p className="flex items-start gap-2 text-sm font-semibold text-amber-950">
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
        {warning}
      </p>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-value`} className="sr-only">
          {label}
        </Label>
        <div className="flex flex-wrap gap-2">
          {/* A read-only text area that grows with its text: the whole value shows, wrapped, at every width (docs/decisions/069). */}
          <Textarea
            ref={input}
            id={`${id}-value`}
            readOnly
            rows={1}
            spellCheck={false}
            value={value}
            aria-describedby={`${id}-hint`}
            onFocus={(event) => event.currentTarget.select()}
            className="field-sizing-content min-h-10 min-w-0 flex-1 basis-48 resize-none bg-white font-mono text-xs leading-relaxed break-all sm:text-sm"
          />
          <Button type="button" variant="secondary" className="self-start" onClick={() => void copy()}>
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copied ? "Copied" : "Copy"}
            <span className="sr-only"> {name}</span>
          </Button>
        </div>
        <p id={`${id}-hint`} className="text-xs text-amber-950">
          {children}
        </p>
      </div>
    </div>
  );
}

/** A native checkbox with a label, its code name and a hint: it posts without JavaScript and Space toggles it. */
export function CheckboxChoice({
  id,
  name,
  value,
  label,
  description,
  defaultChecked,
}: {
  id: string;
  name: string;
  value: string;
  label: string;
  description: string;
  defaultChecked: boolean;
}) {
  return (
    <div className="flex items-start gap-3 rounded-lg border border-border px-3 py-2.5 has-checked:border-primary has-checked:bg-primary-soft/40">
      <input
        id={id}
        type="checkbox"
        name={name}
        value={value}
        defaultChecked={defaultChecked}
        aria-describedby={`${id}-hint`}
        className="mt-0.5 size-4 shrink-0 cursor-pointer accent-primary outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
      />
      <div className="grid gap-0.5">
        <label htmlFor={id} className="cursor-pointer text-sm font-medium text-foreground">
          {label} <code className="ml-1 font-mono text-xs font-normal text-muted-foreground">{value}</code>
        </label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {description}
        </p>
      </div>
    </div>
  );
}
