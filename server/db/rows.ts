/**
 * Helpers the repositories use so that SQLite and PostgreSQL return identical plain objects:
 * booleans (SQLite stores 0/1), numbers (pg returns some numerics as strings), ISO timestamps.
 */
export const toBoolean = (value: boolean | number): boolean => value === true || value === 1;

export const toIso = (value: string | Date): string =>
  value instanceof Date ? value.toISOString() : new Date(value).toISOString();

export const toIsoOrNull = (value: string | Date | null): string | null =>
  value === null ? null : toIso(value);

/** Timestamps are written as ISO strings with millisecond precision on both databases. */
export const nowIso = (clock: () => Date): string => clock().toISOString();

/** Unique-constraint violations, as node:sqlite and pg report them. */
export function isUniqueViolation(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return code === "23505" || /UNIQUE constraint failed/i.test(message ?? "");
}
