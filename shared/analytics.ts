/**
 * First-party analytics, shared by the browser and the server (docs/decisions/070-first-party-analytics.md).
 * Browser-safe and tiny: the demo form reads the visit id from here, the beacon imports it only after consent.
 */

/** The sessionStorage key of the visit (its id, landing page, referrer origin and campaign); never a cookie. */
export const ANALYTICS_VISIT_KEY = "zuriVisit";

/** A visit id as the beacon makes it: 22 characters of base64url (128 random bits). */
export const VISIT_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

export const analyticsDevices = ["mobile", "tablet", "desktop"] as const;
export type AnalyticsDevice = (typeof analyticsDevices)[number];

/** Viewport classes: mobile below 640 px, tablet below 1024 px, desktop from there (Tailwind's sm and lg). */
export const deviceClass = (width: number): AnalyticsDevice => (width < 640 ? "mobile" : width < 1024 ? "tablet" : "desktop");

/** A referrer as a visit keeps it: a bare http(s) origin such as `https://news.example`, no path or query. */
export const isHttpOrigin = (value: string) =>
  URL.canParse(value) && /^https?:$/.test(new URL(value).protocol) && new URL(value).origin === value;

/** What `POST /api/events` takes: one page view. */
export interface PageViewEvent {
  visitId: string;
  /** The page's path, without query or hash. */
  path: string;
  /** The visit's first page. */
  landingPath: string;
  /** The origin of an external referrer, else null. */
  referrer: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  device: AnalyticsDevice;
}

/** What the beacon keeps in sessionStorage for the visit. */
export type StoredVisit = Pick<PageViewEvent, "visitId" | "landingPath" | "referrer" | "utmSource" | "utmMedium" | "utmCampaign">;

/** This tab's visit, when there is one (the beacon only makes one with consent); null for none or a corrupt value. */
export function storedVisit(): StoredVisit | null {
  try {
    const visit = JSON.parse(sessionStorage.getItem(ANALYTICS_VISIT_KEY) ?? "null") as StoredVisit | null;
    return typeof visit?.visitId === "string" && VISIT_ID_PATTERN.test(visit.visitId) ? visit : null;
  } catch {
    return null;
  }
}
