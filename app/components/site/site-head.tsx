import interLatinUrl from "../../assets/fonts/inter-latin-wght-400-700.woff2?url";
import { cookieConsentBootScript } from "../../lib/cookie-consent-boot.ts";
import { useNonce } from "../../lib/nonce.tsx";

/**
 * Document-wide <head> additions: the preloaded Latin subset of Inter (the only one English pages
 * need), icons, theme colour, and the tiny nonce'd script that must run before the first paint.
 */
export function SiteHead() {
  const nonce = useNonce();
  return (
    <>
      <link rel="preload" href={interLatinUrl} as="font" type="font/woff2" crossOrigin="anonymous" />
      <link rel="icon" href="/favicon.ico" sizes="32x32" />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
      <link rel="manifest" href="/site.webmanifest" />
      <meta name="theme-color" content="#4f46e5" />
      {/* Before the first paint: marks <html data-js> and runs the cookie consent (app/lib/cookie-consent-boot.ts).
          The browser empties the nonce attribute after parsing; the CMS's hydration must not fight that. */}
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: cookieConsentBootScript }} />
    </>
  );
}
