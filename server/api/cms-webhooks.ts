import express from "express";
import type { Services } from "../services.ts";
import { isRefusal } from "../../shared/refusal.ts";
import { webhookInputSchema, webhookUpdateSchema } from "../../shared/webhooks.ts";
import { WEBHOOK_NOT_FOUND } from "../services/webhooks.ts";
import { sendRefusal } from "./answer.ts";
import { z } from "../../shared/zod.ts";
import { idParam, parseBody } from "./validation.ts";

const PAGE_INVALID = "page must be a positive whole number";

/** The delivery log's query: one page of it. */
export const deliveriesQuerySchema = z.object({
  page: z.coerce.number({ error: PAGE_INVALID }).int(PAGE_INVALID).min(1, PAGE_INVALID).max(999_999, PAGE_INVALID).default(1),
});

/**
 * Webhooks for administrators (docs/decisions/073-webhooks.md; /api/cms/* is admin-only): list,
 * add (201 with the secret, the only time it is shown), change or pause, delete; a webhook's
 * delivery log; "Send test event" and "Redeliver" (202: queued, sent in the background).
 */
export function createCmsWebhooksApi({ webhooks }: Services) {
  const router = express.Router();

  router.get("/cms/webhooks", async (_req, res) => {
    res.json(await webhooks.list());
  });

  router.post("/cms/webhooks", async (req, res) => {
    const input = parseBody(webhookInputSchema, req.body, res);
    if (!input) return;
    const result = await webhooks.create(input, res.locals.user?.id ?? null);
    if (isRefusal(result)) return sendRefusal(res, result);
    res.status(201).json(result);
  });

  router.patch("/cms/webhooks/:id", async (req, res) => {
    const id = idParam(req.params.id, res, "Webhook");
    if (id === undefined) return;
    const input = parseBody(webhookUpdateSchema, req.body, res);
    if (!input) return;
    const result = await webhooks.update(id, input);
    if (isRefusal(result)) return sendRefusal(res, result);
    res.json(result);
  });

  router.delete("/cms/webhooks/:id", async (req, res) => {
    const id = idParam(req.params.id, res, "Webhook");
    if (id === undefined) return;
    if (!(await webhooks.remove(id))) return void res.status(404).json({ message: WEBHOOK_NOT_FOUND });
    res.json({ success: true, message: "Webhook deleted" });
  });

  router.get("/cms/webhooks/:id/deliveries", async (req, res) => {
    const id = idParam(req.params.id, res, "Webhook");
    if (id === undefined) return;
    const query = parseBody(deliveriesQuerySchema, req.query, res);
    if (!query) return;
    const result = await webhooks.deliveries(id, query.page);
    if (isRefusal(result)) return sendRefusal(res, result);
    res.json(result);
  });

  router.post("/cms/webhooks/:id/test", async (req, res) => {
    const id = idParam(req.params.id, res, "Webhook");
    if (id === undefined) return;
    const result = await webhooks.sendTest(id);
    if (isRefusal(result)) return sendRefusal(res, result);
    res.status(202).json(result);
  });

  router.post("/cms/webhooks/deliveries/:id/redeliver", async (req, res) => {
    const id = idParam(req.params.id, res, "Delivery");
    if (id === undefined) return;
    const result = await webhooks.redeliver(id);
    if (isRefusal(result)) return sendRefusal(res, result);
    res.status(202).json(result);
  });

  return router;
}
