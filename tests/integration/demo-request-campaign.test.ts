import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { CreatedWebhook } from "../../shared/webhooks.ts";
import { createSession } from "../support/auth.ts";
import { csvRecords } from "../support/csv.ts";
import { databaseKinds } from "../support/databases.ts";
import { demoRequestBody } from "../support/demo-requests.ts";
import { postForm } from "../support/http.ts";
import { api } from "../support/posts.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { jobSettled } from "../support/jobs.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver.ts";

/**
 * A lead keeps the campaign of the visit that brought it (docs/decisions/052, 070). With Analytics consent the
 * browser fills the form's attribution fields from the visit it keeps in sessionStorage; here they are sent as it
 * sends them, to the JSON API and as the no-JavaScript form post, and read back from every place a lead goes:
 * the inbox, the CSV export, `GET /api/cms/demo-requests` and the `demo_request.created` webhook.
 */
describe.each(databaseKinds)("a demo request's campaign on %s", (kind) => {
  let app: TestApp;
  let receiver: WebhookReceiver;
  let admin: string;
  let webhook: CreatedWebhook;
  let ip = 0;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    app = await startTestApp(kind, {
      env: { WEBHOOKS_ALLOW_PRIVATE_URLS: "true", TRUST_PROXY: "loopback", SITE_URL: "https://zuri.example" },
      // Queued events are sent by the background job, woken by the commit (docs/decisions/025).
      jobs: ["webhook-deliveries"],
    });
    admin = (await createSession(app, { isAdmin: true })).cookie;
    const created = await api(app, "/api/cms/webhooks", { method: "POST", cookie: admin, body: { url: receiver.url, events: ["demo_request.created"] } });
    expect(created.status, await created.clone().text()).toBe(201);
    webhook = (await created.json()) as CreatedWebhook;
  });
  afterAll(async () => {
    await app.close();
    await receiver.close();
  });
  afterEach(async () => {
    await jobSettled(app.jobs, "webhook-deliveries");
  });

  /** A visit that landed on `/?utm_source=newsletter&utm_campaign=launch` from news.example, as the browser keeps it. */
  const consentedVisit = () => ({
    utmSource: "newsletter",
    utmCampaign: "launch",
    referrer: "https://news.example",
    landingPage: "/",
    visitId: randomBytes(16).toString("base64url"),
  });

  const fromNextAddress = () => ({ "x-forwarded-for": `198.51.100.${++ip}` });
  const postDemo = (body: unknown) =>
    fetch(`${app.baseUrl}/api/book-demo`, {
      method: "POST",
      headers: { "content-type": "application/json", ...fromNextAddress() },
      body: JSON.stringify(body),
    });
  /** The page's own form post without JavaScript, with the token the page rendered, sent at a person's pace. */
  const postDemoForm = async (fields: Record<string, string>) => {
    const page = await (await fetch(`${app.baseUrl}/book-demo`)).text();
    const formToken = /name="formToken" value="([^"]+)"/.exec(page)?.[1];
    expect(formToken).toBeTruthy();
    app.clock.advance(5_000);
    return postForm(app, "/book-demo", { ...fields, formToken: formToken!, website: "" }, { headers: { origin: app.baseUrl, ...fromNextAddress() } });
  };

  const storedLead = async (email: string) => {
    const { requests } = await app.services.demoRequests.list({ search: email });
    expect(requests).toHaveLength(1);
    return requests[0]!;
  };
  const inboxHtml = async (email: string) => {
    const response = await fetch(`${app.baseUrl}/cms/demo-requests?q=${encodeURIComponent(email)}`, { headers: { cookie: admin } });
    expect(response.status).toBe(200);
    return response.text();
  };
  const csvRecordOf = async (email: string) => {
    const response = await fetch(`${app.baseUrl}/cms/demo-requests.csv?q=${encodeURIComponent(email)}`, { headers: { cookie: admin } });
    expect(response.status).toBe(200);
    const records = await csvRecords(response);
    expect(records).toHaveLength(1);
    return records[0]!;
  };
  const apiItemOf = async (id: number) => {
    const response = await api(app, "/api/cms/demo-requests?perPage=100", { cookie: admin });
    expect(response.status).toBe(200);
    return ((await response.json()) as Record<string, unknown>[]).find((lead) => lead.id === id);
  };
  /** The `demo_request.created` payload as the receiver got it (waits for the delivery). */
  const webhookDataOf = async (id: number) => {
    await jobSettled(app.jobs, "webhook-deliveries");
    const deadline = Date.now() + 5000;
    for (;;) {
      const data = receiver.received
        .map((request) => JSON.parse(request.body) as { type: string; data: Record<string, unknown> })
        .find((payload) => payload.type === "demo_request.created" && payload.data.id === id)?.data;
      if (data || Date.now() > deadline) return data;
      await receiver.waitFor(receiver.received.length + 1, Math.max(1, deadline - Date.now())).catch(() => undefined);
    }
  };

  it.each(["the JSON API", "the no-JavaScript form post"])(
    "keeps the consented visit's campaign, referrer and landing page, sent through %s, in the inbox, the CSV, the API and the webhook",
    async (through) => {
      const visit = consentedVisit();
      const body = demoRequestBody(visit);
      const response =
        through === "the JSON API"
          ? await postDemo(body)
          : await postDemoForm(Object.fromEntries(Object.entries(body).map(([key, value]) => [key, String(value)])));
      expect(response.status).toBe(through === "the JSON API" ? 201 : 302);

      const lead = await storedLead(body.email);
      expect(lead).toMatchObject({ spamReasons: [], ...visit, utmMedium: null, utmTerm: null, utmContent: null });

      const html = await inboxHtml(body.email);
      expect(html).toContain("news.example · landed on /<");
      expect(html).toContain("newsletter / launch");

      expect(await csvRecordOf(body.email)).toMatchObject({
        "UTM Source": "newsletter",
        "UTM Medium": "",
        "UTM Campaign": "launch",
        Referrer: "https://news.example",
        "Landing Page": "/",
      });

      const campaign = { utmSource: "newsletter", utmMedium: null, utmCampaign: "launch", referrer: "https://news.example", landingPage: "/" };
      const item = await apiItemOf(lead.id);
      expect(item).toMatchObject(campaign);
      // The visit id links the lead to analytics; other software never gets it.
      expect(item).not.toHaveProperty("visitId");

      const delivered = await webhookDataOf(lead.id);
      expect(delivered).toMatchObject(campaign);
      const { url, ...sameAsApi } = delivered!;
      expect(url).toBe(`https://zuri.example/cms/demo-requests?q=${encodeURIComponent(body.email)}`);
      expect(sameAsApi).toEqual(item);
      const { deliveries } = (await (await api(app, `/api/cms/webhooks/${webhook.id}/deliveries`, { cookie: admin })).json()) as {
        deliveries: { status: string; eventType: string }[];
      };
      expect(deliveries.some((delivery) => delivery.eventType === "demo_request.created" && delivery.status === "delivered")).toBe(true);
    },
  );

  it("drops a referrer or landing page it cannot trust instead of refusing the lead, and stores no e-mail address from them", async () => {
    const cases: [sent: Record<string, unknown>, stored: Record<string, unknown>][] = [
      [{ referrer: "https://news.example/issue-12?ref=x", landingPage: "//evil.example/x" }, { referrer: null, landingPage: null }],
      [{ referrer: "javascript:alert(1)", landingPage: "https://evil.example/" }, { referrer: null, landingPage: null }],
      [{ referrer: "ftp://files.example", landingPage: "enterprise" }, { referrer: null, landingPage: null }],
      [{ referrer: `https://${"a".repeat(300)}.example`, landingPage: `/${"x".repeat(300)}` }, { referrer: null, landingPage: null }],
      [{ referrer: 42, landingPage: ["/"] }, { referrer: null, landingPage: null }],
      [{ referrer: " http://news.example ", landingPage: "/enterprise?utm_source=x" }, { referrer: "http://news.example", landingPage: "/enterprise?utm_source=x" }],
      [
        { landingPage: "/blog/someone%40example.com", utmSource: "list-jane.doe@example.com", utmCampaign: "x%40y.example" },
        { landingPage: "/blog/[redacted]", utmSource: "[redacted]", utmCampaign: "[redacted]" },
      ],
    ];
    for (const [sent, stored] of cases) {
      const body = demoRequestBody(sent);
      const response = await postDemo(body);
      expect(response.status, JSON.stringify(sent)).toBe(201);
      expect(await storedLead(body.email), JSON.stringify(sent)).toMatchObject(stored);
    }
  });

  it("without the visit's fields, keeps what the /book-demo URL carries, as before, and says where it came from is unknown", async () => {
    // The page carries only its own URL's campaign: the referrer and landing page wait, empty, for the visit's.
    const page = await (await fetch(`${app.baseUrl}/book-demo?utm_source=linkedin&utm_medium=social`)).text();
    expect(page).toContain('name="utmSource" value="linkedin"');
    // Empty until the page's script fills them, with consent, from the visit (docs/decisions/019).
    expect(page).toContain('name="referrer" value=""');
    expect(page).toContain('name="landingPage" value=""');

    const body = demoRequestBody({ sourcePage: "/pricing", utmSource: "linkedin", utmMedium: "social" });
    expect((await postDemo(body)).status).toBe(201);
    const lead = await storedLead(body.email);
    expect(lead).toMatchObject({ sourcePage: "/pricing", utmSource: "linkedin", utmMedium: "social", referrer: null, landingPage: null, visitId: null });

    const html = await inboxHtml(body.email);
    expect(html).toMatch(/Came from<\/dt><dd[^>]*><span[^>]*>Unknown</);
    expect(html).toContain("linkedin / social");
    expect(html).toMatch(/Form opened from<\/dt><dd[^>]*>\/pricing</);
    expect(await csvRecordOf(body.email)).toMatchObject({ "Source Page": "/pricing", "UTM Source": "linkedin", Referrer: "", "Landing Page": "" });
    const nothingFromTheVisit = { sourcePage: "/pricing", utmSource: "linkedin", referrer: null, landingPage: null };
    expect(await apiItemOf(lead.id)).toMatchObject(nothingFromTheVisit);
    expect(await webhookDataOf(lead.id)).toMatchObject(nothingFromTheVisit);
  });
});
