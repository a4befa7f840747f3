import { ANALYTICS_VISIT_KEY } from "../../shared/analytics.ts";
import { COOKIE_CONSENT_EVENT, COOKIE_CONSENT_KEY, COOKIE_PREFERENCES_DIALOG_ID, type CookiePreferences } from "./cookie-consent.ts";

/**
 * The whole cookie consent of a public page (docs/product.md §2, §4, §9; docs/decisions/010 and 019), run inline in
 * <head> before the first paint, so the banner and the dialog work the moment they show, whatever script
 * is still on its way. Written out as the text of that script (`cookieConsentBootScript`): it must use
 * nothing from outside itself.
 * - Marks <html data-js>, and `data-cookie-consent="set"` once a choice is stored (CSS hides the banner).
 * - On load, a stored choice is applied: one console line per category (docs/product.md §4).
 * - A click on `[data-consent]` anywhere in the page: `accept`, `reject`, `save` (the dialog's switches),
 *   `manage` (opens the dialog from the stored choice), `cancel`. A choice stores the preferences, applies
 *   them, closes the dialog, tells the page (`cookieconsentchange`), and without Analytics forgets this
 *   tab's analytics visit.
 * - Focus never lands on <body>: after the dialog closes it returns to the control that opened it when that
 *   is still shown, else to the main content, as after a choice in the banner (docs/decisions/010).
 */
function cookieConsentBoot(key: string, visitKey: string, dialogId: string, eventName: string) {
  const doc = document;
  const html = doc.documentElement;
  let opener: HTMLElement | null = null;
  html.dataset.js = "";
  const read = (): CookiePreferences | null => {
    try {
      const value = JSON.parse(localStorage.getItem(key) ?? "null") as Partial<CookiePreferences> | null;
      return value ? { essential: true, analytics: value.analytics === true, marketing: value.marketing === true } : null;
    } catch {
      return null;
    }
  };
  const apply = (preferences: CookiePreferences) => {
    for (const category of ["essential", "analytics", "marketing"] as const) {
      console.info(`Cookie consent: ${category} cookies ${preferences[category] ? "enabled" : "disabled"}`);
    }
  };
  const dialog = () => doc.getElementById(dialogId) as HTMLDialogElement | null;
  const focusMain = () => doc.getElementById("main-content")?.focus({ preventScroll: true });
  const stored = read();
  if (stored) {
    html.dataset.cookieConsent = "set";
    apply(stored);
  }
  const choose = (preferences: CookiePreferences) => {
    try {
      localStorage.setItem(key, JSON.stringify(preferences));
    } catch {
      // Storage refused (private mode): the choice holds for this page.
    }
    if (!preferences.analytics) {
      try {
        sessionStorage.removeItem(visitKey);
      } catch {
        // Nothing to forget.
      }
    }
    html.dataset.cookieConsent = "set";
    apply(preferences);
    const open = dialog();
    if (open?.open) open.close();
    else focusMain();
    dispatchEvent(new CustomEvent(eventName, { detail: preferences }));
  };
  const switchOn = (name: string) => Boolean(dialog()?.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.checked);
  doc.addEventListener("click", (event) => {
    const target = event.target as Element;
    const box = dialog();
    // A click on the dialog's backdrop (the <dialog> itself, outside its content) closes it.
    if (box && target === box) return box.close();
    const control = target.closest?.<HTMLElement>("[data-consent]");
    if (!control) return;
    const action = control.dataset.consent;
    if (action === "accept") choose({ essential: true, analytics: true, marketing: true });
    else if (action === "reject") choose({ essential: true, analytics: false, marketing: false });
    else if (action === "save") choose({ essential: true, analytics: switchOn("analytics"), marketing: switchOn("marketing") });
    else if (action === "cancel") box?.close();
    else if (action === "manage" && box) {
      event.preventDefault();
      opener = control;
      const current = read() ?? { essential: true, analytics: false, marketing: false };
      for (const name of ["analytics", "marketing"] as const) {
        const input = box.querySelector<HTMLInputElement>(`input[name="${name}"]`);
        if (input) input.checked = current[name];
      }
      box.showModal();
    }
  });
  // `close` does not bubble: caught on its way down.
  doc.addEventListener(
    "close",
    (event) => {
      // The event is queued, and may come after the dialog was opened again (then it is stale) or after a
      // later close too: the opener is kept, not taken, so every close sends focus to the latest one.
      const box = dialog();
      if (event.target !== box || box?.open) return;
      const back = opener;
      if (back?.isConnected && back.getClientRects().length > 0) back.focus();
      else focusMain();
    },
    true,
  );
}

/** The text of the inline <head> script: `cookieConsentBoot` and its arguments. */
export const cookieConsentBootScript = `(${cookieConsentBoot.toString()})(${[COOKIE_CONSENT_KEY, ANALYTICS_VISIT_KEY, COOKIE_PREFERENCES_DIALOG_ID, COOKIE_CONSENT_EVENT]
  .map((value) => JSON.stringify(value))
  .join(",")})`;
