import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { createSession } from "../support/auth.ts";
import { getPage, postForm, sendJson, sessionCookieOf } from "../support/http.ts";
import { authenticationResponse, createSoftwarePasskey, registrationResponse } from "../support/software-authenticator.ts";
import { base32Decode, totpCode } from "../../server/services/totp.ts";
import {
  ENROLMENT_REQUIRED,
  LAST_FACTOR_REQUIRED,
  REQUIRE_NEEDS_OWN_FACTOR,
  SECOND_STEP_MESSAGE,
  TICKET_EXPIRED,
  type PendingSecondFactor,
} from "../../shared/second-factor.ts";

/** Two-step sign-in (docs/decisions/075-second-factor.md) over real HTTP, on SQLite and PostgreSQL. */

const STEP = 30_000;
const MINUTE = 60_000;
const BASE = "/api/cms/profile/second-factor";

type Account = Awaited<ReturnType<typeof createSession>>;

describe.each(databaseKinds)("two-step sign-in on %s", (kind) => {
  let app: TestApp;
  let origin: string;
  beforeAll(async () => {
    app = await startTestApp(kind);
    origin = new URL(app.services.env.SITE_URL).origin;
  });
  afterAll(() => app.close());

  const call = (path: string, cookie: string, body?: unknown, method = body === undefined ? "GET" : "POST") =>
    body === undefined && method === "GET" ? fetch(`${app.baseUrl}${path}`, { headers: { cookie } }) : sendJson(app, path, body ?? {}, { method, cookie });
  const login = (account: Account) => sendJson(app, "/api/login", { username: account.user.username, password: account.password });
  const secondStep = (body: Record<string, unknown>) => sendJson(app, "/api/login/second-factor", body);

  async function pendingLogin(account: Account): Promise<PendingSecondFactor> {
    const response = await login(account);
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
    const body = (await response.json()) as { success: boolean; message: string; user: null; secondFactor: PendingSecondFactor };
    expect(body).toMatchObject({ success: false, message: SECOND_STEP_MESSAGE, user: null });
    return body.secondFactor;
  }

  /** Sets up an authenticator app for the account; answers its key and the recovery codes. */
  async function enrolTotp(account: Account): Promise<{ key: Buffer; recoveryCodes: string[] | null }> {
    const begun = await call(`${BASE}/totp`, account.cookie, {});
    expect(begun.status).toBe(201);
    const setup = (await begun.json()) as { secret: string; uri: string; qrSvg: string };
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\/Zuri%20CMS:.+\?secret=[A-Z2-7]+&issuer=Zuri%20CMS&algorithm=SHA1&digits=6&period=30$/);
    expect(setup.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const key = base32Decode(setup.secret);
    const confirmed = await call(`${BASE}/totp/confirm`, account.cookie, { code: totpCode(key, app.clock()), password: account.password });
    expect(confirmed.status).toBe(200);
    const { recoveryCodes } = (await confirmed.json()) as { recoveryCodes: string[] | null };
    // The confirming code's step is spent: the next code comes from the next step.
    app.clock.advance(STEP);
    return { key, recoveryCodes };
  }

  it("an authenticator app: set up from the profile, then login asks for its code and gives no session before it", async () => {
    const admin = await createSession(app, { isAdmin: true });
    const before = (await (await call(BASE, admin.cookie)).json()) as { enabled: boolean };
    expect(before.enabled).toBe(false);

    // A wrong first code or password does not turn it on.
    const begun = (await (await call(`${BASE}/totp`, admin.cookie, {})).json()) as { secret: string };
    const wrong = await call(`${BASE}/totp/confirm`, admin.cookie, { code: "000000", password: admin.password });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ errors: { code: expect.any(String) } });
    const badPassword = await call(`${BASE}/totp/confirm`, admin.cookie, { code: totpCode(base32Decode(begun.secret), app.clock()), password: "not-it" });
    expect(badPassword.status).toBe(400);
    expect(await badPassword.json()).toMatchObject({ errors: { password: "That password is not right." } });

    const { key, recoveryCodes } = await enrolTotp(admin);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    // Stored encrypted and hashed, never as shown.
    const stored = await app.services.database.db.selectFrom("user_totp").select("secret").where("user_id", "=", admin.user.id).executeTakeFirstOrThrow();
    expect(stored.secret).toMatch(/^v1\./);
    expect(stored.secret).not.toContain(begun.secret);
    const hashes = await app.services.database.db.selectFrom("user_recovery_codes").select("code_hash").where("user_id", "=", admin.user.id).execute();
    expect(hashes.map((row) => row.code_hash)).not.toContain(recoveryCodes![0]);

    const pending = await pendingLogin(admin);
    expect(pending.methods).toEqual(["totp", "recovery"]);
    expect(Date.parse(pending.expiresAt) - app.clock().getTime()).toBe(5 * MINUTE);

    const signedIn = await secondStep({ ticket: pending.ticket, method: "totp", code: totpCode(key, app.clock()) });
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toEqual({ success: true, message: "Login successful", user: admin.user });
    const me = await fetch(`${app.baseUrl}/api/user`, { headers: { cookie: sessionCookieOf(signedIn) } });
    expect(me.status).toBe(200);

    // The ticket worked once; the same code never works twice (RFC 6238 §5.2), not even with a new ticket.
    const again = await secondStep({ ticket: pending.ticket, method: "totp", code: totpCode(key, app.clock()) });
    expect(again.status).toBe(401);
    expect(await again.json()).toEqual({ success: false, user: null, message: TICKET_EXPIRED });
    const replay = await secondStep({ ticket: (await pendingLogin(admin)).ticket, method: "totp", code: totpCode(key, app.clock()) });
    expect(replay.status).toBe(401);
    // A code of the step before or after now is still taken (clocks drift); two steps off is not.
    app.clock.advance(STEP);
    const previous = totpCode(key, new Date(app.clock().getTime() - STEP));
    const early = await secondStep({ ticket: (await pendingLogin(admin)).ticket, method: "totp", code: totpCode(key, new Date(app.clock().getTime() - 2 * STEP)) });
    expect(early.status).toBe(401);
    // The previous step was already used above: only steps after the last accepted one count.
    expect((await secondStep({ ticket: (await pendingLogin(admin)).ticket, method: "totp", code: previous })).status).toBe(401);
    const next = await secondStep({ ticket: (await pendingLogin(admin)).ticket, method: "totp", code: totpCode(key, new Date(app.clock().getTime() + STEP)) });
    expect(next.status).toBe(200);
  });

  it("wrong codes count toward the login lock for the account and address, which then refuses the password too", async () => {
    const admin = await createSession(app, { isAdmin: true });
    const { key } = await enrolTotp(admin);
    const pending = await pendingLogin(admin);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await secondStep({ ticket: pending.ticket, method: "totp", code: attempt % 2 ? "000000" : "999999" });
      expect(response.status, `attempt ${attempt}`).toBe(401);
    }
    const locked = await secondStep({ ticket: pending.ticket, method: "totp", code: totpCode(key, app.clock()) });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await login(admin)).status).toBe(429);
    // After the window the right code works, with a fresh ticket (this one expired meanwhile).
    app.clock.advance(15 * MINUTE + 1_000);
    expect((await secondStep({ ticket: pending.ticket, method: "totp", code: totpCode(key, app.clock()) })).status).toBe(401);
    const fresh = await pendingLogin(admin);
    expect((await secondStep({ ticket: fresh.ticket, method: "totp", code: totpCode(key, app.clock()) })).status).toBe(200);
  });

  it("a recovery code signs in once; tickets expire after 5 minutes; bad input is a 400", async () => {
    const admin = await createSession(app, { isAdmin: true });
    const { recoveryCodes } = await enrolTotp(admin);
    const code = recoveryCodes![3]!;

    const expired = await pendingLogin(admin);
    app.clock.advance(5 * MINUTE);
    const late = await secondStep({ ticket: expired.ticket, method: "recovery", code });
    expect(late.status).toBe(401);
    expect(await late.json()).toMatchObject({ message: TICKET_EXPIRED });

    // Typed as shown, in capitals or without the dash: all the same code.
    const first = await secondStep({ ticket: (await pendingLogin(admin)).ticket, method: "recovery", code: `${code.slice(0, 5).toUpperCase()}-${code.slice(5)}` });
    expect(first.status).toBe(200);
    const second = await secondStep({ ticket: (await pendingLogin(admin)).ticket, method: "recovery", code });
    expect(second.status).toBe(401);
    const status = (await (await call(BASE, admin.cookie)).json()) as { recoveryCodes: { remaining: number; total: number } };
    expect(status.recoveryCodes).toEqual({ remaining: 9, total: 10 });
    expect(app.logLines.some((line) => line.msg === "recovery code used to sign in" && line.userId === admin.user.id)).toBe(true);

    // New codes replace the old ones.
    const regenerated = await call(`${BASE}/recovery-codes`, admin.cookie, { password: admin.password });
    expect(regenerated.status).toBe(201);
    const { recoveryCodes: fresh } = (await regenerated.json()) as { recoveryCodes: string[] };
    expect((await secondStep({ ticket: (await pendingLogin(admin)).ticket, method: "recovery", code: recoveryCodes![5] })).status).toBe(401);
    expect((await secondStep({ ticket: (await pendingLogin(admin)).ticket, method: "recovery", code: fresh[0] })).status).toBe(200);

    for (const body of [{}, { ticket: "x", method: "totp", code: "12" }, { ticket: expired.ticket, method: "sms" }, { ticket: expired.ticket, method: "passkey", response: "no" }]) {
      const response = await secondStep(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toMatchObject({ message: expect.any(String), errors: expect.any(Object) });
    }
  });

  it("the login page's second step works as a plain form post (no JavaScript)", async () => {
    const admin = await createSession(app, { isAdmin: true });
    const { key } = await enrolTotp(admin);
    const first = await postForm(app, "/cms/login", { intent: "login", username: admin.user.username, password: admin.password, redirectTo: "/cms/control" });
    expect(first.status).toBe(200);
    expect(first.headers.getSetCookie()).toEqual([]);
    const page = await first.text();
    expect(page).toContain("Two-step verification");
    expect(page).toMatch(/autoComplete="one-time-code"|autocomplete="one-time-code"/);
    const ticket = /name="ticket" value="([^"]+)"/.exec(page)![1]!;
    const fields = { intent: "second-factor", method: "totp", ticket, methods: "totp,recovery", expiresAt: "", redirectTo: "/cms/control" };
    const wrong = await postForm(app, "/cms/login", { ...fields, code: "000000" });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain("That code is not right.");
    const right = await postForm(app, "/cms/login", { ...fields, code: totpCode(key, app.clock()) });
    expect(right.status).toBe(302);
    expect(right.headers.get("location")).toBe("/cms/control");
    expect((await getPage(app, "/cms/control", sessionCookieOf(right))).status).toBe(200);
  });

  it("a passkey: registered from the profile with the password, then used as the second step", async () => {
    const admin = await createSession(app, { isAdmin: true });
    const passkey = createSoftwarePasskey();

    expect((await call(`${BASE}/passkeys/options`, admin.cookie, { password: "wrong" })).status).toBe(400);
    const optionsAnswer = await call(`${BASE}/passkeys/options`, admin.cookie, { password: admin.password });
    expect(optionsAnswer.status).toBe(200);
    const { options } = (await optionsAnswer.json()) as { options: { challenge: string; rp: { id: string; name: string } } };
    expect(options.rp).toEqual({ id: new URL(origin).hostname, name: "Zuri CMS" });

    // An answer for another origin is refused, and uses the challenge up.
    const forged = await call(`${BASE}/passkeys`, admin.cookie, { name: "Phished", response: registrationResponse(passkey, options, "https://evil.example") });
    expect(forged.status).toBe(400);
    const reused = await call(`${BASE}/passkeys`, admin.cookie, { name: "Laptop", response: registrationResponse(passkey, options, origin) });
    expect(reused.status).toBe(409);

    const fresh = (await (await call(`${BASE}/passkeys/options`, admin.cookie, { password: admin.password })).json()) as { options: typeof options };
    const registered = await call(`${BASE}/passkeys`, admin.cookie, { name: "Laptop", response: registrationResponse(passkey, fresh.options, origin) });
    expect(registered.status).toBe(201);
    const body = (await registered.json()) as { passkey: { id: number; name: string }; recoveryCodes: string[] };
    expect(body.passkey.name).toBe("Laptop");
    expect(body.recoveryCodes).toHaveLength(10);

    const pending = await pendingLogin(admin);
    expect(pending.methods).toEqual(["passkey", "recovery"]);
    const assertionOptions = await sendJson(app, "/api/login/second-factor/passkey-options", { ticket: pending.ticket });
    expect(assertionOptions.status).toBe(200);
    const { options: requestOptions } = (await assertionOptions.json()) as { options: { challenge: string; rpId: string; allowCredentials: { id: string }[] } };
    expect(requestOptions.allowCredentials.map((credential) => credential.id)).toEqual([passkey.credentialId.toString("base64url")]);

    const signedIn = await secondStep({ ticket: pending.ticket, method: "passkey", response: authenticationResponse(passkey, requestOptions, origin) });
    expect(signedIn.status).toBe(200);
    // A replayed assertion (same challenge) is refused.
    const other = await pendingLogin(admin);
    await sendJson(app, "/api/login/second-factor/passkey-options", { ticket: other.ticket });
    passkey.counter -= 1;
    const replayed = await secondStep({ ticket: other.ticket, method: "passkey", response: authenticationResponse(passkey, requestOptions, origin) });
    expect(replayed.status).toBe(401);

    const status = (await (await call(BASE, admin.cookie)).json()) as { passkeys: { id: number; lastUsedAt: string | null }[] };
    expect(status.passkeys[0]!.lastUsedAt).not.toBeNull();
    const removed = await call(`${BASE}/passkeys/${body.passkey.id}`, admin.cookie, { password: admin.password }, "DELETE");
    expect(removed.status).toBe(200);
    // Without a factor, login is one step again, in the product document's shape.
    const plain = await login(admin);
    expect(await plain.json()).toEqual({ success: true, message: "Login successful", user: admin.user });
  });

  it("administrators can require a second factor: an account without one may only set one up", async () => {
    const chief = await createSession(app, { isAdmin: true });
    const writer = await createSession(app, { isAdmin: true });
    const policy = "/api/cms/security/second-factor";

    const refused = await call(policy, chief.cookie, { requireSecondFactor: true }, "PUT");
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ message: REQUIRE_NEEDS_OWN_FACTOR });
    const { key } = await enrolTotp(chief);
    const on = await call(policy, chief.cookie, { requireSecondFactor: true }, "PUT");
    expect(on.status).toBe(200);
    expect(await on.json()).toMatchObject({ requireSecondFactor: true });
    expect(app.logLines.some((line) => line.msg === "second factor requirement changed" && line.actorId === chief.user.id)).toBe(true);

    // The writer's password still signs them in, but the CMS answers 403 until they enrol.
    const session = sessionCookieOf(await login(writer));
    const blocked = await call("/api/cms/posts", session);
    expect(blocked.status).toBe(403);
    expect(await blocked.json()).toEqual({ message: ENROLMENT_REQUIRED });
    const page = await getPage(app, "/cms/control", session);
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/cms/profile#two-step");
    expect((await getPage(app, "/cms/profile", session)).status).toBe(200);
    expect((await call(BASE, session)).status).toBe(200);

    const writerAccount = { ...writer, cookie: session };
    const { key: writerKey } = await enrolTotp(writerAccount);
    expect((await call("/api/cms/posts", session)).status).toBe(200);
    // Their last factor cannot go while it is required.
    const last = await call(`${BASE}/totp`, session, { password: writer.password }, "DELETE");
    expect(last.status).toBe(409);
    expect(await last.json()).toMatchObject({ message: LAST_FACTOR_REQUIRED });
    void writerKey;

    expect((await call(policy, chief.cookie, { requireSecondFactor: "yes" }, "PUT")).status).toBe(400);
    const off = await call(policy, chief.cookie, { requireSecondFactor: false }, "PUT");
    expect(await off.json()).toMatchObject({ requireSecondFactor: false });
    void key;
  });

  it("an administrator's reset removes a user's factors and ends their sessions", async () => {
    const chief = await createSession(app, { isAdmin: true });
    const writer = await createSession(app, { isAdmin: true });
    const { recoveryCodes } = await enrolTotp(writer);

    expect((await call(`/api/cms/users/${chief.user.id}/second-factor`, chief.cookie, undefined, "DELETE")).status).toBe(409);
    expect((await call("/api/cms/users/999999/second-factor", chief.cookie, undefined, "DELETE")).status).toBe(404);
    const reset = await call(`/api/cms/users/${writer.user.id}/second-factor`, chief.cookie, undefined, "DELETE");
    expect(reset.status).toBe(200);

    expect((await fetch(`${app.baseUrl}/api/user`, { headers: { cookie: writer.cookie } })).status).toBe(401);
    const line = app.logLines.find((entry) => entry.msg === "second factors reset by an administrator");
    expect(line).toMatchObject({ actorId: chief.user.id, userId: writer.user.id });
    expect(JSON.stringify(app.logLines)).not.toContain(recoveryCodes![0]);

    // Their password alone signs them in again, to set up a new factor.
    const again = await login(writer);
    expect(await again.json()).toMatchObject({ success: true });
    const report = (await (await call("/api/cms/security/second-factor", chief.cookie)).json()) as { accounts: { userId: number; secondFactor: boolean }[] };
    expect(report.accounts.find((account) => account.userId === writer.user.id)?.secondFactor).toBe(false);
  });
});
