import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { createSession } from "../support/auth.ts";
import { postForm, sendJson, sessionCookieOf } from "../support/http.ts";

const MINUTE = 60_000;
const strongPassword = "correct horse battery";

async function register(app: TestApp, username: string, extra: Record<string, unknown> = {}) {
  return sendJson(app, "/api/register", { username, password: strongPassword, ...extra });
}

async function login(app: TestApp, username: string, password = strongPassword, options: { cookie?: string; headers?: Record<string, string> } = {}) {
  return sendJson(app, "/api/login", { username, password }, options);
}

async function currentUser(app: TestApp, cookie: string) {
  return fetch(`${app.baseUrl}/api/user`, { headers: { cookie } });
}

describe.each(databaseKinds)("auth API on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(() => app.close());

  it("registration with isAdmin: true (or any role field) yields an ordinary, signed-in user", async () => {
    const response = await register(app, "Grace.Hopper", { isAdmin: true, is_admin: true, role: "admin" });
    expect(response.status).toBe(201);
    const user = await response.json();
    expect(user).toEqual({ id: expect.any(Number), username: "Grace.Hopper", role: null, isAdmin: false, createdAt: expect.any(String) });
    const row = await app.services.database.db.selectFrom("users").select(["role", "password_hash"]).where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(row.role).toBeNull();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const me = await currentUser(app, sessionCookieOf(response));
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({ authenticated: true, user });
  });

  it("checks username and password rules with a clear message each, and usernames are unique regardless of case", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ username: "ab", password: strongPassword }, "username", "Username must be at least 3 characters"],
      [{ username: "a".repeat(33), password: strongPassword }, "username", "Username must be at most 32 characters"],
      [{ username: "bad name!", password: strongPassword }, "username", "Username may contain only letters, digits, '.', '_' and '-'"],
      [{ username: "valid_name", password: "short12" }, "password", "Password must be at least 8 characters"],
      [{ username: "valid_name", password: "x".repeat(257) }, "password", "Password must be at most 256 characters"],
      [{ password: strongPassword }, "username", "Username is required"],
    ];
    for (const [body, fieldName, message] of cases) {
      const response = await sendJson(app, "/api/register", body);
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect((await response.json()).errors[fieldName]).toBe(message);
    }
    expect((await register(app, "Case-Test")).status).toBe(201);
    const duplicate = await register(app, "case-TEST");
    expect(duplicate.status).toBe(409);
    expect(await duplicate.json()).toEqual({ message: "That username is already taken" });
  });

  it("sets an HttpOnly, SameSite=Lax, Path=/ session cookie holding a 256-bit token whose SHA-256 alone is stored", async () => {
    await register(app, "cookie-user");
    const response = await login(app, "cookie-user");
    const header = response.headers.getSetCookie().find((value) => value.startsWith("zuri_session="))!;
    expect(header).toMatch(/^zuri_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=43200$/);
    expect(header).not.toContain("Secure");
    const token = sessionCookieOf(response).split("=")[1]!;
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const hashes = (await app.services.database.db.selectFrom("sessions").select("token_hash").execute()).map((row) => row.token_hash);
    expect(hashes).toContain(createHash("sha256").update(token).digest("hex"));
    expect(hashes).not.toContain(token);
  });

  it("answers login with { success, message, user } and never exposes a hash or session data", async () => {
    await register(app, "shape-user");
    const response = await login(app, "shape-user");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({
      success: true,
      message: "Login successful",
      user: { id: expect.any(Number), username: "shape-user", role: null, isAdmin: false, createdAt: expect.any(String) },
    });
    expect(JSON.stringify(body)).not.toMatch(/argon2|password|token/i);
  });

  it("answers GET /api/user with 401 { authenticated: false, user: null } when not logged in", async () => {
    const response = await fetch(`${app.baseUrl}/api/user`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ authenticated: false, user: null });
    const forged = await currentUser(app, `zuri_session=${"A".repeat(43)}`);
    expect(forged.status).toBe(401);
  });

  it("starts a new session at every login and ends the one presented with it (no fixation)", async () => {
    await register(app, "rotate-user");
    const first = sessionCookieOf(await login(app, "rotate-user"));
    const second = sessionCookieOf(await login(app, "rotate-user", strongPassword, { cookie: first }));
    expect(second).not.toBe(first);
    expect((await currentUser(app, second)).status).toBe(200);
    expect((await currentUser(app, first)).status).toBe(401);
  });

  it("logout deletes the session server-side and clears the cookie", async () => {
    await register(app, "logout-user");
    const cookie = sessionCookieOf(await login(app, "logout-user"));
    const response = await sendJson(app, "/api/logout", "", { cookie, headers: { "content-type": "text/plain" } });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().join()).toMatch(/zuri_session=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0/);
    expect((await currentUser(app, cookie)).status).toBe(401);
  });

  it("ends a session after the idle timeout, and after the absolute timeout even when in use", async () => {
    const { cookie } = await createSession(app, { isAdmin: false });
    app.clock.advance(119 * MINUTE);
    expect((await currentUser(app, cookie)).status).toBe(200); // activity: the idle timer starts again
    app.clock.advance(119 * MINUTE);
    expect((await currentUser(app, cookie)).status).toBe(200);
    app.clock.advance(121 * MINUTE);
    expect((await currentUser(app, cookie)).status).toBe(401);

    const busy = await createSession(app, { isAdmin: false });
    for (let hour = 1; hour < 12; hour++) {
      app.clock.advance(60 * MINUTE);
      expect((await currentUser(app, busy.cookie)).status, `after ${hour} h`).toBe(200);
    }
    app.clock.advance(60 * MINUTE);
    expect((await currentUser(app, busy.cookie)).status).toBe(401);
  });

  it("gives the same answer for an unknown user and a wrong password, after the same argon2 work", async () => {
    await register(app, "timing-user");
    const unknown = await login(app, "nobody-here", "wrong password 1");
    const wrong = await login(app, "timing-user", "wrong password 1");
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(await unknown.json()).toEqual(await wrong.json());

    const time = async (username: string) => {
      const started = performance.now();
      await login(app, username, "wrong password 2");
      return performance.now() - started;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const unknownTimes: number[] = [];
    const wrongTimes: number[] = [];
    // Nine interleaved rounds: a burst of load from other processes moves a few samples, not the medians.
    for (let round = 0; round < 9; round++) {
      unknownTimes.push(await time(`ghost-${round}`));
      wrongTimes.push(await time("timing-user"));
      await app.services.database.db.deleteFrom("rate_limits").execute();
    }
    // Without the dummy hash an unknown user would answer in a fraction of the time (a few ms against
    // one argon2 run); the bounds are loose because the test machine is shared.
    expect(median(unknownTimes)).toBeGreaterThan(median(wrongTimes) * 0.5);
    expect(median(unknownTimes)).toBeLessThan(median(wrongTimes) * 3);
  });

  it("refuses the 6th failed login for a username with 429 and Retry-After, even with the right password, until the window ends", async () => {
    await register(app, "limited-user");
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await login(app, "limited-user", `wrong-${attempt}-password`)).status).toBe(401);
    }
    const blocked = await login(app, "limited-user");
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(blocked.headers.get("retry-after"))).toBeLessThanOrEqual(15 * 60);
    expect((await blocked.json()).success).toBe(false);
    app.clock.advance(15 * MINUTE + 1000);
    expect((await login(app, "LIMITED-user")).status).toBe(200);
  });

  it("clears the failure count after a successful login", async () => {
    await register(app, "forgetful-user");
    for (let attempt = 1; attempt <= 4; attempt++) await login(app, "forgetful-user", `nope-${attempt}-nope`);
    expect((await login(app, "forgetful-user")).status).toBe(200);
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await login(app, "forgetful-user", `nope-${attempt}-again`)).status).toBe(401);
    }
  });

  it("limits registrations per IP (429 with Retry-After) and lets them resume after the window", async () => {
    await app.services.database.db.deleteFrom("rate_limits").execute();
    for (let index = 0; index < 20; index++) {
      expect((await register(app, `bulk-${index}`)).status).toBe(201);
    }
    const refused = await register(app, "bulk-20");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    app.clock.advance(61 * MINUTE);
    expect((await register(app, "bulk-20")).status).toBe(201);
  });

  it("ignores X-Forwarded-For without TRUST_PROXY: rotating it does not escape the limit", async () => {
    await register(app, "spoof-user");
    for (let attempt = 1; attempt <= 5; attempt++) {
      await login(app, "spoof-user", `wrong-${attempt}-password`, { headers: { "x-forwarded-for": `203.0.113.${attempt}` } });
    }
    const refused = await login(app, "spoof-user", "wrong-6-password", { headers: { "x-forwarded-for": "203.0.113.99" } });
    expect(refused.status).toBe(429);
  });

  it("refuses a cross-origin login (403) and creates no session", async () => {
    await register(app, "csrf-user");
    const before = await app.services.database.db.selectFrom("sessions").select("token_hash").execute();
    const response = await login(app, "csrf-user", strongPassword, { headers: { origin: "https://evil.example" } });
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie()).toEqual([]);
    const after = await app.services.database.db.selectFrom("sessions").select("token_hash").execute();
    expect(after).toHaveLength(before.length);
    const form = await postForm(app, "/cms/login", { intent: "login", username: "csrf-user", password: strongPassword }, { headers: { "sec-fetch-site": "cross-site" } });
    expect(form.status).toBe(403);
  });

  it("answers oversized, deeply nested and wrongly typed bodies with 400/413 quickly, never 500", async () => {
    const started = performance.now();
    const huge = await sendJson(app, "/api/login", { username: "x", password: "y".repeat(10 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    const deep = await sendJson(app, "/api/register", `{"username":${"[".repeat(100_000)}${"]".repeat(100_000)}}`);
    expect([400, 413]).toContain(deep.status);
    const arrays = await sendJson(app, "/api/login", { username: ["admin"], password: ["a", "b"] });
    expect(arrays.status).toBe(400);
    expect((await arrays.json()).errors).toMatchObject({ username: expect.any(String), password: expect.any(String) });
    const objects = await sendJson(app, "/api/register", { username: { $ne: null }, password: 12345678 });
    expect(objects.status).toBe(400);
    for (const body of ["null", "[]", '"text"', "42", "{not json"]) {
      expect((await sendJson(app, "/api/login", body)).status, body).toBe(400);
    }
    const hugeForm = await postForm(app, "/cms/login", { intent: "login", username: "x", password: "y".repeat(10 * 1024 * 1024) });
    expect(hugeForm.status).toBe(413);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

describe.each(databaseKinds)("auth behind a proxy and over https on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind, { env: { SITE_URL: "https://zuri.example", TRUST_PROXY: "loopback" } });
  });
  afterAll(() => app.close());

  it("uses a Secure __Host- cookie when the site is served over https", async () => {
    await register(app, "secure-user");
    const response = await login(app, "secure-user");
    const header = response.headers.getSetCookie().find((value) => value.includes("zuri_session="))!;
    expect(header).toMatch(/^__Host-zuri_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Secure; Max-Age=43200$/);
    expect(header).not.toMatch(/Domain=/i);
    expect((await currentUser(app, sessionCookieOf(response))).status).toBe(200);
    // The plain name is not read on an https site.
    const plain = sessionCookieOf(response).replace("__Host-", "");
    expect((await currentUser(app, plain)).status).toBe(401);
  });

  it("honours X-Forwarded-For when TRUST_PROXY says so: failures count per client address", async () => {
    await register(app, "proxied-user");
    const from = (ip: string) => ({ headers: { "x-forwarded-for": ip } });
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await login(app, "proxied-user", `wrong-${attempt}-password`, from("198.51.100.7"))).status).toBe(401);
    }
    expect((await login(app, "proxied-user", "wrong-6-password", from("198.51.100.7"))).status).toBe(429);
    expect((await login(app, "proxied-user", strongPassword, from("198.51.100.8"))).status).toBe(200);
  });
});
