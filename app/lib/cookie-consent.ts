/** docs/product.md §3 "Cookie preferences", kept in local storage under `cookieConsent` as JSON. */
export interface CookiePreferences {
  essential: boolean;
  analytics: boolean;
  marketing: boolean;
}

export const COOKIE_CONSENT_KEY = "cookieConsent";

/** The event the page dispatches on `window` after every choice, with the preferences as `detail`. */
export const COOKIE_CONSENT_EVENT = "cookieconsentchange";
/** The preferences dialog's id: the footer's Cookie Settings and the banner's Manage Preferences open it. */
export const COOKIE_PREFERENCES_DIALOG_ID = "cookie-preferences";

/** The stored choice, or null before the visitor has chosen (or when storage is refused or corrupt). */
export function readCookieConsent(storage: Pick<Storage, "getItem"> = localStorage): CookiePreferences | null {
  try {
    const value = JSON.parse(storage.getItem(COOKIE_CONSENT_KEY) ?? "null") as Partial<CookiePreferences> | null;
    return value ? { essential: true, analytics: value.analytics === true, marketing: value.marketing === true } : null;
  } catch {
    return null;
  }
}
