import { ANALYTICS_VISIT_KEY, deviceClass, storedVisit, type PageViewEvent, type StoredVisit } from "../../shared/analytics.ts";

/**
 * The page-view beacon (docs/decisions/070-first-party-analytics.md), loaded only once Analytics consent is
 * given (app/site/page-views.ts). The visit lives in sessionStorage: a random id, its
 * first page, the origin of an external referrer and the landing URL's UTM parameters. No cookie.
 */

const bounded = (value: string | null, max = 200) => (value ? value.slice(0, max) : null);

function externalOrigin(referrer: string): string | null {
  try {
    const origin = new URL(referrer).origin;
    return origin !== location.origin && /^https?:/.test(origin) ? origin : null;
  } catch {
    return null;
  }
}

function randomVisitId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** This tab's visit, begun on this page when there is none yet. */
function currentVisit(path: string): StoredVisit {
  const stored = storedVisit();
  if (stored) return stored;
  const query = new URLSearchParams(location.search);
  const visit: StoredVisit = {
    visitId: randomVisitId(),
    landingPath: path,
    referrer: externalOrigin(document.referrer),
    utmSource: bounded(query.get("utm_source")),
    utmMedium: bounded(query.get("utm_medium")),
    utmCampaign: bounded(query.get("utm_campaign")),
  };
  try {
    sessionStorage.setItem(ANALYTICS_VISIT_KEY, JSON.stringify(visit));
  } catch {
    // Storage refused (private mode): each view is a visit of its own.
  }
  return visit;
}

function send(path: string) {
  if (path.length > 300) return;
  const event: PageViewEvent = { ...currentVisit(path), path, device: deviceClass(window.innerWidth) };
  const body = JSON.stringify(event);
  // A string goes as text/plain, which the endpoint reads as JSON; fetch with keepalive where there is no beacon.
  if (!navigator.sendBeacon?.("/api/events", body)) {
    void fetch("/api/events", { method: "POST", body, keepalive: true, headers: { "content-type": "application/json" } }).catch(() => {});
  }
}

/** Sends one page view; a prerendered page sends it when it is shown, not before. */
export function sendPageView(path: string) {
  if ((document as { prerendering?: boolean }).prerendering) {
    document.addEventListener("prerenderingchange", () => send(path), { once: true });
  } else send(path);
}
