import type { ReactNode } from "react";
import { Button } from "../ui/button.tsx";
import { Input } from "../ui/input.tsx";
import { Label } from "../ui/label.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { Textarea } from "../ui/textarea.tsx";
import {
  demoSpamFieldNames,
  type DemoAttribution,
  type DemoFormErrors,
  type DemoFormValues,
  type DemoRequestField,
} from "../../../shared/demo-request.ts";

/**
 * The demo form (docs/product.md §2, §4, §5): a real `<form method="post">` that the route's action takes as it is,
 * without any script. The page's script (app/site/demo-form.ts) adds, without re-rendering anything: the
 * product document's messages on blur and before sending, the 'Submitting...' state, the JSON post to /api/book-demo,
 * the toasts and a confirmation that stays (docs/decisions/019). What the visitor typed is never touched
 * by a script arriving late.
 */
export function BookDemoForm({
  formToken,
  attribution,
  initialValues,
  serverErrors = {},
  notice,
  action,
}: {
  formToken: string;
  attribution: DemoAttribution;
  /** What the visitor typed, after a no-JavaScript post the server refused. */
  initialValues?: Partial<DemoFormValues>;
  serverErrors?: DemoFormErrors;
  /** A message about the whole form from a no-JavaScript post (e.g. rate-limited). */
  notice?: string;
  /** Where the form posts without JavaScript: its own page (/book-demo), or /book-demo from a landing page. */
  action?: string;
}) {
  const fieldProps = (field: DemoRequestField) => ({
    id: `demo-${field}`,
    name: field,
    defaultValue: initialValues?.[field] ?? "",
    "aria-invalid": serverErrors[field] ? true : undefined,
  });

  return (
    <form method="post" action={action} noValidate data-demo-form="" aria-labelledby="demo-form-title" className="grid gap-3">
      <div className="grid gap-x-5 gap-y-3 sm:grid-cols-2">
        <Field field="name" label="Full Name" error={serverErrors.name}>
          {(describedBy) => (
            <Input {...fieldProps("name")} autoComplete="name" required maxLength={200} aria-describedby={describedBy} />
          )}
        </Field>
        <Field field="email" label="Email" error={serverErrors.email}>
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
        <Field field="phone" label="Phone" optional hint="We'll only use this to follow up about your demo." error={serverErrors.phone}>
          {(describedBy) => (
            <Input {...fieldProps("phone")} type="tel" autoComplete="tel" maxLength={50} aria-describedby={describedBy} />
          )}
        </Field>
        <Field field="organization" label="Organization" error={serverErrors.organization}>
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
      <Field field="message" label="Additional Information" optional error={serverErrors.message}>
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
      {/* Where the lead came from: the page's own address here; with Analytics consent the page's script
          puts the visit's campaign in these (docs/decisions/070). */}
      {Object.entries(attribution).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value ?? ""} />
      ))}

      <p
        role="alert"
        data-demo-notice=""
        hidden={!notice}
        className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
      >
        {notice}
      </p>
      <div className="flex flex-col gap-3 pt-1 sm:flex-row sm:items-center sm:justify-between">
        <Button type="submit" size="lg" className="w-full sm:w-auto">
          <span data-when="idle">Request a Demo</span>
          <span data-when="busy" hidden className="inline-flex items-center gap-2">
            <Spinner />
            Submitting...
          </span>
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
  // The error's line is always described: the page's script fills it in place (app/site/demo-form.ts).
  const describedBy = [hintId, errorId].filter(Boolean).join(" ");
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
      <p id={errorId} data-field-error={field} aria-live="polite" className="mt-1.5 min-h-5 text-sm leading-5 font-medium text-destructive">
        {error}
      </p>
    </div>
  );
}
