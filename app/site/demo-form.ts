import { demoFieldProblem, demoSubmitMessages } from "../../shared/demo-form.ts";
import { readCookieConsent } from "../lib/cookie-consent.ts";
import { storedVisit } from "../../shared/analytics.ts";
import { toast } from "./toasts.ts";

type CheckedField = "name" | "email" | "organization";
const checkedFields: CheckedField[] = ["name", "email", "organization"];

/**
 * The demo form (docs/product.md §2, §4, §5, §8) on top of the server's `<form method="post">` (docs/decisions/019):
 * - A field's message in the product document's words on blur (once the visitor has left it) and for every field before
 *   sending, under the field and as its validity; focus goes to the first field in error.
 * - Sending: the button reads 'Submitting...' with a spinner and is disabled; the fields as typed go as
 *   JSON to /api/book-demo (docs/product.md §7). Success: the product document's toast, and the confirmation in the form's place,
 *   which stays. Failure: the product document's destructive toast, the form kept as typed; a rate limit's own message
 *   shows above the button too.
 * - With Analytics consent, the visit's campaign (landing page, referrer, UTM) goes with the request, so the
 *   lead keeps what brought the visitor, on whatever page they asked (docs/decisions/070).
 * A submit before this script arrived was posted natively: the server answered it.
 */
export function enhanceDemoForm(doc: Document = document) {
  const form = doc.querySelector<HTMLFormElement>("form[data-demo-form]");
  if (!form) return;
  const input = (name: string) => form.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]`);
  const touched = new Set<CheckedField>();

  const check = (field: CheckedField, show: boolean): boolean => {
    const control = input(field);
    if (!control) return true;
    const problem = demoFieldProblem(field, control.value);
    control.setCustomValidity(problem);
    if (show) {
      const message = form.querySelector(`[data-field-error="${field}"]`);
      if (message) message.textContent = problem;
      if (problem) control.setAttribute("aria-invalid", "true");
      else control.removeAttribute("aria-invalid");
    }
    return problem === "";
  };
  for (const field of checkedFields) {
    const control = input(field);
    control?.addEventListener("blur", () => {
      touched.add(field);
      check(field, true);
    });
    control?.addEventListener("input", () => check(field, touched.has(field)));
    check(field, Boolean(control?.getAttribute("aria-invalid")));
  }

  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const notice = form.querySelector<HTMLElement>("[data-demo-notice]");
  let sending = false;
  const setSending = (on: boolean) => {
    sending = on;
    if (!button) return;
    button.disabled = on;
    button.querySelector<HTMLElement>('[data-when="idle"]')!.hidden = on;
    button.querySelector<HTMLElement>('[data-when="busy"]')!.hidden = !on;
  };
  const showNotice = (text: string | null) => {
    if (!notice) return;
    notice.textContent = text ?? "";
    notice.hidden = !text;
  };

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (sending) return;
    const invalid = checkedFields.filter((field) => {
      touched.add(field);
      return !check(field, true);
    });
    if (invalid.length > 0) return input(invalid[0]!)?.focus();

    withVisitCampaign(form);
    const body = Object.fromEntries(new FormData(form));
    setSending(true);
    try {
      const response = await fetch("/api/book-demo", {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      // docs/product.md §7: any non-successful answer is a failure. A rate limit says when to try again instead.
      if (response.status === 429) {
        const { message } = (await response.json().catch(() => ({}))) as { message?: string };
        showNotice(message ?? demoSubmitMessages.failureDescription);
        toast({ variant: "destructive", title: demoSubmitMessages.failureTitle, description: message ?? demoSubmitMessages.failureDescription });
        return;
      }
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      toast({ title: demoSubmitMessages.successTitle, description: demoSubmitMessages.successDescription });
      showConfirmation(form);
    } catch {
      toast({ variant: "destructive", title: demoSubmitMessages.failureTitle, description: demoSubmitMessages.failureDescription });
    } finally {
      setSending(false);
    }
  });
}

/** The form's place (its section) shows the confirmation the server rendered into a <template>. */
function showConfirmation(form: HTMLFormElement) {
  const doc = form.ownerDocument;
  const template = doc.querySelector<HTMLTemplateElement>("template[data-demo-confirmation]");
  const section = form.closest("section");
  if (!template || !section) return form.reset();
  section.replaceChildren(template.content.cloneNode(true));
  section.querySelector<HTMLElement>("[data-demo-submitted]")?.focus({ preventScroll: true });
  section.scrollIntoView({ block: "nearest" });
}

/** With Analytics consent, the visit's campaign in the form's attribution fields (the page's own values stay otherwise). */
function withVisitCampaign(form: HTMLFormElement) {
  if (!readCookieConsent()?.analytics) return;
  const visit = storedVisit();
  if (!visit) return;
  const campaign = Boolean(visit.utmSource || visit.utmMedium || visit.utmCampaign);
  const values: Record<string, string | null> = {
    visitId: visit.visitId,
    landingPage: visit.landingPath,
    referrer: visit.referrer,
    // The visit's campaign replaces the page's only when the visit had one.
    ...(campaign ? { utmSource: visit.utmSource, utmMedium: visit.utmMedium, utmCampaign: visit.utmCampaign } : {}),
  };
  for (const [name, value] of Object.entries(values)) {
    let field = form.querySelector<HTMLInputElement>(`input[type="hidden"][name="${name}"]`);
    if (!field) {
      field = form.ownerDocument.createElement("input");
      field.type = "hidden";
      field.name = name;
      form.append(field);
    }
    field.value = value ?? "";
  }
}
