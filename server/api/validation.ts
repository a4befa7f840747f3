import type { Response } from "express";
import type { z } from "zod";

/**
 * Parses a body with a shared schema. On failure it answers 400 with one message per field
 * ({ message, errors: { field: "…" } }) and returns undefined, so handlers read:
 *   const input = parseBody(schema, req.body, res); if (!input) return;
 */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown, res: Response): z.output<T> | undefined {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : "body";
    errors[field] ??= issue.message;
  }
  res.status(400).json({ message: Object.values(errors)[0] ?? "Invalid request", errors });
  return undefined;
}
