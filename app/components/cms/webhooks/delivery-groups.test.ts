import { describe, expect, it } from "vitest";
import type { WebhookDelivery } from "../../../../shared/webhooks.ts";
import { groupDeliveries } from "./delivery-groups.ts";

let nextId = 100;
const delivery = (overrides: Partial<WebhookDelivery>): WebhookDelivery => ({
  id: nextId--,
  webhookId: 1,
  messageId: `msg_${nextId}`,
  eventType: "post.published",
  status: "failed",
  attempts: 8,
  nextAttemptAt: null,
  lastStatusCode: null,
  lastError: "getaddrinfo ENOTFOUND hooks.crm.example",
  lastAttemptAt: "2026-11-27T08:00:00.000Z",
  deliveredAt: null,
  createdAt: "2026-11-26T08:00:00.000Z",
  ...overrides,
});

const ids = (groups: WebhookDelivery[][]) => groups.map((group) => group.map((item) => item.id));

describe("groupDeliveries", () => {
  it("puts consecutive failures of the same event with the same answer in one group, in the log's order", () => {
    const log = [delivery({}), delivery({}), delivery({ messageId: "msg_same" }), delivery({ messageId: "msg_same" })];
    expect(ids(groupDeliveries(log))).toEqual([log.map((item) => item.id)]);
  });

  it("keeps apart failures that differ in event, state, HTTP status or error, and failures that are not consecutive", () => {
    const retrying = { status: "pending" as const, attempts: 2, nextAttemptAt: "2026-11-27T09:00:00.000Z" };
    const log = [
      delivery({}),
      delivery({ eventType: "demo_request.created" }),
      delivery({ ...retrying, eventType: "demo_request.created" }),
      delivery({ ...retrying, eventType: "demo_request.created", lastError: null, lastStatusCode: 500 }),
      delivery({ ...retrying, eventType: "demo_request.created", lastError: null, lastStatusCode: 503 }),
      delivery({ status: "delivered", lastError: null, lastStatusCode: 200 }),
      delivery({}),
    ];
    expect(groupDeliveries(log).map((group) => group.length)).toEqual([1, 1, 1, 1, 1, 1, 1]);
  });

  it("never groups deliveries that succeeded or wait for their first attempt", () => {
    const delivered = { status: "delivered" as const, attempts: 1, lastError: null, lastStatusCode: 200 };
    const queued = { status: "pending" as const, attempts: 0, lastError: null };
    const log = [delivery(delivered), delivery(delivered), delivery(queued), delivery(queued)];
    expect(groupDeliveries(log).map((group) => group.length)).toEqual([1, 1, 1, 1]);
  });
});
