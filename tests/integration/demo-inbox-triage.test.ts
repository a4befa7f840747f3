import { OWNER_WITHOUT_INBOX } from "../../server/services/demo-inbox.ts";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, type DatabaseHandle } from "../../server/db/connect.ts";
import { createLogger } from "../../server/logger.ts";
import { csvCell } from "../../server/services/demo-requests-csv.ts";
import { createDemoRetention, retentionCutoff } from "../../server/services/demo-retention.ts";
import { databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { createSession } from "../support/auth.ts";
import { parseCsv } from "../support/csv.ts";

/**
 * The demo inbox as sales works it (docs/decisions/053): triage, owners, notes, duplicates, the honest
 * e-mail state, the CSV, erasure that leaves no trace, subject access, and retention exactly once.
 */

/** Every text column of every table, read from the database's own catalogue. */
async function textColumns(database: DatabaseHandle): Promise<{ table: string; column: string }[]> {
  if (database.kind === "postgres") {
    const { rows } = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'character varying', 'character', 'json', 'jsonb')
    `.execute(database.db);
    return rows.map((row) => ({ table: row.table_name, column: row.column_name }));
  }
  const { rows: tables } = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'sqlite_%'
  `.execute(database.db);
  const columns: { table: string; column: string }[] = [];
  for (const { name } of tables) {
    const { rows } = await sql<{ name: string; type: string }>`select name, type from pragma_table_info(${name})`.execute(database.db);
    // SQLite columns of any declared type can hold text; FTS columns have none.
    for (const column of rows) if (!/^(integer|real|blob)$/i.test(column.type)) columns.push({ table: name, column: column.name });
  }
  return columns;
}

/** Where an e-mail address (as typed, any case, or URL-encoded) is still stored: `table.column` names. */
async function tracesOf(database: DatabaseHandle, email: string): Promise<string[]> {
  const found: string[] = [];
  const needles = [email.toLowerCase(), encodeURIComponent(email).toLowerCase()];
  for (const { table, column } of await textColumns(database)) {
    for (const needle of needles) {
      const { rows } = await sql<{ n: number }>`
        select count(*) as n from ${sql.table(table)} where lower(cast(${sql.ref(column)} as text)) like ${`%${needle}%`}
      `.execute(database.db);
      if (Number(rows[0]?.n) > 0) found.push(`${table}.${column}`);
    }
  }
  return found;
}

let counter = 0;
const person = (overrides: Record<string, string | null> = {}) => {
  counter += 1;
  return {
    name: `Triage Person ${counter}`,
    email: `triage.${process.pid}.${counter}@example.com`,
    phone: "+44 20 7946 0958",
    organization: "Northwind Retail",
    message: "Please call.",
    ...overrides,
  };
};

describe.each(databaseKinds)("the demo inbox's triage and erasure on %s", (kind) => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof createSession>>;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp(kind, { env: { WEBHOOKS_ALLOW_PRIVATE_URLS: "true" } });
    admin = await createSession(app, { isAdmin: true, username: `owner-${kind}-${process.pid}` });
    token = (await app.services.apiTokens.create({ name: "CRM", scopes: ["demo_requests:write"] }, admin.user)).token;
    // A paused receiver: deliveries stay pending, as when a CRM is down.
    await app.services.database.db
      .insertInto("webhooks")
      .values({
        url: "http://127.0.0.1:9/hook",
        events: "demo_request.created",
        secret: "whsec_dGVzdHRlc3R0ZXN0dGVzdHRlc3R0ZXN0dGVzdA==",
        description: "CRM",
        created_by: admin.user.id,
        created_at: app.clock().toISOString(),
        disabled_at: null,
      })
      .execute();
    // No background job runs (startTestApp without `jobs`): the deliveries stay pending.
  });
  afterAll(() => app.close());

  const api = (method: string, path: string, body?: unknown, headers: Record<string, string> = { authorization: `Bearer ${token}` }) =>
    fetch(`${app.baseUrl}/api/cms/demo-requests${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it("moves a request through the six statuses in one step each, with history, both ways through spam", async () => {
    const lead = await app.services.demoRequests.create(person());
    for (const status of ["contacted", "qualified", "won", "lost", "new"]) {
      const response = await api("PATCH", `/${lead.id}`, { status });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ status });
    }
    const spam = await (await api("PATCH", `/${lead.id}`, { status: "spam" })).json();
    expect(spam).toMatchObject({ status: "spam", spamReasons: ["marked"] });
    expect((await app.services.demoRequests.inbox({ view: "spam", q: lead.email })).groups).toHaveLength(1);
    expect((await app.services.demoRequests.inbox({ q: lead.email })).groups).toHaveLength(0);

    const back = await (await api("PATCH", `/${lead.id}`, { status: "qualified" })).json();
    expect(back).toMatchObject({ status: "qualified", spamReasons: [] });
    expect(back.history.map((event: { kind: string; to: string }) => `${event.kind}:${event.to}`)).toEqual([
      "status:contacted",
      "status:qualified",
      "status:won",
      "status:lost",
      "status:new",
      "spam:spam",
      "not-spam:new",
      "status:qualified",
    ]);
    expect(back.history[0].actor).toEqual({ id: admin.user.id, name: admin.user.username });
  });

  it("answers 400 with a message per field for bad input, and 404 for a request that is not there", async () => {
    const lead = await app.services.demoRequests.create(person());
    const bad = await api("PATCH", `/${lead.id}`, { status: "closed", ownerId: "me" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toMatchObject({ status: expect.any(String), ownerId: expect.any(String) });
    expect((await api("PATCH", `/${lead.id}`, {})).status).toBe(400);
    expect((await api("PATCH", `/${lead.id}`, { owner: 1 })).status).toBe(400);
    expect((await api("PATCH", "/abc", { status: "new" })).status).toBe(400);
    expect((await api("POST", `/${lead.id}/notes`, { body: "   " })).status).toBe(400);
    expect((await api("POST", "/erasure", { email: "nobody" })).status).toBe(400);
    expect((await api("PATCH", "/999999", { status: "new" })).status).toBe(404);
    expect((await api("POST", "/999999/notes", { body: "Hi" })).status).toBe(404);
    // The owner works the inbox: sales or an administrator, not a writer (docs/decisions/027).
    const writer = await createSession(app, { role: "editor" });
    const owner = await api("PATCH", `/${lead.id}`, { ownerId: writer.user.id });
    expect(owner.status).toBe(400);
    expect((await owner.json()).errors.ownerId).toBe(OWNER_WITHOUT_INBOX);
    const rep = await createSession(app, { role: "sales" });
    expect((await api("PATCH", `/${lead.id}`, { ownerId: rep.user.id })).status).toBe(200);
    // A read-only token may read, not write.
    const reader = (await app.services.apiTokens.create({ name: "Reader", scopes: ["demo_requests:read"] }, admin.user)).token;
    expect((await api("GET", `/${lead.id}`, undefined, { authorization: `Bearer ${reader}` })).status).toBe(200);
    expect((await api("PATCH", `/${lead.id}`, { status: "won" }, { authorization: `Bearer ${reader}` })).status).toBe(403);
  });

  it("gives a lead an owner and notes with author and time, and groups an address's requests on one card", async () => {
    const first = await app.services.demoRequests.create(person());
    app.clock.advance(60_000);
    const second = await app.services.demoRequests.create({ ...person(), email: first.email.toUpperCase(), message: "Again." });
    expect((await api("PATCH", `/${second.id}`, { ownerId: admin.user.id })).status).toBe(200);
    const note = await api("POST", `/${first.id}/notes`, { body: "Called, left a message." });
    expect(note.status).toBe(201);
    expect(await note.json()).toMatchObject({ body: "Called, left a message.", author: { id: admin.user.id }, createdAt: app.clock().toISOString() });

    const { groups, total } = await app.services.demoRequests.inbox({ q: first.email });
    expect(total).toBe(1);
    expect(groups[0]!.lead.id).toBe(second.id);
    expect(groups[0]!.owner).toEqual({ id: admin.user.id, name: admin.user.username });
    expect(groups[0]!.requests.map((request) => request.id)).toEqual([second.id, first.id]);
    expect(groups[0]!.notes.map((entry) => entry.body)).toEqual(["Called, left a message."]);
  });

  it("filters by status, date range, campaign and source page, combined with search", async () => {
    const base = app.clock().getTime();
    const org = `Filterco ${kind}`;
    app.clock.set(new Date("2031-03-10T12:00:00Z"));
    const march = await app.services.demoRequests.create({ ...person(), organization: org }, { utmCampaign: "spring", sourcePage: "/enterprise" });
    app.clock.set(new Date("2031-04-02T08:00:00Z"));
    const april = await app.services.demoRequests.create({ ...person(), organization: org }, { utmCampaign: "spring", sourcePage: "/product" });
    await app.services.demoRequests.create({ ...person(), organization: org }, { utmCampaign: "autumn", sourcePage: "/enterprise" });
    app.clock.set(new Date(base));
    await app.services.demoRequests.setStatus(april.id, "contacted", null);
    const ids = async (filters: Record<string, string>) =>
      (await app.services.demoRequests.inbox({ q: org, ...filters })).groups.map((group) => group.lead.id);
    expect(await ids({ campaign: "spring" })).toEqual([april.id, march.id]);
    expect(await ids({ campaign: "spring", source: "/enterprise" })).toEqual([march.id]);
    expect(await ids({ from: "2031-04-01", to: "2031-04-02", campaign: "spring" })).toEqual([april.id]);
    expect(await ids({ to: "2031-03-10" })).toEqual([march.id]);
    expect(await ids({ status: "contacted" })).toEqual([april.id]);
    const html = await (
      await fetch(`${app.baseUrl}/cms/demo-requests?${new URLSearchParams({ q: org, campaign: "spring", status: "contacted" })}`, {
        headers: { cookie: admin.cookie },
      })
    ).text();
    expect(html).toContain(april.email);
    expect(html).not.toContain(march.email);
  });

  it("says what the sales e-mail did: not configured here", async () => {
    const lead = await app.services.demoRequests.create(person());
    const detail = await (await api("GET", `/${lead.id}`)).json();
    expect(detail.notification).toEqual({ state: "not-configured" });
    const html = await (await fetch(`${app.baseUrl}/cms/demo-requests?q=${encodeURIComponent(lead.email)}`, { headers: { cookie: admin.cookie } })).text();
    expect(html).toContain("E-mail not configured");
    expect(html).not.toContain("Not yet");
  });

  it("exports CSV with spam reason, owner, status history and campaign, phone numbers readable and formulas neutralised", async () => {
    const lead = await app.services.demoRequests.create(
      person({ name: "=cmd|' /C calc'!A0", organization: "@SUM(1+1)", message: "-2+3\n+danger" }),
      { utmSource: "newsletter", utmMedium: "email", utmCampaign: "spring" },
    );
    await app.services.demoRequests.assignOwner(lead.id, admin.user.id, admin.user.id);
    await app.services.demoRequests.setStatus(lead.id, "contacted", admin.user.id);
    await app.services.demoRequests.setStatus(lead.id, "spam", admin.user.id);
    const csv = await (await fetch(`${app.baseUrl}/cms/demo-requests.csv?view=spam&q=${encodeURIComponent(lead.email)}`, { headers: { cookie: admin.cookie } })).text();
    const [header, row] = parseCsv(csv.replace(/^\uFEFF/, ""));
    const cell = (name: string) => row![header!.indexOf(name)];
    expect(header).toEqual(expect.arrayContaining(["Spam Reason", "Owner", "Status History", "Campaign", "UTM Campaign"]));
    expect(cell("Phone")).toBe("+44 20 7946 0958");
    expect(cell("Name")).toBe("'=cmd|' /C calc'!A0");
    expect(cell("Organization")).toBe("'@SUM(1+1)");
    expect(cell("Additional Information")).toBe("'-2+3\n'+danger");
    expect(cell("Status")).toBe("Spam");
    expect(cell("Spam Reason")).toBe("marked as spam in the inbox");
    expect(cell("Owner")).toBe(admin.user.username);
    expect(cell("Campaign")).toBe("newsletter / email / spring");
    expect(cell("Status History")).toMatch(/Owner nobody → .+\n.* New → Contacted \(.+\)\n.* Contacted → Spam \(.+\)$/);
  });

  it.each([
    ["=1+1", "'=1+1"],
    ["+SUM(A1)", "'+SUM(A1)"],
    ["-A1", "'-A1"],
    ["@A1", "'@A1"],
    ["\t=1", "'\t=1"],
    ["\r=1", "'\r=1"],
    ["+44 20 7946 0958", "+44 20 7946 0958"],
    ["(020) 7946-0958", "(020) 7946-0958"],
    ["-12", "-12"],
    ["+1 (555) 010.0199", "+1 (555) 010.0199"],
    ["+44 20 7946 0958 ext", "'+44 20 7946 0958 ext"],
    ["++", "'++"],
  ])("csvCell(%j) keeps %j", (value, expected) => {
    expect(csvCell(value)).toBe(`"${expected.replaceAll('"', '""')}"`);
  });

  it("erases a person: no trace of the address in any column of any table, pending deliveries cancelled, idempotent", async () => {
    const { db } = app.services.database;
    const body = person({ name: "Erase Me", phone: null });
    const visitId = `erase-visit-${kind}-${process.pid}`;
    const day = app.clock().toISOString().slice(0, 10);
    await db
      .insertInto("analytics_events")
      .values({ day, created_at: app.clock().toISOString(), visit_id: visitId, visitor_hash: "h".repeat(32), path: "/", landing_path: "/", referrer: null, campaign: null, device: "desktop" })
      .execute();
    const first = await app.services.demoRequests.create(body, { visitId });
    const second = await app.services.demoRequests.create({ ...body, email: body.email.toUpperCase() });
    await app.services.demoRequests.addNote(first.id, `Wrote to ${body.email}`, admin.user.id);
    await app.services.demoRequests.setStatus(second.id, "contacted", admin.user.id);
    const pending = await db.selectFrom("webhook_deliveries").select(["id", "status"]).where("demo_request_id", "in", [first.id, second.id]).execute();
    expect(pending).toHaveLength(2);
    expect(pending.every((delivery) => delivery.status === "pending")).toBe(true);
    // A copy made before deliveries were linked to their lead: found by its payload.
    await db
      .insertInto("webhook_deliveries")
      .values({ webhook_id: 1, message_id: "msg_old", event_type: "demo_request.created", payload: JSON.stringify({ data: { email: body.email } }), status: "delivered", attempts: 1, created_at: app.clock().toISOString() })
      .execute();
    expect((await tracesOf(app.services.database, body.email)).length).toBeGreaterThan(0);

    const access = await api("POST", "/subject-access", { email: body.email.toUpperCase() });
    expect(access.status).toBe(200);
    const data = await access.json();
    expect(data.requests.map((request: { id: number }) => request.id)).toEqual([first.id, second.id]);
    expect(data.requests[0].notes[0].body).toBe(`Wrote to ${body.email}`);
    expect(data.requests[0].webhookDeliveries).toHaveLength(1);
    expect(data.requests[1].history).toMatchObject([{ kind: "status", from: "new", to: "contacted" }]);

    const erased = await api("POST", "/erasure", { email: body.email });
    expect(await erased.json()).toEqual({ erased: 2 });
    expect(await tracesOf(app.services.database, body.email)).toEqual([]);
    expect(await db.selectFrom("webhook_deliveries").select("id").where("id", "in", pending.map((delivery) => delivery.id)).execute()).toEqual([]);
    expect(await db.selectFrom("analytics_events").select("visit_id").where("visit_id", "=", visitId).execute()).toEqual([]);
    expect(app.logLines.some((line) => JSON.stringify(line).toLowerCase().includes(body.email.toLowerCase()))).toBe(false);

    // Idempotent: again by address, and by id.
    expect(await (await api("POST", "/erasure", { email: body.email })).json()).toEqual({ erased: 0 });
    expect((await api("DELETE", `/${first.id}`)).status).toBe(204);
    expect((await api("GET", `/${first.id}`)).status).toBe(404);
    expect((await (await api("POST", "/subject-access", { email: body.email })).json()).requests).toEqual([]);
  });

  it("deletes one lead from the inbox's confirmation without JavaScript, and again harmlessly", async () => {
    const lead = await app.services.demoRequests.create(person());
    const post = () =>
      fetch(`${app.baseUrl}/cms/demo-requests?status=new&delete=${lead.id}`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie: admin.cookie, "content-type": "application/x-www-form-urlencoded", origin: app.baseUrl },
        body: new URLSearchParams({ intent: "delete", id: String(lead.id) }),
      });
    const first = await post();
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe("/cms/demo-requests?status=new");
    expect(await app.services.demoRequests.findById(lead.id)).toMatchObject({ refused: true, code: "not-found" });
    expect((await post()).status).toBe(302);
    expect(await tracesOf(app.services.database, lead.email)).toEqual([]);
  });
});

describe.each(databaseKinds)("retention on %s", (kind) => {
  let app: TestApp;
  const handles: DatabaseHandle[] = [];
  beforeAll(async () => {
    app = await startTestApp(kind, { env: { DEMO_REQUEST_RETENTION_MONTHS: "24" } });
  });
  afterAll(async () => {
    for (const handle of handles) await handle.close();
    await app.close();
  });

  it("erases exactly the requests untouched for the retention period, each once, with two instances sweeping at once", async () => {
    const now = new Date("2032-06-15T12:00:00Z");
    app.clock.set(now);
    const cutoff = retentionCutoff(now, 24);
    expect(cutoff.toISOString()).toBe("2030-06-15T12:00:00.000Z");
    const { demoRequests } = app.services;
    const make = async (at: Date) => {
      app.clock.set(at);
      const request = await demoRequests.create(person());
      app.clock.set(now);
      return request.id;
    };
    const expired: number[] = [];
    for (let n = 0; n < 130; n += 1) expired.push(await make(new Date(cutoff.getTime() - 1000 * (n + 1))));
    const kept = [await make(new Date(cutoff.getTime() + 1000)), await make(now)];
    // Old, but worked on recently: a note counts as activity.
    const touched = await make(new Date(cutoff.getTime() - 86_400_000));
    await demoRequests.addNote(touched, "Still talking.", null);
    kept.push(touched);

    // Two instances, each with its own connections to the same database, sweeping at the same moment (on
    // SQLite, a one-instance database, two sweeps of one process: a second process would wait on the file lock).
    const instances = [0, 1].map(() => {
      const handle = kind === "postgres" ? connectDatabase(app.database.url) : app.services.database;
      if (kind === "postgres") handles.push(handle);
      return createDemoRetention({ db: handle.db, logger: createLogger("silent"), clock: app.clock, months: app.services.env.DEMO_REQUEST_RETENTION_MONTHS });
    });
    const [a = [], b = []] = await Promise.all(instances.map((instance) => instance.sweep()));
    expect(a.filter((id) => b.includes(id))).toEqual([]);
    expect([...a, ...b].sort((x, y) => x - y)).toEqual([...expired].sort((x, y) => x - y));
    const left = await app.services.database.db.selectFrom("demo_requests").select("id").execute();
    expect(left.map((row) => Number(row.id)).sort((x, y) => x - y)).toEqual([...kept].sort((x, y) => x - y));
    expect(await app.services.demoRetention.sweep()).toEqual([]);
  });
});
