import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/test-app.ts";

const demo = { name: "Ada Lovelace", email: "ada@example.com", organization: "Analytical Engines" };

describe("cross-origin writes", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp("sqlite", { env: { SITE_URL: "https://zuri.example" } });
  });
  afterAll(() => app.close());

  const post = (headers: Record<string, string>) =>
    fetch(`${app.baseUrl}/api/book-demo`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(demo),
    });

  it.each<[string, Record<string, string>]>([
    ["an Origin of another site", { origin: "https://evil.example" }],
    ["an Origin of null", { origin: "null" }],
    ["Sec-Fetch-Site cross-site", { "sec-fetch-site": "cross-site" }],
    ["Sec-Fetch-Site same-site", { "sec-fetch-site": "same-site" }],
    ["a Referer from another site", { referer: "https://evil.example/page" }],
  ])("refuses a POST with %s (403) and stores nothing", async (_label, headers) => {
    const response = await post(headers);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: "Cross-origin request refused" });
    const rows = await app.services.database.db.selectFrom("demo_requests").select("id").execute();
    expect(rows).toEqual([]);
  });

  it.each<[string, Record<string, string>]>([
    ["the site's own Origin (SITE_URL)", { origin: "https://zuri.example" }],
    ["the Origin the request was addressed to", {}],
    ["Sec-Fetch-Site same-origin", { "sec-fetch-site": "same-origin" }],
    ["no browser headers at all (an API client)", {}],
  ])("accepts a POST with %s", async (label, headers) => {
    const own: Record<string, string> = label.startsWith("the Origin the request") ? { origin: app.baseUrl } : {};
    const response = await post({ ...headers, ...own });
    expect(response.status).toBe(201);
  });
});
