import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { createSession } from "../support/auth.ts";
import { getPage, postForm, sendJson, sessionCookieOf } from "../support/http.ts";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink.ts";
import {
  INVITATION_EXPIRED,
  INVITATION_REVOKED,
  INVITATION_USED,
  REGISTRATION_CLOSED,
  RESET_EXPIRED,
  RESET_USED,
  WRONG_CURRENT_PASSWORD,
} from "../../shared/team.ts";

/** Invitations, password links, disabling and the registration setting (docs/decisions/028). */
describe.each(databaseKinds)("the team on %s", (kind) => {
  let app: TestApp;
  let sink: SmtpSink;
  let admin: Awaited<ReturnType<typeof createSession>>;
  beforeAll(async () => {
    sink = await startSmtpSink();
    app = await startTestApp(kind, { env: { SMTP_URL: sink.url, SITE_URL: "https://zuri.example" } });
    admin = await createSession(app, { role: "administrator", username: "team-admin" });
  });
  afterAll(async () => {
    await app.close();
    await sink.close();
  });

  const db = () => app.services.database.db;
  const tokenOf = (link: string) => link.split("/").pop()!;
  const invite = async (email: string, role = "editor") => {
    const response = await sendJson(app, "/api/cms/invitations", { email, role }, { cookie: admin.cookie });
    expect(response.status).toBe(201);
    return (await response.json()) as { link: string; emailed: boolean; invitation: { id: number; email: string; role: string } };
  };
  const accept = (token: string, username: string, password = "a-long-password") =>
    sendJson(app, "/api/invitations/accept", { token, username, password });
  const activity = (action: string) => db().selectFrom("activity_log").selectAll().where("action", "=", action).execute();
  const userNamed = (username: string) => db().selectFrom("users").selectAll().where("username", "=", username).executeTakeFirst();
  const signIn = (username: string, password: string) => sendJson(app, "/api/login", { username, password });

  it("invites by e-mail with a role; the link is e-mailed, and accepting it makes the account with that role, signed in", async () => {
    const next = sink.nextMessage();
    const created = await invite("  Ada@Example.com ", "editor");
    expect(created.invitation).toMatchObject({ email: "ada@example.com", role: "editor" });
    expect(created.link).toMatch(/^https:\/\/zuri\.example\/cms\/invitation\/[0-9a-f]{64}$/);
    expect(created.emailed).toBe(true);
    const mail = await next;
    expect(mail.to).toEqual(["ada@example.com"]);
    expect(mail.text).toContain(created.link);
    // Signed with the company's details from the site settings (docs/decisions/054).
    expect(mail.text).toContain("Zuri Intelligence Ltd, registered in England and Wales, company number 00000000.");
    // Only the hash is kept.
    const stored = await db().selectFrom("invitations").select("token_hash").where("id", "=", created.invitation.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(tokenOf(created.link));
    const listed = await (await fetch(`${app.baseUrl}/api/cms/invitations`, { headers: { cookie: admin.cookie } })).json();
    expect(listed).toEqual(expect.arrayContaining([expect.objectContaining({ id: created.invitation.id, status: "pending", invitedBy: "team-admin" })]));

    const accepted = await accept(tokenOf(created.link), "ada");
    expect(accepted.status).toBe(201);
    expect(await accepted.json()).toMatchObject({ username: "ada", role: "editor", isAdmin: false });
    const cookie = sessionCookieOf(accepted);
    const me = await (await fetch(`${app.baseUrl}/api/user`, { headers: { cookie } })).json();
    expect(me.user).toMatchObject({ username: "ada", role: "editor" });
    expect(await userNamed("ada")).toMatchObject({ email: "ada@example.com", role: "editor" });
    const row = await db().selectFrom("invitations").selectAll().where("id", "=", created.invitation.id).executeTakeFirstOrThrow();
    expect(row.accepted_at).not.toBeNull();
    expect(Number(row.accepted_by)).toBe(me.user.id);
    expect((await activity("invitation.create")).map((line) => line.subject_label)).toContain("ada@example.com");
    expect((await activity("invitation.accept")).map((line) => line.actor_name)).toContain("ada");

    // Used once: a second use is refused and makes nothing.
    const again = await accept(tokenOf(created.link), "ada-two");
    expect(again.status).toBe(404);
    expect((await again.json()).message).toBe(INVITATION_USED);
    expect(await userNamed("ada-two")).toBeUndefined();
  });

  it("refuses an expired or revoked link, and a taken username, creating nothing", async () => {
    const expiring = await invite("late@example.com", "author");
    app.clock.advance(7 * 24 * 60 * 60 * 1000 + 1000);
    try {
      const late = await accept(tokenOf(expiring.link), "late-comer");
      expect(late.status).toBe(404);
      expect((await late.json()).message).toBe(INVITATION_EXPIRED);
      const page = await getPage(app, new URL(expiring.link).pathname);
      expect(await page.text()).toContain(INVITATION_EXPIRED);
    } finally {
      app.clock.advance(-(7 * 24 * 60 * 60 * 1000 + 1000));
    }
    expect(await userNamed("late-comer")).toBeUndefined();

    const revokedOne = await invite("gone@example.com", "sales");
    const revoke = await sendJson(app, `/api/cms/invitations/${revokedOne.invitation.id}`, "", { method: "DELETE", cookie: admin.cookie });
    expect(revoke.status).toBe(200);
    const refused = await accept(tokenOf(revokedOne.link), "gone-person");
    expect(refused.status).toBe(404);
    expect((await refused.json()).message).toBe(INVITATION_REVOKED);
    expect(await userNamed("gone-person")).toBeUndefined();
    expect((await activity("invitation.revoke")).map((line) => line.subject_label)).toContain("gone@example.com");

    const taken = await invite("taken@example.com", "author");
    const clash = await accept(tokenOf(taken.link), "team-admin");
    expect(clash.status).toBe(409);
    expect((await clash.json()).errors).toEqual({ username: "That username is already taken" });
    // The link still works: nothing was used up.
    const row = await db().selectFrom("invitations").select("accepted_at").where("id", "=", taken.invitation.id).executeTakeFirstOrThrow();
    expect(row.accepted_at).toBeNull();
    expect((await accept(tokenOf(taken.link), "taken-person")).status).toBe(201);

    const unknown = await accept("a".repeat(64), "nobody-here");
    expect(unknown.status).toBe(404);
    const bad = await sendJson(app, "/api/invitations/accept", { token: "short", username: "x", password: "y" });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).errors).sort()).toEqual(["password", "token", "username"]);
  });

  it("accepts an invitation through the public page without JavaScript", async () => {
    const created = await invite("form@example.com", "contributor");
    const path = new URL(created.link).pathname;
    const page = await getPage(app, path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("form@example.com");
    expect(html).toContain("Contributor");
    const mismatch = await postForm(app, path, { username: "form-person", password: "a-long-password", confirmPassword: "another-password" });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain("Passwords do not match");
    const done = await postForm(app, path, { username: "form-person", password: "a-long-password", confirmPassword: "a-long-password" });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/cms/control");
    const cookie = sessionCookieOf(done);
    expect((await getPage(app, "/cms/control", cookie)).status).toBe(200);
  });

  it("a reset link works once, for an hour, and ends every session of that user", async () => {
    const member = await createSession(app, { role: "author", username: "forgetful" });
    await db().updateTable("users").set({ email: "forgetful@example.com" }).where("id", "=", member.user.id).execute();
    const next = sink.nextMessage();
    const issued = await sendJson(app, `/api/cms/users/${member.user.id}/password-reset`, "", { cookie: admin.cookie });
    expect(issued.status).toBe(201);
    const link = (await issued.json()) as { link: string; emailed: boolean };
    expect(link.emailed).toBe(true);
    expect((await next).text).toContain(link.link);
    const token = tokenOf(link.link);

    const used = await sendJson(app, "/api/password-reset", { token, password: "a-brand-new-password" });
    expect(used.status).toBe(200);
    expect((await fetch(`${app.baseUrl}/api/user`, { headers: { cookie: member.cookie } })).status).toBe(401);
    expect((await signIn("forgetful", member.password)).status).toBe(401);
    expect((await signIn("forgetful", "a-brand-new-password")).status).toBe(200);
    const twice = await sendJson(app, "/api/password-reset", { token, password: "yet-another-password" });
    expect(twice.status).toBe(404);
    expect((await twice.json()).message).toBe(RESET_USED);

    const second = await (await sendJson(app, `/api/cms/users/${member.user.id}/password-reset`, "", { cookie: admin.cookie })).json();
    app.clock.advance(60 * 60 * 1000);
    try {
      const late = await sendJson(app, "/api/password-reset", { token: tokenOf(second.link), password: "too-late-password" });
      expect(late.status).toBe(404);
      expect((await late.json()).message).toBe(RESET_EXPIRED);
    } finally {
      app.clock.advance(-60 * 60 * 1000);
    }
    expect((await signIn("forgetful", "a-brand-new-password")).status).toBe(200);
    expect((await activity("password.reset-link")).filter((line) => line.subject_label === "forgetful")).toHaveLength(2);
    expect((await activity("password.reset")).map((line) => line.actor_name)).toContain("forgetful");
    const own = await sendJson(app, `/api/cms/users/${admin.user.id}/password-reset`, "", { cookie: admin.cookie });
    expect(own.status).toBe(409);
  });

  it("changing one's own password needs the current one and ends one's other sessions", async () => {
    const member = await createSession(app, { role: "editor", username: "changer" });
    const other = `${app.services.auth.cookie.name}=${await app.services.auth.createSession(member.user.id)}`;
    const change = (body: object) => sendJson(app, "/api/cms/profile/password", body, { method: "PUT", cookie: member.cookie });
    const wrong = await change({ currentPassword: "not-my-password", newPassword: "a-new-password-1" });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).errors).toEqual({ currentPassword: WRONG_CURRENT_PASSWORD });
    const short = await change({ currentPassword: member.password, newPassword: "short" });
    expect(short.status).toBe(400);
    expect((await short.json()).errors.newPassword).toBe("Password must be at least 8 characters");

    expect((await change({ currentPassword: member.password, newPassword: "a-new-password-1" })).status).toBe(200);
    expect((await fetch(`${app.baseUrl}/api/user`, { headers: { cookie: member.cookie } })).status).toBe(200);
    expect((await fetch(`${app.baseUrl}/api/user`, { headers: { cookie: other } })).status).toBe(401);
    expect((await signIn("changer", "a-new-password-1")).status).toBe(200);
    expect((await activity("password.change")).map((line) => line.actor_name)).toContain("changer");

    // The profile's form, without JavaScript.
    const form = await postForm(
      app,
      "/cms/profile",
      { intent: "password", currentPassword: "wrong-one", newPassword: "a-new-password-2", confirmPassword: "a-new-password-2" },
      { cookie: member.cookie },
    );
    expect(form.status).toBe(400);
    expect(await form.text()).toContain(WRONG_CURRENT_PASSWORD);
  });

  it("a disabled account cannot sign in and its sessions stop; never oneself, never the last administrator", async () => {
    const member = await createSession(app, { role: "sales", username: "leaver" });
    const status = (id: number, disabled: unknown, cookie = admin.cookie) =>
      sendJson(app, `/api/cms/users/${id}/status`, { disabled }, { method: "PUT", cookie });
    expect((await status(member.user.id, true)).status).toBe(200);
    expect((await fetch(`${app.baseUrl}/api/user`, { headers: { cookie: member.cookie } })).status).toBe(401);
    expect((await signIn("leaver", member.password)).status).toBe(401);
    expect((await status(member.user.id, "yes")).status).toBe(400);
    expect((await status(member.user.id, false)).status).toBe(200);
    expect((await signIn("leaver", member.password)).status).toBe(200);
    expect((await activity("user.disable")).map((line) => line.subject_label)).toContain("leaver");
    expect((await activity("user.enable")).map((line) => line.subject_label)).toContain("leaver");

    const own = await status(admin.user.id, true);
    expect(own.status).toBe(409);
    // Every other administrator away: the last one is neither disabled nor demoted.
    const otherAdmins = await db().selectFrom("users").select("id").where("role", "=", "administrator").where("id", "!=", admin.user.id).execute();
    const deputy = await createSession(app, { role: "editor" });
    await db().updateTable("users").set({ role: "editor" }).where("id", "in", otherAdmins.length ? otherAdmins.map((row) => row.id) : [-1]).execute();
    try {
      expect(await app.services.auth.setDisabled(deputy.user, admin.user.id, true)).toMatchObject({ message: "At least one administrator must remain" });
      expect(await app.services.auth.setRole(deputy.user, admin.user.id, "editor")).toMatchObject({ message: "At least one administrator must remain" });
    } finally {
      if (otherAdmins.length) await db().updateTable("users").set({ role: "administrator" }).where("id", "in", otherAdmins.map((row) => row.id)).execute();
    }
  });

  it("closed registration is refused with its message, on the API and the login page; an invitation still works", async () => {
    const closed = await sendJson(app, "/api/cms/settings", { registrationOpen: false }, { method: "PUT", cookie: admin.cookie });
    expect(closed.status).toBe(200);
    try {
      const refused = await sendJson(app, "/api/register", { username: "walk-in", password: "a-long-password" });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ message: REGISTRATION_CLOSED });
      expect(await userNamed("walk-in")).toBeUndefined();
      const login = await (await getPage(app, "/cms/login?tab=register")).text();
      expect(login).toContain(REGISTRATION_CLOSED);
      expect(login).toContain("Register");
      const form = await postForm(app, "/cms/login", { intent: "register", username: "walk-in", password: "a-long-password", confirmPassword: "a-long-password" });
      expect(form.status).toBe(403);
      const invited = await invite("closed@example.com", "author");
      expect((await accept(tokenOf(invited.link), "closed-invitee")).status).toBe(201);
      const line = (await activity("settings.change")).at(-1);
      expect(JSON.parse(line!.detail!)).toEqual({ from: true, to: false });
    } finally {
      await sendJson(app, "/api/cms/settings", { registrationOpen: true }, { method: "PUT", cookie: admin.cookie });
    }
    expect((await sendJson(app, "/api/register", { username: "walk-in", password: "a-long-password" })).status).toBe(201);
  });

  it("the users page lists accounts and invitations and works without JavaScript", async () => {
    const member = await createSession(app, { role: "author", username: "page-member" });
    await invite("pending@example.com", "sales");
    const html = await (await getPage(app, "/cms/users", admin.cookie)).text();
    expect(html).toContain("page-member");
    expect(html).toContain("pending@example.com");
    expect(html).toContain("Invited");

    const role = await postForm(app, "/cms/users", { intent: "role", userId: String(member.user.id), role: "editor" }, { cookie: admin.cookie });
    expect(role.status).toBe(302);
    expect((await userNamed("page-member"))?.role).toBe("editor");
    const disable = await postForm(app, "/cms/users", { intent: "disable", userId: String(member.user.id) }, { cookie: admin.cookie });
    expect(disable.status).toBe(302);
    expect((await userNamed("page-member"))?.disabled_at).not.toBeNull();
    expect(await (await getPage(app, "/cms/users", admin.cookie)).text()).toContain("Disabled");
    const reset = await postForm(app, "/cms/users", { intent: "reset-link", userId: String(member.user.id) }, { cookie: admin.cookie });
    expect(reset.status).toBe(200);
    expect(await reset.text()).toMatch(/https:\/\/zuri\.example\/cms\/reset-password\/[0-9a-f]{64}/);
    const invited = await postForm(app, "/cms/users", { intent: "invite", email: "from-page@example.com", role: "author" }, { cookie: admin.cookie });
    expect(invited.status).toBe(200);
    expect(await invited.text()).toMatch(/https:\/\/zuri\.example\/cms\/invitation\/[0-9a-f]{64}/);
    const badInvite = await postForm(app, "/cms/users", { intent: "invite", email: "nope", role: "author" }, { cookie: admin.cookie });
    expect(badInvite.status).toBe(400);
    expect(await badInvite.text()).toContain("Enter an e-mail address like name@example.com");
  });
});
