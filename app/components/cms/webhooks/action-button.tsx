import type { ReactNode } from "react";
import { useFetcher } from "react-router";
import { toast } from "../../../lib/toast.ts";
import { useHydrated } from "../../../lib/use-hydrated.ts";
import { ENHANCED_FIELD, type ActionResult } from "../../../lib/enhanced-form.ts";
import { Button } from "../../ui/button.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { useFetcherResult } from "../use-fetcher-result.ts";

/** One action button in a form of its own, with a toast once JavaScript runs. */
export function ActionButton({
  intent,
  id,
  label,
  srLabel,
  icon,
  success,
  variant = "outline",
}: {
  intent: string;
  id: number;
  label: string;
  srLabel: string;
  icon: ReactNode;
  success: string;
  variant?: "outline" | "ghost" | "secondary";
}) {
  const fetcher = useFetcher<ActionResult>();
  const hydrated = useHydrated();
  const pending = fetcher.state !== "idle";
  useFetcherResult(fetcher, (result) => {
    if (result.ok) toast({ title: success, description: result.message });
    else toast({ title: "That did not work", description: result.message, variant: "destructive" });
  });
  return (
    <fetcher.Form method="post" action="/cms/webhooks">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      {hydrated && <input type="hidden" name={ENHANCED_FIELD} value="1" />}
      <Button type="submit" variant={variant} size="sm" disabled={pending} aria-busy={pending}>
        {pending ? <Spinner /> : icon}
        {label}
        <span className="sr-only"> {srLabel}</span>
      </Button>
    </fetcher.Form>
  );
}
