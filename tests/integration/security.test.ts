import { randomBytes } from "node:crypto";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { safeRedirectPath } from "../../app/lib/auth.server.ts";
import { failureDelayMs } from "../../server/services/auth.ts";
import { databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { createSession } from "../support/auth.ts";
import { getPage, postForm, sendJson } from "../support/http.ts";
import { createPost } from "../support/posts.ts";
import { demoRequestBody } from "../support/demo-requests.ts";
import { builtRoutePaths } from "../support/routes.ts";

/** Upper case, title case and as written: React Router matches paths whatever their case. */
const caseVariants = (path: string) => [
  ...new Set([path, path.toUpperCase(), path.replace(/\/([a-z])/g, (_m, letter: string) => `/${letter.toUpperCase()}`)]),
];

describe("where a redirect after login may lead", () => {
  it.each([
    ["/.//evil.example", "/cms/control"],
    ["/./\\evil.example", "/cms/control"],
    ["/cms/../..//evil.example", "/cms/control"],
    ["//evil.example", "/cms/control"],
    ["https://evil.example/", "/cms/control"],
    ["/cms/users?tab=1", "/cms/users?tab=1"],
    ["/cms/./editor/3", "/cms/editor/3"],
  ])("%s -> %s", (target, expected) => {
    expect(safeRedirectPath(target)).toBe(expected);
  });
});

describe("how long a failed login waits, by the account's failures from every address", () => {
  it("adds nothing for the first ten, then grows by doubling to at most 4 s", () => {
    expect([1, 10, 11, 12, 13, 14, 15, 16, 50].map(failureDelayMs)).toEqual([0, 0, 250, 500, 1000, 2000, 4000, 4000, 4000]);
  });
});

describe.each(databaseKinds)("security on %s", (kind) => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof createSession>>;
  beforeAll(async () => {
    app = await startTestApp(kind, { env: { TRUST_PROXY: "loopback" } });
    admin = await createSession(app, { isAdmin: true });
  });
  afterAll(() => app.close());

  const from = (address: string) => ({ "x-forwarded-for": address });

  describe("the page cache never serves what one visitor's session produced to another", () => {
    it("an admin page opened in any letter case is never stored, and a visitor without the session gets the login redirect", async () => {
      const lead = demoRequestBody({ email: `lead-${randomBytes(4).toString("hex")}@example.com` });
      expect((await sendJson(app, "/api/book-demo", lead)).status).toBe(201);
      const draft = await createPost(app, admin.cookie, { published: false, content: "<p>draft-body-never-public</p>" });

      for (const path of ["/cms/demo-requests", "/cms/users", `/cms/editor/${draft.id}`, "/cms/control"]) {
        for (const variant of caseVariants(path)) {
          // Another spelling is sent to the page's one path first (docs/decisions/014).
          const spelled = await getPage(app, variant, admin.cookie);
          if (variant !== path) {
            expect(spelled.status, variant).toBe(301);
            expect(spelled.headers.get("location"), variant).toBe(path);
          }
          const asAdmin = variant === path ? spelled : await getPage(app, path, admin.cookie);
          expect(asAdmin.status, variant).toBe(200);
          expect(asAdmin.headers.get("x-page-cache"), variant).toBeNull();
          expect(asAdmin.headers.get("cache-control"), variant).toMatch(/no-store/);
          await asAdmin.text();

          const anonymous = await getPage(app, variant);
          expect(anonymous.headers.get("x-page-cache"), variant).toBeNull();
          expect(anonymous.status, variant).toBe(variant === path ? 302 : 301);
          expect(anonymous.headers.get("location"), variant).toMatch(variant === path ? /^\/cms\/login\?redirectTo=/ : /^\/cms\//);
          const body = await anonymous.text();
          expect(body, variant).not.toContain(lead.email);
          expect(body, variant).not.toContain("draft-body-never-public");
        }
      }
    });

    it("the demo form, which carries a token per visitor, is rendered for each request in any case", async () => {
      for (const variant of caseVariants("/book-demo")) {
        for (let round = 0; round < 2; round++) {
          const response = await fetch(`${app.baseUrl}${variant}`);
          expect(response.status, variant).toBe(200);
          expect(response.headers.get("x-page-cache"), variant).toBeNull();
          expect(response.headers.get("cache-control"), variant).toMatch(/private/);
          await response.arrayBuffer();
        }
      }
    });

    it("a page rendered while a session was read (an admin's preview) is never stored", async () => {
      const draft = await createPost(app, admin.cookie, { published: false, content: "<p>preview-only-text</p>" });
      const preview = await getPage(app, `/blog/${draft.slug}?preview=true`, admin.cookie);
      expect(preview.status).toBe(200);
      expect(await preview.text()).toContain("preview-only-text");
      const anonymous = await getPage(app, `/blog/${draft.slug}?preview=true`);
      expect(anonymous.status).toBe(404);
      expect(await anonymous.text()).not.toContain("preview-only-text");
    });

    it("a missing page is never answered 304, whatever the request's conditions", async () => {
      const page = await fetch(`${app.baseUrl}/product`);
      const etag = page.headers.get("etag")!;
      expect(etag).toBeTruthy();
      const conditions: Record<string, string>[] = [{ "if-none-match": etag }, { "if-none-match": "*" }, { "if-modified-since": new Date(Date.now() + 86_400_000).toUTCString() }];
      for (const condition of conditions) {
        const missing = await fetch(`${app.baseUrl}/no-such-page`, { headers: condition });
        expect(missing.status).toBe(404);
      }
    });

    it("walks every route with an admin session, then without one: no anonymous answer carries admin content", async () => {
      const marker = randomBytes(5).toString("hex");
      const lead = demoRequestBody({ email: `walk-${marker}@example.com`, name: `Walk Lead ${marker}` });
      expect((await sendJson(app, "/api/book-demo", lead)).status).toBe(201);
      const draft = await createPost(app, admin.cookie, {
        published: false,
        title: `Draft title ${marker}`,
        slug: `draft-${marker}`,
        content: `<p>Draft body ${marker}</p>`,
      });
      const user = await createSession(app, { isAdmin: false, username: `member-${marker}` });
      const secrets = [lead.email, lead.name, `Draft title ${marker}`, `Draft body ${marker}`, user.user.username, admin.user.username];

      const pages = (await builtRoutePaths()).flatMap((path) => {
        const concrete = path
          .replace(/:id\??/g, String(draft.id))
          .replace(/:slug\??/g, draft.slug)
          .replace(/\*$/, "no-such-page");
        return [concrete, `${concrete}?preview=true`, concrete === "/" ? "/_root.data" : `${concrete}.data`];
      });
      const api = ["/api/cms/posts", `/api/cms/posts/${draft.id}`, "/api/cms/users", "/api/user", "/api/blog", `/api/blog/${draft.slug}`];
      const paths = [...pages, ...api].flatMap(caseVariants);
      expect(paths.length).toBeGreaterThan(60);

      for (const path of paths) {
        // Twice with the session, so that anything stored from the first answer would be served by the second.
        for (let round = 0; round < 2; round++) await (await getPage(app, path, admin.cookie)).arrayBuffer();
        const anonymous = await getPage(app, path);
        const body = await anonymous.text();
        for (const secret of secrets) expect(body, `${path} leaks ${secret}`).not.toContain(secret);
        expect(anonymous.headers.get("x-page-cache") === "hit" && anonymous.status !== 200, path).toBe(false);
      }
    });
  });

  describe("open redirects after login", () => {
    it("a signed-in visitor sent to /cms/login?redirectTo=/.//evil.example lands on the dashboard", async () => {
      const response = await getPage(app, "/cms/login?redirectTo=%2F.%2F%2Fevil.example", admin.cookie);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/cms/control");
    });

    it("the no-JavaScript login form does not follow it either", async () => {
      const response = await postForm(app, "/cms/login", {
        intent: "login",
        username: admin.user.username,
        password: admin.password,
        redirectTo: "/.//evil.example",
      });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/cms/control");
    });
  });

  describe("nobody can lock everyone else out", () => {
    const login = (username: string, password: string, address: string) =>
      sendJson(app, "/api/login", { username, password }, { headers: from(address) });

    it("logins one address was refused do not count toward the global limit", async () => {
      const member = await createSession(app, { isAdmin: false });
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 320; attempt++) {
        statuses.push((await login(`nobody-${attempt}`, "wrong-password-1", "198.51.100.10")).status);
      }
      expect(statuses.filter((status) => status === 401)).toHaveLength(100);
      expect(statuses.filter((status) => status === 429)).toHaveLength(220);
      expect((await login(member.user.username, member.password, "198.51.100.11")).status).toBe(200);
    });

    it("registrations one address was refused do not count toward the global limit", async () => {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 230; attempt++) {
        const response = await sendJson(app, "/api/register", { username: `flood-${attempt}`, password: "long-enough-pw" }, { headers: from("198.51.100.20") });
        statuses.push(response.status);
      }
      expect(statuses.filter((status) => status === 201)).toHaveLength(20);
      expect(statuses.filter((status) => status === 429)).toHaveLength(210);
      const other = await sendJson(app, "/api/register", { username: "after-flood", password: "long-enough-pw" }, { headers: from("198.51.100.21") });
      expect(other.status).toBe(201);
    });

    it("four networks with 100 wrong logins each fill the site-wide cap for suspects only: the owner's right password on a clean network still signs in", async () => {
      const owner = await createSession(app, { isAdmin: true });
      const networks = ["192.0.2.41", "192.0.2.42", "192.0.2.43", "192.0.2.44"];
      const statuses = await Promise.all(
        networks.map(async (network) => {
          const seen: number[] = [];
          for (let attempt = 0; attempt < 100; attempt++) seen.push((await login(`guess-${network}-${attempt}`, "wrong-password-1", network)).status);
          return seen;
        }),
      );
      const all = statuses.flat();
      // The site-wide cap (300 a minute) refused the suspects' attempts past it…
      expect(all.filter((status) => status === 429).length).toBeGreaterThan(0);
      expect(all.filter((status) => status === 401).length).toBeLessThanOrEqual(300 + networks.length);
      // …and a suspect network's next attempt too, while the owner on a clean network is let in at once.
      expect((await login(`guess-again`, "wrong-password-1", networks[0]!)).status).toBe(429);
      expect((await login(owner.user.username, owner.password, "192.0.2.99")).status).toBe(200);
    });

    it("counts an IPv6 client by its /64: 100 attempts from 100 addresses of one /64 use up its budget", async () => {
      // A minute on: the site-wide cap that earlier tests filled has a new window.
      app.clock.advance(61_000);
      for (let attempt = 0; attempt < 100; attempt++) {
        expect((await login(`v6-${attempt}`, "wrong-password-1", `2001:db8:99:1::${(attempt + 1).toString(16)}`)).status).not.toBe(429);
      }
      expect((await login("v6-last", "wrong-password-1", "2001:db8:99:1:ffff::1")).status).toBe(429);
      // Another /64 is another client.
      expect((await login("v6-other", "wrong-password-1", "2001:db8:99:2::1")).status).toBe(401);
    });

    it("eleven networks registering twenty accounts each never close registration for a newcomer on a clean network", async () => {
      const statuses: number[] = [];
      for (let network = 1; network <= 11; network++) {
        for (let attempt = 0; attempt < 20; attempt++) {
          const body = { username: `crowd-${network}-${attempt}`, password: "long-enough-pw" };
          statuses.push((await sendJson(app, "/api/register", body, { headers: from(`192.0.2.${150 + network}`) })).status);
        }
      }
      // Each network's first registration skipped the site-wide cap (200 an hour); the cap refused the rest past it.
      const created = statuses.filter((status) => status === 201).length;
      expect(created).toBeGreaterThanOrEqual(11);
      expect(created).toBeLessThanOrEqual(200 + 11);
      expect(statuses.filter((status) => status === 429)).toHaveLength(220 - created);
      const newcomer = await sendJson(app, "/api/register", { username: "newcomer-after-crowd", password: "long-enough-pw" }, { headers: from("192.0.2.200") });
      expect(newcomer.status).toBe(201);
    });

    it("20 wrong passwords from 20 addresses slow the failures down but never refuse the admin's right password", async () => {
      const target = await createSession(app, { isAdmin: true });
      const started = Date.now();
      const failures = await Promise.all(
        Array.from({ length: 20 }, (_, index) => login(target.user.username, `wrong-${index}-password`, `203.0.113.${index + 1}`)),
      );
      expect(failures.map((response) => response.status)).toEqual(Array(20).fill(401));
      // Ten of them waited 250 ms doubling up to 4 s: the slowest answer took at least the 4 s.
      expect(Date.now() - started).toBeGreaterThanOrEqual(4000);

      const right = await login(target.user.username, target.password, "203.0.113.99");
      expect(right.status).toBe(200);
    });
  });

  describe("bodies are counted while they are read", () => {
    /**
     * Streams a chunked body of `totalBytes` until the server answers or closes the connection. A
     * server that refuses early and closes may reset the connection before this client reads the
     * answer (as browsers see it too), so the status the server sent is read from its log as well.
     */
    function postChunked(path: string, totalBytes: number) {
      return new Promise<{ status: number | null; sentBytes: number }>((resolvePost) => {
        const chunk = Buffer.alloc(64 * 1024, "a");
        let sentBytes = 0;
        let finished = false;
        const finish = (status: number | null) => {
          if (!finished) resolvePost({ status, sentBytes });
          finished = true;
        };
        const headers = { "content-type": "application/x-www-form-urlencoded", "transfer-encoding": "chunked" };
        const req = httpRequest(new URL(path, app.baseUrl), { method: "POST", headers }, (res) => {
          res.resume();
          finish(res.statusCode!);
        });
        req.on("error", () => finish(null));
        const pump = () => {
          while (!finished && sentBytes < totalBytes) {
            sentBytes += chunk.length;
            if (!req.write(chunk)) return void req.once("drain", pump);
          }
          if (!finished) req.end();
        };
        pump();
      });
    }

    const loggedStatuses = (path: string) =>
      app.logLines
        .filter((line) => (line.req as { url?: string; method?: string } | undefined)?.url === path && (line.req as { method: string }).method === "POST")
        .map((line) => (line.res as { statusCode: number }).statusCode);

    it.each(["/book-demo", "/cms/login"])("a 100 MB chunked form post to %s is refused with 413 long before it is read", async (path) => {
      const rssBefore = process.memoryUsage().rss;
      const answer = await postChunked(path, 100 * 1024 * 1024);
      if (answer.status !== null) expect(answer.status).toBe(413);
      await expect.poll(() => loggedStatuses(path)).toContain(413);
      expect(answer.sentBytes).toBeLessThan(20 * 1024 * 1024);
      expect(process.memoryUsage().rss - rssBefore).toBeLessThan(60 * 1024 * 1024);
      // The server is still there for the next visitor.
      expect((await getPage(app, "/healthz")).status).toBe(200);
    });

    it("a small chunked form post is still read as a form", async () => {
      const response = await fetch(`${app.baseUrl}/cms/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new Blob([`intent=login&username=${admin.user.username}&password=${admin.password}`]).stream(),
        duplex: "half",
      } as RequestInit);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/cms/control");
    });
  });

  describe("characters and numbers the database cannot take", () => {
    it("refuses NUL characters in login, registration, demo and post fields with 400 and the field's message", async () => {
      const login = await sendJson(app, "/api/login", { username: "ad\u0000min", password: "whatever-password" });
      expect(login.status).toBe(400);
      expect((await login.json()).errors.username).toBe("Username must not contain NUL characters.");

      const register = await sendJson(app, "/api/register", { username: "nul\u0000user", password: "long-enough-pw" });
      expect(register.status).toBe(400);

      const demo = await sendJson(app, "/api/book-demo", demoRequestBody({ organization: "Acme\u0000Ltd" }));
      expect(demo.status).toBe(400);
      expect((await demo.json()).errors.organization).toBe("Organization name must not contain NUL characters.");

      const post = await sendJson(app, "/api/cms/posts", { title: "Bad\u0000title", slug: "nul-title", content: "<p>x</p>" }, { cookie: admin.cookie });
      expect(post.status).toBe(400);
      expect((await post.json()).errors.title).toBe("Title must not contain NUL characters.");

      const form = await postForm(app, "/book-demo", { ...demoRequestBody({ name: "Ada\u0000Lovelace" }) });
      expect(form.status).toBe(400);
    });

    it("refuses ids beyond the database's integer in CMS form actions with 400", async () => {
      const headers = { cookie: admin.cookie };
      const cases: [string, Record<string, string>][] = [
        ["/cms/control", { intent: "delete", postId: "99999999999" }],
        ["/cms/control", { intent: "delete", postId: "2147483648" }],
        ["/cms/users", { intent: "grant", userId: "3000000000" }],
        ["/cms/demo-requests", { id: "3000000000", status: "contacted" }],
      ];
      for (const [path, fields] of cases) {
        const response = await postForm(app, path, fields, headers);
        expect(response.status, `${path} ${JSON.stringify(fields)}`).toBe(400);
      }
    });
  });

  describe("odd request lines", () => {
    /** Sends a raw request line over TCP and returns the status code of the answer. */
    function rawStatus(requestLine: string): Promise<number> {
      const { port } = new URL(app.baseUrl);
      return new Promise((resolveStatus, reject) => {
        const socket = connect(Number(port), "127.0.0.1", () => socket.write(`${requestLine}\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`));
        let head = "";
        socket.on("data", (data) => (head += data.toString()));
        socket.on("end", () => resolveStatus(Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1])));
        socket.on("error", reject);
      });
    }

    it("TRACE is 405 with Allow, an absolute-form target is 400, never a 500", async () => {
      const trace = await fetch(`${app.baseUrl}/`, { method: "TRACE" }).catch(() => null);
      // fetch refuses to send TRACE itself; the raw line below is what a client can send.
      expect(trace).toBeNull();
      expect(await rawStatus("TRACE / HTTP/1.1")).toBe(405);
      expect(await rawStatus("GET http://evil.example/cms/control HTTP/1.1")).toBe(400);
      expect(await rawStatus("OPTIONS * HTTP/1.1")).toBe(400);
    });
  });
});
