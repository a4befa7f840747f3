import { COOKIE_CONSENT_EVENT, readCookieConsent, type CookiePreferences } from "../lib/cookie-consent.ts";

/**
 * One page view per document, only with Analytics consent (docs/product.md §4 `cookieConsent.analytics === true`;
 * docs/decisions/070-first-party-analytics.md): on load when the stored choice allows it, or when the
 * visitor gives consent on this page. The beacon's code is fetched then, never before, and never with
 * Global Privacy Control on. It never delays anything: it waits for the browser to be idle.
 */
export function startPageViews() {
  let sent = false;
  const maybeSend = (preferences: CookiePreferences | null) => {
    if (sent || !preferences?.analytics || (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl) return;
    sent = true;
    const send = () => void import("./analytics-beacon.ts").then(({ sendPageView }) => sendPageView(location.pathname));
    if ("requestIdleCallback" in window) requestIdleCallback(send, { timeout: 2000 });
    else setTimeout(send, 1);
  };
  maybeSend(readCookieConsent());
  addEventListener(COOKIE_CONSENT_EVENT, (event) => maybeSend((event as CustomEvent<CookiePreferences>).detail));
}
