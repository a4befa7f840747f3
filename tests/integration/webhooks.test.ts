import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { WEBHOOK_RETRY_SCHEDULE_MS, WEBHOOK_RETRY_WINDOW_MS } from "../../server/services/webhook-deliveries.ts";
import { WEBHOOK_URL_HTTPS_ONLY } from "../../server/services/webhook-address.ts";
import { webhookState, type CreatedWebhook, type Webhook, type WebhookDelivery, type WebhookDeliveryPage } from "../../shared/webhooks.ts";
import { isRefusal } from "../../shared/refusal.ts";
import { createSession } from "../support/auth.ts";
import { databaseKinds } from "../support/databases.ts";
import { demoRequestBody } from "../support/demo-requests.ts";
import { getPage, postForm } from "../support/http.ts";
import { freePort } from "../support/server-process.ts";
import { ownDeliveryWorker } from "../support/webhook-worker.ts";
import { api, createPost, updatePost } from "../support/posts.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { jobSettled } from "../support/jobs.ts";
import { startWebhookReceiver, verifyStandardWebhook, type WebhookReceiver } from "../support/webhook-receiver.ts";

/**
 * Signed webhooks through the transactional outbox (docs/decisions/073-webhooks.md), in the real app
 * on each database, with a local receiver reached through the development switch
 * WEBHOOKS_ALLOW_PRIVATE_URLS=true. Retries move the app's injectable clock and sweep, not wait.
 */
describe.each(databaseKinds)("webhooks on %s", (kind) => {
  let app: TestApp;
  let receiver: WebhookReceiver;
  let admin: string;
  let ip = 0;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    app = await startTestApp(kind, {
      env: { WEBHOOKS_ALLOW_PRIVATE_URLS: "true", TRUST_PROXY: "loopback", SITE_URL: "https://zuri.example" },
      // Queued events are sent by the background job, woken by the commit (docs/decisions/025).
      jobs: ["webhook-deliveries"],
    });
  });
  // A session per test: the retry tests move the clock past any session's lifetime.
  beforeEach(async () => {
    admin = (await createSession(app, { isAdmin: true })).cookie;
  });
  afterAll(async () => {
    await app.close();
    await receiver.close();
  });
  afterEach(async () => {
    await jobSettled(app.jobs, "webhook-deliveries");
    // Each test starts with no webhooks (their deliveries go by the cascade) and a fresh receiver log.
    for (const webhook of await app.services.webhooks.list()) await app.services.webhooks.remove(webhook.id, null);
    receiver.received.length = 0;
    receiver.statuses.length = 0;
  });

  const addWebhook = async (events: string[], url = receiver.url) => {
    const response = await api(app, "/api/cms/webhooks", { method: "POST", cookie: admin, body: { url, events, description: "CRM" } });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as CreatedWebhook;
  };
  const postDemo = (body: unknown) =>
    fetch(`${app.baseUrl}/api/book-demo`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${++ip}` },
      body: JSON.stringify(body),
    });
  const deliveriesOf = async (webhookId: number, query = "") => {
    const response = await api(app, `/api/cms/webhooks/${webhookId}/deliveries${query}`, { cookie: admin });
    expect(response.status).toBe(200);
    return (await response.json()) as WebhookDeliveryPage;
  };
  /** Moves no time: lets any attempt under way finish, sweeps, and waits for what the sweep started. */
  const sweepNow = async () => {
    await jobSettled(app.jobs, "webhook-deliveries");
    await app.services.webhookDeliveries.sweep();
    await jobSettled(app.jobs, "webhook-deliveries");
  };
  /** The add and edit forms as a browser sends them: `events` once per ticked box. */
  const postWebhookForm = (fields: [string, string][], tail = "") =>
    fetch(`${app.baseUrl}/cms/webhooks${tail}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: admin },
      body: new URLSearchParams(fields).toString(),
    });
  const parsed = (index: number) => JSON.parse(receiver.received[index]!.body) as { type: string; timestamp: string; data: Record<string, unknown> };

  it("delivers demo_request.created to a local receiver within 5 s of the submission, signed per Standard Webhooks", async () => {
    const webhook = await addWebhook(["demo_request.created"]);
    expect(webhook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const body = demoRequestBody();
    const submitted = Date.now();
    expect((await postDemo(body)).status).toBe(201);
    const [request] = await receiver.waitFor(1, 5000);
    expect(request!.receivedAt - submitted).toBeLessThan(5000);

    expect(request!.headers["content-type"]).toBe("application/json");
    expect(request!.headers["user-agent"]).toBe("Zuri-Webhooks/1");
    expect(request!.headers["webhook-id"]).toMatch(/^msg_[A-Za-z0-9_-]{22}$/);
    const timestamp = Number(request!.headers["webhook-timestamp"]);
    expect(Math.abs(timestamp - Math.floor(app.clock().getTime() / 1000))).toBeLessThanOrEqual(1);
    expect(request!.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(verifyStandardWebhook(webhook.secret, request!)).toBe(true);
    // A changed body, id or timestamp, or another secret, does not verify.
    expect(verifyStandardWebhook(webhook.secret, { ...request!, body: request!.body.replace("Ada", "Eve") })).toBe(false);
    expect(verifyStandardWebhook(webhook.secret, { ...request!, headers: { ...request!.headers, "webhook-timestamp": String(timestamp + 1) } })).toBe(false);
    const other = await addWebhook(["post.published"]);
    expect(verifyStandardWebhook(other.secret, request!)).toBe(false);

    const payload = parsed(0);
    expect(payload.type).toBe("demo_request.created");
    expect(payload.data).toMatchObject({ name: body.name, email: body.email, organization: body.organization, phone: body.phone });
    expect(payload.data.url).toBe(`https://zuri.example/cms/demo-requests?q=${encodeURIComponent(body.email)}`);
    // The same lead as GET /api/cms/demo-requests answers it (one mapping for other software), plus its inbox link.
    const leads = (await (await api(app, "/api/cms/demo-requests?perPage=100", { cookie: admin })).json()) as { id: number }[];
    const { url, ...lead } = payload.data as { url: string; id: number };
    expect(url).toContain("/cms/demo-requests?q=");
    expect(lead).toEqual(leads.find((item) => item.id === lead.id));
    // The receiver has answered; the worker records the answer right after.
    await jobSettled(app.jobs, "webhook-deliveries");
    const [delivery] = (await deliveriesOf(webhook.id)).deliveries;
    expect(delivery).toMatchObject({ status: "delivered", attempts: 1, lastStatusCode: 200, eventType: "demo_request.created" });
  });

  it("queues nothing for suspected spam until it is marked Not spam, then delivers it once", async () => {
    const webhook = await addWebhook(["demo_request.created"]);
    const body = demoRequestBody({ website: "http://spam.example" });
    expect((await postDemo(body)).status).toBe(201);
    await jobSettled(app.jobs, "webhook-deliveries");
    expect((await deliveriesOf(webhook.id)).total).toBe(0);

    const stored = (await app.services.demoRequests.list({ view: "spam" })).requests.find((r) => r.email === body.email)!;
    expect(isRefusal(await app.services.demoRequests.markNotSpam(stored.id))).toBe(false);
    expect(await app.services.demoRequests.markNotSpam(stored.id)).toMatchObject({ refused: true, code: "conflict" });
    await receiver.waitFor(1, 5000);
    await jobSettled(app.jobs, "webhook-deliveries");
    expect(parsed(0).data.email).toBe(body.email);
    expect((await deliveriesOf(webhook.id)).total).toBe(1);
  });

  it("sends post.published, post.updated, post.unpublished and post.deleted, and nothing for drafts", async () => {
    const webhook = await addWebhook(["post.published", "post.updated", "post.unpublished", "post.deleted"]);
    const draft = await createPost(app, admin, { published: false });
    await updatePost(app, admin, draft, { title: "Still a draft" });
    expect((await api(app, `/api/cms/posts/${draft.id}`, { method: "DELETE", cookie: admin })).status).toBe(200);

    const post = await createPost(app, admin, { published: true });
    await receiver.waitFor(1, 5000);
    const edited = (await (await updatePost(app, admin, post, { title: "A new title" })).json()) as typeof post;
    await receiver.waitFor(2, 5000);
    const unpublished = (await (await updatePost(app, admin, edited, { published: false })).json()) as typeof post;
    await receiver.waitFor(3, 5000);
    await updatePost(app, admin, unpublished, { published: true });
    await receiver.waitFor(4, 5000);
    expect((await api(app, `/api/cms/posts/${post.id}`, { method: "DELETE", cookie: admin })).status).toBe(200);
    await receiver.waitFor(5, 5000);
    await jobSettled(app.jobs, "webhook-deliveries");

    expect(receiver.received.map((_, i) => parsed(i).type)).toEqual([
      "post.published",
      "post.updated",
      "post.unpublished",
      "post.published",
      "post.deleted",
    ]);
    expect(parsed(1).data).toMatchObject({ id: post.id, title: "A new title", slug: post.slug, url: `https://zuri.example/blog/${post.slug}` });
    for (const request of receiver.received) expect(verifyStandardWebhook(webhook.secret, request)).toBe(true);
    // Each event its own message id.
    expect(new Set(receiver.received.map((r) => r.headers["webhook-id"])).size).toBe(5);
    // A webhook only gets what it subscribed to.
    expect((await deliveriesOf(webhook.id)).deliveries.every((d) => d.eventType.startsWith("post."))).toBe(true);
  });

  it("sends post.published when a scheduled post goes live on its own, and nothing when it is scheduled", async () => {
    const webhook = await addWebhook(["post.published"]);
    const at = new Date(app.clock().getTime() + 60 * 60_000);
    const scheduled = await createPost(app, admin, { published: true, publishedAt: at.toISOString() });
    expect(scheduled.status).toBe("scheduled");
    await jobSettled(app.jobs, "webhook-deliveries");
    expect((await deliveriesOf(webhook.id)).total).toBe(0);

    app.clock.set(at);
    await app.services.scheduledPublisher.sweep();
    await receiver.waitFor(1, 5000);
    expect(parsed(0)).toMatchObject({ type: "post.published", data: { id: scheduled.id, slug: scheduled.slug, publishedAt: at.toISOString() } });
    expect(verifyStandardWebhook(webhook.secret, receiver.received[0]!)).toBe(true);
  });

  it("retries a receiver that fails twice on the backoff schedule and then has exactly one successful delivery", async () => {
    const webhook = await addWebhook(["demo_request.created"]);
    receiver.statuses.push(500, 503);
    expect((await postDemo(demoRequestBody())).status).toBe(201);
    await receiver.waitFor(1, 5000);
    await jobSettled(app.jobs, "webhook-deliveries");
    let [delivery] = (await deliveriesOf(webhook.id)).deliveries;
    expect(delivery).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 500 });
    expect(new Date(delivery!.nextAttemptAt!).getTime() - app.clock().getTime()).toBe(WEBHOOK_RETRY_SCHEDULE_MS[0]);

    // Not due yet: a sweep sends nothing.
    app.clock.advance(WEBHOOK_RETRY_SCHEDULE_MS[0]! - 1000);
    await sweepNow();
    expect(receiver.received).toHaveLength(1);

    app.clock.advance(1000);
    await sweepNow();
    expect(receiver.received).toHaveLength(2);
    [delivery] = (await deliveriesOf(webhook.id)).deliveries;
    expect(delivery).toMatchObject({ status: "pending", attempts: 2, lastStatusCode: 503, lastError: "The receiver answered HTTP 503" });

    app.clock.advance(WEBHOOK_RETRY_SCHEDULE_MS[1]!);
    await sweepNow();
    [delivery] = (await deliveriesOf(webhook.id)).deliveries;
    expect(delivery).toMatchObject({ status: "delivered", attempts: 3, lastStatusCode: 200, lastError: null, nextAttemptAt: null });

    // Later sweeps send nothing more.
    app.clock.advance(WEBHOOK_RETRY_WINDOW_MS);
    await sweepNow();
    expect(receiver.received.map((r) => r.status)).toEqual([500, 503, 200]);
    // Every attempt carries the same webhook-id, each with its own timestamp and a valid signature.
    expect(new Set(receiver.received.map((r) => r.headers["webhook-id"])).size).toBe(1);
    expect(new Set(receiver.received.map((r) => r.headers["webhook-timestamp"])).size).toBe(3);
    for (const request of receiver.received) expect(verifyStandardWebhook(webhook.secret, request)).toBe(true);
  });

  it("keeps retrying for at least 24 hours, then marks the delivery failed", async () => {
    const webhook = await addWebhook(["demo_request.created"]);
    receiver.defaultStatus = 500;
    try {
      const queuedAt = app.clock().getTime();
      expect((await postDemo(demoRequestBody())).status).toBe(201);
      await receiver.waitFor(1, 5000);
      await jobSettled(app.jobs, "webhook-deliveries");
      const latest = async () => {
        const page = await app.services.webhooks.deliveries(webhook.id);
        return "deliveries" in page ? page.deliveries[0]! : undefined;
      };
      for (;;) {
        const delivery = await latest();
        if (delivery!.status !== "pending") break;
        app.clock.set(new Date(delivery!.nextAttemptAt!));
        await sweepNow();
      }
      const delivery = await latest();
      expect(delivery).toMatchObject({ status: "failed", attempts: receiver.received.length, nextAttemptAt: null, lastStatusCode: 500 });
      const lastAttempt = new Date(delivery!.lastAttemptAt!).getTime();
      expect(lastAttempt - queuedAt).toBeGreaterThanOrEqual(WEBHOOK_RETRY_WINDOW_MS);
      expect(receiver.received).toHaveLength(8);
      expect(app.logLines.some((line) => line.msg === "webhook delivery failed for good")).toBe(true);
    } finally {
      receiver.defaultStatus = 200;
    }
  });

  it("answers the management API: secret shown once, delivery log newest first, test event, redeliver", async () => {
    const created = await addWebhook(["post.published"]);
    const list = (await (await api(app, "/api/cms/webhooks", { cookie: admin })).json()) as Webhook[];
    expect(list).toEqual([{ id: created.id, url: receiver.url, events: ["post.published"], description: "CRM", createdAt: created.createdAt, disabledAt: null }]);
    expect(JSON.stringify(list)).not.toContain(created.secret);

    const test = await api(app, `/api/cms/webhooks/${created.id}/test`, { method: "POST", cookie: admin });
    expect(test.status).toBe(202);
    const queued = (await test.json()) as WebhookDelivery;
    expect(queued).toMatchObject({ eventType: "webhook.test", webhookId: created.id });
    await receiver.waitFor(1, 5000);
    await jobSettled(app.jobs, "webhook-deliveries");
    expect(parsed(0)).toMatchObject({ type: "webhook.test", data: { webhookId: created.id } });
    expect(verifyStandardWebhook(created.secret, receiver.received[0]!)).toBe(true);

    const redelivered = await api(app, `/api/cms/webhooks/deliveries/${queued.id}/redeliver`, { method: "POST", cookie: admin });
    expect(redelivered.status).toBe(202);
    const again = (await redelivered.json()) as WebhookDelivery;
    expect(again.id).not.toBe(queued.id);
    expect(again.messageId).toBe(queued.messageId);
    // Still pending (or being sent): a second redelivery of the new row is refused.
    const pending = await api(app, `/api/cms/webhooks/deliveries/${again.id}/redeliver`, { method: "POST", cookie: admin });
    if (pending.status !== 202) expect(pending.status).toBe(409);
    await receiver.waitFor(2, 5000);
    await jobSettled(app.jobs, "webhook-deliveries");
    expect(receiver.received[1]!.body).toBe(receiver.received[0]!.body);
    expect(receiver.received[1]!.headers["webhook-id"]).toBe(queued.messageId);

    const page = await deliveriesOf(created.id);
    expect(page.pageSize).toBe(20);
    expect(page.deliveries[0]!.id).toBeGreaterThan(page.deliveries.at(-1)!.id);
    expect(page.deliveries.find((d) => d.id === again.id)).toMatchObject({ status: "delivered", lastStatusCode: 200, attempts: 1 });

    // Pausing stops new events and test events.
    const paused = await api(app, `/api/cms/webhooks/${created.id}`, { method: "PATCH", cookie: admin, body: { enabled: false } });
    expect(paused.status).toBe(200);
    expect(((await paused.json()) as Webhook).disabledAt).not.toBeNull();
    expect((await api(app, `/api/cms/webhooks/${created.id}/test`, { method: "POST", cookie: admin })).status).toBe(409);
    await createPost(app, admin, { published: true });
    expect((await deliveriesOf(created.id)).total).toBe(page.total);

    // Refusals: unknown ids 404, bad ids and pages 400, bad bodies 400 with field messages.
    expect((await api(app, "/api/cms/webhooks/999999/deliveries", { cookie: admin })).status).toBe(404);
    expect((await api(app, "/api/cms/webhooks/abc/deliveries", { cookie: admin })).status).toBe(400);
    expect((await api(app, `/api/cms/webhooks/${created.id}/deliveries?page=0`, { cookie: admin })).status).toBe(400);
    expect((await api(app, "/api/cms/webhooks/deliveries/999999/redeliver", { method: "POST", cookie: admin })).status).toBe(404);
    const invalid = await api(app, "/api/cms/webhooks", { method: "POST", cookie: admin, body: { url: "not a url", events: [] } });
    expect(invalid.status).toBe(400);
    const { errors } = (await invalid.json()) as { errors: Record<string, string> };
    expect(errors).toEqual({ url: "Enter the receiver's full address, starting with https://", events: "Choose at least one event." });
    expect((await api(app, "/api/cms/webhooks", { method: "POST", cookie: admin, body: { url: receiver.url, events: ["post.exploded"] } })).status).toBe(400);

    // Administrators only.
    const writer = (await createSession(app, { isAdmin: false })).cookie;
    expect((await api(app, "/api/cms/webhooks", { cookie: writer })).status).toBe(403);
    expect((await api(app, "/api/cms/webhooks")).status).toBe(401);

    expect((await api(app, `/api/cms/webhooks/${created.id}`, { method: "DELETE", cookie: admin })).status).toBe(200);
    expect((await api(app, `/api/cms/webhooks/${created.id}/deliveries`, { cookie: admin })).status).toBe(404);
    const orphans = await app.services.database.db.selectFrom("webhook_deliveries").select("id").where("webhook_id", "=", created.id).execute();
    expect(orphans).toEqual([]);
  });

  it("serves /cms/webhooks to administrators only, with forms that work without JavaScript", async () => {
    const writer = (await createSession(app, { isAdmin: false })).cookie;
    expect((await getPage(app, "/cms/webhooks", writer)).headers.get("location")).toBe("/cms/unauthorized");
    expect((await getPage(app, "/cms/webhooks")).headers.get("location")).toBe("/cms/login?redirectTo=%2Fcms%2Fwebhooks");
    const refusedForWriter = await postForm(app, "/cms/webhooks", { intent: "create", url: receiver.url, events: "post.published" }, { cookie: writer });
    expect(refusedForWriter.status).not.toBe(200);
    expect(await app.services.webhooks.list()).toEqual([]);

    // A plain form post: the answer is the page with the secret, once, and never cached.
    const created = await postForm(app, "/cms/webhooks", { intent: "create", url: receiver.url, events: "demo_request.created", description: "Leads" }, { cookie: admin });
    expect(created.status).toBe(200);
    expect(created.headers.get("cache-control")).toBe("private, no-store");
    const [webhook] = await app.services.webhooks.list();
    const secret = (await app.services.database.db.selectFrom("webhooks").select("secret").where("id", "=", webhook!.id).executeTakeFirstOrThrow()).secret;
    expect(await created.text()).toContain(secret);
    const page = await getPage(app, `/cms/webhooks?webhook=${webhook!.id}`, admin);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(receiver.url);
    expect(html).not.toContain(secret);

    // Send test event, Pause: each a plain post that redirects back to the webhook's log.
    const test = await postForm(app, "/cms/webhooks", { intent: "test", id: String(webhook!.id) }, { cookie: admin });
    expect(test.status).toBe(302);
    expect(test.headers.get("location")).toBe(`/cms/webhooks?webhook=${webhook!.id}`);
    await receiver.waitFor(1, 5000);
    await jobSettled(app.jobs, "webhook-deliveries");
    expect(await (await getPage(app, `/cms/webhooks?webhook=${webhook!.id}`, admin)).text()).toContain("webhook.test");
    expect((await postForm(app, "/cms/webhooks", { intent: "pause", id: String(webhook!.id) }, { cookie: admin })).status).toBe(302);
    expect((await app.services.webhooks.get(webhook!.id) as Webhook).disabledAt).not.toBeNull();

    // A refused form answers 400 with the message, keeping what was typed.
    const refused = await postForm(app, "/cms/webhooks", { intent: "create", url: "https://hooks.example.com/zuri" }, { cookie: admin });
    expect(refused.status).toBe(400);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toContain("Choose at least one event.");
    expect(refusedHtml).toContain("https://hooks.example.com/zuri");
  });

  it("the page's edit form changes the URL, events and description and keeps the secret and the delivery log; a refused form changes nothing", async () => {
    const webhook = await addWebhook(["demo_request.created"]);
    expect((await api(app, `/api/cms/webhooks/${webhook.id}/test`, { method: "POST", cookie: admin })).status).toBe(202);
    await receiver.waitFor(1, 5000);
    await jobSettled(app.jobs, "webhook-deliveries");
    const before = await deliveriesOf(webhook.id);
    expect(before.total).toBe(1);
    const stored = () =>
      app.services.database.db.selectFrom("webhooks").select(["url", "events", "description", "secret"]).where("id", "=", webhook.id).executeTakeFirstOrThrow();
    const other = await startWebhookReceiver();
    try {
      // Without JavaScript: a plain post that redirects back to the webhook's log.
      const saved = await postWebhookForm([
        ["intent", "edit"],
        ["id", String(webhook.id)],
        ["url", ` ${other.url} `],
        ["events", "post.published"],
        ["events", "post.deleted"],
        ["description", "Newsletter"],
      ]);
      expect(saved.status).toBe(302);
      expect(saved.headers.get("location")).toBe(`/cms/webhooks?webhook=${webhook.id}`);
      expect(await stored()).toEqual({ url: other.url, events: "post.published,post.deleted", description: "Newsletter", secret: webhook.secret });
      expect(await deliveriesOf(webhook.id)).toEqual(before);

      // With JavaScript (the fetcher's request): data for the toast, no redirect; an empty description clears it.
      const enhanced = await postWebhookForm(
        [
          ["intent", "edit"],
          ["id", String(webhook.id)],
          ["url", other.url],
          ["events", "post.published"],
          ["description", ""],
          ["_js", "1"],
        ],
        ".data",
      );
      expect(enhanced.status).toBe(200);
      const answer = await enhanced.text();
      expect(answer).toContain("Its signing secret and delivery log are unchanged.");
      expect(answer).not.toContain("SingleFetchRedirect");
      expect(await app.services.webhooks.get(webhook.id)).toMatchObject({ url: other.url, events: ["post.published"], description: null });

      // The next event goes to the new URL, signed with the secret it always had.
      expect((await api(app, `/api/cms/webhooks/${webhook.id}/test`, { method: "POST", cookie: admin })).status).toBe(202);
      const [delivered] = await other.waitFor(1, 5000);
      expect(verifyStandardWebhook(webhook.secret, delivered!)).toBe(true);
      await jobSettled(app.jobs, "webhook-deliveries");
      expect(receiver.received).toHaveLength(1);

      // Refused: 400 with the message for the field, the form open again with what was typed, nothing written.
      const unchanged = await stored();
      const refusals: [string, [string, string][], string][] = [
        ["url", [["url", "ftp://files.example.com/"], ["events", "post.updated"]], WEBHOOK_URL_HTTPS_ONLY],
        ["events", [["url", "https://hooks.example.com/typed"]], "Choose at least one event."],
      ];
      for (const [name, fields, message] of refusals) {
        const refused = await postWebhookForm([["intent", "edit"], ["id", String(webhook.id)], ...fields, ["description", "Typed"]], `?edit=${webhook.id}`);
        expect(refused.status).toBe(400);
        const html = await refused.text();
        expect(html).toContain(`<p id="webhook-${webhook.id}-form-${name}-error" class="text-sm font-medium text-destructive">${message}</p>`);
        expect(html).toContain(`value="${fields[0]![1]}"`);
        expect(await stored()).toEqual(unchanged);
      }
      const missing = await postWebhookForm([["intent", "edit"], ["id", "999999"], ["url", other.url], ["events", "post.published"]]);
      expect(missing.status).toBe(404);
    } finally {
      await other.close();
    }
    expect(await deliveriesOf(webhook.id)).toMatchObject({ total: 2 });
  });

  it.each([
    ["webhook-receiver.mjs", process.execPath],
    ["webhook_receiver.py", "python3"],
  ])("the %s example of docs/integrations.md verifies a real delivery and refuses a forged one", async (file, interpreter) => {
    // The examples refuse deliveries more than 5 minutes from their own clock: the app's clock is now.
    app.clock.set(new Date());
    const code = documentedExamples().get(file);
    expect(code, `docs/integrations.md has no ${file} example`).toBeDefined();
    const dir = mkdtempSync(join(tmpdir(), "zuri-webhook-example-"));
    writeFileSync(join(dir, file), code!);
    const port = await freePort();
    const webhook = await addWebhook(["demo_request.created"], `http://127.0.0.1:${port}/zuri`);
    const example = spawn(interpreter, [join(dir, file)], {
      env: { PATH: process.env.PATH ?? "", PORT: String(port), ZURI_WEBHOOK_SECRET: webhook.secret },
    });
    const lines: string[] = [];
    const printed = (text: string) =>
      new Promise<void>((resolve, reject) => {
        const check = () => lines.some((line) => line.includes(text)) && resolve();
        check();
        example.stdout.on("data", () => setImmediate(check));
        example.once("exit", (code) => reject(new Error(`${file} exited with ${code} before printing ${text}`)));
      });
    createInterface({ input: example.stdout }).on("line", (line) => lines.push(line));
    try {
      await printed("Listening on port");
      const body = demoRequestBody();
      expect((await postDemo(body)).status).toBe(201);
      // The example prints each event it verified.
      await printed(body.email);
      expect(lines.find((line) => line.includes(body.email))).toContain("demo_request.created");
      await jobSettled(app.jobs, "webhook-deliveries");
      const [delivery] = (await deliveriesOf(webhook.id)).deliveries;
      // 204 is the example's answer to a valid signature (401 otherwise).
      expect(delivery).toMatchObject({ status: "delivered", lastStatusCode: 204, attempts: 1 });

      const forged = await fetch(`http://127.0.0.1:${port}/zuri`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "webhook-id": "msg_forged",
          "webhook-timestamp": String(Math.floor(Date.now() / 1000)),
          "webhook-signature": `v1,${Buffer.alloc(32).toString("base64")}`,
        },
        body: JSON.stringify({ type: "demo_request.created", timestamp: new Date().toISOString(), data: {} }),
      });
      expect(forged.status).toBe(401);
    } finally {
      example.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("reads each webhook's status from its latest deliveries: failing while the latest tried one failed, active once one goes through", async () => {
    const { db } = app.services.database;
    const now = app.clock().getTime();
    const minutesAgo = (minutes: number) => new Date(now - minutes * 60_000).toISOString();
    const quiet = await addWebhook(["post.published"]);
    const webhook = await addWebhook(["demo_request.created"]);
    const rows = [
      { message_id: "msg_delivered", status: "delivered", last_attempt_at: minutesAgo(50), delivered_at: minutesAgo(50), last_status_code: 204 },
      { message_id: "msg_failed", status: "failed", last_attempt_at: minutesAgo(40), last_status_code: 500, last_error: "The receiver answered HTTP 500" },
      { message_id: "msg_retrying", status: "pending", last_attempt_at: minutesAgo(30), next_attempt_at: minutesAgo(-60), last_status_code: 502, last_error: "The receiver answered HTTP 502" },
      // Queued and never tried, and a first attempt under way (its lease runs): neither has an outcome yet. Every
      // pending row is due in the future, so the worker leaves them alone.
      { message_id: "msg_queued", status: "pending", next_attempt_at: minutesAgo(-60) },
      { message_id: "msg_first_attempt", status: "pending", last_attempt_at: minutesAgo(1), next_attempt_at: minutesAgo(-60) },
    ] as const;
    await db
      .insertInto("webhook_deliveries")
      .values(rows.map((row) => ({ webhook_id: webhook.id, event_type: "demo_request.created", payload: "{}", attempts: 1, created_at: minutesAgo(60), ...row })))
      .execute();
    const healthOf = async (id: number) => (await app.services.webhooks.health()).find((health) => health.webhookId === id);
    const failing = await healthOf(webhook.id);
    expect(failing).toEqual({
      webhookId: webhook.id,
      last: { outcome: "retrying", at: minutesAgo(30), statusCode: 502, error: "The receiver answered HTTP 502" },
      failedInARow: 2,
    });
    expect(webhookState(webhook, failing)).toBe("failing");
    expect(await healthOf(quiet.id)).toEqual({ webhookId: quiet.id, last: null, failedInARow: 0 });
    expect(webhookState(quiet, await healthOf(quiet.id))).toBe("active");

    // The page says so: Failing, with the last answer and when.
    const html = await (await getPage(app, "/cms/webhooks", admin)).text();
    expect(html).toMatch(/data-state="failing"[^>]*>[\s\S]*?Failing/);
    expect(html).toContain("HTTP 502");
    // Its delivery log names an answer only where there was one, and says a pending delivery needs no one.
    const log = await (await getPage(app, `/cms/webhooks?webhook=${webhook.id}`, admin)).text();
    expect(log).toContain("HTTP 502");
    expect(log).not.toContain("HTTP —");
    expect(log).toContain("Retries on its own");

    // One delivery that goes through makes it active again; pausing it says Paused whatever the log says.
    await db.updateTable("webhook_deliveries").set({ status: "delivered", last_attempt_at: minutesAgo(5), delivered_at: minutesAgo(5), last_status_code: 200, last_error: null }).where("message_id", "=", "msg_first_attempt").execute();
    const healthy = await healthOf(webhook.id);
    expect(healthy).toMatchObject({ last: { outcome: "delivered", at: minutesAgo(5), statusCode: 200, error: null }, failedInARow: 0 });
    expect(webhookState(webhook, healthy)).toBe("active");
    expect(webhookState({ disabledAt: minutesAgo(1) }, failing)).toBe("paused");
  });

  it("prunes finished deliveries older than 30 days from the log, keeps newer ones and every pending one", async () => {
    const { db } = app.services.database;
    const now = app.clock();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3600_000).toISOString();
    const webhook = await db
      .insertInto("webhooks")
      .values({ url: "https://crm.example/hook", events: "demo_request.created", secret: "whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0", created_at: daysAgo(60) })
      .returning("id")
      .executeTakeFirstOrThrow();
    const rows = [
      { status: "delivered", created_at: daysAgo(31), message_id: "msg_old_delivered" },
      { status: "failed", created_at: daysAgo(45), message_id: "msg_old_failed" },
      { status: "pending", created_at: daysAgo(40), message_id: "msg_old_pending" },
      { status: "delivered", created_at: daysAgo(29), message_id: "msg_recent" },
    ] as const;
    await db
      .insertInto("webhook_deliveries")
      .values(rows.map((row) => ({ ...row, webhook_id: Number(webhook.id), event_type: "demo_request.created", payload: "{}", attempts: 1, next_attempt_at: null })))
      .execute();
    // A paused webhook's pending delivery must stay.
    await db.updateTable("webhooks").set({ disabled_at: daysAgo(1) }).where("id", "=", Number(webhook.id)).execute();
    // Workers of their own, so the prune is due (the app's pruned at start); two at once, as two instances would.
    await Promise.all([ownDeliveryWorker(app, kind).sweep(), ownDeliveryWorker(app, kind).sweep()]);
    const left = await db.selectFrom("webhook_deliveries").select("message_id").where("webhook_id", "=", Number(webhook.id)).orderBy("message_id").execute();
    expect(left.map((row) => row.message_id)).toEqual(["msg_old_pending", "msg_recent"]);
    await app.services.webhooks.remove(Number(webhook.id), null);
  });
});

/** The copy-paste receivers of docs/integrations.md, by file name (`<!-- example: name -->` before each block). */
function documentedExamples(): Map<string, string> {
  const doc = readFileSync(join(import.meta.dirname, "../../docs/integrations.md"), "utf8");
  return new Map([...doc.matchAll(/<!-- example: (\S+) -->\s*```\w+\n([\s\S]*?)```/g)].map((match) => [match[1]!, match[2]!]));
}


