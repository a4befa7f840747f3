import type { Db } from "../db/connect.ts";
import type { Logger } from "../logger.ts";
import { nowIso } from "../db/rows.ts";
import type { LandingPageChanges } from "./landing-page-changes.ts";

/** Every instance looks for pages scheduled elsewhere at least this often: the job's interval (as posts', decision 049). */
export const PAGE_SCHEDULE_POLL_MS = 15_000;
const DUE_BATCH = 20;

export interface LandingPageSchedulerDeps {
  db: Db;
  logger: Logger;
  clock: () => Date;
  /** What a publication changes besides the row, in its transaction: content version, revision, activity line. */
  changes: LandingPageChanges;
}

/**
 * Publishes scheduled landing pages when their time comes (docs/decisions/037), as the job
 * "landing-page-publishing" of every instance (server/jobs/index.ts, docs/decisions/025), the way posts
 * are (server/services/scheduled-publishing.ts, docs/decisions/049): one conditional UPDATE (still
 * scheduled, due) in a transaction with the change step, so only the instance whose UPDATE changed the
 * row goes on, each page is published, revised and logged exactly once across instances, and a page that
 * fell due while every instance was down is published by the first sweep after start.
 */
export function createLandingPageScheduler({ db, logger, clock, changes }: LandingPageSchedulerDeps) {
  const log = logger.child({ component: "landing-page-publishing" });
  const scheduled = () => db.selectFrom("landing_pages").where("status", "=", "scheduled");

  /** Publishes one due page; false when another instance did, or it was unscheduled meanwhile. */
  async function publishOne(id: number): Promise<boolean> {
    const now = nowIso(clock);
    const published = await db.transaction().execute(async (trx) => {
      const after = await trx
        .updateTable("landing_pages")
        .set((eb) => ({
          status: "published" as const,
          published_at: eb.ref("scheduled_at"),
          scheduled_at: null,
          updated_at: now,
          version: eb("version", "+", 1),
        }))
        .where("id", "=", id)
        .where("status", "=", "scheduled")
        .where("scheduled_at", "<=", now)
        .returningAll()
        .executeTakeFirst();
      if (!after) return null;
      await changes.afterPageWrite(trx, { kind: "scheduled-publish", after, now });
      return after;
    });
    if (!published) return false;
    log.info({ pageId: id, slug: published.slug, publishedAt: published.published_at }, "landing page published on schedule");
    return true;
  }

  /** Publishes every due page, then answers when the next known one is due (null: none). */
  async function sweep(): Promise<Date | null> {
    for (;;) {
      const due = await scheduled().select("id").where("scheduled_at", "<=", nowIso(clock)).orderBy("scheduled_at").limit(DUE_BATCH).execute();
      for (const { id } of due) await publishOne(Number(id));
      if (due.length < DUE_BATCH) break;
    }
    const next = await scheduled()
      .select((eb) => eb.fn.min("scheduled_at").as("next"))
      .executeTakeFirst();
    return next?.next ? new Date(next.next) : null;
  }

  return { sweep };
}
