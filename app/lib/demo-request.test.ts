import { describe, expect, it } from "vitest";
import { demoRateLimitedMessage } from "./demo-request.ts";

describe("the message of a rate-limited demo request", () => {
  it("says when to try again, in minutes or hours, and whom to write to instead", () => {
    expect(demoRateLimitedMessage(30)).toBe("Too many demo requests from your network. Please try again in 1 minute, or e-mail us at sales@zuri.example.");
    expect(demoRateLimitedMessage(1500)).toContain("try again in 25 minutes,");
    expect(demoRateLimitedMessage(3600)).toContain("try again in 1 hour,");
    expect(demoRateLimitedMessage(3700)).toContain("try again in 2 hours,");
  });
});
