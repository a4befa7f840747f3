import { text, z } from "./zod.ts";

/**
 * Webhooks (docs/decisions/073-webhooks.md): what the /cms/webhooks page, the webhook services and
 * the API share. Browser-safe.
 */

/** The events an administrator can subscribe a webhook to. */
export const WEBHOOK_EVENTS = [
  "post.published",
  "post.updated",
  "post.unpublished",
  "post.deleted",
  "demo_request.created",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
/** Sent only by "Send test event", to that one webhook, whatever it subscribes to. */
export const WEBHOOK_TEST_EVENT = "webhook.test";

export const webhookEventLabels: Record<WebhookEventType, { label: string; description: string }> = {
  "post.published": { label: "Post published", description: "A draft goes live, saved or on its schedule." },
  "post.updated": { label: "Post updated", description: "A live post is saved again." },
  "post.unpublished": { label: "Post unpublished", description: "A live post goes back to draft." },
  "post.deleted": { label: "Post deleted", description: "A live post is deleted." },
  "demo_request.created": {
    label: "Demo request received",
    description: "A lead arrives (suspected spam only once marked Not spam).",
  },
};

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;
export const WEBHOOK_URL_INVALID = "Enter the receiver's full address, starting with https://";
export const WEBHOOK_EVENTS_INVALID = "Choose at least one event.";
export const WEBHOOK_DESCRIPTION_INVALID = `Keep the description under ${WEBHOOK_DESCRIPTION_MAX} characters.`;

/**
 * The receiver's address. The scheme and the address it resolves to are the service's to check
 * (server/services/webhook-address.ts: https only, unless WEBHOOKS_ALLOW_PRIVATE_URLS); the pattern
 * states that rule in the API's document.
 */
const url = text("URL", { error: WEBHOOK_URL_INVALID })
  .transform((value) => value.trim())
  .pipe(z.url({ error: WEBHOOK_URL_INVALID }).min(1, WEBHOOK_URL_INVALID).max(WEBHOOK_URL_MAX, WEBHOOK_URL_INVALID))
  .meta({
    pattern: "^[Hh][Tt][Tt][Pp][Ss]://",
    description: "An https:// address (plain http:// only where WEBHOOKS_ALLOW_PRIVATE_URLS is set, for local development).",
  });
const events = z
  .array(z.enum(WEBHOOK_EVENTS, { error: WEBHOOK_EVENTS_INVALID }), { error: WEBHOOK_EVENTS_INVALID })
  .min(1, WEBHOOK_EVENTS_INVALID)
  .transform((list) => WEBHOOK_EVENTS.filter((event) => list.includes(event)));
const description = text("Description", { error: WEBHOOK_DESCRIPTION_INVALID })
  .transform((value) => value.trim())
  .pipe(z.string().max(WEBHOOK_DESCRIPTION_MAX, WEBHOOK_DESCRIPTION_INVALID))
  .transform((value) => value || null)
  .nullable()
  .optional();

/** The add form and POST /api/cms/webhooks. The URL's address is checked by the service (SSRF). */
export const webhookInputSchema = z.object({ url, events, description });
export type WebhookInput = z.output<typeof webhookInputSchema>;

export const WEBHOOK_NOTHING_TO_CHANGE = "Nothing to change: send url, events, description or enabled.";

/** PATCH /api/cms/webhooks/{id}: any of the fields, and `enabled` to pause or resume it; at least one. */
export const webhookUpdateSchema = z
  .object({
    url: url.optional(),
    events: events.optional(),
    description,
    enabled: z.boolean({ error: "enabled must be true or false" }).optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), WEBHOOK_NOTHING_TO_CHANGE)
  .meta({ minProperties: 1 });
export type WebhookUpdate = z.output<typeof webhookUpdateSchema>;

/** Stored as comma-separated names, in WEBHOOK_EVENTS order; unknown names are dropped. */
export const formatWebhookEvents = (list: readonly WebhookEventType[]): string =>
  WEBHOOK_EVENTS.filter((event) => list.includes(event)).join(",");
export const parseWebhookEvents = (stored: string): WebhookEventType[] =>
  WEBHOOK_EVENTS.filter((event) => stored.split(",").includes(event));

/** A webhook as the list shows it: never its secret, which only the create answer carries. */
export interface Webhook {
  id: number;
  url: string;
  events: WebhookEventType[];
  description: string | null;
  createdAt: string;
  /** null: active */
  disabledAt: string | null;
}

/** How many of a webhook's latest deliveries its status reads (docs/decisions/073, "Endpoint status"). */
export const WEBHOOK_HEALTH_WINDOW = 10;

/** How a webhook's latest deliveries went: what its status on /cms/webhooks is made of. */
export interface WebhookHealth {
  webhookId: number;
  /**
   * The latest delivery with an outcome: delivered, failed for good, or retrying after a failed attempt (its
   * answer or error is the failed attempt's). null: nothing was tried yet.
   */
  last: { outcome: "delivered" | "failed" | "retrying"; at: string; statusCode: number | null; error: string | null } | null;
  /** How many of the latest deliveries with an outcome (at most WEBHOOK_HEALTH_WINDOW) failed in a row. */
  failedInARow: number;
}

/**
 * A webhook's status: paused while `disabledAt` is set, failing while its latest delivery with an outcome failed
 * (or is being retried after failing), active otherwise, a webhook nothing was sent to yet included.
 */
export type WebhookState = "active" | "failing" | "paused";
export const webhookState = (webhook: Pick<Webhook, "disabledAt">, health: WebhookHealth | undefined): WebhookState =>
  webhook.disabledAt !== null ? "paused" : health?.last && health.last.outcome !== "delivered" ? "failing" : "active";

/** The answer that creates a webhook: the only one that carries its secret. */
export interface CreatedWebhook extends Webhook {
  secret: string;
}

export type WebhookDeliveryStatus = "pending" | "delivered" | "failed";

/** One row of the delivery log. */
export interface WebhookDelivery {
  id: number;
  webhookId: number;
  messageId: string;
  eventType: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  /** pending: when it is tried next */
  nextAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  lastAttemptAt: string | null;
  deliveredAt: string | null;
  createdAt: string;
}

export interface WebhookDeliveryPage {
  deliveries: WebhookDelivery[];
  total: number;
  page: number;
  pageSize: number;
}
