import type { Db } from "../db/connect.ts";
import type { Logger } from "../logger.ts";
import { nowIso } from "../db/rows.ts";
import type { PostChanges } from "./post-changes.ts";
import { isNotLive } from "./post-core.ts";

/** Every instance looks for schedules saved elsewhere at least this often (docs/decisions/049). */
export const SCHEDULE_POLL_MS = 15_000;
const DUE_BATCH = 20;

export interface ScheduledPublisherDeps {
  db: Db;
  logger: Logger;
  clock: () => Date;
  pollMs?: number;
  /**
   * What a publication changes besides the row, in its transaction: tag counts, content version
   * (decisions 040, 021), a revision, `post.published` (decision 073): docs/decisions/025.
   */
  changes: PostChanges;
}

/**
 * Publishes scheduled posts when their time comes, on its own: no request or restart needs to
 * happen (docs/decisions/049-scheduled-publishing.md). Every instance runs it; the database decides
 * which one publishes each post. Publishing is one conditional UPDATE (still a draft, still
 * scheduled, due) in a transaction with what a publication changes: the tag counts, the blog's
 * content version (every instance's cached pages, decision 040) and a revision. Only the instance
 * whose UPDATE changed the row goes on (a row lock on PostgreSQL, serialised writes on SQLite), so
 * each post is published, revised and logged exactly once, and a post that was due while every
 * instance was down is published by the first sweep after start.
 *
 * Timing: each sweep arms a timer for the next schedule it knows of, or for the next poll, whichever
 * comes first; a save that schedules a post wakes the instance that saved it (`wake`).
 */
export function createScheduledPublisher({ db, logger, clock, pollMs = SCHEDULE_POLL_MS, changes }: ScheduledPublisherDeps) {
  const log = logger.child({ component: "scheduled-publishing" });
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running = false;
  let current: Promise<void> | null = null;
  /** A wake during a sweep: that sweep may have read the next schedule before this one was saved. */
  let wakeAgain = false;

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

  function arm(delayMs: number) {
    if (!running) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, Math.max(0, Math.min(delayMs, pollMs)));
    timer.unref();
  }

  function run() {
    timer = null;
    if (!running || current) return;
    wakeAgain = false;
    current = sweep()
      .then((next) => arm(wakeAgain ? 0 : next ? next.getTime() - clock().getTime() : pollMs))
      .catch((error: unknown) => {
        // A database outage must not stop schedules for good: the next poll tries again.
        log.warn({ err: { message: (error as Error).message } }, "scheduled publishing sweep failed; will retry");
        arm(pollMs);
      })
      .finally(() => (current = null));
  }

  return {
    sweep,
    /** Sweeps now and then as described above, until stop(). The timer never keeps the process alive. */
    start(): void {
      if (running) return;
      running = true;
      run();
    },
    /** A post was scheduled on this instance: look again now, so its time is not missed by a poll's length. */
    wake(): void {
      if (!running) return;
      if (current) wakeAgain = true;
      else arm(0);
    },
    async stop(): Promise<void> {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await current;
    },
  };
}

export type ScheduledPublisher = ReturnType<typeof createScheduledPublisher>;
