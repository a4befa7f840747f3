import type { Db } from "../db/connect.ts";
import type { DatabaseKind } from "../db/portable-types.ts";
import type { Logger } from "../logger.ts";
import { dayAfter, dayFigures } from "./analytics-figures.ts";
import { utcDay } from "./analytics-ingestion.ts";

const DAY_MS = 86_400_000;
/** Raw page views are kept this long, then only their day's aggregates (docs/decisions/070). */
export const ANALYTICS_RAW_RETENTION_DAYS = 90;
/** Daily aggregates are kept 25 months (762 days): a year compared with the year before, and a month to spare. */
export const ANALYTICS_AGGREGATE_RETENTION_DAYS = 762;
/** A day is rolled up once it has been over this long: the last batches of its page views (1 s) are written. */
export const ROLLUP_GRACE_MS = 2 * 60_000;
/** How often each instance sweeps: the job's interval (server/jobs/index.ts). */
export const ROLLUP_POLL_MS = 5 * 60_000;
const INSERT_CHUNK = 500;

export interface AnalyticsRollupsDeps {
  db: Db;
  kind: DatabaseKind;
  logger: Logger;
  clock: () => Date;
}

/**
 * Rolls each finished day up into `analytics_daily`, then applies the retention
 * (docs/decisions/070-first-party-analytics.md). Every instance runs it; the database decides which one
 * rolls up each day, as for scheduled posts (docs/decisions/049) and the demo outbox (decision 051): the
 * rollup is one transaction that first claims the day (`insert into analytics_rollups … on conflict do
 * nothing returning`) and then writes its aggregates. Only the instance whose insert made the row goes on
 * (on PostgreSQL the other waits for the first to commit, then finds the row; SQLite serialises writes),
 * and a process killed mid-rollup leaves nothing behind: its transaction rolls back, claim included, and
 * the next sweep, on any instance, does the day again. The sweep is the job "analytics-rollups" of the
 * background runner (docs/decisions/025).
 */
export function createAnalyticsRollups({ db, kind, logger, clock }: AnalyticsRollupsDeps) {
  const log = logger.child({ component: "analytics-rollups" });

  /** Rolls one day up; false when it already was (by another instance, or an earlier sweep). */
  async function rollUp(day: string): Promise<boolean> {
    const rows = await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .insertInto("analytics_rollups")
        .values({ day, rolled_up_at: clock().toISOString() })
        .onConflict((oc) => oc.column("day").doNothing())
        .returning("day")
        .executeTakeFirst();
      if (!claimed) return null;
      const figures = await dayFigures(trx, kind, { from: day, to: day, rawOnly: false });
      for (let start = 0; start < figures.length; start += INSERT_CHUNK) {
        await trx
          .insertInto("analytics_daily")
          .values(
            figures.slice(start, start + INSERT_CHUNK).map((figure) => ({
              dimension: figure.dimension,
              day: figure.day,
              key: figure.key,
              page_views: figure.pageViews,
              visits: figure.visits,
              visitors: figure.visitors,
              demo_requests: figure.demoRequests,
            })),
          )
          .execute();
      }
      return figures.length;
    });
    if (rows === null) return false;
    log.info({ day, rows }, "analytics day rolled up");
    return true;
  }

  /**
   * The finished days with page views or attributed demo requests that are not rolled up yet, oldest first:
   * from the oldest page view kept (or the retention's start), each day not claimed yet is asked for one
   * row by index, so a sweep never scans the page views.
   */
  async function pendingDays(): Promise<string[]> {
    const now = clock();
    const before = utcDay(new Date(now.getTime() - ROLLUP_GRACE_MS));
    const oldest = await db.selectFrom("analytics_events").select((eb) => eb.fn.min("day").as("day")).executeTakeFirst();
    let day = utcDay(new Date(now.getTime() - ANALYTICS_RAW_RETENTION_DAYS * DAY_MS));
    if (oldest?.day && oldest.day < day) day = oldest.day;
    const claimed = new Set((await db.selectFrom("analytics_rollups").select("day").where("day", ">=", day).execute()).map((row) => row.day));
    const pending: string[] = [];
    for (; day < before; day = dayAfter(day).slice(0, 10)) {
      if (claimed.has(day)) continue;
      const viewed = await db.selectFrom("analytics_events").select("id").where("day", "=", day).limit(1).executeTakeFirst();
      const requested =
        viewed ??
        (await db
          .selectFrom("demo_requests")
          .select("id")
          .where("created_at", ">=", `${day}T00:00:00.000Z`)
          .where("created_at", "<", dayAfter(day))
          .where("visit_id", "is not", null)
          .limit(1)
          .executeTakeFirst());
      if (requested) pending.push(day);
    }
    return pending;
  }

  /** Deletes what is past its retention, and the salts of finished days (so their hashes cannot be redone). */
  async function applyRetention(): Promise<void> {
    const now = clock();
    const rawBefore = utcDay(new Date(now.getTime() - ANALYTICS_RAW_RETENTION_DAYS * DAY_MS));
    const aggregatesBefore = utcDay(new Date(now.getTime() - ANALYTICS_AGGREGATE_RETENTION_DAYS * DAY_MS));
    // Only days whose aggregates exist: a day that could not be rolled up yet keeps its page views.
    await db
      .deleteFrom("analytics_events")
      .where("day", "<", rawBefore)
      .where((eb) => eb.exists(eb.selectFrom("analytics_rollups as r").select("r.day").whereRef("r.day", "=", "analytics_events.day")))
      .execute();
    await db.deleteFrom("analytics_daily").where("day", "<", aggregatesBefore).execute();
    await db.deleteFrom("analytics_rollups").where("day", "<", aggregatesBefore).execute();
    await db.deleteFrom("analytics_salts").where("day", "<", utcDay(now)).execute();
  }

  async function sweep(): Promise<void> {
    for (const day of await pendingDays()) await rollUp(day);
    await applyRetention();
  }

  return {
    sweep,
    rollUp,
  };
}
