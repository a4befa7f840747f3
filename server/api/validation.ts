import type { Response } from "express";
import type { z } from "zod";
import { isRefusal, validate } from "../../app/lib/refusal.ts";
import { sendRefusal } from "./answer.ts";

/**
 * Parses a body with a shared schema. On failure it answers 400 with one message per field
 * ({ message, errors: { field: "…" } }) and returns undefined, so handlers read:
 *   const input = parseBody(schema, req.body, res); if (!input) return;
 */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown, res: Response): z.output<T> | undefined {
  const input = validate(schema, body, "body");
  if (!isRefusal(input)) return input;
  sendRefusal(res, input);
  return undefined;
}
