import { useFetcher } from "react-router";
import { ShieldCheck } from "lucide-react";
import { ENHANCED_FIELD, type ActionResult } from "../../../lib/enhanced-form.ts";
import { toast } from "../../../lib/toast.ts";
import { useHydrated } from "../../../lib/use-hydrated.ts";
import { useFetcherResult } from "../use-fetcher-result.ts";
import { Button } from "../../ui/button.tsx";
import { Card } from "../../ui/card.tsx";
import { Spinner } from "../../ui/spinner.tsx";

/**
 * The administrators' switch on /cms/users (docs/decisions/075-second-factor.md): require a second
 * factor for every account with CMS access. A plain form post, so it works without JavaScript.
 */
export function SecondFactorPolicyCard({ required, enrolled, admins }: { required: boolean; enrolled: number; admins: number }) {
  const fetcher = useFetcher<ActionResult>({ key: "second-factor-policy" });
  const hydrated = useHydrated();
  const busy = fetcher.state !== "idle";
  useFetcherResult(fetcher, (result) => {
    if (result.ok) toast({ title: "Two-step sign-in", description: result.message });
    else toast({ title: "Change failed", description: result.message, variant: "destructive" });
  });
  return (
    <Card className="mb-6 flex flex-wrap items-center justify-between gap-4 p-5">
      <div className="flex min-w-0 flex-1 basis-80 gap-3">
        <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-strong">
          <ShieldCheck className="size-5" aria-hidden="true" />
        </span>
        <div className="grid gap-1">
          <h2 className="text-base font-semibold text-foreground">
            Two-step sign-in is {required ? "required" : "optional"}
          </h2>
          <p className="text-sm text-muted-foreground">
            {required
              ? "Every administrator must sign in with a passkey or an authenticator app; one without is sent to set one up before using the CMS."
              : "Each person can turn it on from their profile. Require it to make every administrator set up a passkey or an authenticator app."}{" "}
            {enrolled} of {admins} administrator{admins === 1 ? " has" : "s have"} it on.
          </p>
        </div>
      </div>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="require-second-factor" />
        <input type="hidden" name="required" value={required ? "false" : "true"} />
        {hydrated && <input type="hidden" name={ENHANCED_FIELD} value="1" />}
        <Button type="submit" variant="outline" disabled={busy} aria-busy={busy}>
          {busy && <Spinner />}
          {required ? "Stop requiring it" : "Require for everyone"}
        </Button>
      </fetcher.Form>
    </Card>
  );
}
