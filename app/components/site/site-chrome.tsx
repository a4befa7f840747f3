import type { ReactNode } from "react";
import { deferred } from "../../lib/deferred.tsx";
import { CookieConsent } from "./cookie-consent.tsx";
import { SiteFooter } from "./site-footer.tsx";
import { AnalyticsPageViews } from "./analytics-page-views.tsx";

/**
 * The header's menus (Radix dropdown and drawer) and the toasts are not needed for the first paint:
 * their code loads while the rest of the page hydrates (docs/decisions/013; measured on the home
 * page: 149 KB of preloaded JavaScript after gzip instead of 191 KB).
 */
const SiteHeader = deferred(() => import("./site-header.tsx").then((module) => module.SiteHeader));
const Toaster = deferred(() => import("./toaster.tsx").then((module) => module.Toaster));

/** Header, main landmark, footer, cookie consent and toasts around every public page. */
export function SiteChrome({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main-content"
        className="sr-only rounded-lg bg-white px-4 py-2 text-sm font-semibold text-primary-strong shadow-overlay focus:not-sr-only focus:fixed focus:px-4 focus:py-2 focus:top-2 focus:left-2 focus:z-[60] focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        Skip to main content
      </a>
      {/* Right after the skip link, so the keyboard reaches the banner first; it is fixed at the bottom (docs/decisions/010). */}
      <CookieConsent />
      {/* Page views, only with Analytics consent (docs/decisions/070); renders nothing. */}
      <AnalyticsPageViews />
      <SiteHeader />
      {/* tabIndex -1: the skip link's target, and where focus goes after a cookie choice (docs/decisions/010). */}
      <main id="main-content" tabIndex={-1} className="flex-1 pt-header outline-none">
        {children}
      </main>
      <SiteFooter />
      <Toaster />
    </div>
  );
}
