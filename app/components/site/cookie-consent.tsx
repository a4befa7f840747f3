import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { Cookie } from "lucide-react";
import { Button } from "../ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../ui/dialog.tsx";
import { Switch } from "../ui/switch.tsx";
import { Label } from "../ui/label.tsx";
import {
  applyStoredPreferences,
  cookieConsent,
  useCookieConsent,
  type CookiePreferences,
} from "../../lib/cookie-consent.ts";

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

function CookieBanner() {
  const headingId = useId();
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
          <Button variant="ghost" className="order-last col-span-2 sm:order-none" onClick={cookieConsent.openPreferences}>
            Manage Preferences
          </Button>
          <Button variant="outline" onClick={cookieConsent.rejectAll}>
            Reject All
          </Button>
          <Button onClick={cookieConsent.acceptAll}>Accept All</Button>
        </div>
      </div>
    </section>
  );
}

const categories = [
  {
    key: "essential",
    title: "Essential",
    description: "Needed for the site to work, such as remembering this choice and keeping you signed in. Always on.",
  },
  {
    key: "analytics",
    title: "Analytics",
    description: "Help us understand which pages are useful and how visitors move through the site.",
  },
  {
    key: "marketing",
    title: "Marketing",
    description: "Let us measure our campaigns and show you relevant content on other sites.",
  },
] as const;

export function CookiePreferencesDialog({
  open,
  preferences,
  onOpenChange,
}: {
  open: boolean;
  preferences: CookiePreferences;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        {/* Keyed by the stored choice so every opening starts from it. */}
        <PreferencesForm key={JSON.stringify(preferences)} initial={preferences} />
      </DialogContent>
    </Dialog>
  );
}

function PreferencesForm({ initial }: { initial: CookiePreferences }) {
  const [draft, setDraft] = useState(initial);
  const idPrefix = useId();
  return (
    <>
      <DialogHeader>
        <DialogTitle>Cookie Preferences</DialogTitle>
        <DialogDescription>
          Choose which cookies we may use. You can change this at any time from Cookie Settings at the bottom of
          every page.
        </DialogDescription>
      </DialogHeader>
      <ul className="divide-y divide-border rounded-xl border border-border">
        {categories.map(({ key, title, description }) => {
          const id = `${idPrefix}-${key}`;
          return (
            <li key={key} className="flex items-start justify-between gap-4 p-4">
              <div>
                <Label htmlFor={id}>{title}</Label>
                <p id={`${id}-description`} className="mt-1.5 text-sm text-muted-foreground">
                  {description}
                </p>
              </div>
              <Switch
                id={id}
                aria-describedby={`${id}-description`}
                checked={key === "essential" ? true : draft[key]}
                disabled={key === "essential"}
                onCheckedChange={(checked) => setDraft((previous) => ({ ...previous, [key]: checked }))}
              />
            </li>
          );
        })}
      </ul>
      <DialogFooter>
        <Button variant="ghost" onClick={cookieConsent.closePreferences}>
          Cancel
        </Button>
        <Button variant="outline" onClick={cookieConsent.rejectAll}>
          Reject All
        </Button>
        <Button onClick={() => cookieConsent.savePreferences(draft)}>Save Preferences</Button>
      </DialogFooter>
    </>
  );
}
