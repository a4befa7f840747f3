/**
 * "3 minutes ago", "yesterday", "2 months ago": how long before `now` a moment was, for the activity
 * log and the session list (docs/decisions/029-activity-log-and-sessions.md). `now` is the server's,
 * sent with the page, so the server and the browser render the same words. Browser-safe.
 */
const words = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400],
  ["month", 30 * 86_400],
  ["week", 7 * 86_400],
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
];

export function relativeTime(iso: string, now: string): string {
  const seconds = Math.round((Date.parse(iso) - Date.parse(now)) / 1000);
  if (Math.abs(seconds) < 60) return "just now";
  const [unit, size] = UNITS.find(([, length]) => Math.abs(seconds) >= length)!;
  return words.format(Math.trunc(seconds / size), unit);
}
