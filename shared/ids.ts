/** The largest id a row can have: PostgreSQL's `integer` (a larger one is a 400, never a database error). */
export const MAX_ID = 2_147_483_647;

/** A row id as a client sends it (a path segment, a form field, a query parameter): 1 … MAX_ID, else null. */
export function parseId(value: unknown): number | null {
  const digits = typeof value === "number" ? String(value) : value;
  if (typeof digits !== "string" || !/^[1-9]\d{0,9}$/.test(digits)) return null;
  const id = Number(digits);
  return id <= MAX_ID ? id : null;
}
