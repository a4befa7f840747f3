import { useEffect, type ReactNode } from "react";
import { CookieConsent } from "./cookie-consent.tsx";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";
import { Toaster } from "./toaster.tsx";

/** Header, main landmark, footer, cookie consent and toasts around every public page. */
export function SiteChrome({ children }: { children: ReactNode }) {
  // Marks the page interactive, so browser tests can wait for an event instead of sleeping.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main-content"
        className="sr-only rounded-lg bg-white px-4 py-2 text-sm font-semibold text-primary-strong shadow-overlay focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        Skip to main content
      </a>
      <SiteHeader />
      <main id="main-content" tabIndex={-1} className="flex-1 pt-header outline-none">
        {children}
      </main>
      <SiteFooter />
      <CookieConsent />
      <Toaster />
    </div>
  );
}
