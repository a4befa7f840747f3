import { useId, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { KeyRound, ShieldCheck } from "lucide-react";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { ENHANCED_FIELD } from "../../../lib/enhanced-form.ts";
import { LOGIN_TICKET_MINUTES, TICKET_EXPIRED, TOTP_CODE_INPUT, type PendingSecondFactor } from "../../../../shared/second-factor.ts";
import { toast } from "../../../lib/toast.ts";
import { useHydrated } from "../../../lib/use-hydrated.ts";
import { useFetcherResult } from "../use-fetcher-result.ts";
import { FormField } from "../form-field.tsx";
import { Button } from "../../ui/button.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { callJson, isCancelled, signWithPasskey } from "./api.ts";

export type SecondStepResult =
  | { ok: true; intent: "second-factor"; redirectTo: string }
  | { ok: false; intent: "second-factor"; message: string; errors?: Record<string, string>; secondFactor?: PendingSecondFactor };

const loginToast = { title: "Login successful", description: "Welcome back!" };

/**
 * The second step of a CMS login (docs/decisions/075-second-factor.md), shown after the right
 * password of an account with a second factor: a 6-digit code from an authenticator app, a passkey,
 * or a recovery code. The code forms post to the login page's action and work without JavaScript;
 * the passkey needs it (WebAuthn), and calls the JSON API.
 */
export function SecondStep({
  pending,
  redirectTo,
  onExpired,
}: {
  pending: PendingSecondFactor;
  redirectTo: string;
  /** The ticket is gone (expired, used): back to the password. */
  onExpired: (message: string) => void;
}) {
  const hasTotp = pending.methods.includes("totp");
  const hasPasskey = pending.methods.includes("passkey");
  const hasRecovery = pending.methods.includes("recovery");
  const hydrated = useHydrated();
  // A passkey first when there is one and no app; without JavaScript (no WebAuthn) the codes only.
  const [chosen, setMethod] = useState<"totp" | "recovery" | "passkey">(hasTotp ? "totp" : hasPasskey ? "passkey" : "recovery");
  const method = chosen === "passkey" && !hydrated ? "recovery" : chosen;
  const showRecovery = method === "recovery";
  const navigate = useNavigate();
  const [passkeyBusy, setPasskeyBusy] = useState(false);

  const signedIn = () => {
    toast(loginToast);
    void navigate(redirectTo, { replace: true });
  };

  const passkey = async () => {
    setPasskeyBusy(true);
    try {
      const options = await callJson<{ options: PublicKeyCredentialRequestOptionsJSON }>("POST", "/api/login/second-factor/passkey-options", {
        ticket: pending.ticket,
      });
      if (!options.ok) {
        if (options.status === 401) return onExpired(options.message);
        return void toast({ title: "Login failed", description: options.message, variant: "destructive" });
      }
      const response = await signWithPasskey(options.body.options);
      const answer = await callJson("POST", "/api/login/second-factor", { ticket: pending.ticket, method: "passkey", response });
      if (answer.ok) return signedIn();
      if (answer.message === TICKET_EXPIRED) return onExpired(answer.message);
      toast({ title: "Login failed", description: answer.message, variant: "destructive" });
    } catch (error) {
      if (!isCancelled(error)) toast({ title: "Login failed", description: (error as Error).message, variant: "destructive" });
    } finally {
      setPasskeyBusy(false);
    }
  };

  return (
    <div className="grid gap-6">
      <div className="flex items-start gap-3 rounded-xl bg-primary-soft/60 px-4 py-3 text-sm text-foreground">
        <ShieldCheck className="mt-0.5 size-5 shrink-0 text-primary-strong" aria-hidden="true" />
        <div className="grid gap-0.5">
          <h2 className="font-semibold" id="second-step-heading" tabIndex={-1}>
            Two-step verification
          </h2>
          <p className="text-muted-foreground">
            {showRecovery
              ? "Enter one of the recovery codes you saved when you set up two-step sign-in. Each code works once."
              : method === "passkey"
                ? "Use your passkey to finish signing in."
                : hasPasskey
                  ? "Use your passkey, or enter the 6-digit code from your authenticator app."
                  : "Enter the 6-digit code from your authenticator app."}
          </p>
        </div>
      </div>

      {hasPasskey && (
        <Button
          type="button"
          size="lg"
          className="w-full"
          variant={method === "passkey" ? "default" : "outline"}
          disabled={!hydrated || passkeyBusy}
          autoFocus={method === "passkey"}
          onClick={() => void passkey()}
        >
          {passkeyBusy ? <Spinner /> : <KeyRound aria-hidden="true" />}
          {passkeyBusy ? "Waiting for your passkey..." : "Use a passkey"}
        </Button>
      )}
      {hasPasskey && method !== "passkey" && (
        <div className="flex items-center gap-3 text-xs font-medium tracking-wide text-muted-foreground uppercase" aria-hidden="true">
          <span className="h-px flex-1 bg-border" />
          or
          <span className="h-px flex-1 bg-border" />
        </div>
      )}

      {method !== "passkey" && (
        <CodeForm
          key={method}
          method={method}
          pending={pending}
          redirectTo={redirectTo}
          onSignedIn={signedIn}
          onExpired={onExpired}
        />
      )}

      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm">
        {hasRecovery && (!showRecovery || hasTotp) && (
          <button
            type="button"
            className="rounded-sm font-medium text-primary-strong underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
            onClick={() => setMethod(showRecovery ? "totp" : "recovery")}
            hidden={!hydrated}
          >
            {showRecovery ? "Use your authenticator app" : "Use a recovery code"}
          </button>
        )}
        <a
          href={`/cms/login?${new URLSearchParams({ redirectTo })}`}
          className="rounded-sm font-medium text-muted-foreground underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          Start over
        </a>
      </div>
      <p className="text-xs text-muted-foreground">
        Lost your device and your recovery codes? Ask an administrator to reset two-step sign-in for your account. This
        step expires {LOGIN_TICKET_MINUTES} minutes after your password.
      </p>
    </div>
  );
}

function CodeForm({
  method,
  pending,
  redirectTo,
  onSignedIn,
  onExpired,
}: {
  method: "totp" | "recovery";
  pending: PendingSecondFactor;
  redirectTo: string;
  onSignedIn: () => void;
  onExpired: (message: string) => void;
}) {
  const fetcher = useFetcher<SecondStepResult>({ key: "cms-second-factor" });
  const hydrated = useHydrated();
  const id = useId();
  const busy = fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const error = result && !result.ok ? (result.errors?.code ?? result.message) : undefined;

  useFetcherResult(fetcher, (answer) => {
    if (answer.ok) return onSignedIn();
    if (!answer.secondFactor) onExpired(answer.message);
  });

  return (
    <fetcher.Form method="post" action="/cms/login" noValidate className="grid gap-5">
      <input type="hidden" name="intent" value="second-factor" />
      <input type="hidden" name="method" value={method} />
      <input type="hidden" name="ticket" value={pending.ticket} />
      <input type="hidden" name="methods" value={pending.methods.join(",")} />
      <input type="hidden" name="expiresAt" value={pending.expiresAt} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {hydrated && <input type="hidden" name={ENHANCED_FIELD} value="1" />}
      {method === "totp" ? (
        <FormField
          id={`${id}-code`}
          name="code"
          label="Authentication code"
          {...TOTP_CODE_INPUT}
          placeholder="123456"
          autoFocus
          required
          className="[&_input]:h-12 [&_input]:text-center [&_input]:font-mono [&_input]:text-lg [&_input]:tracking-[0.4em]"
          error={error}
        />
      ) : (
        <FormField
          id={`${id}-recovery`}
          name="code"
          label="Recovery code"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={16}
          placeholder="abcde-fghij"
          autoFocus
          required
          className="[&_input]:h-12 [&_input]:text-center [&_input]:font-mono [&_input]:text-base [&_input]:tracking-widest"
          error={error}
        />
      )}
      <Button type="submit" size="lg" className="w-full" disabled={busy} aria-busy={busy}>
        {busy && <Spinner />}
        {busy ? "Verifying..." : "Verify"}
      </Button>
    </fetcher.Form>
  );
}

/** What the page's action needs to show the second step again after a wrong code (posted back by the form). */
export function pendingFromForm(values: { ticket: string; methods: string; expiresAt: string }): PendingSecondFactor {
  const known = ["totp", "passkey", "recovery"] as const;
  return {
    ticket: values.ticket,
    methods: known.filter((method) => values.methods.split(",").includes(method)),
    expiresAt: values.expiresAt,
  };
}
