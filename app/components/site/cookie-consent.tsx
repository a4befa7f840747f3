import { Cookie, X } from "lucide-react";
import { buttonVariants } from "../ui/button.tsx";
import { cn } from "../../lib/cn.ts";
import { COOKIE_PREFERENCES_DIALOG_ID } from "../../lib/cookie-consent.ts";

/**
 * The banner (until the visitor chooses) and the preferences dialog, docs/product.md §2 and §4: server HTML whose
 * buttons carry `data-consent`; the inline script of the page's <head> (app/lib/cookie-consent-boot.ts)
 * handles them from the first paint. Without JavaScript the banner stays hidden (no cookie beyond the
 * essential is ever set) and the footer's Cookie Settings leads to the cookie policy.
 */
export function CookieConsent() {
  return (
    <>
      <CookieBanner />
      <CookiePreferencesDialog />
    </>
  );
}

/**
 * SiteChrome renders this right after the skip link, so a keyboard user reaches it first (Privacy
 * Policy, Reject All, Accept All: three Tabs) while it stays fixed at the bottom of the screen. The
 * buttons are in the order they are shown at every width (docs/decisions/010).
 */
function CookieBanner() {
  return (
    <section
      data-cookie-banner=""
      aria-labelledby="cookie-banner-title"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-white/95 shadow-[0_-8px_30px_-12px_rgb(15_23_42/0.25)] backdrop-blur supports-[backdrop-filter]:bg-white/90"
    >
      <div className="container-page flex flex-col gap-4 py-4 md:flex-row md:items-center md:justify-between md:gap-8">
        <div className="flex gap-3">
          <Cookie className="mt-0.5 hidden size-5 shrink-0 text-primary-strong sm:block" aria-hidden="true" />
          <div>
            <h2 id="cookie-banner-title" className="text-sm font-semibold text-foreground">
              We value your privacy
            </h2>
            <p className="mt-1 max-w-3xl text-sm text-muted-foreground">
              We use essential cookies to run this site. With your permission we also use analytics and marketing
              cookies to understand how the site is used and improve it. Read our{" "}
              <a href="/privacy" className="font-medium text-primary-strong underline underline-offset-2">
                Privacy Policy
              </a>
              .
            </p>
          </div>
        </div>
        <div className="grid shrink-0 grid-cols-2 gap-2 sm:flex sm:flex-row">
          <button type="button" data-consent="reject" className={buttonVariants({ variant: "outline" })}>
            Reject All
          </button>
          <button type="button" data-consent="accept" className={buttonVariants()}>
            Accept All
          </button>
          <button type="button" data-consent="manage" className={cn(buttonVariants({ variant: "ghost" }), "col-span-2")}>
            Manage Preferences
          </button>
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

/**
 * A native modal <dialog>: the browser traps focus in it, closes it on Escape and makes the page behind
 * it inert. The inline script sets the switches from the stored choice each time it opens.
 */
function CookiePreferencesDialog() {
  return (
    <dialog
      id={COOKIE_PREFERENCES_DIALOG_ID}
      aria-labelledby="cookie-preferences-title"
      aria-describedby="cookie-preferences-description"
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-xl overflow-y-auto rounded-2xl border border-border bg-white p-0 text-foreground shadow-overlay backdrop:bg-slate-950/50 backdrop:backdrop-blur-[2px] open:animate-pop-in"
    >
      <div className="relative grid gap-4 p-6">
        <div className="flex flex-col gap-1.5 pr-6">
          <h2 id="cookie-preferences-title" className="text-lg font-semibold tracking-tight">
            Cookie Preferences
          </h2>
          <p id="cookie-preferences-description" className="text-sm text-muted-foreground">
            Choose which cookies we may use. You can change this at any time from Cookie Settings at the bottom of
            every page.
          </p>
        </div>
        <ul className="divide-y divide-border rounded-xl border border-border">
          {categories.map(({ key, title, description }) => {
            const id = `cookie-${key}`;
            const essential = key === "essential";
            return (
              <li key={key} className="flex items-start justify-between gap-4 p-4">
                <div>
                  <label htmlFor={id} className="text-sm leading-none font-medium">
                    {title}
                  </label>
                  <p id={`${id}-description`} className="mt-1.5 text-sm text-muted-foreground">
                    {description}
                  </p>
                </div>
                <span className="relative inline-flex shrink-0">
                  <input
                    id={id}
                    name={key}
                    type="checkbox"
                    role="switch"
                    aria-describedby={`${id}-description`}
                    defaultChecked={essential}
                    disabled={essential}
                    className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none rounded-full opacity-0 disabled:cursor-not-allowed"
                  />
                  <span
                    aria-hidden="true"
                    className="inline-flex h-6 w-11 items-center rounded-full border-2 border-transparent bg-slate-500 transition-colors peer-checked:bg-primary peer-disabled:opacity-60 peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 peer-checked:[&>span]:translate-x-5"
                  >
                    <span className="block size-5 rounded-full bg-white shadow-sm transition-transform" />
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" data-consent="cancel" className={buttonVariants({ variant: "ghost" })}>
            Cancel
          </button>
          <button type="button" data-consent="reject" className={buttonVariants({ variant: "outline" })}>
            Reject All
          </button>
          <button type="button" data-consent="save" className={buttonVariants()}>
            Save Preferences
          </button>
        </div>
        <button
          type="button"
          data-consent="cancel"
          aria-label="Close"
          className="absolute top-4 right-4 rounded-md p-1 text-slate-500 transition-colors hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
    </dialog>
  );
}
