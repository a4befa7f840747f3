import { randomBytes } from "node:crypto";
import { sql, type Selectable } from "kysely";
import type { Db } from "../db/connect.ts";
import type { DatabaseKind } from "../db/portable-types.ts";
import type { DemoRequestsTable, PostsTable } from "../db/schema.ts";
import { leadForOtherSoftware, toDemoRequest } from "./demo-request-record.ts";
import { toBoolean, toIso, toIsoOrNull } from "../db/rows.ts";
import type { WEBHOOK_TEST_EVENT, WebhookEventType } from "../../shared/webhooks.ts";

/**
 * The webhook outbox (docs/decisions/073-webhooks.md): an event becomes one `webhook_deliveries` row
 * per enabled webhook that wants it, written with the same transaction (`trx`) as the change it
 * reports, so a committed change always has its deliveries and a rolled-back one never does. The
 * worker (webhook-deliveries.ts) sends them after the commit. This module knows nothing of the post
 * or demo request services: they hand it their rows.
 */

/** PostgreSQL NOTIFY channel: delivered to every instance's worker at commit, never before. */
export const WEBHOOK_NOTIFY_CHANNEL = "zuri_webhooks";

export type OutboxEventType = WebhookEventType | typeof WEBHOOK_TEST_EVENT;

/** `msg_` + 128 random bits: the `webhook-id` of one event (Standard Webhooks). */
export const newMessageId = () => `msg_${randomBytes(16).toString("base64url")}`;

/** The JSON body receivers get (Standard Webhooks' recommended shape). */
export interface WebhookPayload {
  type: OutboxEventType;
  /** when the event happened, ISO 8601 */
  timestamp: string;
  data: Record<string, unknown>;
}

export interface WebhookOutboxDeps {
  kind: DatabaseKind;
  clock: () => Date;
  siteUrl: string;
  /** Called when rows were queued; on SQLite the worker's next query waits for this transaction's commit. */
  onQueued: () => void;
}

type PostRow = Selectable<PostsTable>;

/**
 * What an edit of a post means to receivers: a draft going live is `post.published`, a live post saved
 * again `post.updated`, a live post back to draft `post.unpublished`, a live post deleted
 * `post.deleted`. Drafts (scheduled ones included) are invisible to the public and to receivers, so
 * their saves and deletions send nothing.
 */
export function postEventOf(before: Pick<PostRow, "published"> | null, after: Pick<PostRow, "published"> | null): WebhookEventType | null {
  const was = before !== null && toBoolean(before.published);
  const is = after !== null && toBoolean(after.published);
  if (!was && is) return "post.published";
  if (was && is) return "post.updated";
  if (was && after !== null) return "post.unpublished";
  if (was) return "post.deleted";
  return null;
}

export function createWebhookOutbox({ kind, clock, siteUrl, onQueued }: WebhookOutboxDeps) {
  const absolute = (path: string | null) => (path && path.startsWith("/") ? `${siteUrl}${path}` : path);

  /**
   * Queues `type` for every enabled webhook subscribed to it (or only `webhookId`, for a test event),
   * inside `trx`. Answers the number of deliveries queued.
   */
  async function enqueueWebhookEvent(
    trx: Db,
    type: OutboxEventType,
    data: Record<string, unknown>,
    { webhookId, demoRequestId }: { webhookId?: number; demoRequestId?: number } = {},
  ): Promise<number> {
    let query = trx.selectFrom("webhooks").select(["id", "events"]).where("disabled_at", "is", null);
    if (webhookId !== undefined) query = query.where("id", "=", webhookId);
    const targets = (await query.orderBy("id").execute()).filter(
      (webhook) => webhookId !== undefined || webhook.events.split(",").includes(type),
    );
    if (targets.length === 0) return 0;
    const now = clock().toISOString();
    const payload: WebhookPayload = { type, timestamp: now, data };
    const body = JSON.stringify(payload);
    // One message id per event: each receiver sees the same `webhook-id` on every retry.
    const messageId = newMessageId();
    await trx
      .insertInto("webhook_deliveries")
      .values(
        targets.map((webhook) => ({
          webhook_id: Number(webhook.id),
          message_id: messageId,
          event_type: type,
          payload: body,
          status: "pending" as const,
          attempts: 0,
          next_attempt_at: null,
          created_at: now,
          // Erasing the lead deletes its deliveries, pending or logged (docs/decisions/053).
          demo_request_id: demoRequestId ?? null,
        })),
      )
      .execute();
    if (kind === "postgres") await sql`select pg_notify(${WEBHOOK_NOTIFY_CHANNEL}, '')`.execute(trx);
    else onQueued();
    return targets.length;
  }

  /** The public face of a post: what the post page shows, with its address. */
  const postData = (row: PostRow) => ({
    id: Number(row.id),
    title: row.title,
    slug: row.slug,
    url: `${siteUrl}/blog/${row.slug}`,
    excerpt: row.excerpt,
    coverImage: absolute(row.cover_image),
    coverImageAlt: row.cover_image_alt ?? null,
    publishedAt: toIsoOrNull(row.published_at),
    updatedAt: toIso(row.updated_at),
  });

  return {
    enqueueWebhookEvent,

    /**
     * A post write, in its transaction: `before` is the row before it (null: created, or a scheduled
     * draft), `after` the row after it (null: deleted). Queues the event it means, if any.
     */
    async postChanged(trx: Db, before: PostRow | null, after: PostRow | null): Promise<void> {
      const type = postEventOf(before, after);
      if (type) await enqueueWebhookEvent(trx, type, postData((after ?? before)!));
    },

    /** A lead, in the transaction that stores it or marks it "Not spam" (never suspected spam: decision 050). */
    async demoRequestCreated(trx: Db, row: Selectable<DemoRequestsTable>): Promise<void> {
      if (row.spam_reasons) return;
      await enqueueWebhookEvent(trx, "demo_request.created", {
        ...leadForOtherSoftware(toDemoRequest(row)),
        url: `${siteUrl}/cms/demo-requests?q=${encodeURIComponent(row.email)}`,
      }, { demoRequestId: Number(row.id) });
    },
  };
}

export type WebhookOutbox = ReturnType<typeof createWebhookOutbox>;
/** What the post service needs of it (one call per write path). */
export type PostWebhooks = Pick<WebhookOutbox, "postChanged">;
