import { useState, type FormEvent, type ReactNode } from "react";
import { Button } from "../ui/button.tsx";
import { Input } from "../ui/input.tsx";
import { Label } from "../ui/label.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { Textarea } from "../ui/textarea.tsx";
import { toast } from "../../lib/toast.ts";
import { useCookieConsent } from "../../lib/cookie-consent.ts";
import { storedVisitId } from "../../lib/analytics.ts";
import {
  demoRequestFieldNames,
  demoRateLimitedMessage,
  demoSpamFieldNames,
  demoSubmitMessages,
  validateDemoForm,
  type DemoAttribution,
  type DemoFormErrors,
  type DemoFormValues,
  type DemoRequestField,
} from "../../lib/demo-request.ts";

const emptyValues: DemoFormValues = { name: "", email: "", phone: "", organization: "", message: "" };

/**
 * The demo form (SPEC §2, §4). It is a real `<form method="post">`: without JavaScript the route's
 * action takes it. Once hydrated it validates on blur and on submit, posts JSON to
 * /api/book-demo (SPEC §7) and reports with a toast (SPEC §8).
 */
export function BookDemoForm({
  formToken,
  attribution,
  initialValues,
  serverErrors,
  notice,
}: {
  formToken: string;
  attribution: DemoAttribution;
  /** What the visitor typed, after a no-JavaScript post the server refused. */
  initialValues?: Partial<DemoFormValues>;
  serverErrors?: DemoFormErrors;
  /** A message about the whole form from a no-JavaScript post (e.g. rate-limited). */
  notice?: string;
}) {
  const [values, setValues] = useState<DemoFormValues>({ ...emptyValues, ...initialValues });
  const [touched, setTouched] = useState<Partial<Record<DemoRequestField, boolean>>>(() =>
    Object.fromEntries(Object.keys(serverErrors ?? {}).map((field) => [field, true])),
  );
  const [submitting, setSubmitting] = useState(false);
  const { hasConsented, preferences } = useCookieConsent();
  // A rate-limited submission is refused with its own message, shown where the page's no-JS answer shows it.
  const [rateLimitNotice, setRateLimitNotice] = useState<string>();
  const shownNotice = rateLimitNotice ?? notice;
  const errors = validateDemoForm(values);
  const shownError = (field: DemoRequestField) => (touched[field] ? errors[field] : undefined);

  const update = (field: DemoRequestField) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));
  const markTouched = (field: DemoRequestField) => () => setTouched((current) => ({ ...current, [field]: true }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const form = event.currentTarget;
    setTouched({ name: true, email: true, phone: true, organization: true, message: true });
    const firstInvalid = demoRequestFieldNames.find((field) => errors[field]);
    if (firstInvalid) {
      form.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    const formData = new FormData(form);
    setSubmitting(true);
    try {
      const response = await fetch("/api/book-demo", {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          ...values,
          ...attribution,
          [demoSpamFieldNames.honeypot]: formData.get(demoSpamFieldNames.honeypot),
          [demoSpamFieldNames.formToken]: formToken,
          // The analytics visit this request comes from, only with Analytics consent (docs/decisions/070).
          visitId: hasConsented && preferences.analytics ? storedVisitId() : null,
        }),
      });
      // SPEC §7: any non-successful answer is a failure. A rate limit says when to try again instead.
      if (response.status === 429) {
        const { message } = (await response.json().catch(() => ({}))) as { message?: string };
        const retryAfter = Number(response.headers.get("retry-after")) || 3600;
        const description = message ?? demoRateLimitedMessage(retryAfter);
        setRateLimitNotice(description);
        toast({ variant: "destructive", title: demoSubmitMessages.failureTitle, description });
        return;
      }
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      setRateLimitNotice(undefined);
      toast({ title: demoSubmitMessages.successTitle, description: demoSubmitMessages.successDescription });
      setValues(emptyValues);
      setTouched({});
    } catch {
      toast({
        variant: "destructive",
        title: demoSubmitMessages.failureTitle,
        description: demoSubmitMessages.failureDescription,
      });
    } finally {
      setSubmitting(false);
    }
  }

  const fieldProps = (field: DemoRequestField) => ({
    id: `demo-${field}`,
    name: field,
    value: values[field],
    onChange: update(field),
    onBlur: markTouched(field),
    "aria-invalid": shownError(field) ? true : undefined,
  });

  return (
    <form method="post" noValidate onSubmit={onSubmit} aria-labelledby="demo-form-title" className="grid gap-3">
      <div className="grid gap-x-5 gap-y-3 sm:grid-cols-2">
        <Field field="name" label="Full Name" error={shownError("name")}>
          {(describedBy) => (
            <Input {...fieldProps("name")} autoComplete="name" required maxLength={200} aria-describedby={describedBy} />
          )}
        </Field>
        <Field field="email" label="Email" error={shownError("email")}>
          {(describedBy) => (
            <Input
              {...fieldProps("email")}
              type="email"
              autoComplete="email"
              required
              maxLength={254}
              aria-describedby={describedBy}
            />
          )}
        </Field>
        <Field
          field="phone"
          label="Phone"
          optional
          hint="We'll only use this to follow up about your demo."
          error={shownError("phone")}
        >
          {(describedBy) => (
            <Input {...fieldProps("phone")} type="tel" autoComplete="tel" maxLength={50} aria-describedby={describedBy} />
          )}
        </Field>
        <Field field="organization" label="Organization" error={shownError("organization")}>
          {(describedBy) => (
            <Input
              {...fieldProps("organization")}
              autoComplete="organization"
              required
              maxLength={200}
              aria-describedby={describedBy}
            />
          )}
        </Field>
      </div>
      <Field field="message" label="Additional Information" optional error={shownError("message")}>
        {(describedBy) => (
          <Textarea
            {...fieldProps("message")}
            rows={5}
            maxLength={5000}
            placeholder="Tell us about your data, your team and the decisions you want to make faster."
            aria-describedby={describedBy}
          />
        )}
      </Field>

      {/* Spam defence (docs/decisions/050): people never see or reach this field; form-filling scripts do. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor="demo-website">Leave this field empty</label>
        <input id="demo-website" name={demoSpamFieldNames.honeypot} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <input type="hidden" name={demoSpamFieldNames.formToken} value={formToken} />
      {Object.entries(attribution).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}

      {shownNotice && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {shownNotice}
        </p>
      )}
      <div className="flex flex-col gap-3 pt-1 sm:flex-row sm:items-center sm:justify-between">
        <Button type="submit" size="lg" disabled={submitting} className="w-full sm:w-auto">
          {submitting ? (
            <>
              <Spinner />
              Submitting...
            </>
          ) : (
            "Request a Demo"
          )}
        </Button>
        <p className="text-sm text-muted-foreground">Our team will contact you within 24 hours.</p>
      </div>
    </form>
  );
}

/** Label, control, optional hint and the field's message, wired for assistive technology. */
function Field({
  field,
  label,
  optional = false,
  hint,
  error,
  children,
}: {
  field: DemoRequestField;
  label: string;
  optional?: boolean;
  hint?: string;
  error?: string;
  children: (describedBy: string | undefined) => ReactNode;
}) {
  const hintId = hint ? `demo-${field}-hint` : undefined;
  const errorId = `demo-${field}-error`;
  const describedBy = [hintId, error ? errorId : undefined].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col">
      <Label htmlFor={`demo-${field}`} className="mb-2">
        {label}
        {optional && <span className="ml-1 font-normal text-muted-foreground">(optional)</span>}
      </Label>
      {children(describedBy)}
      {hint && (
        <p id={hintId} className="mt-2 text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      {/* Always rendered, so screen readers announce a message the moment it appears; its line is
          reserved, so a message appearing on blur never moves the submit button from under the pointer. */}
      <p id={errorId} aria-live="polite" className="mt-1.5 min-h-5 text-sm leading-5 font-medium text-destructive">
        {error}
      </p>
    </div>
  );
}
