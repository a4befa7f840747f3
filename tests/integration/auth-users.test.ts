import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { createSession } from "../support/auth.ts";
import { getPage, postForm, sendJson, sessionCookieOf } from "../support/http.ts";
import { parseEnv } from "../../server/env.ts";
import { createAuthService } from "../../server/services/auth.ts";
import { createLogger } from "../../server/logger.ts";

describe.each(databaseKinds)("user management on %s", (kind) => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof createSession>>;
  beforeAll(async () => {
    app = await startTestApp(kind);
    admin = await createSession(app, { isAdmin: true, username: "first-admin" });
  });
  afterAll(() => app.close());

  const patch = (id: number, isAdmin: unknown, cookie = admin.cookie) =>
    sendJson(app, `/api/cms/users/${id}`, { isAdmin }, { method: "PATCH", cookie });
  const remove = (id: number, cookie = admin.cookie) => sendJson(app, `/api/cms/users/${id}`, "", { method: "DELETE", cookie });

  it("lists accounts with created date and role, and nothing secret", async () => {
    const member = await createSession(app, { isAdmin: false, username: "listed-user" });
    const response = await fetch(`${app.baseUrl}/api/cms/users`, { headers: { cookie: admin.cookie } });
    const users = await response.json();
    expect(users).toEqual(expect.arrayContaining([admin.user, member.user]));
    expect(JSON.stringify(users)).not.toMatch(/argon2|password|token/i);
  });

  it("a non-admin promoted by an admin gets in at once, and loses access at once when revoked", async () => {
    const member = await createSession(app, { isAdmin: false });
    expect((await getPage(app, "/cms/control", member.cookie)).headers.get("location")).toBe("/cms/unauthorized");
    const granted = await patch(member.user.id, true);
    expect(granted.status).toBe(200);
    expect((await granted.json()).isAdmin).toBe(true);
    expect((await getPage(app, "/cms/control", member.cookie)).status).toBe(200);
    expect((await patch(member.user.id, false)).status).toBe(200);
    expect((await getPage(app, "/cms/control", member.cookie)).headers.get("location")).toBe("/cms/unauthorized");
  });

  it("never changes or deletes one's own account, and never removes the last admin", async () => {
    const ownRole = await patch(admin.user.id, false);
    expect(ownRole.status).toBe(409);
    expect(await ownRole.json()).toEqual({ message: "You cannot change your own role" });
    const ownDelete = await remove(admin.user.id);
    expect(ownDelete.status).toBe(409);
    expect(await ownDelete.json()).toEqual({ message: "You cannot delete your own account" });

    // Two admins demoting each other at the same moment must not leave none.
    const second = await createSession(app, { isAdmin: true });
    const results = await Promise.all([patch(second.user.id, false), patch(admin.user.id, false, second.cookie)]);
    // One wins; the other is refused, by the guard (403: no longer an admin) or by the last-admin rule (409).
    const [won, refused] = results.map((result) => result.status).sort();
    expect(won).toBe(200);
    expect([403, 409]).toContain(refused);
    const admins = await app.services.database.db.selectFrom("users").select("id").where("role", "=", "administrator").execute();
    expect(admins).toHaveLength(1);

    const other = await createSession(app, { isAdmin: false });
    const lastAdminId = Number(admins[0]!.id);
    const refusal = await app.services.auth.setRole(other.user, lastAdminId, null);
    expect(refusal).toEqual({ refused: true, code: "conflict", message: "At least one administrator must remain" });
    const deleteRefusal = await app.services.auth.deleteUser(other.user, lastAdminId);
    expect(deleteRefusal).toEqual({ refused: true, code: "conflict", message: "At least one administrator must remain" });
    // Restore for the next tests.
    await app.services.database.db.updateTable("users").set({ role: "administrator" }).where("id", "=", admin.user.id).execute();
  });

  it("deleting a user ends their sessions", async () => {
    const member = await createSession(app, { isAdmin: false });
    expect((await fetch(`${app.baseUrl}/api/user`, { headers: { cookie: member.cookie } })).status).toBe(200);
    const response = await remove(member.user.id);
    expect(response.status).toBe(200);
    expect((await fetch(`${app.baseUrl}/api/user`, { headers: { cookie: member.cookie } })).status).toBe(401);
    expect((await remove(member.user.id)).status).toBe(404);
    const sessions = await app.services.database.db.selectFrom("sessions").select("token_hash").where("user_id", "=", member.user.id).execute();
    expect(sessions).toEqual([]);
  });

  it("validates the role change body", async () => {
    const member = await createSession(app, { isAdmin: false });
    const response = await patch(member.user.id, "yes");
    expect(response.status).toBe(400);
    expect((await response.json()).errors.isAdmin).toBe("isAdmin must be true or false");
    // A path id that is not one is a 400 naming it, as for every id (docs/decisions/024).
    const malformed = await sendJson(app, "/api/cms/users/abc", { isAdmin: true }, { method: "PATCH", cookie: admin.cookie });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).errors).toEqual({ id: "User id must be a positive whole number" });
  });

  it("grants, revokes and deletes through the users page forms without JavaScript", async () => {
    const member = await createSession(app, { isAdmin: false, username: "form-target" });
    const page = await getPage(app, "/cms/users", admin.cookie);
    const html = await page.text();
    expect(html).toContain("form-target");
    expect(html).toContain("Administrator");

    const grant = await postForm(app, "/cms/users", { intent: "grant", userId: String(member.user.id) }, { cookie: admin.cookie });
    expect(grant.status).toBe(302);
    expect((await app.services.auth.getSessionUser(member.cookie.split("=")[1]!))?.isAdmin).toBe(true);

    const confirm = await getPage(app, `/cms/users?delete=${member.user.id}`, admin.cookie);
    expect(await confirm.text()).toContain("Delete the account &quot;form-target&quot;?");
    const deleted = await postForm(app, "/cms/users", { intent: "delete", userId: String(member.user.id) }, { cookie: admin.cookie });
    expect(deleted.status).toBe(302);
    expect(await app.services.auth.getSessionUser(member.cookie.split("=")[1]!)).toBeNull();

    const self = await postForm(app, "/cms/users", { intent: "delete", userId: String(admin.user.id) }, { cookie: admin.cookie });
    expect(self.status).toBe(409);
    expect(await self.text()).toContain("You cannot delete your own account");
  });
});

describe.each(databaseKinds)("admin bootstrap on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(() => app.close());

  const serviceWith = (env: Record<string, string>, lines: Record<string, unknown>[] = []) =>
    createAuthService({
      database: app.services.database,
      env: parseEnv({ DATABASE_URL: app.database.url, ...env }),
      logger: createLogger("info", { write: (line: string) => void lines.push(JSON.parse(line)) }),
      clock: app.clock,
      contentVersion: app.services.contentVersion,
    });

  it("creates 'admin' with a random password printed once when no admin exists and none is configured", async () => {
    const lines: Record<string, unknown>[] = [];
    await serviceWith({}, lines).ensureAdmin();
    const printed = lines.map((line) => String(line.msg)).filter((msg) => msg.includes("created \"admin\""));
    expect(printed).toHaveLength(1);
    const password = /the password (\S+) /.exec(printed[0]!)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const response = await sendJson(app, "/api/login", { username: "admin", password });
    expect(response.status).toBe(200);
    expect((await response.json()).user.isAdmin).toBe(true);
    await serviceWith({}, lines).ensureAdmin();
    expect(lines.filter((line) => String(line.msg).includes("created \"admin\""))).toHaveLength(1);
  });

  it("ADMIN_USERNAME + ADMIN_PASSWORD create that admin, and later reset its password and role", async () => {
    await serviceWith({ ADMIN_USERNAME: "ops-lead", ADMIN_PASSWORD: "first password 1" }).ensureAdmin();
    const first = await sendJson(app, "/api/login", { username: "ops-lead", password: "first password 1" });
    expect((await first.json()).user.isAdmin).toBe(true);
    const cookie = sessionCookieOf(first);

    await app.services.database.db.updateTable("users").set({ role: null }).where("username_key", "=", "ops-lead").execute();
    await serviceWith({ ADMIN_USERNAME: "ops-lead", ADMIN_PASSWORD: "second password 2" }).ensureAdmin();
    expect((await sendJson(app, "/api/login", { username: "ops-lead", password: "first password 1" })).status).toBe(401);
    const second = await sendJson(app, "/api/login", { username: "ops-lead", password: "second password 2" });
    expect((await second.json()).user.isAdmin).toBe(true);
    // Sessions opened with the old password end when it is reset.
    expect((await fetch(`${app.baseUrl}/api/user`, { headers: { cookie } })).status).toBe(401);
  });
});
