import type { Db } from "../db/connect.ts";
import type { Logger } from "../logger.ts";
import { eraseDemoRequests } from "./demo-erasure.ts";

/** Each instance sweeps at start and then this often (docs/decisions/053): the job's interval. */
export const DEMO_RETENTION_SWEEP_MS = 60 * 60_000;
const BATCH = 100;

export interface DemoRetentionDeps {
  db: Db;
  logger: Logger;
  clock: () => Date;
  /** DEMO_REQUEST_RETENTION_MONTHS: a request untouched this long is erased. */
  months: number;
}

/** The moment before which a request's last activity makes it expired: `months` calendar months ago, UTC. */
export function retentionCutoff(now: Date, months: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

/**
 * Storage limitation for leads (UK GDPR/GDPR Art. 5(1)(e); docs/decisions/053): a demo request whose last
 * activity (received, status, owner, note: `updated_at`) is older than the retention period is erased as an
 * erasure request would erase it (server/services/demo-erasure.ts). Every instance sweeps; the
 * `DELETE … RETURNING` of each batch is the claim, so each request is erased by exactly one instance (a
 * row lock on PostgreSQL, serialised writes on SQLite), and the per-instance counts add up to the total.
 * The sweep is the job "demo-retention" of the background runner (docs/decisions/025).
 */
export function createDemoRetention({ db, logger, clock, months }: DemoRetentionDeps) {
  const log = logger.child({ component: "demo-retention" });

  /** Erases every expired request; answers the ids this instance erased. */
  async function sweep(): Promise<number[]> {
    const cutoff = retentionCutoff(clock(), months).toISOString();
    const erased: number[] = [];
    for (;;) {
      const due = await db.selectFrom("demo_requests").select("id").where("updated_at", "<", cutoff).orderBy("id").limit(BATCH).execute();
      if (due.length === 0) break;
      const rows = await db.transaction().execute((trx) => eraseDemoRequests(trx, due.map((row) => Number(row.id))));
      erased.push(...rows.map((row) => row.id));
      if (due.length < BATCH) break;
    }
    if (erased.length > 0) log.info({ erased: erased.length, months }, "expired demo requests erased");
    return erased;
  }

  return {
    sweep,
    months,
  };
}
