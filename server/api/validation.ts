import { z } from "../../shared/zod.ts";
import { MAX_ID, parseId } from "../../shared/ids.ts";

/** The message of a path id that is not one: "Post id must be a positive whole number". */
export const invalidIdMessage = (label: string) => `${label} id must be a positive whole number`;

/**
 * The one parser of a row id in a path (`label`: "Post", "Revision"…): a positive whole number that
 * fits the database's integer column (shared/ids.ts); anything else is a 400 naming the parameter,
 * `{ message, errors: { [name]: message } }`. Documented as the integer it yields.
 */
export function pathId(label: string) {
  const message = invalidIdMessage(label);
  return z
    .string({ error: message })
    .refine((value) => parseId(value) !== null, message)
    .transform((value) => parseId(value)!)
    .pipe(z.number().int().min(1).max(MAX_ID))
    .describe(`The ${label.toLowerCase()}'s id.`);
}

/** `{ id }` in the path. */
export const idParams = (label: string) => z.object({ id: pathId(label) });
