import { once } from "node:events";
import { createServer } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { CreatedWebhook, WebhookDeliveryPage } from "../../shared/webhooks.ts";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/databases.ts";
import { demoRequestBody } from "../support/demo-requests.ts";
import { spawnServer, type ServerProcess, stopServers, signIn, callApi } from "../support/server-process.ts";
import { startWebhookReceiver, verifyStandardWebhook, type WebhookReceiver } from "../support/webhook-receiver.ts";

const admin = { username: "webhook-admin", password: "webhook-admin-password-1" };
const FAILED_LOG = "webhook delivery failed; will retry";
const DELIVERED_LOG = "webhook delivered";

/**
 * The outbox with real server processes (docs/decisions/073-webhooks.md): a delivery committed with
 * its event survives a kill -9 of the process before it reached the receiver, and two instances on
 * one PostgreSQL deliver each event once.
 */
describe.each(databaseKinds)("webhooks in server processes on %s", (kind) => {
  let database: TestDatabase;
  const running: ServerProcess[] = [];
  const receivers: WebhookReceiver[] = [];
  let ip = 0;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterEach(async () => {
    await stopServers(running);
    for (const receiver of receivers.splice(0)) await receiver.close();
  });
  afterAll(() => database.drop());

  const start = async () => {
    const server = await spawnServer({
      DATABASE_URL: database.url,
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      TRUST_PROXY: "loopback",
      WEBHOOKS_ALLOW_PRIVATE_URLS: "true",
    });
    running.push(server);
    return server;
  };
  const receiverOn = async (port?: number) => {
    const receiver = await startWebhookReceiver({ port });
    receivers.push(receiver);
    return receiver;
  };
  const login = (server: ServerProcess) => signIn(server, admin);
  const send = callApi;
  const submitDemo = async (server: ServerProcess) => {
    const response = await fetch(`${server.url}/api/book-demo`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `203.0.113.${++ip}` },
      body: JSON.stringify(demoRequestBody()),
    });
    expect(response.status).toBe(201);
  };
  /** Resolves when a server process has logged `text` `count` times. */
  const logged = (server: ServerProcess, text: string, count = 1) =>
    new Promise<void>((resolve) => {
      const seen = () => server.output.filter((line) => line.includes(text)).length >= count;
      if (seen()) return resolve();
      server.child.stdout.on("data", () => seen() && resolve());
    });
  /** A port that is free now and stays closed until a receiver listens on it. */
  const closedPort = async () => {
    const probe = createServer().listen(0, "127.0.0.1");
    await once(probe, "listening");
    const { port } = probe.address() as { port: number };
    await new Promise((done) => probe.close(done));
    return port;
  };

  it("still delivers after a kill -9 between the commit and the delivery, once the process is back", async () => {
    const port = await closedPort();
    const first = await start();
    const cookie = await login(first);
    // The receiver is down: the event is committed with its delivery, and the first attempt fails.
    const webhook = (await send(first, cookie, "POST", "/api/cms/webhooks", {
      url: `http://127.0.0.1:${port}/hooks/zuri`,
      events: ["demo_request.created"],
    })) as CreatedWebhook;
    await submitDemo(first);
    await logged(first, FAILED_LOG);
    first.child.kill("SIGKILL");
    expect((await first.exited).signal).toBe("SIGKILL");

    const receiver = await receiverOn(port);
    const restarted = await start();
    const [request] = await receiver.waitFor(1, 30_000);
    expect(verifyStandardWebhook(webhook.secret, request!)).toBe(true);
    expect(JSON.parse(request!.body)).toMatchObject({ type: "demo_request.created" });
    await logged(restarted, DELIVERED_LOG);

    const log = (await send(restarted, await login(restarted), "GET", `/api/cms/webhooks/${webhook.id}/deliveries`)) as WebhookDeliveryPage;
    expect(log.deliveries).toHaveLength(1);
    expect(log.deliveries[0]).toMatchObject({ status: "delivered", attempts: 2, lastStatusCode: 200 });
    expect(receiver.received).toHaveLength(1);
  });

  // Several instances share PostgreSQL only (SQLite is one instance's file: docs/architecture.md).
  if (kind === "postgres") it("delivers each event once with two instances on one PostgreSQL", async () => {
    const receiver = await receiverOn();
    const [a, b] = await Promise.all([start(), start()]);
    const cookie = await login(a);
    const webhook = (await send(a, cookie, "POST", "/api/cms/webhooks", {
      url: receiver.url,
      events: ["demo_request.created", "post.published"],
    })) as CreatedWebhook;

    const events = 12;
    for (let i = 0; i < events / 2; i += 1) {
      const server = i % 2 === 0 ? a : b;
      await submitDemo(server);
      await send(server, cookie, "POST", "/api/cms/posts", {
        title: `Two instances ${i}`,
        slug: `two-instances-${i}-${process.pid}`,
        content: "<p>Sent once.</p>",
        published: true,
      });
    }
    await receiver.waitFor(events, 30_000);
    // Both instances hear of every commit (NOTIFY) and sweep every 5 s: wait out a sweep of each.
    await new Promise((done) => setTimeout(done, 6000));
    expect(receiver.received).toHaveLength(events);
    expect(new Set(receiver.received.map((r) => r.headers["webhook-id"])).size).toBe(events);
    for (const request of receiver.received) expect(verifyStandardWebhook(webhook.secret, request)).toBe(true);
    const deliveredLines = [a, b].flatMap((server) => server.output).filter((line) => line.includes(DELIVERED_LOG));
    expect(deliveredLines).toHaveLength(events);
  });
});
