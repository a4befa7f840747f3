import { createHmac } from "node:crypto";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import pg from "pg";
import type { Db } from "../db/connect.ts";
import type { DatabaseKind } from "../db/portable-types.ts";
import type { Logger } from "../logger.ts";
import { checkWebhookUrl, type AddressPolicy, type ResolvedAddress } from "./webhook-address.ts";
import { WEBHOOK_NOTIFY_CHANNEL } from "./webhook-outbox.ts";

/**
 * Waits before attempt n+1 after n failed attempts (docs/decisions/073-webhooks.md): 5 s, 5 min,
 * 30 min, 2 h, 5 h, then every 10 h, until an attempt fails 24 h or more after the event was queued.
 * Attempts: 0, 5 s, 5 min, 35 min, 2.6 h, 7.6 h, 17.6 h, 27.6 h: eight tries over more than a day.
 */
export const WEBHOOK_RETRY_SCHEDULE_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 5 * 3600_000, 10 * 3600_000];
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 3600_000;
/** One attempt may take this long before it is abandoned (no answer is a failure). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How long an instance owns a claimed attempt; if it dies mid-attempt, another one retries after. */
export const WEBHOOK_LEASE_MS = 30_000;
/** Every instance looks for due deliveries (retries, another instance's or a killed process's) this often. */
export const WEBHOOK_SWEEP_MS = 5_000;
const SWEEP_BATCH = 20;
/**
 * The delivery log is kept this long (docs/decisions/073-webhooks.md): a `demo_request.created`
 * payload holds a lead's name and e-mail, which the log must not keep for ever (UK GDPR storage
 * limitation). Pending deliveries are never removed.
 */
export const WEBHOOK_LOG_RETENTION_MS = 30 * 24 * 3600_000;
/** Each instance prunes the log at most this often, at the start of a sweep. */
const PRUNE_EVERY_MS = 3600_000;
const USER_AGENT = "Zuri-Webhooks/1";

/**
 * The Standard Webhooks signature: `v1,` + base64 HMAC-SHA256 of `{id}.{timestamp}.{body}`, keyed
 * with the base64-decoded part of the secret after `whsec_`.
 */
export function signWebhook(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  return `v1,${createHmac("sha256", key).update(`${messageId}.${timestampSeconds}.${body}`).digest("base64")}`;
}

export interface WebhookDeliveryWorkerDeps {
  db: Db;
  kind: DatabaseKind;
  /** PostgreSQL only: the worker LISTENs on its own connection for commits that queued deliveries. */
  databaseUrl: string;
  policy: AddressPolicy;
  logger: Logger;
  clock: () => Date;
  sweepMs?: number;
  /** Tests: resolve host names without DNS. */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
}

type AttemptResult = { statusCode: number } | { error: string };

/**
 * The outbox worker (docs/decisions/073-webhooks.md). Every instance runs one. A delivery is claimed
 * by one conditional UPDATE … RETURNING (still pending, due or never tried) that counts the attempt
 * and sets `next_attempt_at` to a lease: only one instance's UPDATE changes the row (a row lock on
 * PostgreSQL, serialised writes on SQLite), so each attempt is made once. The worker sweeps at start,
 * every few seconds, and when woken: by `kick()` on this instance (SQLite) or by a NOTIFY that
 * PostgreSQL delivers to every instance when the transaction that queued deliveries commits.
 */
export function createWebhookDeliveryWorker({
  db,
  kind,
  databaseUrl,
  policy,
  logger,
  clock,
  sweepMs = WEBHOOK_SWEEP_MS,
  resolve,
}: WebhookDeliveryWorkerDeps) {
  const log = logger.child({ component: "webhooks" });
  let running = false;
  let timer: ReturnType<typeof setInterval> | null = null;
  let current: Promise<void> | null = null;
  let again = false;
  let listener: pg.Client | null = null;
  let prunedAt = Number.NEGATIVE_INFINITY;

  /** Takes the next attempt at one delivery, or undefined when it is not due or another instance has it. */
  async function claim(id: number) {
    const now = clock();
    return db
      .updateTable("webhook_deliveries")
      .set((eb) => ({
        attempts: eb("attempts", "+", 1),
        next_attempt_at: new Date(now.getTime() + WEBHOOK_LEASE_MS).toISOString(),
        last_attempt_at: now.toISOString(),
      }))
      .where("id", "=", id)
      .where("status", "=", "pending")
      .where((eb) => eb.or([eb("next_attempt_at", "is", null), eb("next_attempt_at", "<=", now.toISOString())]))
      .returningAll()
      .executeTakeFirst();
  }

  /** One POST of the stored body to the checked address; redirects are not followed (a 3xx is a failure). */
  async function post(target: string, headers: Record<string, string>, body: string): Promise<AttemptResult> {
    const checked = await checkWebhookUrl(target, policy, resolve);
    if ("refused" in checked) return { error: checked.refused };
    const { url, addresses } = checked;
    // Connect to the address that was checked, not to what a second DNS answer says (DNS rebinding).
    const pinned: LookupFunction | undefined =
      addresses.length === 0
        ? undefined
        : (_hostname, options, callback) => {
            const [first] = addresses;
            if ((options as { all?: boolean }).all) callback(null, addresses as never);
            else callback(null, first!.address, first!.family);
          };
    const client = url.protocol === "https:" ? https : http;
    return new Promise<AttemptResult>((done) => {
      const request = client.request(url, {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        agent: false,
        lookup: pinned,
      });
      const timeout = setTimeout(() => request.destroy(new Error(`No answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`)), WEBHOOK_TIMEOUT_MS);
      request.on("response", (response) => {
        clearTimeout(timeout);
        response.resume();
        response.destroy();
        done({ statusCode: response.statusCode ?? 0 });
      });
      request.on("error", (error) => {
        clearTimeout(timeout);
        done({ error: (error.message || String(error)).slice(0, 300) });
      });
      request.end(body);
    });
  }

  async function attempt(id: number): Promise<void> {
    const delivery = await claim(id);
    if (!delivery) return;
    const webhook = await db
      .selectFrom("webhooks")
      .select(["url", "secret", "disabled_at"])
      .where("id", "=", delivery.webhook_id)
      .executeTakeFirst();
    const attempts = Number(delivery.attempts);
    const details = {
      deliveryId: id,
      webhookId: Number(delivery.webhook_id),
      messageId: delivery.message_id,
      eventType: delivery.event_type,
      attempt: attempts,
    };
    if (!webhook || webhook.disabled_at) {
      // Paused meanwhile: give the attempt back, it goes out when the webhook is enabled again.
      await db
        .updateTable("webhook_deliveries")
        .set({ attempts: attempts - 1, next_attempt_at: null })
        .where("id", "=", id)
        .where("attempts", "=", attempts)
        .execute();
      return;
    }

    const started = Date.now();
    const timestamp = Math.floor(clock().getTime() / 1000);
    const result = await post(
      webhook.url,
      {
        "content-type": "application/json",
        "user-agent": USER_AGENT,
        "webhook-id": delivery.message_id,
        "webhook-timestamp": String(timestamp),
        "webhook-signature": signWebhook(webhook.secret, delivery.message_id, timestamp, delivery.payload),
      },
      delivery.payload,
    );
    const ms = Date.now() - started;
    const now = clock();
    const statusCode = "statusCode" in result ? result.statusCode : null;
    // Written only if this attempt still owns the row (its lease may have run out on a slow database).
    const record = db.updateTable("webhook_deliveries").where("id", "=", id).where("attempts", "=", attempts);

    if (statusCode !== null && statusCode >= 200 && statusCode < 300) {
      await record
        .set({ status: "delivered", delivered_at: now.toISOString(), next_attempt_at: null, last_status_code: statusCode, last_error: null })
        .execute();
      log.info({ ...details, statusCode, ms }, "webhook delivered");
      return;
    }
    const error = "error" in result ? result.error : `The receiver answered HTTP ${statusCode}`;
    const age = now.getTime() - new Date(delivery.created_at).getTime();
    if (age >= WEBHOOK_RETRY_WINDOW_MS) {
      await record.set({ status: "failed", next_attempt_at: null, last_status_code: statusCode, last_error: error }).execute();
      log.error({ ...details, statusCode, error, ms }, "webhook delivery failed for good");
      return;
    }
    const wait = WEBHOOK_RETRY_SCHEDULE_MS[Math.min(attempts - 1, WEBHOOK_RETRY_SCHEDULE_MS.length - 1)]!;
    await record
      .set({ next_attempt_at: new Date(now.getTime() + wait).toISOString(), last_status_code: statusCode, last_error: error })
      .execute();
    log.warn({ ...details, statusCode, error, ms, retryInMs: wait }, "webhook delivery failed; will retry");
  }

  /**
   * Deletes finished deliveries older than the retention, at most once an hour per instance. Deleting
   * is idempotent, so instances that prune at the same moment need no coordination.
   */
  async function pruneLog(now: Date): Promise<void> {
    if (now.getTime() - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = now.getTime();
    const before = new Date(now.getTime() - WEBHOOK_LOG_RETENTION_MS).toISOString();
    const result = await db
      .deleteFrom("webhook_deliveries")
      .where("status", "<>", "pending")
      .where("created_at", "<", before)
      .executeTakeFirst();
    const removed = Number(result.numDeletedRows);
    if (removed > 0) log.info({ removed }, "webhook delivery log pruned");
  }

  /** Prunes the log when due, then attempts every due delivery of an enabled webhook, a batch at a time, until none is left. */
  async function sweep(): Promise<void> {
    await pruneLog(clock());
    for (;;) {
      const now = clock().toISOString();
      const due = await db
        .selectFrom("webhook_deliveries")
        .innerJoin("webhooks", "webhooks.id", "webhook_deliveries.webhook_id")
        .select("webhook_deliveries.id")
        .where("webhook_deliveries.status", "=", "pending")
        .where((eb) =>
          eb.or([eb("webhook_deliveries.next_attempt_at", "is", null), eb("webhook_deliveries.next_attempt_at", "<=", now)]),
        )
        .where("webhooks.disabled_at", "is", null)
        .orderBy("webhook_deliveries.id")
        .limit(SWEEP_BATCH)
        .execute();
      // One receiver's slow answer must not hold up the others: a batch's attempts run side by side.
      await Promise.all(due.map(({ id }) => attempt(Number(id))));
      if (due.length < SWEEP_BATCH) return;
    }
  }

  /** Runs a sweep unless one is running; a wake during a sweep runs another right after it. */
  function run(): Promise<void> {
    if (current) {
      again = true;
      return current;
    }
    again = false;
    current = sweep()
      .catch((error: unknown) => {
        // A database outage must not stop deliveries for good: the next sweep tries again.
        log.warn({ err: { message: (error as Error).message } }, "webhook sweep failed; will retry");
      })
      .finally(() => {
        current = null;
        if (again && running) void run();
      });
    return current;
  }

  async function listen(): Promise<void> {
    if (kind !== "postgres" || listener || !running) return;
    const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 3000 });
    listener = client;
    client.on("notification", () => void run());
    client.on("error", (error) => {
      log.warn({ err: { message: error.message } }, "webhook listener connection lost; sweeps go on");
      if (listener === client) listener = null;
      void client.end().catch(() => {});
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${WEBHOOK_NOTIFY_CHANNEL}`);
      if (!running) await client.end();
    } catch (error) {
      log.warn({ err: { message: (error as Error).message } }, "webhook listener could not connect; sweeps go on");
      if (listener === client) listener = null;
      void client.end().catch(() => {});
    }
  }

  return {
    sweep,
    /** Deliveries were queued on this instance: send them now, not at the next sweep. */
    kick(): void {
      if (running) setImmediate(() => void run());
    },
    /** Sweeps now and every few seconds (an unref'd timer) until stop(); on PostgreSQL also on NOTIFY. */
    start(): void {
      if (running) return;
      running = true;
      void listen();
      void run();
      timer = setInterval(() => {
        void listen();
        void run();
      }, sweepMs);
      timer.unref();
    },
    /** Resolves when the sweep under way (and one asked for meanwhile) has finished: tests, shutdown. */
    async settled(): Promise<void> {
      while (current) await current;
    },
    async stop(): Promise<void> {
      running = false;
      if (timer) clearInterval(timer);
      timer = null;
      while (current) await current;
      const client = listener;
      listener = null;
      await client?.end().catch(() => {});
    },
  };
}

export type WebhookDeliveryWorker = ReturnType<typeof createWebhookDeliveryWorker>;
