import { createLogger } from "../../server/logger.ts";
import type { DatabaseKind } from "../../server/db/portable-types.ts";
import { createJobRunner, type Job, type JobRunner } from "../../server/jobs/runner.ts";

/**
 * Waiting for background jobs (docs/decisions/025) without sleeping: each helper awaits the runner's
 * own promises, so a test resumes the moment the work is done, however slow the machine.
 */

/**
 * Resolves once the job has swept since this call (woken now, not at its next interval) and whatever
 * that sweep started has finished: "the runner has seen what I just wrote".
 */
export async function sweepNow(runner: JobRunner, name: string): Promise<void> {
  const swept = runner.nextSweep(name);
  runner.wake(name);
  await swept;
  await runner.settled(name);
}

/** Resolves when the job (every job, without a name) has nothing under way: what a save or a queued event woke included. */
export function jobSettled(runner: JobRunner, name?: string): Promise<void> {
  return runner.settled(name);
}

/** Resolves after the next sweep of the job that begins from now on ends, woken or at its interval. */
export function nextSweep(runner: JobRunner, name: string): Promise<void> {
  return runner.nextSweep(name);
}

/** A started runner of `jobs` alone (e.g. another instance's worker); stop it when done. */
export function runJobs(jobs: Job[], { database }: { database?: { kind: DatabaseKind; url: string } } = {}): JobRunner {
  const runner = createJobRunner({ jobs, logger: createLogger("silent"), database });
  runner.start();
  return runner;
}
