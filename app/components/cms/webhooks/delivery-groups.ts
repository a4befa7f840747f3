import type { WebhookDelivery } from "../../../../shared/webhooks.ts";

/** How a delivery stands in the log: a pending one that has been tried reads as retrying. */
export type DeliveryState = WebhookDelivery["status"] | "retrying";
export const deliveryState = (delivery: WebhookDelivery): DeliveryState =>
  delivery.status === "pending" && delivery.attempts > 0 ? "retrying" : delivery.status;

/** Two failures (for good, or retrying) of the same event type with the same answer: HTTP status and error. */
const sameFailure = (a: WebhookDelivery, b: WebhookDelivery) => {
  const state = deliveryState(a);
  return (
    (state === "failed" || state === "retrying") &&
    deliveryState(b) === state &&
    a.eventType === b.eventType &&
    a.lastStatusCode === b.lastStatusCode &&
    a.lastError === b.lastError
  );
};

/**
 * The log's rows, in its order (newest first), with consecutive identical failures in one group: a receiver that
 * is down fails every event the same way, and a redelivery that fails again repeats its original. Each group keeps
 * every delivery, newest first; deliveries that succeeded or wait for a first attempt are groups of one.
 */
export function groupDeliveries(deliveries: readonly WebhookDelivery[]): WebhookDelivery[][] {
  const groups: WebhookDelivery[][] = [];
  for (const delivery of deliveries) {
    const last = groups.at(-1);
    if (last && sameFailure(last[0]!, delivery)) last.push(delivery);
    else groups.push([delivery]);
  }
  return groups;
}
