import type { ReactNode } from "react";
import { TOAST_VIEWPORT_CLASS } from "../../lib/toast-rules.ts";
import { CookieConsent } from "./cookie-consent.tsx";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";

/**
 * Header, main landmark, footer, cookie consent and the toast region around every public page: server
 * HTML that works as it is shown; the page's script only adds behaviour to it (docs/decisions/019).
 */
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
      <SiteHeader />
      {/* tabIndex -1: the skip link's target, and where focus goes after a cookie choice (docs/decisions/010). */}
      <main id="main-content" tabIndex={-1} className="flex-1 pt-header outline-none">
        {children}
      </main>
      <SiteFooter />
      <ToastRegion />
    </div>
  );
}

/**
 * Where the page's script shows its notifications (app/site/toasts.ts; docs/product.md §9): one at a time, F8 moves
 * focus here. Empty in the HTML, and a live region from the start, so what appears in it is announced.
 */
function ToastRegion() {
  return (
    <section aria-label="Notifications (F8)" tabIndex={-1} data-toast-region="" className="pointer-events-none outline-none">
      <ol
        aria-live="polite"
        data-slot="toast-viewport"
        className={TOAST_VIEWPORT_CLASS}
      />
    </section>
  );
}
