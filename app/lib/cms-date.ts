/**
 * The CMS's one date format family (docs/product.md §9, docs/decisions/069 "One date format"): US English,
 * in the site's time zone (docs/decisions/054) and a fixed locale, so the server and any browser render the
 * same text.
 *
 * - date: "Nov 27, 2026" ('MMM d, yyyy');
 * - date-time: "Nov 27, 2026, 3:17 AM", with the zone where it matters ("Nov 27, 2026, 3:17 AM GMT");
 * - to the second: "Nov 27, 2026, 3:17:22 AM GMT" (saves within one minute, a webhook's log);
 * - short, for a table's cell: "Nov 27, 3:17 AM" this year, "Nov 27, 2025" another year, inside a <time> whose
 *   title is the full date-time with zone (`CmsShortTime` of app/components/cms/cms-time.tsx).
 */

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string, kind: "date" | "minute" | "second" | "day-minute", zone: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${kind}|${zone}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      month: "short",
      day: "numeric",
      ...(kind === "day-minute" ? {} : { year: "numeric" }),
      ...(kind === "date" ? {} : { hour: "numeric", minute: "2-digit", hourCycle: "h12" as const }),
      ...(kind === "second" ? { second: "2-digit" } : {}),
      ...(zone && kind !== "date" ? { timeZoneName: "short" } : {}),
    });
    dateFormats.set(key, format);
  }
  return format;
}

// ICU puts a narrow no-break space before AM/PM in some versions and a plain one in others: one space, so
// the server's text and the browser's agree.
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

/** "Nov 27, 2026". */
export const formatCmsDate = (iso: string, timeZone: string): string => plain(formatter(timeZone, "date", false).format(new Date(iso)));

/** "Nov 27, 2026, 3:17 AM", or with `zone` "Nov 27, 2026, 3:17 AM GMT"; `seconds` adds them ("3:17:22 AM"). */
export const formatCmsDateTime = (iso: string, timeZone: string, { zone = false, seconds = false }: { zone?: boolean; seconds?: boolean } = {}): string =>
  plain(formatter(timeZone, seconds ? "second" : "minute", zone).format(new Date(iso)));

const yearIn = (date: Date, timeZone: string) => new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric" }).format(date);

/** A table cell's date: "Nov 27, 3:17 AM" in `now`'s year (in the site's zone), else "Nov 27, 2025". */
export const formatCmsShortDateTime = (iso: string, timeZone: string, now: Date = new Date()): string => {
  const date = new Date(iso);
  return yearIn(date, timeZone) === yearIn(now, timeZone) ? plain(formatter(timeZone, "day-minute", false).format(date)) : formatCmsDate(iso, timeZone);
};
