import { useId, useState } from "react";
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
import { cookieConsent, restoreFocusAfterPreferences, type CookiePreferences } from "../../lib/cookie-consent.ts";

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
      {/* Radix returns focus only to a Dialog.Trigger; this dialog has two openers elsewhere (docs/decisions/010). */}
      <DialogContent
        className="max-w-xl"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          restoreFocusAfterPreferences();
        }}
      >
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
