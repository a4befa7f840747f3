import { describe, expect, it } from "vitest";
import { formatCmsDate, formatCmsDateTime } from "./cms-date.ts";

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
