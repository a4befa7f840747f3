import { describe, expect, it } from "vitest";
import { formatCmsDate, formatCmsDateTime, formatCmsShortDateTime } from "./cms-date.ts";

describe("the CMS's date formats (docs/decisions/069)", () => {
  it("writes a date as 'Nov 27, 2026' in the site's zone", () => {
    expect(formatCmsDate("2026-11-27T03:17:22.000Z", "Europe/London")).toBe("Nov 27, 2026");
    expect(formatCmsDate("2026-11-27T03:17:22.000Z", "America/New_York")).toBe("Nov 26, 2026");
  });

  it("writes a date-time in US English with one plain space before AM/PM, the zone and seconds when asked", () => {
    expect(formatCmsDateTime("2026-11-27T03:17:22.000Z", "Europe/London")).toBe("Nov 27, 2026, 3:17 AM");
    expect(formatCmsDateTime("2026-11-27T15:17:22.000Z", "Europe/London", { zone: true })).toBe("Nov 27, 2026, 3:17 PM GMT");
    expect(formatCmsDateTime("2026-11-27T03:17:22.000Z", "Europe/London", { zone: true, seconds: true })).toBe("Nov 27, 2026, 3:17:22 AM GMT");
  });
});

describe("the CMS's short date for a table's cell (docs/decisions/069)", () => {
  const now = new Date("2026-11-27T12:00:00.000Z");
  it("leaves out the year in the current year, in the site's zone", () => {
    expect(formatCmsShortDateTime("2026-11-27T10:05:00.000Z", "Europe/London", now)).toBe("Nov 27, 10:05 AM");
    expect(formatCmsShortDateTime("2026-01-01T03:00:00.000Z", "America/New_York", now)).toBe("Dec 31, 2025");
  });

  it("writes only the date in another year", () => {
    expect(formatCmsShortDateTime("2025-11-27T10:05:00.000Z", "Europe/London", now)).toBe("Nov 27, 2025");
    expect(formatCmsShortDateTime("2027-02-01T10:05:00.000Z", "Europe/London", now)).toBe("Feb 1, 2027");
  });
});
