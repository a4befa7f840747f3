import { describe, expect, it } from "vitest";
import { formatInZone, formatInZoneToSecond, fromZoneInput, toZoneInput, zoneCity } from "./site-time.ts";

describe("times in the site's time zone (docs/decisions/049)", () => {
  it("reads a London wall-clock time as UTC in winter (GMT) and summer (BST)", () => {
    expect(fromZoneInput("2026-11-30T09:00", "Europe/London")).toBe("2026-11-30T09:00:00.000Z");
    expect(fromZoneInput("2026-07-01T09:00", "Europe/London")).toBe("2026-07-01T08:00:00.000Z");
    expect(fromZoneInput("2026-07-01T09:00", "America/New_York")).toBe("2026-07-01T13:00:00.000Z");
  });

  it("shows a UTC instant on the zone's wall clock, and round-trips", () => {
    expect(toZoneInput("2026-07-01T08:00:00.000Z", "Europe/London")).toBe("2026-07-01T09:00");
    for (const value of ["2026-03-29T00:30", "2026-03-29T03:00", "2026-10-25T00:59", "2026-12-31T23:59"]) {
      expect(toZoneInput(fromZoneInput(value, "Europe/London")!, "Europe/London")).toBe(value);
    }
  });

  it("handles the clock changes: a skipped time is the hour after, a repeated one its first occurrence", () => {
    // 29 March 2026: 01:00 GMT becomes 02:00 BST; 01:30 does not exist in London.
    expect(fromZoneInput("2026-03-29T01:30", "Europe/London")).toBe("2026-03-29T01:30:00.000Z");
    // 25 October 2026: 01:30 happens twice (BST, then GMT); the first is 00:30 UTC.
    expect(fromZoneInput("2026-10-25T01:30", "Europe/London")).toBe("2026-10-25T00:30:00.000Z");
  });

  it("refuses what is not a datetime-local value", () => {
    for (const value of ["", "tomorrow", "2026-02-30T09:00", "2026-11-30 09:00", "2026-11-30T09:00:00Z"]) {
      expect(fromZoneInput(value, "Europe/London")).toBeNull();
    }
  });

  it("formats for people, with the zone's abbreviation", () => {
    expect(formatInZone("2026-11-30T09:00:00.000Z", "Europe/London")).toBe("Nov 30, 2026, 9:00 AM GMT");
    expect(formatInZone("2026-07-01T08:00:00.000Z", "Europe/London")).toBe("Jul 1, 2026, 9:00 AM GMT+1");
    expect(formatInZone("2026-11-30T20:05:00.000Z", "America/New_York")).toBe("Nov 30, 2026, 3:05 PM EST");
    expect(zoneCity("America/New_York")).toBe("New York");
  });

  it("formats a save's time to the second, so two saves within a minute read apart (docs/decisions/067)", () => {
    expect(formatInZoneToSecond("2026-11-30T09:00:05.400Z", "Europe/London")).toBe("Nov 30, 2026, 9:00:05 AM GMT");
    expect(formatInZoneToSecond("2026-11-30T09:00:41.000Z", "Europe/London")).toBe("Nov 30, 2026, 9:00:41 AM GMT");
  });
});
