import { createLogger } from "../../server/logger.ts";
import { createWebhookDeliveryWorker, type WebhookDeliveryWorkerDeps } from "../../server/services/webhook-deliveries.ts";
import type { DatabaseKind } from "./databases.ts";
import type { TestApp } from "./test-app.ts";

/**
 * A delivery worker of its own on the test app's database (the app's own may have run already), with
 * production address rules unless `options` say otherwise.
 */
export function ownDeliveryWorker(app: TestApp, _kind: DatabaseKind, options: Partial<WebhookDeliveryWorkerDeps> = {}) {
  return createWebhookDeliveryWorker({
    db: app.services.database.db,
    policy: { production: true, allowPrivate: false },
    logger: createLogger("silent"),
    clock: app.clock,
    ...options,
  });
}
