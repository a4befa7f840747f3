import { useId, useState } from "react";
import type { useFetcher } from "react-router";
import { Plus } from "lucide-react";
import { toast } from "../../../lib/toast.ts";
import { useHydrated } from "../../../lib/use-hydrated.ts";
import { ENHANCED_FIELD } from "../../../lib/enhanced-form.ts";
import { Button } from "../../ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "../../ui/card.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { ShownOnce } from "../shown-once.tsx";
import { useFetcherResult } from "../use-fetcher-result.ts";
import { WebhookFields } from "./webhook-fields.tsx";
import type { WebhooksResult } from "./webhooks-result.ts";

/** The add form; the created webhook's signing secret is shown once, above it. */
export function NewWebhookCard({ fetcher, result }: { fetcher: ReturnType<typeof useFetcher<WebhooksResult>>; result: WebhooksResult | undefined }) {
  const id = useId();
  const hydrated = useHydrated();
  const creating = fetcher.state !== "idle";
  const created = result?.ok ? result.created : undefined;
  const refused = result && !result.ok ? result : undefined;
  const [formKey, setFormKey] = useState(0);

  useFetcherResult(fetcher, (answer) => {
    if (answer.ok) {
      toast({ title: "Webhook added", description: answer.message });
      setFormKey((key) => key + 1);
    } else {
      toast({ title: "Could not add the webhook", description: answer.message, variant: "destructive" });
    }
  });

  return (
    <Card className="self-start">
      <CardHeader className="pb-4">
        <h2 className="text-lg leading-snug font-semibold tracking-tight">New webhook</h2>
        <CardDescription>Your endpoint's public HTTPS address and the events it should receive.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {created && (
          <ShownOnce
            key={created.id}
            value={created.secret}
            name="signing secret"
          label="Signing secret"
            warning="Copy the signing secret now: it will not be shown again."
            copiedHint="Paste it into your endpoint's configuration."
            testId="created-secret"
          >
            Your endpoint checks the <code className="font-mono">webhook-signature</code> header with it (see “Verifying webhook
            signatures” in docs/integrations.md) and refuses anything that does not match.
          </ShownOnce>
        )}
        {refused && !hydrated && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
            {refused.message}
          </p>
        )}
        <fetcher.Form key={formKey} method="post" action="/cms/webhooks" className="grid gap-5" noValidate>
          <input type="hidden" name="intent" value="create" />
          {hydrated && <input type="hidden" name={ENHANCED_FIELD} value="1" />}
          <WebhookFields id={id} values={refused?.values} errors={refused?.errors ?? {}} />
          <div className="flex justify-end border-t border-border pt-5">
            <Button type="submit" disabled={creating} aria-busy={creating}>
              {creating ? <Spinner /> : <Plus aria-hidden="true" />}
              Add webhook
            </Button>
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
