import type { Logger } from "../logger.ts";
import type { Services } from "../services.ts";
import { deleteExpiredRateLimits } from "../security/rate-limit.ts";
import { SCHEDULE_POLL_MS, type ScheduledPublisher } from "../services/scheduled-publishing.ts";
import { PAGE_SCHEDULE_POLL_MS } from "../services/landing-page-scheduler.ts";
import { WEBHOOK_SWEEP_MS, type WebhookDeliveryWorker } from "../services/webhook-deliveries.ts";
import { WEBHOOK_NOTIFY_CHANNEL } from "../services/webhook-outbox.ts";
import { DEMO_NOTIFY_SWEEP_MS } from "../services/demo-notifier.ts";
import { DEMO_RETENTION_SWEEP_MS } from "../services/demo-retention.ts";
import { ACTIVITY_RETENTION_SWEEP_MS } from "../services/activity-log.ts";
import { ANALYTICS_FLUSH_MS } from "../services/analytics-ingestion.ts";
import { ROLLUP_POLL_MS } from "../services/analytics-rollups.ts";
import { createJobRunner, type Job } from "./runner.ts";
import type { JobName } from "./names.ts";

export type { JobName };

/**
 * Every background job, in one place (docs/decisions/025-one-post-change-step-and-one-job-runner.md):
 * its name, how often it sweeps at most, what its sweep does and what it promises when several
 * instances sweep one database. The runner (runner.ts) runs them; server/main.ts starts it after the
 * services and stops it before they close. To add a job: write its sweep in its service (claiming
 * rows in the database if several instances may sweep), add its name to names.ts and an entry here,
 * and a line to the table in decision 025.
 */

/** Shorter intervals than the defaults (tests); a job left out keeps its own. */
export type JobIntervals = Partial<Record<JobName, number>>;

/**
 * Scheduled posts (docs/decisions/049) and landing pages (docs/decisions/037) go live at their time; the
 * sweep asks to run again when the next one is due.
 */
export function scheduledPublishingJob(
  publisher: Pick<ScheduledPublisher, "sweep">,
  clock: () => Date,
  intervalMs = SCHEDULE_POLL_MS,
  name: "scheduled-publishing" | "landing-page-publishing" = "scheduled-publishing",
): Job {
  return {
    name,
    intervalMs,
    guarantee: "exactly-once",
    async sweep() {
      const next = await publisher.sweep();
      return next === null ? undefined : next.getTime() - clock().getTime();
    },
    failureMessage: `${name === "scheduled-publishing" ? "scheduled publishing" : "landing page publishing"} sweep failed; will retry`,
  };
}

/** Webhook deliveries (docs/decisions/073); woken by queued events here, by NOTIFY from every instance on PostgreSQL. */
export function webhookDeliveriesJob(worker: WebhookDeliveryWorker, intervalMs = WEBHOOK_SWEEP_MS): Job {
  return {
    name: "webhook-deliveries",
    intervalMs,
    guarantee: "at-least-once",
    // The look for due deliveries; the attempts it starts go on (lanes) and dispatch again as they end.
    sweep: () => worker.dispatch(),
    failureMessage: "webhook sweep failed; will retry",
    notifyChannel: WEBHOOK_NOTIFY_CHANNEL,
    settled: () => worker.settled(),
    stop: () => worker.stop(),
  };
}

/** The registry: the jobs of one instance, built from its services. */
export function backgroundJobs(services: Services, intervals: JobIntervals = {}): Job[] {
  const { scheduledPublisher, landingPageScheduler, webhookDeliveries, demoNotifier, demoRetention, analytics, analyticsRollups, activityLog, database, clock } = services;
  const every = (name: JobName, fallback: number) => intervals[name] ?? fallback;
  return [
    scheduledPublishingJob(scheduledPublisher, clock, every("scheduled-publishing", SCHEDULE_POLL_MS)),
    scheduledPublishingJob(landingPageScheduler, clock, every("landing-page-publishing", PAGE_SCHEDULE_POLL_MS), "landing-page-publishing"),
    webhookDeliveriesJob(webhookDeliveries, every("webhook-deliveries", WEBHOOK_SWEEP_MS)),
    // Retries of the sales e-mail of each lead (docs/decisions/051); nothing to do without SMTP.
    ...(demoNotifier.configured
      ? [
          {
            name: "demo-notifications",
            intervalMs: every("demo-notifications", DEMO_NOTIFY_SWEEP_MS),
            guarantee: "at-least-once",
            sweep: () => demoNotifier.sweep(),
            failureMessage: "demo notification sweep failed; will retry",
          } satisfies Job,
        ]
      : []),
    {
      // Leads past DEMO_REQUEST_RETENTION_MONTHS erased (docs/decisions/053): DELETE … RETURNING is the claim.
      name: "demo-retention",
      intervalMs: every("demo-retention", DEMO_RETENTION_SWEEP_MS),
      guarantee: "exactly-once",
      sweep: async () => void (await demoRetention.sweep()),
      failureMessage: "demo retention sweep failed; will retry",
    },
    {
      // Page views buffered in this process, written in batches (docs/decisions/070).
      name: "analytics-flush",
      intervalMs: every("analytics-flush", ANALYTICS_FLUSH_MS),
      guarantee: "at-most-once",
      sweep: () => analytics.flush(),
    },
    {
      // Each finished day rolled up once, then the retention (docs/decisions/070).
      name: "analytics-rollups",
      intervalMs: every("analytics-rollups", ROLLUP_POLL_MS),
      guarantee: "exactly-once",
      sweep: () => analyticsRollups.sweep(),
      failureMessage: "analytics rollup sweep failed; will retry",
    },
    {
      // Expired rate-limit counters (docs/decisions/004).
      name: "rate-limits",
      intervalMs: every("rate-limits", 10 * 60_000),
      guarantee: "idempotent",
      sweep: () => deleteExpiredRateLimits(database, clock()),
      failureMessage: "could not sweep expired rate limits",
    },
    {
      // Activity log lines older than a year (docs/decisions/029): a batched delete of what expired.
      name: "activity-retention",
      intervalMs: every("activity-retention", ACTIVITY_RETENTION_SWEEP_MS),
      guarantee: "idempotent",
      sweep: async () => void (await activityLog.sweep()),
      failureMessage: "activity log retention sweep failed; will retry",
    },
  ];
}

/** The runner of these jobs for one instance, attached to its services' wakes; started by server/main.ts. */
export function createBackgroundRunner(
  services: Services,
  { logger = services.logger, only, intervals }: { logger?: Logger; only?: readonly JobName[]; intervals?: JobIntervals } = {},
) {
  const jobs = backgroundJobs(services, intervals).filter((job) => only === undefined || only.includes(job.name as JobName));
  return createJobRunner({
    jobs,
    logger,
    wakes: services.jobWakes,
    database: { kind: services.database.kind, url: services.env.DATABASE_URL },
  });
}
