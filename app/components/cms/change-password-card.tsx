import { useState } from "react";
import { useActionData, useFetcher } from "react-router";
import { KeyRound } from "lucide-react";
import { ENHANCED_FIELD, type ActionResult } from "../../lib/enhanced-form.ts";
import { toast } from "../../lib/toast.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { useFetcherResult } from "./use-fetcher-result.ts";
import { FormField } from "./form-field.tsx";
import { FormAlert } from "./link-page.tsx";
import { Button } from "../ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "../ui/card.tsx";
import { Spinner } from "../ui/spinner.tsx";

type PasswordResult = ActionResult & { form?: "password" };

/**
 * Change your password, on /cms/profile (docs/decisions/028): the current one, the new one twice.
 * A plain form post without JavaScript; the profile's action answers it (intent `password`).
 */
export function ChangePasswordCard() {
  const fetcher = useFetcher<PasswordResult>({ key: "change-password" });
  const posted = useActionData<PasswordResult>();
  const hydrated = useHydrated();
  const busy = fetcher.state !== "idle";
  // A new, empty form after each change.
  const [formKey, setFormKey] = useState(0);
  const result = fetcher.data ?? (posted?.form === "password" ? posted : undefined);
  const errors = result && !result.ok ? (result.errors ?? {}) : {};
  useFetcherResult(fetcher, (answer) => {
    if (answer.ok) {
      toast({ title: "Password changed", description: answer.message });
      setFormKey((key) => key + 1);
    } else toast({ title: "Password not changed", description: answer.message, variant: "destructive" });
  });
  return (
    <Card className="self-start">
      <CardHeader className="pb-4">
        <h2 className="flex items-center gap-2 text-lg leading-snug font-semibold tracking-tight">
          <KeyRound className="size-5 text-muted-foreground" aria-hidden="true" />
          Password
        </h2>
        <CardDescription>Changing it signs you out on every other device.</CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form key={formKey} method="post" action="/cms/profile" className="grid gap-5" noValidate>
          <input type="hidden" name="intent" value="password" />
          {hydrated && <input type="hidden" name={ENHANCED_FIELD} value="1" />}
          <FormAlert message={result && !result.ok && !hydrated ? result.message : undefined} />
          <FormField id="password-current" name="currentPassword" type="password" label="Current password" autoComplete="current-password" required error={errors.currentPassword} />
          <FormField id="password-new" name="newPassword" type="password" label="New password" autoComplete="new-password" required error={errors.newPassword} />
          <FormField id="password-confirm" name="confirmPassword" type="password" label="Confirm new password" autoComplete="new-password" required error={errors.confirmPassword} />
          <div className="flex justify-end border-t border-border pt-5">
            <Button type="submit" disabled={busy} aria-busy={busy}>
              {busy && <Spinner />}
              Change password
            </Button>
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
