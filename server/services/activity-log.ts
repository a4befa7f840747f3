import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import { toIso } from "../db/rows.ts";
import type { ActivityAction } from "../../shared/activity.ts";
import {
  ACTIVITY_RETENTION_YEARS,
  activityDetailText,
  activityLabel,
  personValue,
  type ActivityFilters,
  type ActivityLine,
  type ActivityPerson,
} from "../../shared/activity-log.ts";
import { csvCell } from "./demo-requests-csv.ts";

type Db = Kysely<Database>;

/** Who acted: a user (their name is kept with the line), or nobody (the system, an unknown visitor). */
export type ActivityActor = { id: number; username: string } | null;

export interface ActivityEntry {
  actor: ActivityActor;
  action: ActivityAction;
  subject?: { type: "post" | "page" | "user" | "invitation" | "token" | "webhook" | "setting" | "demo-requests"; id?: string | number; label?: string };
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

/** How often each instance looks for lines past the retention (docs/decisions/029): the job's interval. */
export const ACTIVITY_RETENTION_SWEEP_MS = 60 * 60_000;
const RETENTION_BATCH = 500;

/** The moment before which a line is deleted: a year ago, UTC. */
export function activityRetentionCutoff(now: Date): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - ACTIVITY_RETENTION_YEARS);
  return cutoff;
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();

function parseDetail(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const CSV_COLUMNS: [header: string, value: (line: ActivityLine) => string | number | null][] = [
  ["When (UTC)", (line) => line.createdAt],
  ["Who", (line) => line.actor.name ?? "System"],
  ["Action", (line) => line.label],
  ["Subject", (line) => line.subject?.label ?? line.subject?.id ?? null],
  ["Subject Type", (line) => line.subject?.type ?? null],
  ["Subject ID", (line) => line.subject?.id ?? null],
  ["Detail", (line) => activityDetailText(line) || null],
  ["Action Code", (line) => line.action],
  ["ID", (line) => line.id],
];

export interface ActivityLogDeps {
  db: Db;
  logger: Logger;
  clock: () => Date;
}

/**
 * Reading the activity log (docs/decisions/029-activity-log-and-sessions.md): newest first, filtered
 * by person, action and days (UTC); its CSV; and the retention sweep that deletes lines older than a
 * year, run by the job "activity-retention" (docs/decisions/025).
 */
export function createActivityLog({ db, logger, clock }: ActivityLogDeps) {
  const log = logger.child({ component: "activity-log" });

  function matching(filters: ActivityFilters) {
    let query = db.selectFrom("activity_log");
    if (filters.actor) {
      const name = filters.actor.startsWith("name:") ? filters.actor.slice("name:".length) : null;
      query = name === null ? query.where("actor_id", "=", Number(filters.actor)) : query.where("actor_id", "is", null).where("actor_name", "=", name);
    }
    if (filters.action) query = query.where("action", "=", filters.action);
    if (filters.from) query = query.where("created_at", ">=", `${filters.from}T00:00:00.000Z`);
    if (filters.to) query = query.where("created_at", "<", nextDay(filters.to));
    return query;
  }

  type Row = Awaited<ReturnType<ReturnType<typeof selectLines>["execute"]>>[number];
  const selectLines = (filters: ActivityFilters) =>
    matching(filters)
      .select(["id", "created_at", "actor_id", "actor_name", "action", "subject_type", "subject_id", "subject_label", "detail"])
      .orderBy("created_at", "desc")
      .orderBy("id", "desc");

  const toLine = (row: Row): ActivityLine => ({
    id: Number(row.id),
    createdAt: toIso(row.created_at),
    actor: { id: row.actor_id === null ? null : Number(row.actor_id), name: row.actor_name },
    // A line of an action this version no longer knows keeps its code, and reads as it (activityLabel).
    action: row.action as ActivityAction,
    label: activityLabel(row.action),
    subject: row.subject_type === null ? null : { type: row.subject_type, id: row.subject_id, label: row.subject_label },
    detail: parseDetail(row.detail),
  });

  return {
    /** One page of lines, newest first, and how many match in all. */
    async list(filters: ActivityFilters, { page, perPage }: { page: number; perPage: number }): Promise<{ lines: ActivityLine[]; total: number }> {
      const [rows, count] = await Promise.all([
        selectLines(filters).limit(perPage).offset((page - 1) * perPage).execute(),
        matching(filters).select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
      ]);
      return { lines: rows.map(toLine), total: Number(count.total) };
    },

    /**
     * Whom the person filter offers: every member of staff and every account the log names (a
     * registration without a role that signed in), then the names deleted accounts left in it.
     */
    async people(): Promise<ActivityPerson[]> {
      const [users, deleted] = await Promise.all([
        db
          .selectFrom("users")
          .select(["id", "username"])
          .where((eb) => eb.or([eb("role", "is not", null), eb("id", "in", eb.selectFrom("activity_log").select("actor_id").where("actor_id", "is not", null))]))
          .orderBy("username_key")
          .execute(),
        db
          .selectFrom("activity_log")
          .select("actor_name")
          .distinct()
          .where("actor_id", "is", null)
          .where("actor_name", "is not", null)
          .orderBy("actor_name")
          .limit(500)
          .execute(),
      ]);
      return [
        ...users.map((user) => ({ value: personValue({ id: Number(user.id) }), name: user.username, deleted: false })),
        ...deleted.map((row) => ({ value: personValue({ name: row.actor_name! }), name: row.actor_name!, deleted: true })),
      ];
    },

    /** Every matching line as CSV, newest first: UTF-8 with a byte-order mark, CRLF, safe in a spreadsheet (csvCell). */
    async exportCsv(filters: ActivityFilters): Promise<string> {
      const rows = await selectLines(filters).execute();
      const lines = [CSV_COLUMNS.map(([header]) => csvCell(header)).join(",")];
      for (const row of rows) {
        const line = toLine(row);
        lines.push(CSV_COLUMNS.map(([, value]) => csvCell(value(line))).join(","));
      }
      return `\uFEFF${lines.join("\r\n")}\r\n`;
    },

    /**
     * Deletes lines older than a year, in batches; answers how many this instance deleted. Every
     * instance may sweep at once: each batch's DELETE names the ids it read, a line another instance
     * deleted first is simply not deleted twice, and the loop ends only when none is left.
     */
    async sweep(): Promise<number> {
      const cutoff = activityRetentionCutoff(clock()).toISOString();
      let deleted = 0;
      for (;;) {
        const due = await db.selectFrom("activity_log").select("id").where("created_at", "<", cutoff).orderBy("created_at").limit(RETENTION_BATCH).execute();
        if (due.length === 0) break;
        const result = await db
          .deleteFrom("activity_log")
          .where("id", "in", due.map((row) => Number(row.id)))
          .executeTakeFirst();
        deleted += Number(result.numDeletedRows);
        if (due.length < RETENTION_BATCH) break;
      }
      if (deleted > 0) log.info({ deleted }, "activity log lines past a year deleted");
      return deleted;
    },
  };
}
