import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { ActivityAction } from "../../shared/activity.ts";

type Db = Kysely<Database>;

/** Who acted: a user (their name is kept with the line), or nobody (the system, an unknown visitor). */
export type ActivityActor = { id: number; username: string } | null;

export interface ActivityEntry {
  actor: ActivityActor;
  action: ActivityAction;
  subject?: { type: "post" | "user" | "invitation" | "token" | "webhook" | "setting" | "demo-requests"; id?: string | number; label?: string };
  /** The action's particulars, kept as JSON (a role's from and to, an export's filters). */
  detail?: Record<string, unknown>;
}

/**
 * Writes one line of the activity log (docs/decisions/027-staff-roles.md). Called with the action's
 * own transaction, so the line exists exactly when the action happened.
 */
export async function recordActivity(executor: Db, entry: ActivityEntry, at: string): Promise<void> {
  await executor
    .insertInto("activity_log")
    .values({
      created_at: at,
      actor_id: entry.actor?.id ?? null,
      actor_name: entry.actor?.username ?? null,
      action: entry.action,
      subject_type: entry.subject?.type ?? null,
      subject_id: entry.subject?.id === undefined ? null : String(entry.subject.id),
      subject_label: entry.subject?.label ?? null,
      detail: entry.detail ? JSON.stringify(entry.detail) : null,
    })
    .execute();
}
