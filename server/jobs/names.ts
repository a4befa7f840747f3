/**
 * The names of the background jobs (docs/decisions/025): the registry (server/jobs/index.ts) defines
 * each, services wake them by these names (`services.jobWakes`), so a misspelt name does not compile.
 */
export const JOB_NAMES = [
  "scheduled-publishing",
  "landing-page-publishing",
  "webhook-deliveries",
  "demo-notifications",
  "demo-retention",
  "analytics-flush",
  "analytics-rollups",
  "rate-limits",
  "activity-retention",
] as const;

export type JobName = (typeof JOB_NAMES)[number];
