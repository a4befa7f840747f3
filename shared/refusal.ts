/**
 * What a service answers when it will not do what was asked (docs/decisions/015-results-and-refusals.md):
 * a value on success, a `Refusal` otherwise, never an HTTP status and never a thrown error for an
 * expected outcome. The transports turn it into an answer through one table: the JSON API with
 * `sendRefusal` (server/api/answer.ts), page actions and loaders with `refusalData`
 * (app/lib/refusal.server.ts). Browser-safe: forms read the same shape.
 */
import type { z } from "./zod.ts";
import { firstMessagePerField } from "./field-errors.ts";

export type RefusalCode =
  | "invalid"
  | "not-authenticated"
  | "forbidden"
  | "not-found"
  | "conflict"
  | "too-large"
  | "rate-limited";

export interface Refusal {
  refused: true;
  code: RefusalCode;
  /** Shown to people as it is: a sentence, never a status code. */
  message: string;
  /** One message per field the refusal is about, shown under the field. */
  fields?: Record<string, string>;
  /** With "rate-limited": when to try again (sent as Retry-After). */
  retryAfterSeconds?: number;
  /** What the client needs to recover, answered with the message (e.g. the current post of an edit conflict). */
  details?: Record<string, unknown>;
}

/** The one table from refusal codes to HTTP statuses. */
export const refusalStatus: Record<RefusalCode, 400 | 401 | 403 | 404 | 409 | 413 | 429> = {
  invalid: 400,
  "not-authenticated": 401,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  "too-large": 413,
  "rate-limited": 429,
};

export function refuse(
  code: RefusalCode,
  message: string,
  extra: Pick<Refusal, "fields" | "retryAfterSeconds" | "details"> = {},
): Refusal {
  return { refused: true, code, message, ...extra };
}

export function isRefusal(value: unknown): value is Refusal {
  return typeof value === "object" && value !== null && (value as Partial<Refusal>).refused === true;
}

/** The headers a refusal carries on any transport (Retry-After for a rate limit). */
export function refusalHeaders(refusal: Refusal): Record<string, string> {
  return refusal.retryAfterSeconds ? { "Retry-After": String(refusal.retryAfterSeconds) } : {};
}

/** Input checked with a shared schema: its value, or an "invalid" refusal with one message per field. */
export function validate<T extends z.ZodType>(schema: T, input: unknown, unplaced = "form"): z.output<T> | Refusal {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields = firstMessagePerField(result.error.issues, unplaced);
  return refuse("invalid", Object.values(fields)[0] ?? "Invalid request", { fields });
}
