import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, type DatabaseHandle } from "../../server/db/connect.ts";
import { migrateToLatest } from "../../server/db/migrate.ts";
import { createLogger } from "../../server/logger.ts";
import { createWebhookDeliveryWorker, WEBHOOK_LANE_SIZE } from "../../server/services/webhook-deliveries.ts";
import { webhookDeliveriesJob } from "../../server/jobs/index.ts";
import { runJobs } from "../support/jobs.ts";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/databases.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver.ts";

/** A receiver that accepts every request and never answers (until closed). */
async function startHangingReceiver() {
  let requests = 0;
  const waiters = new Set<() => void>();
  const server: Server = createServer(() => {
    requests += 1;
    for (const waiter of [...waiters]) waiter();
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hangs`,
    requests: () => requests,
    /** Resolves when `count` requests in all have arrived. */
    waitFor: (count: number) =>
      new Promise<void>((resolve) => {
        const check = () => requests >= count && (waiters.delete(check), resolve());
        waiters.add(check);
        check();
      }),
    async close() {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    },
  };
}

/**
 * Each webhook is its own lane (docs/decisions/073-webhooks.md): a receiver that never answers holds
 * at most its own few attempts, never another webhook's deliveries.
 */
describe.each(databaseKinds)("webhook delivery lanes on %s", (kind) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    handle = connectDatabase(database.url);
    await migrateToLatest(handle);
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await handle.close();
    await database.drop();
  });

  const addWebhook = async (url: string) => {
    const row = await handle.db
      .insertInto("webhooks")
      .values({ url, events: "demo_request.created", secret: "whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0", created_at: new Date().toISOString() })
      .returning("id")
      .executeTakeFirstOrThrow();
    return Number(row.id);
  };
  const queue = (webhookId: number, count: number, tag = "first") =>
    handle.db
      .insertInto("webhook_deliveries")
      .values(
        Array.from({ length: count }, (_, i) => ({
          webhook_id: webhookId,
          message_id: `msg_${webhookId}_${tag}_${i}`,
          event_type: "demo_request.created",
          payload: JSON.stringify({ type: "demo_request.created", timestamp: new Date().toISOString(), data: { i } }),
          status: "pending" as const,
          created_at: new Date().toISOString(),
        })),
      )
      .execute();

  it("delivers another webhook's event within a second while 40 events wait on a receiver that never answers", async () => {
    const hanging = await startHangingReceiver();
    const slow = await addWebhook(hanging.url);
    const fast = await addWebhook(receiver.url);
    // The slow webhook's 40 events are older: an id-ordered batch would put them all first.
    await queue(slow, 40);
    await queue(fast, 1);
    const worker = createWebhookDeliveryWorker({
      db: handle.db,
      policy: { production: false, allowPrivate: true },
      logger: createLogger("silent"),
      clock: () => new Date(),
      timeoutMs: 5000,
    });
    let started = Date.now();
    // The worker as the background runner runs it (docs/decisions/025), on PostgreSQL woken by NOTIFY too.
    const jobs = runJobs([webhookDeliveriesJob(worker)], { database: { kind, url: database.url } });
    try {
      const [first] = await receiver.waitFor(1, 10_000);
      expect(first!.receivedAt - started).toBeLessThan(1500);

      // The hanging receiver holds its own lane only: that many attempts claimed, the other 38 waiting.
      await hanging.waitFor(WEBHOOK_LANE_SIZE);
      const claimed = await handle.db.selectFrom("webhook_deliveries").select("id").where("webhook_id", "=", slow).where("attempts", ">", 0).execute();
      expect(claimed).toHaveLength(WEBHOOK_LANE_SIZE);

      // A new event for the other webhook while the lane is stuck goes out at once too.
      await queue(fast, 1, "later");
      started = Date.now();
      jobs.wake("webhook-deliveries");
      const [, second] = await receiver.waitFor(2, 10_000);
      expect(second!.receivedAt - started).toBeLessThan(1500);
      expect(hanging.requests()).toBe(WEBHOOK_LANE_SIZE);
    } finally {
      const stopped = jobs.stop();
      await hanging.close();
      await stopped;
    }
  });
});
