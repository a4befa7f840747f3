import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { postInputSchema } from "../../shared/post-schema.ts";

describe.each(databaseKinds)("foundation on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(() => app.close());

  it("serves the home page as server-rendered HTML through the loader and database", async () => {
    await app.services.posts.create(
      postInputSchema.parse({
        title: "Forecasting stockouts",
        slug: "forecasting-stockouts",
        content: "<p>Hello</p>",
        published: true,
      }),
      null,
    );
    const response = await fetch(`${app.baseUrl}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    expect(html).toContain("Instantly get actionable smart business decisions");
    expect(html).toContain("Forecasting stockouts");
  });

  it("sends the security headers with a per-request CSP nonce on pages rendered per request", async () => {
    // Public pages are cached and allow their scripts by hash instead (tests/integration/page-cache.test.ts).
    const [first, second] = await Promise.all([fetch(`${app.baseUrl}/book-demo`), fetch(`${app.baseUrl}/book-demo`)]);
    const csp = first.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(second.headers.get("content-security-policy")).not.toContain(nonce);
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(first.headers.get("strict-transport-security")).toBeNull();
    const html = await first.text();
    const scripts = html.match(/<script[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("serves hashed build files as immutable, compressed when the client accepts it, and nothing else under /assets", async () => {
    const html = await (await fetch(`${app.baseUrl}/`)).text();
    const script = /\/assets\/[\w.-]+\.js/.exec(html)![0];
    const plain = await fetch(`${app.baseUrl}${script}`, { headers: { "accept-encoding": "identity" } });
    expect(plain.status).toBe(200);
    expect(plain.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(plain.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    const source = await plain.text();
    await vi.waitFor(
      async () => {
        const compressed = await fetch(`${app.baseUrl}${script}`, { headers: { "accept-encoding": "gzip, br" } });
        expect(compressed.headers.get("content-encoding")).toBe("br");
        expect(await compressed.text()).toBe(source);
      },
      { timeout: 5_000, interval: 50 },
    );
    for (const path of ["/assets/missing.js", "/assets/..%2Fserver%2Findex.js", "/assets/"]) {
      expect((await fetch(`${app.baseUrl}${path}`)).status, path).toBe(404);
    }
  });

  it("answers /healthz and /readyz", async () => {
    expect((await fetch(`${app.baseUrl}/healthz`)).status).toBe(200);
    const ready = await fetch(`${app.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ok", database: kind });
  });

  it("answers an unknown path with a friendly 404 page", async () => {
    const response = await fetch(`${app.baseUrl}/no/such/page`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Page Not Found");
  });

  it("shows a friendly page without internals when a loader throws, and logs it with the request id", async () => {
    const { posts } = app.services;
    const original = posts.listPublished;
    posts.listPublished = async () => {
      throw new Error("secret-database-detail");
    };
    try {
      // A URL not rendered before (as a campaign link would be), so the render cache cannot answer.
      const response = await fetch(`${app.baseUrl}/?utm_source=loader-error-test`);
      expect(response.status).toBe(500);
      expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      const html = await response.text();
      expect(html).toContain("Something went wrong");
      expect(html).not.toContain("secret-database-detail");
      expect(html).not.toMatch(/at .+\.(ts|js):\d+/);
      const requestId = response.headers.get("x-request-id");
      const errorLine = app.logLines.find((line) => line.msg === "unhandled route error");
      expect(errorLine).toMatchObject({ req: { id: requestId }, err: { message: "secret-database-detail" } });
    } finally {
      posts.listPublished = original;
    }
  });

  it("answers malformed and oversized JSON with 400/413, never 500", async () => {
    const malformed = await fetch(`${app.baseUrl}/api/book-demo`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ message: "Request body is not valid JSON" });
    const huge = await fetch(`${app.baseUrl}/api/book-demo`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "x".repeat(10 * 1024 * 1024) }),
    });
    expect(huge.status).toBe(413);
  });
});
