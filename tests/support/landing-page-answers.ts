import { isRefusal, type Refusal } from "../../shared/refusal.ts";
import type { TestApp } from "./test-app.ts";

/** A service's answer that must not be a refusal (the test fails with the refusal's message and fields). */
export function accepted<T>(value: T | Refusal): T {
  if (isRefusal(value)) throw new Error(`refused: ${value.message} ${JSON.stringify(value.fields)}`);
  return value;
}

/** A service's answer that must be a refusal. */
export function refusal(value: unknown): Refusal {
  if (!isRefusal(value)) throw new Error(`not refused: ${JSON.stringify(value)}`);
  return value;
}

/** The activity log's lines about a landing page, oldest first, with their particulars parsed. */
export async function pageActivity(app: TestApp, id: number) {
  const rows = await app.services.database.db
    .selectFrom("activity_log")
    .select(["action", "actor_name", "subject_label", "detail"])
    .where("subject_type", "=", "page")
    .where("subject_id", "=", String(id))
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ ...row, detail: row.detail === null ? null : (JSON.parse(row.detail) as Record<string, unknown>) }));
}
