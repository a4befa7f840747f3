import { z } from "../../../shared/zod.ts";
import { isRefusal } from "../../../shared/refusal.ts";
import { webhookInputSchema, webhookUpdateSchema } from "../../../shared/webhooks.ts";
import { staff, operation } from "../operation.ts";
import { idParams } from "../validation.ts";
import * as answers from "../openapi/responses.ts";

/**
 * Integrations: webhooks for staff (docs/decisions/073-webhooks.md): list, add (201 with
 * the secret, the only time it is shown), change or pause, delete; a webhook's delivery log; "Send
 * test event" and "Redeliver" (202: queued, sent in the background). API tokens are made in the CMS
 * (/cms/tokens) and checked by every operation's guard (server/api/guards.ts, docs/decisions/072).
 */

const error = answers.errorBody;

export const integrationsTags: { name: string; description: string }[] = [
  { name: "Webhooks", description: "Signed event notifications to other software (docs/decisions/073; docs/integrations.md)." },
];

const PAGE_INVALID = "page must be a positive whole number";

/** The delivery log's query: one page of it. */
const deliveriesQuerySchema = z.object({
  page: z.coerce.number({ error: PAGE_INVALID }).int(PAGE_INVALID).min(1, PAGE_INVALID).max(999_999, PAGE_INVALID).default(1),
});

const webhookParams = idParams("Webhook");

export const integrationsOperations = [
  operation({
    method: "get",
    path: "/api/cms/webhooks",
    operationId: "listWebhooks",
    tag: "Webhooks",
    summary: "List webhooks",
    access: staff("administration"),
    answers: { 200: { description: "Every webhook, without secrets.", body: answers.webhook.array() } },
    handle: (_input, { services }) => services.webhooks.list(),
  }),
  operation({
    method: "post",
    path: "/api/cms/webhooks",
    operationId: "createWebhook",
    tag: "Webhooks",
    summary: "Add a webhook",
    description:
      "An https URL whose name does not resolve to a loopback, private or link-local address (server-side request forgery); `WEBHOOKS_ALLOW_PRIVATE_URLS` lifts that, and allows http, for local development.",
    access: staff("administration"),
    body: { kind: "json", schema: webhookInputSchema, required: true },
    answers: {
      201: { description: "The webhook, with its signing secret: shown only here.", body: answers.createdWebhook },
      400: { description: "A bad or refused URL, no event, or a description too long.", body: error },
    },
    handle: ({ body }, { services, user }) => services.webhooks.create(body, user),
  }),
  operation({
    method: "get",
    path: "/api/cms/webhooks/{id}",
    operationId: "getWebhook",
    tag: "Webhooks",
    summary: "Get a webhook",
    access: staff("administration"),
    params: webhookParams,
    answers: {
      200: { description: "The webhook, without its secret.", body: answers.webhook },
      404: { description: "No such webhook.", body: error },
    },
    handle: ({ params }, { services }) => services.webhooks.get(params.id),
  }),
  operation({
    method: "patch",
    path: "/api/cms/webhooks/{id}",
    operationId: "updateWebhook",
    tag: "Webhooks",
    summary: "Change or pause a webhook",
    description: "Send at least one of `url`, `events`, `description` and `enabled`; the others are kept.",
    access: staff("administration"),
    params: webhookParams,
    body: { kind: "json", schema: webhookUpdateSchema, required: true },
    answers: {
      200: { description: "The webhook as saved.", body: answers.webhook },
      400: { description: "A bad field or id, or nothing to change.", body: error },
      404: { description: "No such webhook.", body: error },
    },
    handle: ({ params, body }, { services }) => services.webhooks.update(params.id, body),
  }),
  operation({
    method: "delete",
    path: "/api/cms/webhooks/{id}",
    operationId: "deleteWebhook",
    tag: "Webhooks",
    summary: "Delete a webhook",
    access: staff("administration"),
    params: webhookParams,
    answers: {
      200: { description: "Deleted, with its delivery log.", body: answers.done },
      404: { description: "No such webhook.", body: error },
    },
    async handle({ params }, { services, user }) {
      const removed = await services.webhooks.remove(params.id, user);
      return isRefusal(removed) ? removed : { success: true, message: "Webhook deleted" };
    },
  }),
  operation({
    method: "get",
    path: "/api/cms/webhooks/{id}/deliveries",
    operationId: "listWebhookDeliveries",
    tag: "Webhooks",
    summary: "A webhook's delivery log",
    access: staff("administration"),
    params: webhookParams,
    query: deliveriesQuerySchema,
    answers: {
      200: { description: "A page of deliveries, newest first.", body: answers.webhookDeliveryPage },
      400: { description: "A bad id or `page`.", body: error },
      404: { description: "No such webhook.", body: error },
    },
    handle: ({ params, query }, { services }) => services.webhooks.deliveries(params.id, query.page),
  }),
  operation({
    method: "post",
    path: "/api/cms/webhooks/{id}/test",
    operationId: "sendWebhookTest",
    tag: "Webhooks",
    summary: "Send a test event",
    access: staff("administration"),
    params: webhookParams,
    answers: {
      202: { description: "Queued: sent in the background, shown in the delivery log.", body: answers.webhookDelivery },
      404: { description: "No such webhook.", body: error },
      409: { description: "The webhook is paused.", body: error },
    },
    handle: ({ params }, { services }) => services.webhooks.sendTest(params.id),
  }),
  operation({
    method: "post",
    path: "/api/cms/webhooks/deliveries/{id}/redeliver",
    operationId: "redeliverWebhookDelivery",
    tag: "Webhooks",
    summary: "Redeliver an event",
    access: staff("administration"),
    params: idParams("Delivery"),
    answers: {
      202: { description: "Queued again as a new delivery of the same message.", body: answers.webhookDelivery },
      404: { description: "No such delivery, or its webhook is gone.", body: error },
      409: { description: "The delivery is still pending, or the webhook is paused.", body: error },
    },
    handle: ({ params }, { services }) => services.webhooks.redeliver(params.id),
  }),
];
