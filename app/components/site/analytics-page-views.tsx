import { useEffect } from "react";
import { useLocation } from "react-router";
import { useCookieConsent } from "../../lib/cookie-consent.ts";
import { ANALYTICS_VISIT_KEY } from "../../lib/analytics.ts";

/** Whether the page view being loaded may still go: consent can be withdrawn while the beacon's code loads. */
let allowed = false;

/**
 * One page view per document load and per client navigation, only with Analytics consent (SPEC §4
 * `cookieConsent.analytics === true`; docs/decisions/070-first-party-analytics.md). The beacon's code is
 * fetched on the first consented view, never before; with Global Privacy Control on, nothing is sent.
 * Until the stored choice is read (hydration) consent is unknown and nothing happens; withdrawing it
 * (Reject All, Cookie Settings) stops the views and forgets this tab's visit.
 */
export function AnalyticsPageViews() {
  const { hasConsented, preferences } = useCookieConsent();
  const { pathname, search } = useLocation();
  const consented = hasConsented && preferences.analytics;
  useEffect(() => {
    allowed = consented && !(navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl;
    if (!allowed) {
      if (hasConsented) {
        try {
          sessionStorage.removeItem(ANALYTICS_VISIT_KEY);
        } catch {
          // Storage refused: there is no visit to forget.
        }
      }
      return;
    }
    void import("./analytics-beacon.ts").then(({ sendPageView }) => {
      if (allowed) sendPageView(pathname);
    });
  }, [consented, hasConsented, pathname, search]);
  return null;
}
