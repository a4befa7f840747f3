import type { Response } from "express";
import type { z } from "zod";
import { isRefusal, validate } from "../../shared/refusal.ts";
import { sendRefusal } from "./answer.ts";
import { parseId } from "../../shared/ids.ts";

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

/**
 * A row id from the path (`label`: "Post", "Revision"…): a positive integer that fits the database's
 * integer column; anything else answers 400 `{ message, errors: { [field]: message } }` and returns undefined.
 */
export function idParam(raw: string, res: Response, label = "Post", field = "id"): number | undefined {
  const id = parseId(raw);
  if (id !== null) return id;
  const message = `${label} id must be a positive whole number`;
  res.status(400).json({ message, errors: { [field]: message } });
  return undefined;
}
