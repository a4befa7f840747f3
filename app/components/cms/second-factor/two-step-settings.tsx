import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Check, Copy, Download, KeyRound, Plus, RefreshCw, ShieldAlert, ShieldCheck, Smartphone, Trash2 } from "lucide-react";
import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import {
  formatRecoveryCode,
  PASSKEY_NAME_MAX,
  type PasskeySummary,
  type SecondFactorStatus,
  type TotpSetup,
  TOTP_CODE_INPUT,
} from "../../../../shared/second-factor.ts";
import { formatCmsDate } from "../../../lib/cms-date.ts";
import { toast } from "../../../lib/toast.ts";
import { useHydrated } from "../../../lib/use-hydrated.ts";
import { FormField } from "../form-field.tsx";
import { Button } from "../../ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "../../ui/card.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../ui/dialog.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { callJson, createPasskey, isCancelled, passkeysSupported, type ApiAnswer } from "./api.ts";
import { useSiteTimeZone } from "../../../lib/site-details.ts";

const BASE = "/api/cms/profile/second-factor";

type Open =
  | { kind: "add-passkey" }
  | { kind: "remove-passkey"; passkey: PasskeySummary }
  | { kind: "setup-totp"; setup: TotpSetup }
  | { kind: "disable-totp" }
  | { kind: "regenerate" }
  | { kind: "codes"; codes: string[] }
  | null;

/**
 * "Two-step sign-in" on /cms/profile (docs/decisions/075-second-factor.md): passkeys, an authenticator
 * app and recovery codes. Every change asks for the password again; new recovery codes are shown
 * once. It talks to /api/cms/profile/second-factor (passkeys need JavaScript: WebAuthn).
 */
export function TwoStepSettings({ initial, username }: { initial: SecondFactorStatus; username: string }) {
  const timeZone = useSiteTimeZone();
  const [status, setStatus] = useState(initial);
  const [open, setOpen] = useState<Open>(null);
  const [starting, setStarting] = useState(false);
  const hydrated = useHydrated();

  const refresh = async () => {
    const answer = await callJson<SecondFactorStatus>("GET", BASE);
    if (answer.ok) setStatus(answer.body);
  };
  const done = async (title: string, description: string, codes?: string[] | null) => {
    toast({ title, description });
    setOpen(codes ? { kind: "codes", codes } : null);
    await refresh();
  };

  const startTotp = async () => {
    setStarting(true);
    const answer = await callJson<TotpSetup>("POST", `${BASE}/totp`);
    setStarting(false);
    if (answer.ok) setOpen({ kind: "setup-totp", setup: answer.body });
    else toast({ title: "Set-up failed", description: answer.message, variant: "destructive" });
  };

  const remaining = status.recoveryCodes.remaining;
  return (
    <Card id="two-step" className="scroll-mt-6">
      <CardHeader className="pb-4">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-lg leading-snug font-semibold tracking-tight">Two-step sign-in</h2>
          {status.enabled ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800">
              <ShieldCheck className="size-3.5" aria-hidden="true" /> On
            </span>
          ) : (
            <span className="rounded-full bg-muted px-2.5 py-0.5 text-xs font-semibold text-slate-700">Off</span>
          )}
        </div>
        <CardDescription>
          After your password, sign-in asks for a second step: a passkey (your device's fingerprint, face or PIN, or a
          security key) or a code from an authenticator app. Someone who learns your password still cannot get in.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {status.required && !status.enabled && (
          <p role="alert" className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-950">
            <ShieldAlert className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
            Your administrators require two-step sign-in for every CMS account. Add a passkey or an authenticator app to
            keep using the CMS.
          </p>
        )}
        {!hydrated && (
          <p className="text-sm text-muted-foreground">Changing two-step sign-in needs JavaScript, which is off or still loading.</p>
        )}

        <Section
          icon={<KeyRound aria-hidden="true" />}
          title="Passkeys"
          description="Sign in with your fingerprint, face, screen lock or a security key. The most secure choice."
          action={
            <Button type="button" variant="outline" size="sm" disabled={!hydrated} onClick={() => setOpen({ kind: "add-passkey" })}>
              <Plus aria-hidden="true" /> Add a passkey
            </Button>
          }
        >
          {status.passkeys.length === 0 ? (
            <p className="text-sm text-muted-foreground">No passkeys yet.</p>
          ) : (
            <ul className="divide-y divide-border rounded-lg border border-border" aria-label="Your passkeys">
              {status.passkeys.map((passkey) => (
                <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
                  <div className="grid min-w-0 gap-0.5">
                    <span className="truncate text-sm font-medium text-foreground">{passkey.name}</span>
                    <span className="text-xs text-muted-foreground">
                      Added {formatCmsDate(passkey.createdAt, timeZone)} ·{" "}
                      {passkey.lastUsedAt ? `last used ${formatCmsDate(passkey.lastUsedAt, timeZone)}` : "not used yet"}
                    </span>
                  </div>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    className="text-red-700 hover:bg-red-50 hover:text-red-800"
                    disabled={!hydrated}
                    onClick={() => setOpen({ kind: "remove-passkey", passkey })}
                  >
                    <Trash2 aria-hidden="true" /> Remove<span className="sr-only"> the passkey {passkey.name}</span>
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section
          icon={<Smartphone aria-hidden="true" />}
          title="Authenticator app"
          description="6-digit codes from an app such as 1Password, Google Authenticator or Microsoft Authenticator."
          action={
            status.totp.enabled ? (
              <Button type="button" variant="ghost" size="sm" className="text-red-700 hover:bg-red-50 hover:text-red-800" disabled={!hydrated} onClick={() => setOpen({ kind: "disable-totp" })}>
                Turn off<span className="sr-only"> the authenticator app</span>
              </Button>
            ) : (
              <Button type="button" variant="outline" size="sm" disabled={!hydrated || starting} onClick={() => void startTotp()}>
                {starting ? <Spinner /> : <Plus aria-hidden="true" />} Set up
                <span className="sr-only"> an authenticator app</span>
              </Button>
            )
          }
        >
          <p className="text-sm text-muted-foreground">
            {status.totp.enabled && status.totp.confirmedAt ? `On since ${formatCmsDate(status.totp.confirmedAt, timeZone)}.` : "Not set up."}
          </p>
        </Section>

        <Section
          icon={<RefreshCw aria-hidden="true" />}
          title="Recovery codes"
          description="If you lose your device, each code signs you in once. Keep them somewhere safe, such as a password manager."
          action={
            <Button type="button" variant="outline" size="sm" disabled={!hydrated || !status.enabled} onClick={() => setOpen({ kind: "regenerate" })}>
              Make new codes
            </Button>
          }
        >
          <p className={remaining <= 2 && status.enabled ? "text-sm font-medium text-amber-800" : "text-sm text-muted-foreground"} data-testid="recovery-remaining">
            {status.enabled
              ? `${remaining} of ${status.recoveryCodes.total} codes left.${remaining <= 2 ? " Make new codes soon." : ""}`
              : "You get ten codes when you add your first passkey or authenticator app."}
          </p>
        </Section>
      </CardContent>

      {open?.kind === "add-passkey" && <AddPasskeyDialog onClose={() => setOpen(null)} onDone={done} />}
      {open?.kind === "remove-passkey" && (
        <PasswordDialog
          title="Remove passkey"
          description={`Remove the passkey "${open.passkey.name}"? You can no longer sign in with it.`}
          confirmLabel="Remove passkey"
          destructive
          onClose={() => setOpen(null)}
          onConfirm={(password) => callJson("DELETE", `${BASE}/passkeys/${open.passkey.id}`, { password })}
          onDone={() => void done("Passkey removed", `"${open.passkey.name}" no longer signs you in.`)}
        />
      )}
      {open?.kind === "disable-totp" && (
        <PasswordDialog
          title="Turn off the authenticator app"
          description="Codes from your authenticator app will no longer sign you in."
          confirmLabel="Turn off"
          destructive
          onClose={() => setOpen(null)}
          onConfirm={(password) => callJson("DELETE", `${BASE}/totp`, { password })}
          onDone={() => void done("Authenticator app turned off", "Its codes no longer sign you in.")}
        />
      )}
      {open?.kind === "regenerate" && (
        <PasswordDialog
          title="Make new recovery codes"
          description="You get ten new codes; the ones you have now stop working."
          confirmLabel="Make new codes"
          onClose={() => setOpen(null)}
          onConfirm={(password) => callJson<{ recoveryCodes: string[] }>("POST", `${BASE}/recovery-codes`, { password })}
          onDone={(body) => void done("New recovery codes", "Save them now: they are shown only once.", (body as { recoveryCodes: string[] }).recoveryCodes)}
        />
      )}
      {open?.kind === "setup-totp" && <TotpDialog setup={open.setup} onClose={() => setOpen(null)} onDone={done} />}
      {open?.kind === "codes" && <RecoveryCodesDialog codes={open.codes} username={username} onClose={() => setOpen(null)} />}
    </Card>
  );
}

function Section({ icon, title, description, action, children }: { icon: ReactNode; title: string; description: string; action: ReactNode; children: ReactNode }) {
  return (
    <section className="grid gap-3 border-t border-border pt-5 first-of-type:border-t-0 first-of-type:pt-0" aria-label={title}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-1 basis-64 gap-3">
          <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-strong [&_svg]:size-4">{icon}</span>
          <div className="grid gap-0.5">
            <h3 className="text-sm font-semibold text-foreground">{title}</h3>
            <p className="text-sm text-muted-foreground">{description}</p>
          </div>
        </div>
        {action}
      </div>
      <div className="sm:pl-11">{children}</div>
    </section>
  );
}

type DoneHandler = (title: string, description: string, codes?: string[] | null) => Promise<void>;

/** Errors of a JSON answer per field, the rest as one message. */
function useAnswerErrors() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const show = (answer: Extract<ApiAnswer<unknown>, { ok: false }>) => {
    setErrors(answer.errors ?? {});
    setMessage(answer.errors && Object.keys(answer.errors).length > 0 ? null : answer.message);
  };
  const clear = () => {
    setErrors({});
    setMessage(null);
  };
  return { errors, message, show, clear };
}

function FormMessage({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
      {message}
    </p>
  );
}

function PasswordDialog({
  title,
  description,
  confirmLabel,
  destructive,
  onClose,
  onConfirm,
  onDone,
}: {
  title: string;
  description: string;
  confirmLabel: string;
  destructive?: boolean;
  onClose: () => void;
  onConfirm: (password: string) => Promise<ApiAnswer<unknown>>;
  onDone: (body: unknown) => void;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const { errors, message, show } = useAnswerErrors();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    const answer = await onConfirm(String(new FormData(event.currentTarget).get("password") ?? ""));
    setBusy(false);
    if (answer.ok) onDone(answer.body);
    else show(answer);
  };
  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={(event) => void submit(event)} noValidate>
          <FormMessage message={message} />
          <FormField id={`${id}-password`} name="password" type="password" label="Your password" autoComplete="current-password" required autoFocus error={errors.password} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant={destructive ? "destructive" : "default"} disabled={busy} aria-busy={busy}>
              {busy && <Spinner />}
              {confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function AddPasskeyDialog({ onClose, onDone }: { onClose: () => void; onDone: DoneHandler }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const { errors, message, show, clear } = useAnswerErrors();
  const supported = passkeysSupported();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = String(form.get("name") ?? "").trim();
    if (!name) return show({ ok: false, status: 400, message: "Give the passkey a name", errors: { name: "Give the passkey a name" } });
    clear();
    setBusy(true);
    try {
      const options = await callJson<{ options: PublicKeyCredentialCreationOptionsJSON }>("POST", `${BASE}/passkeys/options`, { password: form.get("password") });
      if (!options.ok) return show(options);
      const response = await createPasskey(options.body.options);
      const answer = await callJson<{ recoveryCodes: string[] | null }>("POST", `${BASE}/passkeys`, { name, response });
      if (!answer.ok) return show(answer);
      await onDone("Passkey added", `"${name}" now signs you in.`, answer.body.recoveryCodes);
    } catch (error) {
      show({
        ok: false,
        status: 0,
        message: isCancelled(error) ? "The passkey was not created: the request was canceled or timed out." : (error as Error).message,
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add a passkey</DialogTitle>
          <DialogDescription>Name it after the device or key, so you can tell your passkeys apart. Then your browser asks you to create it.</DialogDescription>
        </DialogHeader>
        {!supported ? (
          <p role="alert" className="text-sm font-medium text-red-800">This browser cannot create passkeys. Use an authenticator app instead.</p>
        ) : (
          <form className="grid gap-4" onSubmit={(event) => void submit(event)} noValidate>
            <FormMessage message={message} />
            <FormField id={`${id}-name`} name="name" label="Passkey name" defaultValue="" placeholder="e.g. Work laptop" maxLength={PASSKEY_NAME_MAX} required autoFocus error={errors.name} />
            <FormField id={`${id}-password`} name="password" type="password" label="Your password" autoComplete="current-password" required error={errors.password} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy} aria-busy={busy}>
                {busy ? <Spinner /> : <KeyRound aria-hidden="true" />}
                {busy ? "Waiting for your device..." : "Create passkey"}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

function TotpDialog({ setup, onClose, onDone }: { setup: TotpSetup; onClose: () => void; onDone: DoneHandler }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const { errors, message, show } = useAnswerErrors();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    const answer = await callJson<{ recoveryCodes: string[] | null }>("POST", `${BASE}/totp/confirm`, { code: form.get("code"), password: form.get("password") });
    setBusy(false);
    if (answer.ok) await onDone("Authenticator app set up", "Sign-in now asks for a code from it.", answer.body.recoveryCodes);
    else show(answer);
  };
  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Set up an authenticator app</DialogTitle>
          <DialogDescription>Scan the QR code with your app, then enter the 6-digit code it shows.</DialogDescription>
        </DialogHeader>
        <div className="grid items-center gap-5 sm:grid-cols-[11rem_minmax(0,1fr)]">
          <div
            role="img"
            aria-label="QR code of your authenticator app's key"
            className="mx-auto size-44 rounded-lg border border-border bg-white p-2 [&_svg]:size-full"
            // The SVG is made on the server by the qrcode package from the otpauth URI: no user markup.
            dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
          />
          <div className="grid gap-1.5 text-sm">
            <p className="font-medium text-foreground">Can't scan it?</p>
            <p className="text-muted-foreground">Enter this key in your app (time-based, 6 digits):</p>
            <code className="rounded-md bg-muted px-2 py-1.5 font-mono text-sm break-all text-foreground select-all" data-testid="totp-secret">
              {setup.secret}
            </code>
          </div>
        </div>
        <form className="grid gap-4" onSubmit={(event) => void submit(event)} noValidate>
          <FormMessage message={message} />
          <FormField
            id={`${id}-code`}
            name="code"
            label="Code from the app"
            {...TOTP_CODE_INPUT}
            required
            autoFocus
            error={errors.code}
          />
          <FormField id={`${id}-password`} name="password" type="password" label="Your password" autoComplete="current-password" required error={errors.password} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy} aria-busy={busy}>
              {busy && <Spinner />}
              Turn on
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function RecoveryCodesDialog({ codes, username, onClose }: { codes: string[]; username: string; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const text = codes.map(formatRecoveryCode).join("\n");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      toast({ title: "Recovery codes copied", description: "Paste them into your password manager." });
    } catch {
      toast({ title: "Copy failed", description: "Select the codes and copy them, or download them.", variant: "destructive" });
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([`Zuri CMS recovery codes for ${username}\nEach code works once.\n\n${text}\n`], { type: "text/plain" }));
    const link = Object.assign(document.createElement("a"), { href: url, download: "zuri-cms-recovery-codes.txt" });
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Save your recovery codes</DialogTitle>
          <DialogDescription>
            If you lose your passkey or phone, each code signs you in once. This is the only time they are shown.
          </DialogDescription>
        </DialogHeader>
        <ol className="grid grid-cols-2 gap-x-6 gap-y-2 rounded-xl border border-amber-300 bg-amber-50 p-4 font-mono text-sm text-amber-950" aria-label="Recovery codes" data-testid="recovery-codes">
          {codes.map((code) => (
            <li key={code}>{formatRecoveryCode(code)}</li>
          ))}
        </ol>
        <DialogFooter className="gap-2 sm:justify-between">
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" onClick={() => void copy()}>
              {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />} {copied ? "Copied" : "Copy"}
            </Button>
            <Button type="button" variant="outline" onClick={download}>
              <Download aria-hidden="true" /> Download
            </Button>
          </div>
          <Button type="button" onClick={onClose}>
            I have saved them
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
