import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink.ts";
import { createDemoNotifier } from "../../server/services/demo-notifier.ts";
import { demoRequestBody } from "../support/demo-requests.ts";
import { createSession } from "../support/auth.ts";

const SALES = "sales@zuri.test";
const demoBody = demoRequestBody;

describe.each(databaseKinds)("demo request notifications on %s", (kind) => {
  let sink: SmtpSink;
  let app: TestApp;
  let ip = 0;

  beforeAll(async () => {
    sink = await startSmtpSink();
    app = await startTestApp(kind, {
      env: { SMTP_URL: sink.url, DEMO_NOTIFY_TO: SALES, TRUST_PROXY: "loopback", SITE_URL: "https://zuri.example" },
    });
  });
  afterAll(async () => {
    await app.services.demoNotifier.stop();
    await app.close();
    await sink.close();
  });
  afterEach(async () => {
    await app.services.demoNotifier.settled();
    sink.failing = false;
  });

  const postDemo = (body: unknown) =>
    fetch(`${app.baseUrl}/api/book-demo`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${++ip}` },
      body: JSON.stringify(body),
    });
  const storedRow = (email: string) =>
    app.services.database.db.selectFrom("demo_requests").selectAll().where("email", "=", email).executeTakeFirst();

  it("e-mails each new lead to sales with its details, after it is stored", async () => {
    const body = demoBody({ sourcePage: "/enterprise" });
    const received = sink.nextMessage();
    expect((await postDemo(body)).status).toBe(201);
    const message = await received;

    expect(message.to).toEqual([SALES]);
    expect(message.from).toBe("no-reply@zuri.example");
    expect(message.headers).toMatch(new RegExp(`^Reply-To: "?${body.name}"? <${body.email}>$`, "m"));
    expect(message.headers).toMatch(new RegExp(`^Subject: Demo request: ${body.name}, ${body.organization}$`, "m"));
    for (const text of [body.name, body.email, body.phone, body.organization, "Forecasts for 40 stores,\r\nplease.", "Page: /enterprise"]) {
      expect(message.text).toContain(text);
    }
    expect(message.text).toContain(`https://zuri.example/cms/demo-requests?q=${encodeURIComponent(body.email)}`);

    await app.services.demoNotifier.settled();
    const row = await storedRow(body.email);
    expect(row?.notified_at).toBe(app.clock().toISOString());
    expect(Number(row?.notify_attempts)).toBe(1);
  });

  it("cannot be made to add recipients or headers through the name (\\r\\nBcc:)", async () => {
    const body = demoBody({
      name: "Mallory\r\nBcc: victim@evil.example\r\nX-Injected: yes",
      organization: "Evil\r\nCc: other@evil.example",
    });
    const received = sink.nextMessage();
    expect((await postDemo(body)).status).toBe(201);
    const message = await received;
    expect(message.to).toEqual([SALES]);
    expect(message.headers).not.toMatch(/^(Bcc|Cc|X-Injected):/im);
    expect(message.headers).toContain(`\r\nReply-To: "Mallory Bcc: victim@evil.example X-Injected: yes" <${body.email}>\r\n`);
    expect(message.headers).toMatch(/^Subject: Demo request: Mallory Bcc: victim@evil\.example X-Injected: yes, Evil Cc: other@evil\.example$/m);
  });

  it("keeps headers safe even for a stored lead that never went through the form schema", async () => {
    const { demoRequests, demoNotifier } = app.services;
    const stored = await demoRequests.create({
      ...demoBody(),
      name: "Raw\r\nBcc: victim@evil.example",
      phone: null,
      message: null,
    });
    const received = sink.nextMessage();
    demoNotifier.notifyInBackground(stored.id);
    const message = await received;
    expect(message.to).toEqual([SALES]);
    expect(message.headers).not.toMatch(/^Bcc:/im);
    expect(message.headers).toContain("\r\nSubject: Demo request: Raw Bcc: victim@evil.example, ");
  });

  it("refuses a CR/LF header in the e-mail with 400: nothing stored, so nothing is sent", async () => {
    const body = demoBody({ email: "eve@example.com\r\nBcc: victim@evil.example" });
    expect((await postDemo(body)).status).toBe(400);
    await app.services.demoNotifier.settled();
    const count = await app.services.database.db
      .selectFrom("demo_requests")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("email", "like", "%evil.example%")
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it("keeps the lead when the SMTP server fails, and sends it on a later sweep after the backoff", async () => {
    sink.failing = true;
    const body = demoBody();
    const sentBefore = sink.messages.length;
    expect((await postDemo(body)).status).toBe(201);
    await app.services.demoNotifier.settled();

    const afterFailure = await storedRow(body.email);
    expect(afterFailure).toMatchObject({ name: body.name, notified_at: null });
    expect(Number(afterFailure?.notify_attempts)).toBe(1);
    expect(app.logLines).toContainEqual(
      expect.objectContaining({ msg: "demo request notification failed; will retry", demoRequestId: Number(afterFailure?.id) }),
    );

    // Not due yet: the sweep leaves it alone.
    sink.failing = false;
    await app.services.demoNotifier.sweep();
    expect(Number((await storedRow(body.email))?.notify_attempts)).toBe(1);
    expect(sink.messages.length).toBe(sentBefore);

    app.clock.advance(61_000);
    const received = sink.nextMessage();
    await app.services.demoNotifier.sweep();
    expect((await received).text).toContain(body.email);
    const sent = await storedRow(body.email);
    expect(sent?.notified_at).toBe(app.clock().toISOString());
    expect(Number(sent?.notify_attempts)).toBe(2);
  });

  it("sends a due lead once when two instances sweep at the same time", async () => {
    sink.failing = true;
    const body = demoBody();
    expect((await postDemo(body)).status).toBe(201);
    await app.services.demoNotifier.settled();
    sink.failing = false;
    app.clock.advance(61_000);

    // A second instance: its own notifier on the same database.
    const { database, env, logger } = app.services;
    const other = createDemoNotifier({ db: database.db, env, logger, clock: app.clock });
    const sentBefore = sink.messages.length;
    await Promise.all([app.services.demoNotifier.sweep(), other.sweep(), app.services.demoNotifier.sweep()]);
    await other.stop();

    const copies = sink.messages.slice(sentBefore).filter((message) => message.text.includes(body.email));
    expect(copies).toHaveLength(1);
    expect(Number((await storedRow(body.email))?.notify_attempts)).toBe(2);
  });

  it("keeps a request sent 0.5 s after the form appeared as suspected spam: listed under its filter, no e-mail until \"Not spam\", then exactly one", async () => {
    const html = await (await fetch(`${app.baseUrl}/book-demo`)).text();
    const formToken = /name="formToken" value="([^"]+)"/.exec(html)![1]!;
    app.clock.advance(500);
    const body = demoBody({ formToken, name: "Quick Typist" });
    expect((await postDemo(body)).status).toBe(201);
    await app.services.demoNotifier.settled();
    // Swept as well: still nothing for sales.
    await app.services.demoNotifier.sweep();
    expect(sink.messages.filter((message) => message.text.includes(body.email))).toEqual([]);
    expect((await storedRow(body.email))?.spam_reasons).toBe("too-fast");

    const admin = await createSession(app, { isAdmin: true });
    const page = (path: string) => fetch(`${app.baseUrl}${path}`, { headers: { cookie: admin.cookie } }).then((response) => response.text());
    expect(await page("/cms/demo-requests")).not.toContain(body.email);
    const spamView = await page("/cms/demo-requests?view=spam");
    expect(spamView).toContain(body.email);
    expect(spamView).toContain("sent within 2 seconds of the form appearing");

    const id = String((await storedRow(body.email))!.id);
    const notSpam = () =>
      fetch(`${app.baseUrl}/cms/demo-requests?view=spam`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie: admin.cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "not-spam", id }),
      });
    const received = sink.nextMessage();
    expect((await notSpam()).status).toBe(302);
    expect((await received).text).toContain(body.email);
    // A second click (or a second admin) finds it no longer in Suspected spam (409, said so), and sends nothing.
    const again = await notSpam();
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("This demo request is not in Suspected spam.");
    await app.services.demoNotifier.settled();
    await app.services.demoNotifier.sweep();
    expect(sink.messages.filter((message) => message.text.includes(body.email))).toHaveLength(1);
    expect(await page("/cms/demo-requests")).toContain(body.email);
    expect((await storedRow(body.email))?.spam_reasons).toBeNull();
  });

  it("answers the visitor without waiting for SMTP", async () => {
    const release = sink.hold();
    const body = demoBody();
    const response = await postDemo(body);
    expect(response.status).toBe(201);
    // The answer came while the mail server still had not accepted the message.
    expect((await storedRow(body.email))?.notified_at).toBeNull();
    const received = sink.nextMessage();
    release();
    expect((await received).text).toContain(body.email);
    await app.services.demoNotifier.settled();
    expect((await storedRow(body.email))?.notified_at).not.toBeNull();
  });
});
