import express from "express";
import type { Services } from "../services.ts";
import { demoAttributionSchema, demoRequestSchema, demoSpamSignalsSchema } from "../../shared/demo-request.ts";
import { isRefusal } from "../../shared/refusal.ts";
import { sendRefusal } from "./answer.ts";
import { parseBody } from "./validation.ts";

/** docs/product.md §7 POST /api/book-demo: 201 when accepted, 400 with field messages, 429 when rate-limited. */
export function createBookDemoApi({ demoRequests }: Services) {
  const router = express.Router();

  router.post("/book-demo", async (req, res) => {
    const fields = parseBody(demoRequestSchema, req.body, res);
    if (!fields) return;
    const result = await demoRequests.submit({
      fields,
      attribution: demoAttributionSchema.parse(req.body),
      spam: demoSpamSignalsSchema.parse(req.body),
      clientIp: req.ip,
      requireFormToken: false,
    });
    if (isRefusal(result)) return sendRefusal(res, result);
    // A lead and suspected spam are answered alike (both are stored), so a bot learns nothing.
    res.status(201).json({ message: "Demo request received" });
  });

  return router;
}
