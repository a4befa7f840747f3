import type { Response } from "express";
import { refusalHeaders, refusalStatus, type Refusal } from "../../shared/refusal.ts";

/**
 * A service's refusal as a JSON answer (docs/decisions/015): its status from the one table,
 * `{ message, errors? }` plus any fields the endpoint's contract adds (docs/product.md §7), Retry-After when
 * rate-limited.
 */
export function sendRefusal(res: Response, refusal: Refusal, body: Record<string, unknown> = {}) {
  res
    .status(refusalStatus[refusal.code])
    .set(refusalHeaders(refusal))
    .json({ ...body, message: refusal.message, ...(refusal.fields ? { errors: refusal.fields } : {}), ...refusal.details });
}
