import { useSyncExternalStore } from "react";
import { siteConfig } from "./site-config.ts";

/** SPEC §3 "Cookie preferences", kept in local storage under `cookieConsent` as JSON. */
export interface CookiePreferences {
  essential: boolean;
  analytics: boolean;
  marketing: boolean;
}

export interface CookieConsentState {
  preferences: CookiePreferences;
  hasConsented: boolean;
  preferencesOpen: boolean;
}

export const COOKIE_CONSENT_KEY = "cookieConsent";
export const defaultPreferences: CookiePreferences = { essential: true, analytics: false, marketing: false };

const initialState: CookieConsentState = {
  preferences: defaultPreferences,
  hasConsented: false,
  preferencesOpen: false,
};

let state: CookieConsentState | undefined;
const listeners = new Set<() => void>();

function readStored(): CookiePreferences | null {
  try {
    const raw = window.localStorage.getItem(COOKIE_CONSENT_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<CookiePreferences>;
    return { essential: true, analytics: value.analytics === true, marketing: value.marketing === true };
  } catch {
    return null; // private mode or a corrupt value: ask again
  }
}

/** Loaded lazily in the browser: a stored choice means hasConsented (SPEC §4). */
function current(): CookieConsentState {
  if (state === undefined) {
    const stored = readStored();
    state = stored ? { preferences: stored, hasConsented: true, preferencesOpen: false } : initialState;
  }
  return state;
}

let storedApplied = false;

/** On the first page load, a stored choice is applied (once per page load, not per render). */
export function applyStoredPreferences() {
  if (storedApplied) return;
  storedApplied = true;
  const { hasConsented, preferences } = current();
  if (hasConsented) applyPreferences(preferences);
}

function update(next: Partial<CookieConsentState>) {
  state = { ...current(), ...next };
  for (const listener of listeners) listener();
}

/**
 * SPEC §4: applying preferences logs which categories are enabled or disabled. One step beyond:
 * the configured analytics script (none by default) loads only with analytics consent.
 */
export function applyPreferences(
  preferences: CookiePreferences,
  { analyticsScriptUrl = siteConfig.analyticsScriptUrl, doc }: { analyticsScriptUrl?: string | null; doc?: Document } = {},
) {
  for (const category of ["essential", "analytics", "marketing"] as const) {
    console.info(`Cookie consent: ${category} cookies ${preferences[category] ? "enabled" : "disabled"}`);
  }
  if (preferences.analytics && analyticsScriptUrl) loadAnalyticsScript(analyticsScriptUrl, doc ?? document);
}

/**
 * Adds the analytics script once. The CSP admits scripts from 'self' or with the page's nonce;
 * the browser hides the nonce attribute but keeps the property readable on our own scripts.
 */
export function loadAnalyticsScript(src: string, doc: Document = document) {
  if (doc.querySelector("script[data-analytics]")) return;
  const script = doc.createElement("script");
  script.src = src;
  script.async = true;
  script.dataset.analytics = "";
  const nonce = doc.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
  if (nonce) script.nonce = nonce;
  doc.head.append(script);
}

function save(preferences: CookiePreferences) {
  const chosen = { ...preferences, essential: true };
  try {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, JSON.stringify(chosen));
  } catch {
    // Storage refused (private mode): the choice holds for this page view.
  }
  document.documentElement.dataset.cookieConsent = "set";
  update({ preferences: chosen, hasConsented: true, preferencesOpen: false });
  applyPreferences(chosen);
}

/** The element that opened the preferences dialog, so focus can go back to it (docs/decisions/010). */
let preferencesOpener: HTMLElement | null = null;

export const cookieConsent = {
  acceptAll: () => save({ essential: true, analytics: true, marketing: true }),
  rejectAll: () => save({ essential: true, analytics: false, marketing: false }),
  savePreferences: (preferences: CookiePreferences) => save(preferences),
  /** `opener`: the button pressed (Safari does not focus a clicked button, so the active element is no guide). */
  openPreferences: (opener?: HTMLElement | null) => {
    const active = document.activeElement;
    preferencesOpener = opener ?? (active instanceof HTMLElement && active !== document.body ? active : null);
    update({ preferencesOpen: true });
  },
  closePreferences: () => update({ preferencesOpen: false }),
};

/**
 * After a choice in the banner, whose buttons then disappear: focus the main content
 * (`<main id="main-content" tabIndex={-1}>` of SiteChrome), never `<body>`. Without scrolling:
 * the banner is fixed, so the choice must not move the page (docs/decisions/010).
 */
export function focusMainContent(doc: Document = document) {
  const main = doc.getElementById("main-content") ?? doc.querySelector("main");
  main?.focus({ preventScroll: true });
}

/**
 * Once the preferences dialog has closed (Cancel, Escape, Save, Reject All): back to the element
 * that opened it when it is still shown (the footer's Cookie Settings, or the banner's Manage
 * Preferences after Cancel), else to the main content, as the banner that held it is gone
 * (docs/decisions/010).
 */
export function restoreFocusAfterPreferences(doc: Document = document) {
  const opener = preferencesOpener;
  preferencesOpener = null;
  if (opener?.isConnected && opener.getClientRects().length > 0) opener.focus();
  if (!opener || doc.activeElement !== opener) focusMainContent(doc);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The consent state; the server (and hydration) see the initial state, the browser the stored one. */
export function useCookieConsent(): CookieConsentState {
  return useSyncExternalStore(subscribe, current, () => initialState);
}

/**
 * Runs in <head> before the first paint (with the CSP nonce): marks <html> so CSS hides the
 * server-rendered banner for a returning visitor and when JavaScript is off. Kept tiny on purpose.
 */
export const cookieConsentBootScript = `(function(d){d.dataset.js="";try{if(localStorage.getItem(${JSON.stringify(COOKIE_CONSENT_KEY)}))d.dataset.cookieConsent="set"}catch(e){}})(document.documentElement)`;
