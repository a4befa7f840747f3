import { describe, expect, it } from "vitest";
import { demoAttributionSchema, demoRateLimitedMessage, validateDemoForm } from "./demo-request.ts";
import { demoFieldProblem } from "./demo-form.ts";

describe("the message of a rate-limited demo request", () => {
  it("says when to try again, in minutes or hours, and whom to write to instead", () => {
    expect(demoRateLimitedMessage(30, "sales@zuri.example")).toBe("Too many demo requests from your network. Please try again in 1 minute, or e-mail us at sales@zuri.example.");
    expect(demoRateLimitedMessage(1500, "sales@zuri.example")).toContain("try again in 25 minutes,");
    expect(demoRateLimitedMessage(3600, "sales@zuri.example")).toContain("try again in 1 hour,");
    expect(demoRateLimitedMessage(3700, "sales@zuri.example")).toContain("try again in 2 hours,");
  });
});

describe("a demo request's attribution (docs/decisions/052)", () => {
  const parsed = (fields: Record<string, unknown>) => demoAttributionSchema.parse(fields);

  it("keeps a visit's referrer origin and landing page, up to 300 characters", () => {
    expect(parsed({ referrer: "https://news.example", landingPage: "/enterprise" })).toMatchObject({ referrer: "https://news.example", landingPage: "/enterprise" });
    expect(parsed({ landingPage: `/${"x".repeat(299)}` }).landingPage).toHaveLength(300);
    expect(parsed({})).toMatchObject({ referrer: null, landingPage: null, visitId: null });
  });

  it.each([
    ["a path after the origin", { referrer: "https://news.example/issue-12" }],
    ["a scheme other than http(s)", { referrer: "javascript:alert(1)" }],
    ["an origin as nobody's browser writes it", { referrer: "HTTPS://News.Example" }],
    ["a landing page on another site", { landingPage: "//evil.example/" }],
    ["a landing page that is an address", { landingPage: "https://evil.example/" }],
    ["a landing page over 300 characters", { landingPage: `/${"x".repeat(300)}` }],
    ["values that are not text", { referrer: 42, landingPage: ["/"] }],
  ])("drops %s instead of refusing the lead", (_, fields) => {
    expect(parsed(fields)).toMatchObject({ referrer: null, landingPage: null });
  });

  it("stores no e-mail address from a path or a campaign value", () => {
    expect(parsed({ landingPage: "/blog/someone%40example.com", sourcePage: "/x/a@b.example/y", utmSource: "list-jane.doe@example.com" })).toMatchObject({
      landingPage: "/blog/[redacted]",
      sourcePage: "/x/[redacted]/y",
      utmSource: "[redacted]",
    });
  });
});

describe("the demo form's checks in the browser and the server's schema (docs/product.md §5)", () => {
  const field = (values: Partial<Record<"name" | "email" | "organization", string>>) => ({
    name: "Ada Lovelace",
    email: "ada@example.com",
    phone: "",
    organization: "Analytical Engines",
    message: "",
    ...values,
  });
  it.each([
    ["name", "A"],
    ["name", "  A  "],
    ["name", "Al"],
    ["name", " \n "],
    ["email", "ada@example"],
    ["email", "ada.@example.com"],
    ["email", " ada@example.com "],
    ["email", `${"a".repeat(250)}@example.com`],
    ["organization", ""],
    ["organization", " \t "],
    ["organization", "X"],
  ] as const)("%s %j: the same answer and message on both sides", (name, value) => {
    const server = validateDemoForm(field({ [name]: value }))[name] ?? "";
    expect(demoFieldProblem(name, value)).toBe(server);
  });
});
