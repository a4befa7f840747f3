import type { Db } from "../db/connect.ts";
import type { Logger } from "../logger.ts";
import { nowIso } from "../db/rows.ts";
import type { PostChanges } from "./post-changes.ts";
import { isNotLive } from "./post-core.ts";

/** Every instance looks for schedules saved elsewhere at least this often (docs/decisions/049): the job's interval. */
export const SCHEDULE_POLL_MS = 15_000;
const DUE_BATCH = 20;

export interface ScheduledPublisherDeps {
  db: Db;
  logger: Logger;
  clock: () => Date;
  /** Asks the runner for a sweep now (server/jobs/runner.ts JobWakes); nothing while it is not running. */
  wake?: () => void;
  /**
   * What a publication changes besides the row, in its transaction: tag counts, content version
   * (decisions 040, 021), a revision, `post.published` (decision 073): docs/decisions/025.
   */
  changes: PostChanges;
}

/**
 * Publishes scheduled posts when their time comes, on its own: no request or restart needs to
 * happen (docs/decisions/049-scheduled-publishing.md). Every instance runs it, as the job
 * "scheduled-publishing" of the background runner (server/jobs/index.ts, docs/decisions/025); the
 * database decides which one publishes each post. Publishing is one conditional UPDATE (still a draft,
 * still scheduled, due) in a transaction with what a publication changes (the post-change step: tag
 * counts, the blog's content version, a revision, the webhook event). Only the instance whose UPDATE
 * changed the row goes on (a row lock on PostgreSQL, serialised writes on SQLite), so each post is
 * published, revised and logged exactly once, and a post that was due while every instance was down
 * is published by the first sweep after start.
 *
 * Timing: each sweep answers when the next schedule it knows of is due, and the runner sweeps again
 * then or at the next poll, whichever comes first; a save that schedules a post wakes the job on the
 * instance that saved it (`wake`), so it is published to the second (decision 049).
 */
export function createScheduledPublisher({ db, logger, clock, changes, wake = () => {} }: ScheduledPublisherDeps) {
  const log = logger.child({ component: "scheduled-publishing" });

  /** Publishes one due post; false when another instance did, or it was unscheduled meanwhile. */
  async function publishOne(id: number): Promise<boolean> {
    const now = nowIso(clock);
    const published = await db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable("posts")
        .set((eb) => ({
          published: true,
          published_at: eb.ref("scheduled_at"),
          first_published_at: eb.fn.coalesce("first_published_at", "scheduled_at"),
          scheduled_at: null,
          updated_at: now,
          version: eb("version", "+", 1),
        }))
        .where("id", "=", id)
        .where(isNotLive)
        .where("scheduled_at", "is not", null)
        .where("scheduled_at", "<=", now)
        .returningAll()
        .executeTakeFirst();
      if (!row) return null;
      await changes.afterPostWrite(trx, { kind: "scheduled-publish", after: row, now });
      return row;
    });
    if (!published) return false;
    log.info({ postId: id, slug: published.slug, publishedAt: published.published_at }, "post published on schedule");
    return true;
  }

  /** Publishes every due post, then answers when the next known one is due (null: none). */
  async function sweep(): Promise<Date | null> {
    for (;;) {
      const due = await db
        .selectFrom("posts")
        .select("id")
        .where(isNotLive)
        .where("scheduled_at", "is not", null)
        .where("scheduled_at", "<=", nowIso(clock))
        .orderBy("scheduled_at")
        .limit(DUE_BATCH)
        .execute();
      for (const { id } of due) await publishOne(Number(id));
      if (due.length < DUE_BATCH) break;
    }
    const next = await db
      .selectFrom("posts")
      .select((eb) => eb.fn.min("scheduled_at").as("next"))
      .where(isNotLive)
      .where("scheduled_at", "is not", null)
      .executeTakeFirst();
    return next?.next ? new Date(next.next) : null;
  }

  return {
    sweep,
    /** A post was scheduled on this instance: look again now, so its time is not missed by a poll's length. */
    wake,
  };
}

export type ScheduledPublisher = ReturnType<typeof createScheduledPublisher>;
