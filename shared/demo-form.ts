/**
 * The demo form's words and first checks (docs/product.md §5, §8), without zod: the public pages' script
 * (app/site/demo-form.ts) checks a field before sending with exactly the rules and messages the
 * server's schema enforces (shared/demo-request.ts, which is the authority and imports these).
 */

export const demoFieldMessages = {
  name: "Name must be at least 2 characters.",
  email: "Please enter a valid email address.",
  organization: "Organization name is required.",
} as const;

/** docs/product.md §8: the toasts of a demo request. */
export const demoSubmitMessages = {
  successTitle: "Demo Request Submitted!",
  successDescription: "Our team will contact you within 24 hours to schedule your demo.",
  failureTitle: "Something went wrong.",
  failureDescription: "Your demo request couldn't be submitted. Please try again.",
} as const;

/** The e-mail pattern zod 4's `z.email()` checks, so the browser and the server agree. */
export const DEMO_EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** Runs of whitespace (including CR/LF) become one space: names never span lines or headers. */
export const singleLine = (value: string) => value.replace(/\s+/g, " ").trim();

/** The message for a required field's value as typed, or "" when it passes (docs/product.md §5). */
export function demoFieldProblem(field: keyof typeof demoFieldMessages, value: string): string {
  if (field === "name") return singleLine(value).length >= 2 ? "" : demoFieldMessages.name;
  if (field === "email") {
    const email = value.trim();
    return email.length <= 254 && DEMO_EMAIL_PATTERN.test(email) ? "" : demoFieldMessages.email;
  }
  return singleLine(value).length >= 1 ? "" : demoFieldMessages.organization;
}
