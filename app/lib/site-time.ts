/**
 * Times in the site's time zone (a site setting: docs/decisions/054; `useSiteTimeZone()` gives it), as the CMS shows and takes scheduled
 * publishing times; stored in UTC (docs/decisions/049). Browser-safe, and the same on the server and
 * in any browser whatever its own zone, so a page renders identically on both.
 */

import { formatCmsDateTime } from "./cms-date.ts";

const parts = (date: Date, timeZone: string) => {
  const format = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });
  const get = (type: string) => Number(format.formatToParts(date).find((part) => part.type === type)?.value);
  return { year: get("year"), month: get("month"), day: get("day"), hour: get("hour"), minute: get("minute"), second: get("second") };
};

/** How far the zone's wall clock is ahead of UTC at `date`, in milliseconds. */
function zoneOffset(date: Date, timeZone: string): number {
  const p = parts(date, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(date.getTime() / 1000) * 1000;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The value of an `<input type="datetime-local">` showing `iso` on the zone's wall clock ("2026-11-30T09:00"). */
export function toZoneInput(iso: string, timeZone: string): string {
  const p = parts(new Date(iso), timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/**
 * The UTC instant of a wall-clock time in the zone ("2026-11-30T09:00" in Europe/London), or null when
 * the text is not such a time. A time the clocks skip (spring forward) reads as the hour after; a
 * time they repeat (autumn) as its first occurrence.
 */
export function fromZoneInput(value: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  if (Number.isNaN(wall) || new Date(wall).getUTCDate() !== day) return null;
  // The zone's offsets a day either side: they differ only around a clock change.
  const before = zoneOffset(new Date(wall - 86_400_000), timeZone);
  const after = zoneOffset(new Date(wall + 86_400_000), timeZone);
  const shows = (instant: number) => instant + zoneOffset(new Date(instant), timeZone) === wall;
  const matches = [wall - before, wall - after].filter(shows).sort((a, b) => a - b);
  return new Date(matches[0] ?? wall - before).toISOString();
}

/** "Nov 30, 2026, 9:00 AM GMT": a scheduled time as the team reads it, in the CMS's one format (app/lib/cms-date.ts). */
export const formatInZone = (iso: string, timeZone: string): string => formatCmsDateTime(iso, timeZone, { zone: true });

/** "Nov 30, 2026, 9:00:05 AM GMT": a save's time to the second, so saves within one minute read apart (docs/decisions/067). */
export const formatInZoneToSecond = (iso: string, timeZone: string): string => formatCmsDateTime(iso, timeZone, { zone: true, seconds: true });

/** "London" for "Europe/London": how the editor names the zone its times are in. */
export const zoneCity = (timeZone: string): string => (timeZone.split("/").pop() ?? timeZone).replace(/_/g, " ");
