import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { inlineScripts, policyWithHashes, scriptHash } from "../../server/serving/page-cache.ts";
import { databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { createSession } from "../support/auth.ts";


describe("a cached page's policy", () => {
  it("allows by hash only the inline scripts rendered with the nonce, so injected markup stays blocked", () => {
    const html =
      '<script nonce="n0nce">window.app = 1</script><script type="application/ld+json" nonce="n0nce">{}</script>' +
      '<p><script>alert(1)</script></p><script type="module" src="/assets/a.js" nonce="n0nce"></script>';
    const policy = policyWithHashes("default-src 'self'; script-src 'self' 'nonce-n0nce'; object-src 'none'", html, "n0nce");
    expect(policy).toBe(`default-src 'self'; script-src 'self' '${scriptHash("window.app = 1")}'; object-src 'none'`);
    expect(policy).not.toContain(scriptHash("alert(1)"));
  });
});

describe.each(databaseKinds)("the render cache for public pages on %s", (kind) => {
  let app: TestApp;
  let cookie: string;
  beforeAll(async () => {
    app = await startTestApp(kind);
    ({ cookie } = await createSession(app, { isAdmin: true }));
  });
  afterAll(() => app.close());

  it("renders a page once, then serves every visitor the same bytes, its inline scripts allowed by hash", async () => {
    const first = await fetch(`${app.baseUrl}/product`);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    const second = await fetch(`${app.baseUrl}/product`);
    expect(second.headers.get("x-page-cache")).toBe("hit");
    const html = await first.text();
    expect(await second.text()).toBe(html);
    const policy = first.headers.get("content-security-policy")!;
    expect(second.headers.get("content-security-policy")).toBe(policy);

    // A stored page is answered before the security middleware runs: it carries the headers its render had.
    const perRequest = new Set(["x-request-id", "x-page-cache", "date", "content-length", "transfer-encoding", "keep-alive", "connection"]);
    const pageHeaders = (response: Response) =>
      Object.fromEntries([...response.headers].filter(([name]) => !perRequest.has(name)));
    expect(pageHeaders(second)).toEqual(pageHeaders(first));
    expect(second.headers.get("x-frame-options")).toBe("DENY");
    expect(second.headers.get("x-content-type-options")).toBe("nosniff");

    // No nonce anywhere: a shared copy must not carry one. Each inline script is allowed by its hash.
    expect(policy).not.toContain("'nonce-");
    expect(html).not.toContain("nonce=");
    const scriptSrc = /script-src ([^;]*)/.exec(policy)![1]!;
    expect(scriptSrc).not.toContain("unsafe-inline");
    const scripts = inlineScripts(html);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(scriptSrc).toContain(`'${scriptHash(script.text)}'`);
  });

  // The race exists where a render waits on I/O: on PostgreSQL. (A SQLite render never yields, so
  // there the requests are served one after the other and the first one's copy is already kept.)
  it("renders a page once however many visitors ask for it at the same moment", async () => {
    const visitors = Array.from({ length: 12 });
    // Connections opened first, so that the twelve requests arrive together rather than one per handshake.
    await Promise.all(visitors.map(async () => (await fetch(`${app.baseUrl}/healthz`)).text()));
    const answers = await Promise.all(visitors.map(() => fetch(`${app.baseUrl}/blog`)));
    const bodies = await Promise.all(answers.map((answer) => answer.text()));
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    expect(answers.filter((answer) => answer.headers.get("x-page-cache") === "miss")).toHaveLength(1);
    expect(new Set(bodies).size).toBe(1);
  });

  it("sends brotli or gzip copies made once (pages and the posts API), and answers 304 to its validator", async () => {
    for (const path of ["/features", "/api/blog"]) {
      const plain = await (await fetch(`${app.baseUrl}${path}`, { headers: { "accept-encoding": "identity" } })).text();
      for (const coding of ["br", "gzip"]) {
        await vi.waitFor(
          async () => {
            const response = await fetch(`${app.baseUrl}${path}`, { headers: { "accept-encoding": `${coding}, deflate` } });
            expect(response.headers.get("content-encoding"), path).toBe(coding);
            expect(response.headers.get("vary"), path).toBe("Accept-Encoding");
            // A stored copy has a known length; compressing on the fly would stream it chunked instead.
            expect(Number(response.headers.get("content-length")), path).toBeGreaterThan(0);
            expect(await response.text(), path).toBe(plain);
          },
          { timeout: 5_000, interval: 50 },
        );
      }
    }
    const response = await fetch(`${app.baseUrl}/features`);
    const etag = response.headers.get("etag")!;
    expect(response.headers.get("cache-control")).toBe("no-cache");
    const revalidated = await fetch(`${app.baseUrl}/features`, { headers: { "if-none-match": etag } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("content-security-policy")).toBeNull();
  });

  it("leaves the public folder's files to the static server", async () => {
    const icon = await fetch(`${app.baseUrl}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get("x-page-cache")).toBeNull();
    expect(icon.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(icon.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("shows a publish on the next request (the content version changes)", async () => {
    await (await fetch(`${app.baseUrl}/`)).text();
    expect((await fetch(`${app.baseUrl}/`)).headers.get("x-page-cache")).toBe("hit");
    const created = await fetch(`${app.baseUrl}/api/cms/posts`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ title: "Fresh off the press", slug: "fresh-off-the-press", content: "<p>New</p>", published: true }),
    });
    expect(created.status).toBe(201);
    const after = await fetch(`${app.baseUrl}/`);
    expect(after.headers.get("x-page-cache")).toBe("miss");
    expect(await after.text()).toContain("Fresh off the press");
  });

  it("never caches the CMS, the API, the demo form, previews or errors", async () => {
    for (const path of ["/book-demo", "/cms/login", "/no-such-page", "/blog/fresh-off-the-press?preview=true"]) {
      await (await fetch(`${app.baseUrl}${path}`, { headers: { cookie } })).text();
      const again = await fetch(`${app.baseUrl}${path}`, { headers: { cookie } });
      expect(again.headers.get("x-page-cache"), path).not.toBe("hit");
    }
  });
});
