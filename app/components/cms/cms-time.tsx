import { formatCmsDateTime, formatCmsShortDateTime } from "../../lib/cms-date.ts";
import { useSiteTimeZone } from "../../lib/site-details.ts";

/**
 * A date in a table's cell (docs/decisions/069, "One date format"): short ("Nov 27, 3:17 AM", or "Nov 27, 2025"
 * in another year) so it keeps to one line beside the other columns, with the full date-time and zone as its title.
 */
export function CmsShortTime({ iso, seconds = false }: { iso: string; /** The title to the second (a webhook's log). */ seconds?: boolean }) {
  const timeZone = useSiteTimeZone();
  return (
    <time dateTime={iso} title={formatCmsDateTime(iso, timeZone, { zone: true, seconds })} className="whitespace-nowrap">
      {formatCmsShortDateTime(iso, timeZone)}
    </time>
  );
}
