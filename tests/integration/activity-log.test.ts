import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { createSession } from "../support/auth.ts";
import { getPage, postForm, sendJson } from "../support/http.ts";
import { csvRecords } from "../support/csv.ts";
import { demoRequestBody } from "../support/demo-requests.ts";
import { runJobs, sweepNow } from "../support/jobs.ts";
import { startSecondInstance } from "../support/second-instance.ts";
import { backgroundJobs } from "../../server/jobs/index.ts";
import { recordActivity } from "../../server/services/activity-log.ts";

const CHROME_ON_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const DAY = 86_400_000;

/**
 * The activity log (docs/decisions/029-activity-log-and-sessions.md): a line for each recorded action,
 * written with the action and never without it; the page, its CSV and GET /api/cms/activity with their
 * filters, for administrators only; and the retention job.
 */
describe.each(databaseKinds)("the activity log on %s", (kind) => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof createSession>>;
  beforeAll(async () => {
    app = await startTestApp(kind, { env: { WEBHOOKS_ALLOW_PRIVATE_URLS: "true", TRUST_PROXY: "loopback" } });
    admin = await createSession(app, { role: "administrator", username: "ada-admin" });
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    await app.services.database.db.deleteFrom("activity_log").execute();
  });

  const db = () => app.services.database.db;
  const lines = async (action?: string) => {
    let query = db().selectFrom("activity_log").selectAll().orderBy("id");
    if (action) query = query.where("action", "=", action);
    return (await query.execute()).map((row) => ({ ...row, detail: row.detail === null ? null : (JSON.parse(row.detail) as Record<string, unknown>) }));
  };
  const api = (path: string, cookie = admin.cookie) => fetch(`${app.baseUrl}${path}`, { headers: { cookie } });
  const login = (username: string, password: string, headers: Record<string, string> = {}) =>
    sendJson(app, "/api/login", { username, password }, { headers });

  describe("what is recorded", () => {
    it("a sign-in: its line with the device, and users.last_sign_in_at; a refused one writes nothing", async () => {
      const writer = await createSession(app, { role: "author" });
      expect((await login(writer.user.username, "not-the-password")).status).toBe(401);
      expect(await lines("sign-in")).toEqual([]);

      const signedIn = await login(writer.user.username, writer.password, { "user-agent": CHROME_ON_MAC });
      expect(signedIn.status).toBe(200);
      const [line, ...more] = await lines("sign-in");
      expect(more).toEqual([]);
      expect(line).toMatchObject({ actor_id: writer.user.id, actor_name: writer.user.username, detail: { method: "password", device: "Chrome on macOS" } });
      const user = await db().selectFrom("users").select("last_sign_in_at").where("id", "=", writer.user.id).executeTakeFirstOrThrow();
      expect(new Date(user.last_sign_in_at!).toISOString()).toBe(new Date(line!.created_at).toISOString());
    });

    it("failed sign-ins: one line when an account reaches its fifth in 15 minutes, with the count and the network, never one per failure", async () => {
      const target = await createSession(app, { role: "editor" });
      // From several networks (TRUST_PROXY: the proxy names each), so no network's own lock stops the count.
      const from = (network: string) => ({ "x-forwarded-for": network });
      for (let n = 1; n <= 4; n++) expect((await login(target.user.username, `wrong-${n}`, from("198.51.100.7"))).status).toBe(401);
      expect(await lines("sign-in.failures")).toEqual([]);
      expect((await login(target.user.username, "wrong-5", from("203.0.113.9"))).status).toBe(401);
      for (let n = 6; n <= 9; n++) expect((await login(target.user.username, `wrong-${n}`, from(`192.0.2.${n}`))).status).toBe(401);
      const burst = await lines("sign-in.failures");
      expect(burst).toHaveLength(1);
      expect(burst[0]).toMatchObject({
        actor_id: null,
        subject_type: "user",
        subject_id: String(target.user.id),
        subject_label: target.user.username,
        detail: { count: 5, windowMinutes: 15, network: "203.0.113.0/24" },
      });
      // An account nobody has: failures are counted, but there is no account to log them against.
      for (let n = 1; n <= 5; n++) await login(`nobody-${process.pid}`, `wrong-${n}`);
      expect(await lines("sign-in.failures")).toHaveLength(1);
    });

    it("API tokens made and revoked, by whom; a revoke of a token already revoked writes nothing", async () => {
      const created = await postForm(app, "/cms/tokens", { intent: "create", name: "HubSpot", scopes: "demo_requests:read" }, { cookie: admin.cookie });
      expect(created.status).toBe(200);
      const token = await db().selectFrom("api_tokens").select("id").where("name", "=", "HubSpot").executeTakeFirstOrThrow();
      expect(await lines("token.create")).toMatchObject([
        { actor_id: admin.user.id, actor_name: "ada-admin", subject_type: "token", subject_id: String(token.id), subject_label: "HubSpot", detail: { scopes: ["demo_requests:read"] } },
      ]);
      expect((await postForm(app, "/cms/tokens", { intent: "revoke", tokenId: String(token.id) }, { cookie: admin.cookie })).status).toBe(302);
      expect(await app.services.apiTokens.revoke(Number(token.id), admin.user)).toMatchObject({ refused: true });
      expect(await lines("token.revoke")).toMatchObject([{ actor_id: admin.user.id, subject_id: String(token.id), subject_label: "HubSpot" }]);
    });

    it("a token whose line cannot be written is not made: the line is in the action's transaction", async () => {
      await sql`alter table activity_log rename to activity_log_away`.execute(db());
      try {
        await expect(app.services.apiTokens.create({ name: "Half-made", scopes: ["posts:read"] }, admin.user)).rejects.toThrow();
      } finally {
        await sql`alter table activity_log_away rename to activity_log`.execute(db());
      }
      expect(await db().selectFrom("api_tokens").select("id").where("name", "=", "Half-made").execute()).toEqual([]);
    });

    it("webhooks added and deleted; a refused URL or an unknown webhook writes nothing", async () => {
      const refused = await sendJson(app, "/api/cms/webhooks", { url: "ftp://example.com/hook", events: ["post.published"] }, { cookie: admin.cookie });
      expect(refused.status).toBe(400);
      const created = await sendJson(app, "/api/cms/webhooks", { url: "http://127.0.0.1:9/hook", events: ["post.published"] }, { cookie: admin.cookie });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: number };
      expect((await sendJson(app, `/api/cms/webhooks/${id}`, "", { method: "DELETE", cookie: admin.cookie })).status).toBe(200);
      expect((await sendJson(app, `/api/cms/webhooks/${id}`, "", { method: "DELETE", cookie: admin.cookie })).status).toBe(404);
      expect(await lines()).toMatchObject([
        { action: "webhook.create", actor_id: admin.user.id, subject_id: String(id), subject_label: "http://127.0.0.1:9/hook", detail: { events: ["post.published"] } },
        { action: "webhook.delete", actor_id: admin.user.id, subject_id: String(id), subject_label: "http://127.0.0.1:9/hook" },
      ]);
    });

    it("exports of demo requests: the inbox CSV with its filters and row count, subject access without the address", async () => {
      const sales = await createSession(app, { role: "sales" });
      const lead = demoRequestBody();
      expect((await sendJson(app, "/api/book-demo", lead)).status).toBe(201);
      const csv = await api(`/cms/demo-requests.csv?status=new&q=${encodeURIComponent(lead.email)}`, sales.cookie);
      expect(csv.status).toBe(200);
      expect(await csvRecords(csv)).toHaveLength(1);
      const access = await sendJson(app, "/api/cms/demo-requests/subject-access", { email: lead.email }, { cookie: sales.cookie });
      expect(access.status).toBe(200);
      const exports = await lines("leads.export");
      expect(exports).toMatchObject([
        { actor_id: sales.user.id, subject_type: "demo-requests", detail: { format: "csv", rows: 1, filters: { search: "yes", status: "new" } } },
        { actor_id: sales.user.id, subject_type: "demo-requests", detail: { format: "json", rows: 1 } },
      ]);
      expect(JSON.stringify(exports)).not.toContain(lead.email);
      // A refused export (not an address) is no export.
      expect((await sendJson(app, "/api/cms/demo-requests/subject-access", { email: "nobody" }, { cookie: sales.cookie })).status).toBe(400);
      expect(await lines("leads.export")).toHaveLength(2);
    });
  });

  describe("reading it", () => {
    /** Lines at known times: Grace's role change yesterday, two sign-ins today, a deleted account's sign-in last week. */
    async function seed() {
      const grace = await createSession(app, { role: "editor" });
      const now = app.clock().getTime();
      const at = (ms: number) => new Date(now - ms).toISOString();
      await recordActivity(db(), { actor: admin.user, action: "user.role", subject: { type: "user", id: grace.user.id, label: grace.user.username }, detail: { from: "author", to: "editor" } }, at(DAY));
      await recordActivity(db(), { actor: grace.user, action: "sign-in", detail: { method: "password", device: "Firefox on Linux" } }, at(60_000));
      await recordActivity(db(), { actor: admin.user, action: "sign-in", detail: { method: "second-factor", device: "Safari on iPhone" } }, at(0));
      await recordActivity(db(), { actor: { id: grace.user.id, username: "gone-person" }, action: "sign-in" }, at(7 * DAY));
      await db().updateTable("activity_log").set({ actor_id: null }).where("actor_name", "=", "gone-person").execute();
      return { grace, today: new Date(now).toISOString().slice(0, 10), yesterday: new Date(now - DAY).toISOString().slice(0, 10) };
    }

    it("GET /api/cms/activity: newest first, filtered by person, deleted person, action and days, paged with X-Total-Count", async () => {
      const { grace, yesterday } = await seed();
      const all = await api("/api/cms/activity");
      expect(all.status).toBe(200);
      expect(all.headers.get("x-total-count")).toBe("4");
      const body = (await all.json()) as { action: string; actor: { name: string }; label: string }[];
      expect(body.map((line) => [line.action, line.actor.name])).toEqual([
        ["sign-in", "ada-admin"],
        ["sign-in", grace.user.username],
        ["user.role", "ada-admin"],
        ["sign-in", "gone-person"],
      ]);
      expect(body[2]).toMatchObject({ label: "Changed a role", subject: { type: "user", id: String(grace.user.id) }, detail: { from: "author", to: "editor" } });

      const names = async (query: string) => ((await (await api(`/api/cms/activity?${query}`)).json()) as { actor: { name: string } }[]).map((line) => line.actor.name);
      expect(await names(`actor=${grace.user.id}`)).toEqual([grace.user.username]);
      expect(await names("actor=name:gone-person")).toEqual(["gone-person"]);
      expect(await names("action=user.role")).toEqual(["ada-admin"]);
      expect(await names(`from=${yesterday}&to=${yesterday}`)).toEqual(["ada-admin"]);

      const paged = await api("/api/cms/activity?perPage=3&action=sign-in");
      expect(paged.headers.get("x-total-count")).toBe("3");
      expect(paged.headers.get("link")).toBeNull();
      const first = await api("/api/cms/activity?perPage=2");
      expect(first.headers.get("link")).toBe('</api/cms/activity?page=2&perPage=2>; rel="next"');
      expect(await (await api("/api/cms/activity?page=2&perPage=2")).json()).toHaveLength(2);
    });

    it("a bad filter is a 400 naming it", async () => {
      for (const [query, field] of [
        ["action=everything", "action"],
        ["actor=someone", "actor"],
        ["from=yesterday", "from"],
        ["perPage=1000", "perPage"],
      ]) {
        const response = await api(`/api/cms/activity?${query}`);
        expect(response.status, query).toBe(400);
        expect(Object.keys(((await response.json()) as { errors: object }).errors)).toEqual([field]);
      }
    });

    it("the page: each line's when, who, what, linked subject and detail in words; the person filter offers deleted names", async () => {
      const { grace } = await seed();
      // An account without a role is offered once the log names it (a registration that signed in), not before.
      const registered = await createSession(app, { role: null });
      const unnamed = await createSession(app, { role: null });
      await recordActivity(db(), { actor: registered.user, action: "sign-in" }, new Date(app.clock().getTime() - 2 * DAY).toISOString());
      const page = await getPage(app, `/cms/activity?actor=${admin.user.id}`, admin.cookie);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("Changed a role");
      expect(html).toContain("Author → Editor");
      expect(html).toContain('href="/cms/users"');
      expect(html).toContain("with a second factor · Safari on iPhone");
      expect(html).toContain("just now");
      expect(html).toContain("yesterday");
      expect(html).not.toContain("Firefox on Linux");
      expect(html).toMatch(/<optgroup label="Deleted accounts"><option value="name:gone-person">gone-person<\/option>/);
      expect(html).toContain(`<option value="${grace.user.id}">${grace.user.username}</option>`);
      expect(html).toContain(`<option value="${registered.user.id}">${registered.user.username}</option>`);
      expect(html).not.toContain(`>${unnamed.user.username}</option>`);
      // A value the page cannot read is ignored, never an error page.
      expect((await getPage(app, "/cms/activity?action=nonsense&from=x&page=-1", admin.cookie)).status).toBe(200);
    });

    it("the CSV: the page's filters, every line, safe in a spreadsheet", async () => {
      await seed();
      await recordActivity(db(), { actor: admin.user, action: "token.create", subject: { type: "token", id: 9, label: "=HYPERLINK(\"http://evil\")" } }, app.clock().toISOString());
      const response = await api("/cms/activity.csv?action=token.create");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="zuri-activity-\d{4}-\d{2}-\d{2}\.csv"$/);
      const records = await csvRecords(response);
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({ Who: "ada-admin", Action: "Created an API token", Subject: "'=HYPERLINK(\"http://evil\")", "Action Code": "token.create" });
      const roles = await csvRecords(await api("/cms/activity.csv?action=user.role"));
      expect(roles.map((record) => record.Detail)).toEqual(["Author → Editor"]);
    });

    it("administrators only: the page, the CSV and the API refuse every other role", async () => {
      for (const role of ["editor", "sales", "contributor"] as const) {
        const other = await createSession(app, { role });
        expect((await api("/api/cms/activity", other.cookie)).status, role).toBe(403);
        for (const path of ["/cms/activity", "/cms/activity.csv"]) {
          const refused = await getPage(app, path, other.cookie);
          expect(refused.status, `${role} ${path}`).toBe(302);
          expect(refused.headers.get("location")).toMatch(/^\/cms\/unauthorized/);
        }
      }
      expect((await getPage(app, "/cms/activity")).headers.get("location")).toMatch(/^\/cms\/login/);
    });
  });

  describe("retention", () => {
    const insertAged = async (count: number, ageMs: number) => {
      const at = new Date(app.clock().getTime() - ageMs).toISOString();
      const rows = Array.from({ length: count }, () => ({
        created_at: at,
        actor_id: null,
        actor_name: "old",
        action: "sign-in",
        subject_type: null,
        subject_id: null,
        subject_label: null,
        detail: null,
      }));
      for (let start = 0; start < rows.length; start += 200) await db().insertInto("activity_log").values(rows.slice(start, start + 200)).execute();
    };
    const remaining = async () => Number((await db().selectFrom("activity_log").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);

    it("the job deletes lines older than a year, and only those, when the clock has moved past it", async () => {
      await insertAged(3, 360 * DAY);
      await insertAged(2, 366 * DAY);
      const runner = runJobs(backgroundJobs(app.services).filter((job) => job.name === "activity-retention"));
      try {
        await sweepNow(runner, "activity-retention");
        expect(await remaining()).toBe(3);
        // A week later the three are past a year too.
        app.clock.advance(7 * DAY);
        await sweepNow(runner, "activity-retention");
        expect(await remaining()).toBe(0);
      } finally {
        app.clock.advance(-7 * DAY);
        await runner.stop();
      }
    });

    it("two instances sweeping at once delete each old line once, in batches, and keep the young ones", async () => {
      await insertAged(1_234, 400 * DAY);
      await insertAged(5, 300 * DAY);
      const other = await startSecondInstance(app);
      try {
        const [here, there] = await Promise.all([app.services.activityLog.sweep(), other.services.activityLog.sweep()]);
        expect(here + there).toBe(1_234);
        expect(await remaining()).toBe(5);
      } finally {
        await other.close();
      }
    });
  });
});
