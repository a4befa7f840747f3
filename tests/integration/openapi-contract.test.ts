import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { Validator } from "@seriousme/openapi-schema-validator";
import sharp from "sharp";
import { databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { createSession } from "../support/auth.ts";
import { postBody } from "../support/posts.ts";
import { demoRequestBody } from "../support/demo-requests.ts";
import { startTcpProxy } from "../support/tcp-proxy.ts";
import { startRemoteSite } from "../support/remote-site.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver.ts";
import { API_TOKEN_SCOPES } from "../../shared/api-tokens.ts";
import { demoAttributionSchema, demoRequestSchema, demoSpamSignalsSchema } from "../../shared/demo-request.ts";
import { API_TOKEN_RATE_LIMIT } from "../../server/services/api-tokens.ts";
import { MAX_MEDIA_BYTES } from "../../server/services/media.ts";
import { createEarlyAnswers } from "../../server/serving/early-answers.ts";
import { createApiRouter } from "../../server/api/router.ts";
import { base32Decode, totpCode } from "../../server/services/totp.ts";
import { authenticationResponse, createSoftwarePasskey, registrationResponse } from "../support/software-authenticator.ts";
import { apiOperations, openApiDocument } from "../../server/api/operations/index.ts";
import { WEBHOOK_NOTHING_TO_CHANGE } from "../../shared/webhooks.ts";
import { landingPageBody } from "../support/landing-pages.ts";
import type { HttpMethod, OpenApiDocument, OperationObject } from "../../server/api/openapi/types.ts";

const execFileAsync = promisify(execFile);

/**
 * The contract test (docs/decisions/074-openapi-from-the-schemas.md): every operation in
 * /api/openapi.json is called on the running server with valid and invalid input, and every answer
 * must be one the document lists for that operation, with a body its schema accepts (no field it
 * does not name) and the headers it promises. At the end, every status the document lists for every
 * operation must have been answered at least once: the document promises nothing the server never does.
 */

// ajv-formats is CommonJS: its default export is the plugin.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

interface Request {
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  /** JSON body (sent as application/json). */
  body?: unknown;
  /** Any other body, sent as it is. */
  raw?: { bytes: Buffer | string; type: string };
  cookie?: string;
  token?: string;
  headers?: Record<string, string>;
}

interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
}

const DOCUMENT_ID = "urn:zuri:openapi";

/**
 * Statuses the document lists that no test can cause on purpose: `getProfile` 404 is an account
 * deleted between its session check and the read of its profile.
 */
const ONLY_IN_A_RACE = new Set(["getProfile 404"]);

/** An operation that needs a credential: `security` names one and has no `{}` (anonymous) alternative. */
const guarded = (operation: OperationObject) =>
  (operation.security ?? []).length > 0 && !(operation.security ?? []).some((entry) => Object.keys(entry).length === 0);
/** A JSON pointer into the document, as a URI fragment (RFC 6901 §6). */
const pointer = (...segments: string[]) =>
  `${DOCUMENT_ID}#/${segments.map((segment) => encodeURIComponent(segment.replace(/~/g, "~0").replace(/\//g, "~1"))).join("/")}`;

describe.each(databaseKinds)("the API answers as /api/openapi.json describes, on %s", (kind) => {
  let app: TestApp;
  let document: OpenApiDocument;
  let ajv: Ajv2020;
  let receiver: WebhookReceiver;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>> | undefined;
  let admin: Awaited<ReturnType<typeof createSession>>;
  let member: Awaited<ReturnType<typeof createSession>>;
  let token: string;
  const operations = new Map<string, { method: HttpMethod; path: string; operation: OperationObject }>();
  /** operationId → statuses answered. */
  const answered = new Map<string, Set<number>>();

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    app = await startTestApp(kind, {
      env: { WEBHOOKS_ALLOW_PRIVATE_URLS: "true" },
      // "Send test event" and "Redeliver" are sent by the background job (docs/decisions/025).
      jobs: ["webhook-deliveries"],
      // On PostgreSQL the app connects through a proxy the outage test cuts.
      connectVia:
        kind === "postgres"
          ? async (url) => {
              const real = new URL(url);
              proxy = await startTcpProxy({ host: real.hostname, port: Number(real.port || 5432) });
              real.hostname = "127.0.0.1";
              real.port = String(proxy.port);
              return real.toString();
            }
          : undefined,
    });
    admin = await createSession(app, { isAdmin: true });
    member = await createSession(app, { isAdmin: false });
    token = (await app.services.apiTokens.create({ name: "Contract", scopes: [...API_TOKEN_SCOPES] }, admin.user)).token;

    document = (await (await fetch(`${app.baseUrl}/api/openapi.json`)).json()) as OpenApiDocument;
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods) as [HttpMethod, OperationObject][]) {
        operations.set(operation.operationId, { method, path, operation });
      }
    }
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(document, DOCUMENT_ID);
  });

  afterAll(async () => {
    await app?.close();
    await proxy?.close();
    await receiver?.close();
  });

  /** Calls an operation and checks the answer against the document; `expected` is the status this call must get. */
  async function call(operationId: string, expected: number, request: Request = {}): Promise<Answer> {
    const entry = operations.get(operationId);
    if (!entry) throw new Error(`${operationId} is not in the document`);
    const { method, path, operation } = entry;
    const address = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(request.params?.[name] ?? "1")));
    const url = new URL(address, app.baseUrl);
    for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.append(name, value);
    const headers: Record<string, string> = { ...request.headers };
    if (request.cookie) headers.cookie = request.cookie;
    if (request.token) headers.authorization = `Bearer ${request.token}`;
    let body: BodyInit | undefined;
    if (request.raw) {
      headers["content-type"] = request.raw.type;
      body = typeof request.raw.bytes === "string" ? request.raw.bytes : Uint8Array.from(request.raw.bytes);
    } else if (request.body !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(request.body);
    }
    const response = await fetch(url, { method: method.toUpperCase(), headers, body, redirect: "manual" });
    const text = await response.text();
    const where = `${method.toUpperCase()} ${url.pathname}${url.search} answered ${response.status}: ${text.slice(0, 300)}`;

    const documented = operation.responses[String(response.status)];
    expect(documented, `${where}, a status the document does not list for ${operationId}`).toBeDefined();
    expect(response.status, where).toBe(expected);
    (answered.get(operationId) ?? answered.set(operationId, new Set()).get(operationId)!).add(response.status);

    const media = documented!.content?.["application/json"];
    let parsed: unknown;
    if (media) {
      expect(response.headers.get("content-type"), where).toMatch(/^application\/json/);
      parsed = JSON.parse(text);
      const validate = ajv.getSchema(pointer("paths", path, method, "responses", String(response.status), "content", "application/json", "schema"))!;
      const valid = validate(parsed);
      expect(valid ? [] : validate.errors, `${where}: the body is not what the document describes`).toEqual([]);
    } else {
      expect(text, `${where}: the document says this answer has no body`).toBe("");
    }
    // Retry-After, Location, the count and the validators are always sent where they are documented
    // (Link only while more follow, Set-Cookie only when a session changes).
    for (const name of ["Retry-After", "Location", "X-Total-Count", "ETag"]) {
      if (documented!.headers?.[name]) expect(response.headers.get(name), `${where}: no ${name}`).not.toBeNull();
    }
    return { status: response.status, body: parsed, headers: response.headers };
  }

  const asAdmin = (request: Request = {}): Request => ({ cookie: admin.cookie, ...request });
  const newPost = async (overrides: Record<string, unknown> = {}) =>
    (await call("createPost", 201, asAdmin({ body: postBody(overrides) }))).body as { id: number; slug: string; version: number };

  it("is a valid OpenAPI 3.1 document that lists every route the API serves", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as unknown as Parameters<Validator["validate"]>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe("3.1.0");
    await call("getOpenApiDocument", 200);

    // Every route of the Express API is declared and documented, and every documented path is a route:
    // a handler mounted beside the operations list (server/api/operations/) fails here.
    const routes = apiRoutes(app);
    const documentedRoutes = [...operations.values()].map(({ method, path }) => `${method.toUpperCase()} ${path}`).sort();
    const declaredRoutes = apiOperations.map(({ method, path }) => `${method.toUpperCase()} ${path}`).sort();
    expect(documentedRoutes).toEqual(routes);
    expect(declaredRoutes).toEqual(routes);
    // Every operation says who may call it (`security: []` when anyone may).
    for (const { operation } of operations.values()) expect(operation.security, operation.operationId).toBeDefined();
  });

  it("lints clean under Redocly's recommended rules (redocly.yaml): no error, no warning", async () => {
    const directory = await mkdtemp(join(tmpdir(), "zuri-openapi-"));
    try {
      // As a production site serves it: a real address, not localhost (no-server-example.com).
      const file = join(directory, "openapi.json");
      await writeFile(file, JSON.stringify(openApiDocument("https://www.zuri.app")));
      const root = resolve(import.meta.dirname, "../..");
      const cli = join(root, "node_modules/@redocly/cli/bin/cli.js");
      const run = await execFileAsync(process.execPath, [cli, "lint", file, "--config", join(root, "redocly.yaml"), "--format=json"], {
        cwd: directory,
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
      }).catch((error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? "", stderr: error.stderr ?? "" }));
      const report = JSON.parse(run.stdout) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string; location: { pointer: string }[] }[] };
      expect(report.problems.map(({ ruleId, message, location }) => `${ruleId}: ${message} (${location[0]?.pointer})`)).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }, 120_000);

  it("blog: lists, reads, follows an old slug, answers 304 and refuses bad queries", async () => {
    const live = await newPost({ published: true, tags: ["Forecasting"] });
    const list = await call("listPosts", 200, { query: { perPage: "1" } });
    await call("listPosts", 200, { query: { q: "forecasting" } });
    await call("listPosts", 304, { headers: { "if-none-match": list.headers.get("etag")!, "if-modified-since": "" }, query: { perPage: "1" } });
    await call("listPosts", 400, { query: { perPage: "0" } });
    await call("listPosts", 400, { query: { author: "ada", q: "x" } });

    const read = await call("getPost", 200, { params: { slug: live.slug } });
    await call("getPost", 304, { params: { slug: live.slug }, headers: { "if-none-match": read.headers.get("etag")! } });
    await call("getPost", 404, { params: { slug: "no-such-post" } });
    await call("getPost", 404, { params: { slug: "Not A Slug" } });
    const moved = await call("updatePost", 200, asAdmin({ params: { id: live.id }, body: { ...postBody({ published: true }), slug: `${live.slug}-moved`, version: live.version } }));
    const old = await call("getPost", 301, { params: { slug: live.slug } });
    expect(old.headers.get("location")).toBe(`/api/blog/${(moved.body as { slug: string }).slug}`);

    const tags = await call("listTags", 200);
    await call("listTags", 304, { headers: { "if-none-match": tags.headers.get("etag")! } });
  });

  it("accounts: registers, signs in and out, and refuses bad input and too many attempts", async () => {
    const username = `contract-${kind}`;
    const registered = await call("register", 201, { body: { username, password: "a-long-password" } });
    expect(registered.headers.get("set-cookie")).toMatch(/zuri_session=/);
    await call("register", 400, { body: { username: "x", password: "short" } });
    await call("register", 409, { body: { username, password: "a-long-password" } });

    const signedIn = await call("login", 200, { body: { username, password: "a-long-password" } });
    const cookie = signedIn.headers.get("set-cookie")!.split(";")[0]!;
    await call("getCurrentUser", 200, { cookie });
    await call("getCurrentUser", 401);
    await call("logout", 200, { cookie });
    await call("login", 400, { body: { username } });
    let status = 0;
    for (let attempt = 0; attempt < 10 && status !== 429; attempt++) {
      status = (await call("login", attempt < 5 ? 401 : 429, { body: { username, password: "wrong-password" } })).status;
    }
    expect(status).toBe(429);
    // Registration: 20 an hour from one address; the 21st and later are refused.
    for (let n = 0; n < 30 && status !== 429 + 1; n++) {
      const answer = await fetch(`${app.baseUrl}/api/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: `contract-${kind}-${n}`, password: "a-long-password" }),
      });
      if (answer.status === 429) break;
    }
    await call("register", 429, { body: { username: `contract-${kind}-last`, password: "a-long-password" } });
  });

  it("demo requests and page views: accepted, refused when malformed, limited per address", async () => {
    await call("bookDemo", 201, { body: demoRequestBody({ utmCampaign: "spring" }) });
    await call("bookDemo", 400, { body: demoRequestBody({ email: "not-an-address" }) });
    for (let n = 0; n < 4; n++) await call("bookDemo", 201, { body: demoRequestBody() });
    await call("bookDemo", 429, { body: demoRequestBody() });

    const leads = await call("listDemoRequests", 200, asAdmin({ query: { since: "2000-01-01T00:00:00Z", perPage: "2" } }));
    expect(leads.headers.get("link")).toMatch(/rel="next"/);
    await call("listDemoRequests", 200, { token, query: { perPage: "100" } });
    await call("listDemoRequests", 400, asAdmin({ query: { since: "yesterday" } }));

    // As a browser sends it: a client that names no browser is counted as a bot and answered 202 unread.
    const headers = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36" };
    const view = { visitId: "contract-visit-0001", path: "/", landingPath: "/", referrer: null, device: "desktop" };
    await call("recordPageView", 202, { body: view, headers });
    await call("recordPageView", 202, { raw: { bytes: JSON.stringify(view), type: "text/plain" }, headers });
    await call("recordPageView", 400, { body: { ...view, device: "fridge" }, headers });
    await call("recordPageView", 400, { body: [view], headers });
  });

  it("posts: lists, creates, reads, saves, detects conflicts, deletes and uploads images", async () => {
    await call("listCmsPosts", 200, asAdmin());
    await call("listCmsPosts", 200, { token, query: { status: "draft", perPage: "5" } });
    await call("listCmsPosts", 400, asAdmin({ query: { status: "archived" } }));
    await call("listCmsTags", 200, asAdmin());

    const post = await newPost({ published: false });
    await call("createPost", 400, asAdmin({ body: { ...postBody(), title: "" } }));
    await call("createPost", 409, asAdmin({ body: postBody({ slug: post.slug }) }));
    await call("getCmsPost", 200, { token, params: { id: post.id } });
    await call("getCmsPost", 400, asAdmin({ params: { id: "abc" } }));
    await call("getCmsPost", 404, asAdmin({ params: { id: 999_999 } }));

    const saved = (await call("updatePost", 200, asAdmin({ params: { id: post.id }, body: { ...postBody({ published: false }), slug: post.slug, version: post.version } })))
      .body as { version: number };
    await call("updatePost", 400, asAdmin({ params: { id: post.id }, body: { ...postBody(), slug: post.slug } }));
    await call("updatePost", 404, asAdmin({ params: { id: 999_999 }, body: { ...postBody(), version: 1 } }));
    const conflict = await call("updatePost", 409, asAdmin({ params: { id: post.id }, body: { ...postBody(), slug: post.slug, version: post.version } }));
    expect(conflict.body).toMatchObject({ conflict: true, current: { version: saved.version } });
    const other = await newPost();
    await call("updatePost", 409, asAdmin({ params: { id: post.id }, body: { ...postBody(), slug: other.slug, version: saved.version } }));

    await call("deletePost", 200, asAdmin({ params: { id: other.id } }));
    await call("deletePost", 404, asAdmin({ params: { id: other.id } }));
    await call("deletePost", 400, asAdmin({ params: { id: "0" } }));

    const png = await sharp({ create: { width: 32, height: 24, channels: 3, background: "#2255aa" } }).png().toBuffer();
    await call("uploadImage", 201, asAdmin({ raw: { bytes: png, type: "image/png" } }));
    await call("uploadImage", 400, asAdmin({ raw: { bytes: "<svg xmlns='http://www.w3.org/2000/svg'/>", type: "image/svg+xml" } }));
    await call("uploadImage", 413, asAdmin({ raw: { bytes: Buffer.alloc(MAX_MEDIA_BYTES + 1), type: "image/png" } }));
    const remote = await startRemoteSite({
      "/cover.png": { type: "image/png", body: png },
      "/story": { body: `<title>A story</title><meta property="og:image" content="/cover.png">` },
    });
    try {
      await call("importImage", 201, asAdmin({ body: { url: `${remote.url}/cover.png` } }));
      await call("importImage", 400, asAdmin({ body: { url: `${remote.url}/missing.png` } }));
      await call("previewBookmark", 200, asAdmin({ body: { url: `${remote.url}/story` } }));
      await call("previewBookmark", 400, asAdmin({ body: { url: `${remote.url}/cover.png` } }));
    } finally {
      await remote.close();
    }
  });

  it("revisions, working copies and review links", async () => {
    const post = await newPost({ published: false });
    const saved = (await call("updatePost", 200, asAdmin({ params: { id: post.id }, body: { ...postBody({ published: false }), slug: post.slug, version: post.version } })))
      .body as { version: number };

    const revisions = (await call("listRevisions", 200, asAdmin({ params: { id: post.id } }))).body as { id: number }[];
    await call("listRevisions", 400, asAdmin({ params: { id: "x" } }));
    await call("listRevisions", 404, asAdmin({ params: { id: 999_999 } }));
    const first = revisions.at(-1)!.id;
    await call("getRevision", 200, { token, params: { id: post.id, revisionId: first } });
    await call("getRevision", 400, asAdmin({ params: { id: post.id, revisionId: "-1" } }));
    await call("getRevision", 404, asAdmin({ params: { id: post.id, revisionId: 999_999 } }));
    await call("restoreRevision", 200, asAdmin({ params: { id: post.id, revisionId: first }, body: { version: saved.version } }));
    await call("restoreRevision", 409, asAdmin({ params: { id: post.id, revisionId: first }, body: { version: saved.version } }));
    await call("restoreRevision", 400, asAdmin({ params: { id: post.id, revisionId: first }, body: { version: "one" } }));
    await call("restoreRevision", 404, asAdmin({ params: { id: 999_999, revisionId: first } }));

    const current = (await call("getCmsPost", 200, asAdmin({ params: { id: post.id } }))).body as { version: number };
    await call("getWorkingCopy", 404, asAdmin({ params: { id: post.id } }));
    app.clock.advance(1_000); // a copy is answered only while it is newer than the post's last save
    await call("saveWorkingCopy", 200, asAdmin({ params: { id: post.id }, body: { title: "Typing…", content: "<p>Half a thought</p>", baseVersion: current.version } }));
    await call("getWorkingCopy", 200, asAdmin({ params: { id: post.id } }));
    await call("getWorkingCopy", 400, asAdmin({ params: { id: "1.5" } }));
    await call("saveWorkingCopy", 400, asAdmin({ params: { id: post.id }, body: { title: "No base version" } }));
    await call("saveWorkingCopy", 404, asAdmin({ params: { id: 999_999 }, body: { baseVersion: 1 } }));
    await call("deleteWorkingCopy", 204, asAdmin({ params: { id: post.id } }));
    await call("deleteWorkingCopy", 400, asAdmin({ params: { id: "x" } }));

    const link = (await call("createReviewLink", 201, asAdmin({ params: { id: post.id }, body: { expiresInDays: 1 } }))).body as { id: number };
    await call("createReviewLink", 201, asAdmin({ params: { id: post.id } }));
    await call("createReviewLink", 400, asAdmin({ params: { id: post.id }, body: { expiresInDays: 365 } }));
    await call("createReviewLink", 404, asAdmin({ params: { id: 999_999 }, body: {} }));
    const live = await newPost({ published: true });
    await call("createReviewLink", 409, asAdmin({ params: { id: live.id }, body: {} }));
    await call("listReviewLinks", 200, asAdmin({ params: { id: post.id } }));
    await call("listReviewLinks", 400, asAdmin({ params: { id: "x" } }));
    await call("listReviewLinks", 404, asAdmin({ params: { id: 999_999 } }));
    await call("revokeReviewLink", 200, asAdmin({ params: { id: post.id, linkId: link.id } }));
    await call("revokeReviewLink", 404, asAdmin({ params: { id: post.id, linkId: link.id } }));
    await call("revokeReviewLink", 400, asAdmin({ params: { id: post.id, linkId: "x" } }));
  });

  it("review: submit a draft and send it back (docs/decisions/032)", async () => {
    const post = await newPost({ published: false });
    await call("sendPostBack", 409, asAdmin({ params: { id: post.id }, body: { note: "Not submitted yet" } }));
    await call("submitPostForReview", 200, asAdmin({ params: { id: post.id }, body: { version: post.version } }));
    await call("submitPostForReview", 409, asAdmin({ params: { id: post.id } }));
    await call("submitPostForReview", 400, asAdmin({ params: { id: post.id }, body: { version: "one" } }));
    await call("submitPostForReview", 404, asAdmin({ params: { id: 999_999 } }));
    await call("sendPostBack", 400, asAdmin({ params: { id: post.id }, body: { note: "" } }));
    await call("sendPostBack", 200, asAdmin({ params: { id: post.id }, body: { note: "Add a source." } }));
    await call("sendPostBack", 404, asAdmin({ params: { id: 999_999 }, body: { note: "Add a source." } }));
  });

  it("users and profile", async () => {
    await call("listUsers", 200, asAdmin());
    await call("setUserRole", 200, asAdmin({ params: { id: member.user.id }, body: { isAdmin: false } }));
    await call("setUserRole", 400, asAdmin({ params: { id: member.user.id }, body: { isAdmin: "yes" } }));
    await call("setUserRole", 404, asAdmin({ params: { id: 999_999 }, body: { isAdmin: true } }));
    await call("setUserRole", 409, asAdmin({ params: { id: admin.user.id }, body: { isAdmin: false } }));
    const leaving = await createSession(app, { isAdmin: false });
    await call("deleteUser", 200, asAdmin({ params: { id: leaving.user.id } }));
    await call("deleteUser", 404, asAdmin({ params: { id: leaving.user.id } }));
    await call("deleteUser", 409, asAdmin({ params: { id: admin.user.id } }));

    await call("getProfile", 200, asAdmin());
    await call("updateProfile", 200, asAdmin({ body: { displayName: "Ada L.", bio: "Writes about forecasting.", avatar: null } }));
    await call("updateProfile", 400, asAdmin({ body: { displayName: "", bio: null, avatar: "https://elsewhere.example/me.png" } }));
  });

  it("the activity log and one's sessions (docs/decisions/029-activity-log-and-sessions.md)", async () => {
    await call("listActivity", 200, asAdmin({ query: { action: "user.role", perPage: "1" } }));
    await call("listActivity", 400, asAdmin({ query: { action: "everything" } }));
    const person = await createSession(app, { role: "author" });
    await app.services.auth.createSession(person.user.id, { userAgent: "curl/8.5.0" });
    const sessions = (await call("listSessions", 200, { cookie: person.cookie })).body as { id: string; current: boolean }[];
    const other = sessions.find((session) => !session.current)!.id;
    await call("endSession", 204, { cookie: person.cookie, params: { id: other } });
    await call("endSession", 404, { cookie: person.cookie, params: { id: other } });
    await call("endSession", 400, { cookie: person.cookie, params: { id: "not-a-session" } });
    await call("endOtherSessions", 200, { cookie: person.cookie });
  });

  it("two-step sign-in: the second step, one's own factors, the requirement and the reset (docs/decisions/075)", async () => {
    const origin = new URL(app.services.env.SITE_URL).origin;
    const ada = await createSession(app, { isAdmin: true });
    const bob = await createSession(app, { isAdmin: true });
    const eve = await createSession(app, { isAdmin: true });
    const as = (account: typeof ada, request: Request = {}): Request => ({ cookie: account.cookie, ...request });
    const withPassword = (account: typeof ada) => ({ password: account.password });

    await call("getSecondFactors", 200, as(ada));
    await call("getSecondFactorPolicy", 200, as(ada));
    await call("setSecondFactorPolicy", 409, as(ada, { body: { requireSecondFactor: true } }));
    await call("setSecondFactorPolicy", 400, as(ada, { body: { requireSecondFactor: "yes" } }));

    // An authenticator app for Ada.
    const setup = (await call("beginTotp", 201, as(ada))).body as { secret: string };
    const key = base32Decode(setup.secret);
    await call("confirmTotp", 400, as(ada, { body: { code: "12", ...withPassword(ada) } }));
    await call("confirmTotp", 200, as(ada, { body: { code: totpCode(key, app.clock()), ...withPassword(ada) } }));
    await call("beginTotp", 409, as(ada));
    await call("confirmTotp", 409, as(ada, { body: { code: "123456", ...withPassword(ada) } }));
    await call("regenerateRecoveryCodes", 201, as(ada, { body: withPassword(ada) }));
    await call("regenerateRecoveryCodes", 400, as(ada, { body: { password: "not-it" } }));
    await call("regenerateRecoveryCodes", 409, as(bob, { body: withPassword(bob) }));

    // A passkey for Ada.
    const passkey = createSoftwarePasskey();
    type Options = { options: { challenge: string; rp: { id?: string }; rpId?: string } };
    await call("passkeyRegistrationOptions", 400, as(ada, { body: { password: "not-it" } }));
    let options = (await call("passkeyRegistrationOptions", 200, as(ada, { body: withPassword(ada) }))).body as Options;
    await call("registerPasskey", 400, as(ada, { body: { name: "Key", response: registrationResponse(passkey, options.options, "https://elsewhere.example") } }));
    await call("registerPasskey", 409, as(ada, { body: { name: "Key", response: registrationResponse(passkey, options.options, origin) } }));
    options = (await call("passkeyRegistrationOptions", 200, as(ada, { body: withPassword(ada) }))).body as Options;
    const registered = (await call("registerPasskey", 201, as(ada, { body: { name: "Key", response: registrationResponse(passkey, options.options, origin) } })))
      .body as { passkey: { id: number } };

    // The second step of a login, with the passkey.
    const pending = (await call("login", 200, { body: { username: ada.user.username, password: ada.password } })).body as { secondFactor: { ticket: string } };
    const { ticket } = pending.secondFactor;
    const assertion = (await call("passkeyLoginOptions", 200, { body: { ticket } })).body as Options;
    await call("loginSecondStep", 200, { body: { ticket, method: "passkey", response: authenticationResponse(passkey, assertion.options, origin) } });
    await call("loginSecondStep", 401, { body: { ticket, method: "totp", code: "123456" } });
    await call("loginSecondStep", 400, { body: { ticket, method: "sms" } });
    await call("passkeyLoginOptions", 401, { body: { ticket } });
    await call("passkeyLoginOptions", 400, { body: { ticket: "short" } });

    // Bob: an authenticator app only, so no passkey challenge for him.
    const bobSetup = (await call("beginTotp", 201, as(bob))).body as { secret: string };
    await call("confirmTotp", 200, as(bob, { body: { code: totpCode(base32Decode(bobSetup.secret), app.clock()), ...withPassword(bob) } }));

    // Required: nobody's last factor goes; then optional again, before the other tests' administrator meets it.
    await call("setSecondFactorPolicy", 200, as(ada, { body: { requireSecondFactor: true } }));
    try {
      await call("disableTotp", 200, as(ada, { body: withPassword(ada) }));
      await call("removePasskey", 409, as(ada, { params: { id: registered.passkey.id }, body: withPassword(ada) }));
      await call("disableTotp", 404, as(ada, { body: withPassword(ada) }));
      await call("removePasskey", 404, as(ada, { params: { id: 999_999 }, body: withPassword(ada) }));
      await call("removePasskey", 400, as(ada, { params: { id: "x" }, body: withPassword(ada) }));
      await call("disableTotp", 400, as(ada, { body: { password: "" } }));
      await call("disableTotp", 409, as(bob, { body: withPassword(bob) }));
    } finally {
      await call("setSecondFactorPolicy", 200, as(ada, { body: { requireSecondFactor: false } }));
    }
    await call("removePasskey", 200, as(ada, { params: { id: registered.passkey.id }, body: withPassword(ada) }));

    // Bob's second step, and an administrator's reset.
    const bobTicket = ((await call("login", 200, { body: { username: bob.user.username, password: bob.password } })).body as typeof pending).secondFactor.ticket;
    await call("passkeyLoginOptions", 404, { body: { ticket: bobTicket } });
    // Wrong codes lock Bob's second step for this address, as wrong passwords would.
    for (let n = 0; n < 5; n++) await call("loginSecondStep", 401, { body: { ticket: bobTicket, method: "totp", code: "000000" } });
    await call("loginSecondStep", 429, { body: { ticket: bobTicket, method: "totp", code: "000000" } });
    await call("resetSecondFactors", 200, as(ada, { params: { id: bob.user.id } }));
    await call("resetSecondFactors", 404, as(ada, { params: { id: 999_999 } }));
    await call("resetSecondFactors", 409, as(ada, { params: { id: ada.user.id } }));
    await call("resetSecondFactors", 400, as(ada, { params: { id: "x" } }));

    // Eve mistypes her password until the changes are refused for a while.
    for (let n = 0; n < 5; n++) await call("regenerateRecoveryCodes", 400, as(eve, { body: { password: "not-it" } }));
    await call("regenerateRecoveryCodes", 429, as(eve, { body: withPassword(eve) }));
    await call("confirmTotp", 429, as(eve, { body: { code: "123456", ...withPassword(eve) } }));
    await call("disableTotp", 429, as(eve, { body: withPassword(eve) }));
    await call("passkeyRegistrationOptions", 429, as(eve, { body: withPassword(eve) }));
    await call("removePasskey", 429, as(eve, { params: { id: 1 }, body: withPassword(eve) }));
  });

  it("tags: create, edit, merge and delete (docs/decisions/035)", async () => {
    await call("createTag", 201, asAdmin({ body: { name: "Contract alpha", description: "A" } }));
    await call("createTag", 201, { token, body: { name: "Contract beta" } });
    await call("createTag", 400, asAdmin({ body: { name: "" } }));
    await call("createTag", 409, asAdmin({ body: { name: "contract ALPHA" } }));
    await call("updateTag", 200, asAdmin({ params: { slug: "contract-alpha" }, body: { name: "Contract alpha", slug: "contract-a", metaTitle: "Alpha" } }));
    await call("updateTag", 200, asAdmin({ params: { slug: "contract-a" }, body: { name: "Contract alpha", slug: "contract-a", image: "/media/x.png", imageAlt: "A" } }));
    await call("updateTag", 400, asAdmin({ params: { slug: "contract-a" }, body: { name: "Contract alpha", slug: "contract-a", image: "/media/x.png" } }));
    await call("updateTag", 400, asAdmin({ params: { slug: "contract-a" }, body: { name: "Contract alpha", slug: "???" } }));
    await call("updateTag", 404, asAdmin({ params: { slug: "contract-alpha" }, body: { name: "Contract alpha" } }));
    await call("updateTag", 409, asAdmin({ params: { slug: "contract-a" }, body: { name: "Contract alpha", slug: "contract-beta" } }));
    await call("mergeTag", 400, asAdmin({ params: { slug: "contract-a" }, body: { into: "contract-a" } }));
    await call("mergeTag", 404, asAdmin({ params: { slug: "contract-gone" }, body: { into: "contract-beta" } }));
    await call("mergeTag", 200, asAdmin({ params: { slug: "contract-a" }, body: { into: "contract-beta" } }));
    await call("deleteTag", 400, asAdmin({ params: { slug: "Not_A_Slug" } }));
    await call("deleteTag", 200, asAdmin({ params: { slug: "contract-beta" } }));
    await call("deleteTag", 404, asAdmin({ params: { slug: "contract-beta" } }));
  });

  it("landing pages: compose, save, publish, schedule, copy, revisions and review links (docs/decisions/037)", async () => {
    await call("listLandingPages", 200, asAdmin());
    const created = (await call("createLandingPage", 201, asAdmin({ body: landingPageBody() }))).body as { id: number; slug: string; version: number };
    const badBlock = await call("createLandingPage", 400, asAdmin({ body: landingPageBody({ blocks: [{ id: "h", type: "hero", headline: 7 }] }) }));
    expect(Object.keys((badBlock.body as { errors: object }).errors)).toContain("blocks.0.headline");
    const page = { params: { id: created.id } };
    await call("getLandingPage", 200, asAdmin(page));
    await call("getLandingPage", 404, asAdmin({ params: { id: 999_999 } }));
    const saved = (await call("updateLandingPage", 200, asAdmin({ ...page, body: { ...landingPageBody({ slug: created.slug }), version: created.version } }))).body as { version: number };
    await call("updateLandingPage", 400, asAdmin({ ...page, body: landingPageBody({ slug: created.slug }) }));
    await call("updateLandingPage", 404, asAdmin({ params: { id: 999_999 }, body: { ...landingPageBody(), version: 1 } }));
    await call("updateLandingPage", 409, asAdmin({ ...page, body: { ...landingPageBody({ slug: created.slug }), version: saved.version - 1 } }));

    const empty = (await call("createLandingPage", 201, asAdmin({ body: landingPageBody({ blocks: [] }) }))).body as { id: number };
    await call("publishLandingPage", 400, asAdmin({ params: { id: empty.id } }));
    await call("publishLandingPage", 404, asAdmin({ params: { id: 999_999 } }));
    const at = new Date(Date.now() + 86_400_000).toISOString();
    await call("scheduleLandingPage", 400, asAdmin({ ...page, body: { at: "tomorrow" } }));
    await call("scheduleLandingPage", 404, asAdmin({ params: { id: 999_999 }, body: { at } }));
    await call("scheduleLandingPage", 200, asAdmin({ ...page, body: { at } }));
    await call("unscheduleLandingPage", 200, asAdmin(page));
    await call("unscheduleLandingPage", 404, asAdmin({ params: { id: 999_999 } }));
    await call("publishLandingPage", 200, asAdmin(page));
    await call("scheduleLandingPage", 409, asAdmin({ ...page, body: { at } }));
    await call("unscheduleLandingPage", 409, asAdmin(page));
    await call("unpublishLandingPage", 200, asAdmin(page));
    await call("unpublishLandingPage", 404, asAdmin({ params: { id: 999_999 } }));

    const copy = (await call("duplicateLandingPage", 201, asAdmin(page))).body as { id: number; slug: string };
    await call("duplicateLandingPage", 404, asAdmin({ params: { id: 999_999 } }));
    const revisions = (await call("listLandingPageRevisions", 200, asAdmin(page))).body as { id: number }[];
    await call("listLandingPageRevisions", 404, asAdmin({ params: { id: 999_999 } }));
    await call("restoreLandingPageRevision", 200, asAdmin({ params: { id: created.id, revisionId: revisions.at(-1)!.id } }));
    await call("restoreLandingPageRevision", 404, asAdmin({ params: { id: created.id, revisionId: 999_999 } }));
    // A revision whose slug another page took since: 400 naming the slug.
    const [copied] = (await call("listLandingPageRevisions", 200, asAdmin({ params: { id: copy.id } }))).body as { id: number }[];
    await call("updateLandingPage", 200, asAdmin({ params: { id: copy.id }, body: { ...landingPageBody({ slug: `${copy.slug}-x` }), version: 1 } }));
    await call("createLandingPage", 201, asAdmin({ body: landingPageBody({ slug: copy.slug }) }));
    const taken = await call("restoreLandingPageRevision", 400, asAdmin({ params: { id: copy.id, revisionId: copied!.id } }));
    expect(Object.keys((taken.body as { errors: object }).errors)).toEqual(["slug"]);

    const link = (await call("createLandingPageReviewLink", 201, asAdmin(page))).body as { id: number };
    await call("createLandingPageReviewLink", 404, asAdmin({ params: { id: 999_999 } }));
    await call("listLandingPageReviewLinks", 200, asAdmin(page));
    await call("listLandingPageReviewLinks", 404, asAdmin({ params: { id: 999_999 } }));
    await call("revokeLandingPageReviewLink", 200, asAdmin({ params: { id: created.id, linkId: link.id } }));
    await call("revokeLandingPageReviewLink", 404, asAdmin({ params: { id: created.id, linkId: link.id } }));

    await call("deleteLandingPage", 200, asAdmin({ params: { id: copy.id } }));
    await call("deleteLandingPage", 404, asAdmin({ params: { id: copy.id } }));
  });

  it("webhooks: add, change, pause, test, redeliver, log and delete", async () => {
    await call("listWebhooks", 200, asAdmin());
    const hook = (await call("createWebhook", 201, asAdmin({ body: { url: receiver.url, events: ["post.published", "demo_request.created"] } })))
      .body as { id: number };
    await call("createWebhook", 400, asAdmin({ body: { url: "ftp://example.com", events: [] } }));
    await call("updateWebhook", 200, asAdmin({ params: { id: hook.id }, body: { description: "CRM" } }));
    await call("getWebhook", 200, asAdmin({ params: { id: hook.id } }));
    await call("getWebhook", 404, asAdmin({ params: { id: 999_999 } }));
    await call("updateWebhook", 400, asAdmin({ params: { id: hook.id }, body: { events: ["post.exploded"] } }));
    await call("updateWebhook", 404, asAdmin({ params: { id: 999_999 }, body: { enabled: false } }));
    // Nothing to change is the client's mistake, however it is sent: never a 500.
    const nothing = await call("updateWebhook", 400, asAdmin({ params: { id: hook.id }, body: {} }));
    expect(nothing.body).toMatchObject({ message: WEBHOOK_NOTHING_TO_CHANGE });
    await call("updateWebhook", 400, asAdmin({ params: { id: hook.id } }));
    await call("updateWebhook", 415, asAdmin({ params: { id: hook.id }, raw: { bytes: JSON.stringify({ enabled: true }), type: "text/plain" } }));

    const test = (await call("sendWebhookTest", 202, asAdmin({ params: { id: hook.id } }))).body as { id: number };
    await newPost({ published: true });
    await app.services.demoRequests.submit({
      fields: demoRequestSchema.parse(demoRequestBody()),
      attribution: demoAttributionSchema.parse({}),
      spam: demoSpamSignalsSchema.parse({}),
      clientIp: "203.0.113.7",
      requireFormToken: false,
    });
    // What the receiver got is what the document's `webhooks` section describes for its type.
    const received = await receiver.waitFor(3);
    expect(received.map(({ body }) => (JSON.parse(body) as { type: string }).type).sort()).toEqual(["demo_request.created", "post.published", "webhook.test"]);
    for (const { body } of received) {
      const payload = JSON.parse(body) as { type: string };
      const validate = ajv.getSchema(pointer("webhooks", payload.type, "post", "requestBody", "content", "application/json", "schema"))!;
      expect(validate(payload) ? [] : validate.errors, `the ${payload.type} delivery`).toEqual([]);
    }
    await expect
      .poll(async () => {
        const page = (await call("listWebhookDeliveries", 200, asAdmin({ params: { id: hook.id } }))).body as { deliveries: { id: number; status: string }[] };
        return page.deliveries.find((delivery) => delivery.id === test.id)?.status;
      })
      .toBe("delivered");
    await call("listWebhookDeliveries", 400, asAdmin({ params: { id: hook.id }, query: { page: "0" } }));
    await call("listWebhookDeliveries", 404, asAdmin({ params: { id: 999_999 } }));
    await call("redeliverWebhookDelivery", 202, asAdmin({ params: { id: test.id } }));
    await call("redeliverWebhookDelivery", 404, asAdmin({ params: { id: 999_999 } }));
    await call("redeliverWebhookDelivery", 400, asAdmin({ params: { id: "x" } }));
    await call("sendWebhookTest", 400, asAdmin({ params: { id: "x" } }));
    await call("sendWebhookTest", 404, asAdmin({ params: { id: 999_999 } }));

    await call("updateWebhook", 200, asAdmin({ params: { id: hook.id }, body: { enabled: false } }));
    await call("sendWebhookTest", 409, asAdmin({ params: { id: hook.id } }));
    await call("redeliverWebhookDelivery", 409, asAdmin({ params: { id: test.id } }));
    await call("deleteWebhook", 200, asAdmin({ params: { id: hook.id } }));
    await call("deleteWebhook", 404, asAdmin({ params: { id: hook.id } }));
    await call("deleteWebhook", 400, asAdmin({ params: { id: "x" } }));
  });

  it("demo request triage: read one, change its status and owner, note it, export and erase a person's data (docs/decisions/053)", async () => {
    const lead = await app.services.demoRequests.create({ name: "Contract Lead", email: "contract.lead@example.com", phone: null, organization: "Contract Co", message: null });
    const params = { id: lead.id };
    await call("getDemoRequest", 200, asAdmin({ params }));
    await call("getDemoRequest", 200, { token, params });
    await call("getDemoRequest", 400, asAdmin({ params: { id: "abc" } }));
    await call("getDemoRequest", 404, asAdmin({ params: { id: 999_999 } }));
    await call("updateDemoRequest", 200, asAdmin({ params, body: { status: "qualified", ownerId: admin.user.id } }));
    await call("updateDemoRequest", 200, { token, params, body: { status: "spam" } });
    await call("updateDemoRequest", 400, asAdmin({ params, body: { status: "closed" } }));
    await call("updateDemoRequest", 404, asAdmin({ params: { id: 999_999 }, body: { status: "won" } }));
    await call("addDemoRequestNote", 201, asAdmin({ params, body: { body: "Called back." } }));
    await call("addDemoRequestNote", 400, asAdmin({ params, body: { body: "" } }));
    await call("addDemoRequestNote", 404, asAdmin({ params: { id: 999_999 }, body: { body: "Hello" } }));
    await call("exportDemoRequester", 200, asAdmin({ body: { email: lead.email } }));
    await call("exportDemoRequester", 400, asAdmin({ body: { email: "nobody" } }));
    await call("deleteDemoRequest", 204, asAdmin({ params }));
    await call("deleteDemoRequest", 204, { token, params });
    await call("deleteDemoRequest", 400, asAdmin({ params: { id: "abc" } }));
    await call("eraseDemoRequester", 200, asAdmin({ body: { email: lead.email } }));
    await call("eraseDemoRequester", 400, asAdmin({ body: {} }));
  });

  it("the team: invitations, reset links, passwords, disabling and settings (docs/decisions/028)", async () => {
    const email = `contract-${kind}@example.com`;
    const created = (await call("createInvitation", 201, asAdmin({ body: { email, role: "author" } }))).body as { link: string; invitation: { id: number } };
    await call("createInvitation", 400, asAdmin({ body: { email: "nope", role: "author" } }));
    await call("listInvitations", 200, asAdmin());
    const token = created.link.split("/").pop()!;
    await call("acceptInvitation", 400, { body: { token, username: "x", password: "short" } });
    await call("acceptInvitation", 409, { body: { token, username: admin.user.username, password: "a-long-password" } });
    const accepted = await call("acceptInvitation", 201, { body: { token, username: `invited-${kind}`, password: "a-long-password" } });
    await call("acceptInvitation", 404, { body: { token, username: `invited-${kind}-2`, password: "a-long-password" } });
    await call("createInvitation", 409, asAdmin({ body: { email, role: "editor" } }));
    const revocable = (await call("createInvitation", 201, asAdmin({ body: { email: `revoke-${kind}@example.com`, role: "sales" } }))).body as { invitation: { id: number } };
    await call("revokeInvitation", 200, asAdmin({ params: { id: revocable.invitation.id } }));
    await call("revokeInvitation", 404, asAdmin({ params: { id: revocable.invitation.id } }));

    const invitedId = (accepted.body as { id: number }).id;
    const reset = (await call("issuePasswordReset", 201, asAdmin({ params: { id: invitedId } }))).body as { link: string };
    await call("issuePasswordReset", 404, asAdmin({ params: { id: 999_999 } }));
    await call("issuePasswordReset", 409, asAdmin({ params: { id: admin.user.id } }));
    await call("resetPassword", 400, { body: { token: "x", password: "short" } });
    await call("resetPassword", 200, { body: { token: reset.link.split("/").pop(), password: "another-long-password" } });
    await call("resetPassword", 404, { body: { token: reset.link.split("/").pop(), password: "another-long-password" } });

    const changer = await createSession(app, { role: "editor" });
    const change = (status: number, body: object) => call("changePassword", status, { cookie: changer.cookie, body });
    await change(400, { currentPassword: "", newPassword: "x" });
    for (let attempt = 0; attempt < 5; attempt++) await change(400, { currentPassword: "wrong-password", newPassword: "a-new-long-password" });
    await change(429, { currentPassword: changer.password, newPassword: "a-new-long-password" });
    const other = await createSession(app, { role: "editor" });
    await call("changePassword", 200, { cookie: other.cookie, body: { currentPassword: other.password, newPassword: "a-new-long-password" } });

    await call("setUserStatus", 200, asAdmin({ params: { id: invitedId }, body: { disabled: true } }));
    await call("setUserStatus", 400, asAdmin({ params: { id: invitedId }, body: { disabled: "yes" } }));
    await call("setUserStatus", 404, asAdmin({ params: { id: 999_999 }, body: { disabled: true } }));
    await call("setUserStatus", 409, asAdmin({ params: { id: admin.user.id }, body: { disabled: true } }));

    await call("getSiteSettings", 200, asAdmin());
    await call("updateSiteSettings", 400, asAdmin({ body: { registrationOpen: "no" } }));
    await call("updateSiteSettings", 200, asAdmin({ body: { registrationOpen: false } }));
    try {
      await call("register", 403, { body: { username: `closed-${kind}`, password: "a-long-password" } });
    } finally {
      await call("updateSiteSettings", 200, asAdmin({ body: { registrationOpen: true } }));
    }

    const details = (await call("getSiteDetails", 200, asAdmin())).body as Record<string, string>;
    await call("updateSiteDetails", 400, asAdmin({ body: { ...details, salesEmail: "not an address" } }));
    await call("updateSiteDetails", 200, asAdmin({ body: { ...details, salesEmail: "pipeline@zuri-analytics.co.uk" } }));
  });

  it("what every operation of a kind answers: the guards, the origin check, malformed and oversized bodies", async () => {
    const all = [...operations.entries()];
    for (const [operationId, { method, path, operation }] of all) {
      const params = { id: 1, revisionId: 1, linkId: 1, slug: "a-post" };
      if (guarded(operation)) {
        await call(operationId, 401, { params });
        await call(operationId, 403, { params, cookie: member.cookie });
        await call(operationId, 401, { params, token: "zuri_not-a-real-token" });
        await call(operationId, 401, { params, query: { access_token: token }, cookie: admin.cookie });
        const scope = operation.security!.find((entry) => entry.apiToken)?.apiToken?.[0];
        if (!scope) await call(operationId, 403, { params, token });
      }
      if (method !== "get") {
        await call(operationId, 403, { params, cookie: admin.cookie, headers: { origin: "https://elsewhere.example" } });
      }
      if (operation.requestBody?.content["application/json"]) {
        const limit = operation.requestBody.content["text/plain"] ? 4 * 1024 : 1024 * 1024;
        await call(operationId, 400, { params, cookie: admin.cookie, raw: { bytes: "{ not json", type: "application/json" } });
        await call(operationId, 413, { params, cookie: admin.cookie, raw: { bytes: `"${"x".repeat(limit)}"`, type: "application/json" } });
        // A body of another type, or in a charset the server does not read.
        await call(operationId, 415, { params, cookie: admin.cookie, raw: { bytes: "<p>{}</p>", type: "text/html" } });
        await call(operationId, 415, { params, cookie: admin.cookie, raw: { bytes: "{}", type: "application/json; charset=latin1" } });
      } else if (operation.requestBody) {
        // Bytes of any type: only a Content-Encoding the server cannot undo is refused.
        await call(operationId, 415, { params, cookie: admin.cookie, raw: { bytes: "x", type: "image/png" }, headers: { "content-encoding": "compress" } });
      }
      // A path id that is not one: 400 naming it, before anything else is read.
      if (path.includes("{id}") && operation.responses["400"]) {
        const answer = await call(operationId, 400, { params: { ...params, id: "x" }, cookie: admin.cookie });
        expect(Object.keys((answer.body as { errors?: object }).errors ?? {}), `${operationId} names the id`).toContain("id");
      }
    }

    // An API token past its limit: every call it may make is refused, before its scope is looked at.
    const limited = await app.services.apiTokens.create({ name: "Busy", scopes: [...API_TOKEN_SCOPES] }, admin.user);
    for (let n = 0; n < API_TOKEN_RATE_LIMIT.points; n++) await app.services.apiTokens.consume(limited.id);
    for (const [operationId, { operation }] of all) {
      if (guarded(operation)) await call(operationId, 429, { params: { id: 1, revisionId: 1, linkId: 1 }, token: limited.token });
    }
  });

  // Only PostgreSQL is reached over a network that can be cut; SQLite is a file in the process.
  if (kind === "postgres") it("while the database cannot be reached, every operation that reads it answers 503", async () => {
    // Public calls with a body are checked before the database is asked: these pass the checks.
    // Administrators' calls meet the database first, in the session check.
    const validBodies: Record<string, unknown> = {
      register: { username: "outage-user", password: "a-long-password" },
      login: { username: "outage-user", password: "a-long-password" },
      bookDemo: demoRequestBody(),
      loginSecondStep: { ticket: "A".repeat(43), method: "totp", code: "123456" },
      passkeyLoginOptions: { ticket: "A".repeat(43) },
      acceptInvitation: { token: "a".repeat(64), username: "outage-user", password: "a-long-password" },
      resetPassword: { token: "a".repeat(64), password: "a-long-password" },
    };
    await proxy!.cut();
    try {
      for (const [operationId, { operation }] of operations) {
        if (!operation.responses["503"]) continue;
        const body = validBodies[operationId] ?? (operation.requestBody?.content["application/json"] ? {} : undefined);
        await call(operationId, 503, { params: { id: 1, revisionId: 1, linkId: 1, slug: "a-post" }, cookie: admin.cookie, body });
      }
    } finally {
      await proxy!.restore();
    }
  });

  it("answered every status the document lists, for every operation", () => {
    const missing: string[] = [];
    for (const [operationId, { operation }] of operations) {
      for (const status of Object.keys(operation.responses)) {
        if (status === "503" && kind !== "postgres") continue;
        if (ONLY_IN_A_RACE.has(`${operationId} ${status}`)) continue;
        if (!answered.get(operationId)?.has(Number(status))) missing.push(`${operationId} ${status}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

interface RouterLayer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: RouterLayer[] };
}

/**
 * Every route the server answers under /api, as `METHOD /api/path` with `{name}` for `:name`: those
 * of the API router (createApiRouter, mounted at /api) and those server/http.ts mounts itself.
 */
function apiRoutes(app: TestApp): string[] {
  const routes: string[] = [];
  const walk = (stack: RouterLayer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const method of Object.keys(layer.route.methods)) {
          routes.push(`${method.toUpperCase()} ${prefix}${layer.route.path.replace(/:(\w+)/g, "{$1}")}`);
        }
      } else if (layer.handle?.stack) walk(layer.handle.stack, prefix);
    }
  };
  const early = createEarlyAnswers({ knownVersion: () => undefined, startRequest: () => "" });
  walk(createApiRouter(app.services, early).stack as RouterLayer[], "/api");
  const topLevel = (app.http.router as unknown as { stack: RouterLayer[] }).stack.filter((layer) => layer.route?.path.startsWith("/api/"));
  walk(topLevel, "");
  return [...new Set(routes)].sort();
}
