import { useEffect, useId } from "react";
import { Link } from "react-router";
import { Cookie } from "lucide-react";
import { Button } from "../ui/button.tsx";
import { deferred } from "../../lib/deferred.tsx";
import {
  applyStoredPreferences,
  cookieConsent,
  focusMainContent,
  useCookieConsent,
} from "../../lib/cookie-consent.ts";

/** The dialog's code (Radix dialog, switches) is fetched while the page hydrates, not before the first paint. */
const CookiePreferencesDialog = deferred(() =>
  import("./cookie-preferences-dialog.tsx").then((module) => module.CookiePreferencesDialog),
);

/** The banner (until the visitor chooses) and the preferences dialog, SPEC §2 and §4. */
export function CookieConsent() {
  const { hasConsented, preferencesOpen, preferences } = useCookieConsent();
  useEffect(applyStoredPreferences, []);
  return (
    <>
      {!hasConsented && <CookieBanner />}
      <CookiePreferencesDialog
        open={preferencesOpen}
        preferences={preferences}
        onOpenChange={(open) => (open ? cookieConsent.openPreferences() : cookieConsent.closePreferences())}
      />
    </>
  );
}

/**
 * SiteChrome renders this right after the skip link, so a keyboard user reaches it first (Privacy
 * Policy, Reject All, Accept All: three Tabs) while it stays fixed at the bottom of the screen. The
 * buttons are in the order they are shown at every width. After a choice the banner is gone and
 * focus moves to the main content, not to <body> (docs/decisions/010).
 */
function CookieBanner() {
  const headingId = useId();
  const choose = (choice: () => void) => () => {
    choice();
    focusMainContent();
  };
  return (
    <section
      data-cookie-banner=""
      aria-labelledby={headingId}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-white/95 shadow-[0_-8px_30px_-12px_rgb(15_23_42/0.25)] backdrop-blur supports-[backdrop-filter]:bg-white/90"
    >
      <div className="container-page flex flex-col gap-4 py-4 md:flex-row md:items-center md:justify-between md:gap-8">
        <div className="flex gap-3">
          <Cookie className="mt-0.5 hidden size-5 shrink-0 text-primary-strong sm:block" aria-hidden="true" />
          <div>
            <h2 id={headingId} className="text-sm font-semibold text-foreground">
              We value your privacy
            </h2>
            <p className="mt-1 max-w-3xl text-sm text-muted-foreground">
              We use essential cookies to run this site. With your permission we also use analytics and marketing
              cookies to understand how the site is used and improve it. Read our{" "}
              <Link to="/privacy" className="font-medium text-primary-strong underline underline-offset-2">
                Privacy Policy
              </Link>
              .
            </p>
          </div>
        </div>
        <div className="grid shrink-0 grid-cols-2 gap-2 sm:flex sm:flex-row">
          <Button variant="outline" onClick={choose(cookieConsent.rejectAll)}>
            Reject All
          </Button>
          <Button onClick={choose(cookieConsent.acceptAll)}>Accept All</Button>
          <Button
            variant="ghost"
            className="col-span-2"
            onClick={(event) => cookieConsent.openPreferences(event.currentTarget)}
          >
            Manage Preferences
          </Button>
        </div>
      </div>
    </section>
  );
}
