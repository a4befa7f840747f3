import { describe, expect, it } from "vitest";
import { placeFromHeaders } from "./client-place.ts";

const headers = (values: Record<string, string>) => (name: string) => values[name];

describe("the place a trusted proxy names (docs/decisions/029-activity-log-and-sessions.md)", () => {
  it.each([
    [{ "x-client-place": "Berlin, Germany", "cf-ipcountry": "FR" }, "Berlin, Germany"],
    [{ "x-vercel-ip-city": "S%C3%A3o%20Paulo", "x-vercel-ip-country": "BR" }, "São Paulo, Brazil"],
    [{ "cloudfront-viewer-city": "Leeds", "cloudfront-viewer-country": "GB" }, "Leeds, United Kingdom"],
    [{ "cf-ipcountry": "de" }, "Germany"],
    [{ "cf-ipcountry": "XX" }, null],
    [{ "cf-ipcountry": "T1" }, null],
    [{ "x-vercel-ip-city": "Nowhere" }, null],
    [{ "x-client-place": "\u0007\u202e " }, null],
    [{}, null],
  ])("%o → %s", (values, place) => {
    expect(placeFromHeaders(headers(values))).toBe(place);
  });
});
