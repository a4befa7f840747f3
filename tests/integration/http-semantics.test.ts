import { once } from "node:events";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staticSitemapEntries } from "../../app/lib/sitemap.ts";
import { canonicalPath } from "../../server/serving/page-requests.ts";
import { databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { createSession } from "../support/auth.ts";
import { getPage } from "../support/http.ts";
import { createPost } from "../support/posts.ts";
import { runToExit } from "../support/server-process.ts";

/** A robots.txt group's rules in order, as every parser reads them. */
function robotsRules(text: string): { allow: boolean; path: string }[] {
  return text
    .split("\n")
    .map((line) => /^(Allow|Disallow):\s*(\S*)/i.exec(line.trim()))
    .filter((match) => match !== null)
    .map((match) => ({ allow: match[1]!.toLowerCase() === "allow", path: match[2]! }));
}
/** The first rule whose path is a prefix decides (Python's urllib.robotparser and others). */
const firstMatchAllows = (rules: ReturnType<typeof robotsRules>, path: string) =>
  rules.find((rule) => path.startsWith(rule.path))?.allow ?? true;
/** The longest matching rule decides, Allow winning a tie (RFC 9309 §2.2.2, Google). */
const longestMatchAllows = (rules: ReturnType<typeof robotsRules>, path: string) =>
  rules
    .filter((rule) => path.startsWith(rule.path))
    .sort((a, b) => b.path.length - a.path.length || Number(b.allow) - Number(a.allow))[0]?.allow ?? true;

describe("the one spelling of a page path", () => {
  it.each([
    ["/Product", "/product"],
    ["/product/", "/product"],
    ["//product//", "/product"],
    ["/BLOG/Some-Post/", "/blog/some-post"],
    ["/", "/"],
  ])("%s -> %s", (path, expected) => expect(canonicalPath(path)).toBe(expected));
});

describe.each(databaseKinds)("HTTP semantics on %s", (kind) => {
  let app: TestApp;
  let postPath: string;
  beforeAll(async () => {
    app = await startTestApp(kind);
    const { cookie } = await createSession(app, { isAdmin: true });
    postPath = `/blog/${(await createPost(app, cookie, { published: true })).slug}`;
  });
  afterAll(() => app.close());

  it("answers every other spelling of a public page with 301 to the form the sitemap names, query kept", async () => {
    const paths = [...staticSitemapEntries().map((entry) => entry.path), postPath].filter((path) => path !== "/");
    for (const path of paths) {
      const title = path.replace(/\/([a-z])/g, (_m, letter: string) => `/${letter.toUpperCase()}`);
      for (const variant of [`${path}/`, path.toUpperCase(), title, `/${path}/`]) {
        const response = await getPage(app, `${variant}?utm_source=ad&x=1`);
        expect(response.status, variant).toBe(301);
        expect(response.headers.get("location"), variant).toBe(`${path}?utm_source=ad&x=1`);
      }
      const canonical = await getPage(app, path);
      expect(canonical.status, path).toBe(200);
      expect(await canonical.text(), path).toContain(`<link rel="canonical" href="http://localhost:3000${path}"/>`);
    }
  });

  it("closes /cms and /api to parsers that take the first matching rule and to those that take the longest", async () => {
    const rules = robotsRules(await (await fetch(`${app.baseUrl}/robots.txt`)).text());
    for (const allows of [firstMatchAllows, longestMatchAllows]) {
      expect(allows(rules, "/cms/login")).toBe(false);
      expect(allows(rules, "/cms")).toBe(false);
      expect(allows(rules, "/api/blog")).toBe(false);
      expect(allows(rules, "/product")).toBe(true);
      expect(allows(rules, postPath)).toBe(true);
    }
  });

  it("never turns a missing page or post into a 304, whatever the conditions", async () => {
    const etag = (await fetch(`${app.baseUrl}/product`)).headers.get("etag")!;
    const future = new Date(Date.now() + 86_400_000).toUTCString();
    for (const path of ["/no-such-page", "/blog/no-such-post", "/api/blog/no-such-post"]) {
      for (const headers of [{ "if-none-match": etag }, { "if-none-match": "*" }, { "if-modified-since": future }] as Record<string, string>[]) {
        const response = await fetch(`${app.baseUrl}${path}`, { headers });
        expect(response.status, `${path} ${JSON.stringify(headers)}`).toBe(404);
        expect(response.headers.get("etag"), path).toBeNull();
      }
    }
  });

  it("repeats Vary and every validator of the 200 in a 304", async () => {
    for (const path of ["/", "/blog", postPath, "/api/blog"]) {
      const ok = await fetch(`${app.baseUrl}${path}`);
      expect(ok.status, path).toBe(200);
      const notModified = await fetch(`${app.baseUrl}${path}`, { headers: { "if-none-match": ok.headers.get("etag")! } });
      expect(notModified.status, path).toBe(304);
      for (const name of ["etag", "last-modified", "cache-control"]) {
        expect(notModified.headers.get(name), `${path} ${name}`).toBe(ok.headers.get(name));
      }
      expect(notModified.headers.get("vary"), path).toMatch(/Accept-Encoding/i);
    }
  });

  it("answers methods a page has no handler for with 405 and Allow, OPTIONS with 204 and Allow, and unknown paths with 404", async () => {
    const put = await fetch(`${app.baseUrl}/product`, { method: "PUT" });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(await put.text()).toBe("Method not allowed");

    for (const [path, allow] of [
      ["/", "GET, HEAD, OPTIONS"],
      [postPath, "GET, HEAD, OPTIONS"],
      ["/book-demo", "GET, HEAD, POST, OPTIONS"],
      ["/cms/login", "GET, HEAD, POST, OPTIONS"],
    ]) {
      const options = await fetch(`${app.baseUrl}${path}`, { method: "OPTIONS" });
      expect(options.status, path).toBe(204);
      expect(options.headers.get("allow"), path).toBe(allow);
      expect(await options.text(), path).toBe("");
    }

    const post = await fetch(`${app.baseUrl}/no-such-page`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "a=1" });
    expect(post.status).toBe(404);
    expect(app.logLines.filter((line) => line.level === 50)).toEqual([]);
  });

  it("answers OPTIONS on assets, icons and unknown paths without an error in the log (a scanner's noise is not an error)", async () => {
    for (const path of ["/assets/no-such-file.js", "/favicon.ico", "/no/such/page", "/blog/no-such-post/deeper"]) {
      const options = await fetch(`${app.baseUrl}${path}`, { method: "OPTIONS" });
      expect(options.status, path).toBeLessThan(500);
      await options.arrayBuffer();
    }
    expect(app.logLines.filter((line) => Number(line.level) >= 50)).toEqual([]);
  });

  it("sends one Cache-Control for robots.txt and a Permissions-Policy on every answer", async () => {
    const robots = await fetch(`${app.baseUrl}/robots.txt`);
    expect(robots.headers.get("cache-control")).toBe("no-cache");
    for (const path of ["/", postPath, "/cms/login", "/robots.txt", "/api/blog"]) {
      const response = await fetch(`${app.baseUrl}${path}`);
      const policy = response.headers.get("permissions-policy") ?? "";
      expect(policy, path).toContain("camera=()");
      expect(policy, path).toContain("geolocation=()");
      expect(policy, path).toContain("publickey-credentials-get=(self)");
      await response.arrayBuffer();
    }
  });

  it("answers HEAD with the headers GET would send, before and after a GET filled the cache", async () => {
    /** Headers that belong to one answer (time, id, framing) or carry a per-request nonce. */
    const perAnswer = new Set(["date", "x-request-id", "content-length", "transfer-encoding", "keep-alive", "connection", "x-page-cache", "content-security-policy"]);
    const headerNames = (response: Response) => [...response.headers.keys()].filter((name) => !perAnswer.has(name)).sort();
    for (const path of ["/features", "/book-demo", "/cms/login", "/no-such-page", "/blog/rss.xml"]) {
      // First, before any GET: a shared page is rendered for this HEAD (and stored).
      const firstHead = await fetch(`${app.baseUrl}${path}`, { method: "HEAD" });
      const get = await fetch(`${app.baseUrl}${path}`);
      expect(firstHead.status, path).toBe(get.status);
      for (const name of ["content-type", "cache-control", "vary", "etag", "x-frame-options"]) {
        expect(firstHead.headers.get(name), `${path} ${name}`).toBe(get.headers.get(name));
      }
      expect(await firstHead.text(), path).toBe("");
      // Then with everything settled: a stored page's compressed copies are made after its first answer.
      await expect.poll(async () => (await fetch(`${app.baseUrl}${path}`)).headers.get("content-encoding")).toBeTruthy();
      const settledGet = await fetch(`${app.baseUrl}${path}`);
      const head = await fetch(`${app.baseUrl}${path}`, { method: "HEAD" });
      expect(headerNames(head), path).toEqual(headerNames(settledGet));
    }
  });
});

describe("start-up errors a newcomer understands", () => {
  it("a port already in use: one line naming it and what to do, exit 1", async () => {
    const taken = createServer().listen(0, "127.0.0.1");
    await once(taken, "listening");
    const { port } = taken.address() as { port: number };
    try {
      const dir = mkdtempSync(join(tmpdir(), "zuri-port-"));
      const result = await runToExit({ PORT: String(port), DATABASE_URL: `file:${join(dir, "z.db")}`, LOG_LEVEL: "error" });
      expect(result.code).toBe(1);
      expect(result.output.trim()).toBe(
        `Port ${port} is already in use: stop what is using it, or start Zuri on another port with PORT=<number>.`,
      );
    } finally {
      taken.close();
    }
  });

  it("an unusable database path: one line naming it and the setting, exit 1", async () => {
    // A path under a plain file: its folder can never be made.
    const file = join(mkdtempSync(join(tmpdir(), "zuri-db-")), "a-file");
    writeFileSync(file, "");
    const result = await runToExit({ DATABASE_URL: `file:${file}/zuri.db`, LOG_LEVEL: "error" });
    expect(result.code).toBe(1);
    const lines = result.output.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`Cannot use the database at file:${file}/zuri.db: `);
    expect(lines[0]).toContain("Check DATABASE_URL");
  });
});
