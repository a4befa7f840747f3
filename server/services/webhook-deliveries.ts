import { createHmac } from "node:crypto";
import http from "node:http";
import https from "node:https";
import type { Db } from "../db/connect.ts";
import type { Logger } from "../logger.ts";
import { pinnedLookup } from "./outbound-fetch.ts";
import { checkWebhookUrl, type AddressPolicy, type ResolvedAddress } from "./webhook-address.ts";

/**
 * Waits before attempt n+1 after n failed attempts (docs/decisions/073-webhooks.md): 5 s, 5 min,
 * 30 min, 2 h, 5 h, then every 10 h, until an attempt fails 24 h or more after the event was queued.
 * Attempts: 0, 5 s, 5 min, 35 min, 2.6 h, 7.6 h, 17.6 h, 27.6 h: eight tries over more than a day.
 */
export const WEBHOOK_RETRY_SCHEDULE_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 5 * 3600_000, 10 * 3600_000];
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 3600_000;
/** One attempt may take this long before it is abandoned (no answer is a failure). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/**
 * Each webhook is a lane (docs/decisions/073-webhooks.md): one instance makes at most this many
 * attempts to one webhook at a time, so a receiver that hangs until the timeout holds only its own
 * lane, never another webhook's deliveries.
 */
export const WEBHOOK_LANE_SIZE = 2;
/** Attempts under way at once on one instance, all webhooks together (sockets and database work stay bounded). */
export const WEBHOOK_CONCURRENCY = 16;
/** How long an instance owns a claimed attempt; if it dies mid-attempt, another one retries after. */
export const WEBHOOK_LEASE_MS = 30_000;
/** Every instance looks for due deliveries (retries, another instance's or a killed process's) this often: the job's interval. */
export const WEBHOOK_SWEEP_MS = 5_000;
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
  policy: AddressPolicy;
  logger: Logger;
  clock: () => Date;
  /** Tests: a shorter wait for an answer than WEBHOOK_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Tests: resolve host names without DNS. */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
}

type AttemptResult = { statusCode: number } | { error: string };

/**
 * The outbox worker (docs/decisions/073-webhooks.md). Every instance runs one, as the job
 * "webhook-deliveries" of the background runner (server/jobs/index.ts, docs/decisions/025). A delivery
 * is claimed by one conditional UPDATE … RETURNING (still pending, due or never tried) that counts the
 * attempt and sets `next_attempt_at` to a lease: only one instance's UPDATE changes the row (a row lock
 * on PostgreSQL, serialised writes on SQLite), so each attempt is made once; a process killed after the
 * POST and before recording it leaves the lease to run out and the delivery is sent again (at least
 * once: receivers dedupe by `webhook-id`). The runner calls `dispatch` at start, every few seconds and
 * when woken (on this instance when deliveries are queued, and by a NOTIFY that PostgreSQL delivers to
 * every instance when the transaction that queued deliveries commits); the worker dispatches again
 * itself whenever one of its attempts ends. It takes them round-robin across webhooks, oldest first
 * within each, and never waits for a group of attempts to finish: each webhook has a lane of
 * WEBHOOK_LANE_SIZE attempts, the instance WEBHOOK_CONCURRENCY in all.
 */
export function createWebhookDeliveryWorker({
  db,
  policy,
  logger,
  clock,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
  resolve,
}: WebhookDeliveryWorkerDeps) {
  const log = logger.child({ component: "webhooks" });
  /** After stop(): no new attempts. */
  let stopped = false;
  /** The look for due deliveries under way, and whether another was asked for meanwhile. */
  let dispatching: Promise<void> | null = null;
  let again = false;
  /** This instance's attempts under way, by delivery id; and how many each webhook (lane) has. */
  const inFlight = new Map<number, Promise<void>>();
  const laneLoad = new Map<number, number>();
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
    const pinned = pinnedLookup(addresses);
    const client = url.protocol === "https:" ? https : http;
    return new Promise<AttemptResult>((done) => {
      const request = client.request(url, {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        agent: false,
        lookup: pinned,
      });
      const timeout = setTimeout(() => request.destroy(new Error(`No answer within ${timeoutMs / 1000} s`)), timeoutMs);
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

  /**
   * Due deliveries of enabled webhooks whose lane has room, fairly: every webhook's oldest due one,
   * then every webhook's second, and so on (a window function, the same SQL on both databases).
   * Deliveries this instance is attempting, and webhooks whose lane is full, are left out.
   */
  async function dueDeliveries(limit: number) {
    const now = clock().toISOString();
    const fullLanes = [...laneLoad].filter(([, load]) => load >= WEBHOOK_LANE_SIZE).map(([webhookId]) => webhookId);
    const attempting = [...inFlight.keys()];
    const due = db
      .selectFrom("webhook_deliveries")
      .innerJoin("webhooks", "webhooks.id", "webhook_deliveries.webhook_id")
      .select((eb) => [
        "webhook_deliveries.id as id",
        "webhook_deliveries.webhook_id as webhookId",
        eb.fn
          .agg<number>("row_number")
          .over((over) => over.partitionBy("webhook_deliveries.webhook_id").orderBy("webhook_deliveries.id"))
          .as("place"),
      ])
      .where("webhook_deliveries.status", "=", "pending")
      .where((eb) => eb.or([eb("webhook_deliveries.next_attempt_at", "is", null), eb("webhook_deliveries.next_attempt_at", "<=", now)]))
      .where("webhooks.disabled_at", "is", null)
      .$if(fullLanes.length > 0, (query) => query.where("webhook_deliveries.webhook_id", "not in", fullLanes))
      .$if(attempting.length > 0, (query) => query.where("webhook_deliveries.id", "not in", attempting));
    const rows = await db
      .selectFrom(due.as("due"))
      .select(["id", "webhookId"])
      .where("place", "<=", WEBHOOK_LANE_SIZE)
      .orderBy("place")
      .orderBy("id")
      .limit(limit)
      .execute();
    return rows.map((row) => ({ id: Number(row.id), webhookId: Number(row.webhookId) }));
  }

  function release(id: number, webhookId: number, lookAgain: boolean): void {
    inFlight.delete(id);
    const load = (laneLoad.get(webhookId) ?? 1) - 1;
    if (load > 0) laneLoad.set(webhookId, load);
    else laneLoad.delete(webhookId);
    if (lookAgain) void dispatch();
  }

  /** Starts an attempt without waiting for it; when it ends, its lane has room again: look for more. */
  function begin(id: number, webhookId: number): void {
    laneLoad.set(webhookId, (laneLoad.get(webhookId) ?? 0) + 1);
    const done = attempt(id).then(
      () => release(id, webhookId, true),
      (error: unknown) => {
        // A database outage mid-attempt: the lease runs out and the next sweep (not this ending, which
        // would spin against a failing database) tries again.
        log.warn({ err: { message: (error as Error).message }, deliveryId: id }, "webhook attempt could not be recorded; will retry");
        release(id, webhookId, false);
      },
    );
    inFlight.set(id, done);
  }

  /** Prunes the log when due, then starts attempts at due deliveries while lanes and the pool have room. */
  async function fill(): Promise<void> {
    await pruneLog(clock());
    const room = WEBHOOK_CONCURRENCY - inFlight.size;
    if (room <= 0) return;
    // A lane partly in use can show more rows than it takes: ask for enough to fill the pool anyway.
    const candidates = await dueDeliveries(room + inFlight.size * WEBHOOK_LANE_SIZE);
    for (const { id, webhookId } of candidates) {
      if (stopped || inFlight.size >= WEBHOOK_CONCURRENCY) return;
      if (inFlight.has(id) || (laneLoad.get(webhookId) ?? 0) >= WEBHOOK_LANE_SIZE) continue;
      begin(id, webhookId);
    }
  }

  /** Looks for due deliveries unless a look is under way; a wake meanwhile looks again right after it. */
  function dispatch(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (dispatching) {
      again = true;
      return dispatching;
    }
    again = false;
    dispatching = fill()
      .catch((error: unknown) => {
        // A database outage must not stop deliveries for good: the next sweep tries again.
        log.warn({ err: { message: (error as Error).message } }, "webhook sweep failed; will retry");
      })
      .finally(() => {
        dispatching = null;
        if (again) void dispatch();
      });
    return dispatching;
  }

  /** Resolves when no look for deliveries and no attempt of this instance is under way. */
  async function settled(): Promise<void> {
    while (dispatching || inFlight.size > 0) await Promise.all([dispatching, ...inFlight.values()]);
  }

  return {
    /**
     * Prunes the log when due and starts attempts at due deliveries while lanes have room; resolves
     * when that look has ended, not the attempts (they dispatch again as they end). The runner's sweep.
     */
    dispatch,
    /**
     * Prunes the log when due and attempts every due delivery, lanes permitting (more as attempts
     * end); resolves when nothing this worker started is under way. Tests, and workers not run.
     */
    async sweep(): Promise<void> {
      await dispatch();
      await settled();
    },
    /** Resolves when the look under way and every attempt it started (and those they led to) have finished: tests, shutdown. */
    settled,
    /** Starts nothing more and waits for the attempts under way (each bounded by the timeout). */
    async stop(): Promise<void> {
      stopped = true;
      await settled();
    },
  };
}

export type WebhookDeliveryWorker = ReturnType<typeof createWebhookDeliveryWorker>;
