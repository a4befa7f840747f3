import { listenForNotifications, type NotificationListener } from "../db/notifications.ts";
import type { DatabaseKind } from "../db/portable-types.ts";
import type { Logger } from "../logger.ts";

/**
 * What a job promises about the rows it handles when several instances sweep the same database and a
 * process may be killed at any moment (docs/decisions/025):
 * - exactly-once: the claim and the work commit together (one transaction), so the work is done once;
 * - at-least-once: the claim is a lease taken before the outside call (an e-mail, an HTTP request), so a
 *   process killed after the call and before recording it is retried by another: receivers may get a
 *   duplicate;
 * - at-most-once: held in memory until written; a kill -9 loses what was not written yet;
 * - idempotent: doing it twice is doing it once (a delete of what expired).
 */
export type JobGuarantee = "exactly-once" | "at-least-once" | "at-most-once" | "idempotent";

/** One kind of background work, as the registry declares it (server/jobs/index.ts). */
export interface Job {
  /** Unique; in the log lines (`job`) and in `wake(name)`. */
  name: string;
  /** The longest wait between two sweeps: the poll that finds what no wake announced (other instances, retries). */
  intervalMs: number;
  guarantee: JobGuarantee;
  /**
   * One pass over the due work. May answer how soon (ms) the next pass is wanted, when sooner than
   * `intervalMs` (the next scheduled post). A throw is logged as `failureMessage` and the next pass
   * comes after `intervalMs`: a database outage never stops a job for good.
   */
  sweep(): Promise<number | void>;
  /** Logged (warn) when a sweep throws; default "<name> sweep failed; will retry". */
  failureMessage?: string;
  /** PostgreSQL: a NOTIFY channel whose notifications wake the job (every instance hears a commit). */
  notifyChannel?: string;
  /** Work the job's sweeps started and left running (webhook attempts): awaited by `settled`. */
  settled?(): Promise<void>;
  /** At stop, after the last sweep ended: finish what is in flight (each bounded by its own timeout). */
  stop?(): Promise<void>;
}

/**
 * Where services ask for a job to run now (a post scheduled, deliveries queued). Created with the
 * services; the runner answers while it is started, and a wake before start or after stop does nothing
 * (the first sweep at start finds the work anyway).
 */
export interface JobWakes<Name extends string = string> {
  wake(name: Name): void;
  /** The runner's hook; answers the function that detaches it. */
  attach(target: (name: string) => void): () => void;
}

export function createJobWakes<Name extends string = string>(): JobWakes<Name> {
  let target: ((name: string) => void) | null = null;
  return {
    wake(name) {
      target?.(name);
    },
    attach(next) {
      target = next;
      return () => {
        if (target === next) target = null;
      };
    },
  };
}

export interface JobRunnerDeps {
  jobs: Job[];
  logger: Logger;
  /** The services' wakes, answered while started. */
  wakes?: JobWakes;
  /** PostgreSQL: LISTEN for jobs that name a `notifyChannel`, on a connection of its own per channel. */
  database?: { kind: DatabaseKind; url: string };
}

interface JobState {
  job: Job;
  timer: ReturnType<typeof setTimeout> | null;
  /** The timer was armed to run now (a wake, or a wake during the last sweep): `settled` waits for it. */
  woken: boolean;
  /** The sweep under way. */
  current: Promise<void> | null;
  /** A wake came during the sweep under way: it may have read its work before the wake's commit. */
  again: boolean;
  /** Waiting for the next sweep to begin, then for it to end; and those waiting for the one under way to end. */
  waitingNext: (() => void)[];
  waitingCurrent: (() => void)[];
  listener: NotificationListener | null;
}

/**
 * The one background runner (docs/decisions/025-one-post-change-step-and-one-job-runner.md). Each job
 * sweeps at start, then again `intervalMs` after each sweep ends (sooner when the sweep asks, at once
 * when woken); never two sweeps of one job at a time (a wake during a sweep runs it again right after).
 * Sweep errors are logged and retried at the next interval. Timers are unref'd: they never keep the
 * process alive. `stop()` arms nothing more and resolves once every sweep under way and every job's
 * own `stop` have finished. Which instance does which row is not the runner's business: each job
 * claims its rows in the database (see `JobGuarantee`).
 */
export function createJobRunner({ jobs, logger, wakes, database }: JobRunnerDeps) {
  const log = logger.child({ component: "jobs" });
  const states = new Map<string, JobState>();
  for (const job of jobs) {
    if (states.has(job.name)) throw new Error(`Two jobs are named ${job.name}`);
    states.set(job.name, { job, timer: null, woken: false, current: null, again: false, waitingNext: [], waitingCurrent: [], listener: null });
  }
  let started = false;
  let detach: (() => void) | null = null;

  function arm(state: JobState, delayMs: number): void {
    if (!started) return;
    if (state.timer) clearTimeout(state.timer);
    const delay = Math.max(0, Math.min(delayMs, state.job.intervalMs));
    state.woken = delay === 0;
    state.timer = setTimeout(() => run(state), delay);
    state.timer.unref();
  }

  async function sweepOnce(job: Job): Promise<number> {
    try {
      const next = await job.sweep();
      return typeof next === "number" ? next : job.intervalMs;
    } catch (error) {
      log.warn({ job: job.name, err: { message: (error as Error).message } }, job.failureMessage ?? `${job.name} sweep failed; will retry`);
      return job.intervalMs;
    }
  }

  function run(state: JobState): void {
    if (state.timer) clearTimeout(state.timer);
    state.timer = null;
    state.woken = false;
    if (!started) return;
    if (state.current) {
      state.again = true;
      return;
    }
    state.again = false;
    state.waitingCurrent = state.waitingNext.splice(0);
    state.current = sweepOnce(state.job).then((nextMs) => {
      state.current = null;
      for (const done of state.waitingCurrent.splice(0)) done();
      arm(state, state.again ? 0 : nextMs);
    });
  }

  function stateOf(name: string): JobState {
    const state = states.get(name);
    if (!state) throw new Error(`No job is named ${name}`);
    return state;
  }

  const runner = {
    /** The names of the jobs it runs, in registry order. */
    names: jobs.map((job) => job.name),

    get running(): boolean {
      return started;
    },

    /** Sweeps every job now, then as described above; on PostgreSQL also listens for the jobs' channels. */
    start(): void {
      if (started) return;
      started = true;
      detach = wakes?.attach((name) => runner.wake(name)) ?? null;
      for (const state of states.values()) {
        const { notifyChannel } = state.job;
        if (notifyChannel && database?.kind === "postgres") {
          state.listener = listenForNotifications({
            databaseUrl: database.url,
            channel: notifyChannel,
            logger: log.child({ job: state.job.name }),
            onNotification: () => runner.wake(state.job.name),
          });
        }
        run(state);
      }
    },

    /** Runs the job now (or right after the sweep under way); nothing while the runner is stopped. */
    wake(name: string): void {
      const state = states.get(name);
      if (!state || !started) return;
      if (state.current) state.again = true;
      else arm(state, 0);
    },

    /**
     * Resolves when a sweep of the job that begins after this call has ended (tests: "the runner has
     * looked since I wrote this"). Never resolves while the runner is stopped: wake it or start it.
     */
    nextSweep(name: string): Promise<void> {
      const state = stateOf(name);
      return new Promise<void>((done) => state.waitingNext.push(done));
    },

    /**
     * Resolves when the job (every job, without a name) has nothing under way: no sweep running or
     * woken, and whatever its sweeps started finished (`Job.settled`). Tests, and shutdown.
     */
    async settled(name?: string): Promise<void> {
      for (const state of name === undefined ? states.values() : [stateOf(name)]) {
        for (;;) {
          if (state.current) await state.current;
          else if (state.woken && started) await runner.nextSweep(state.job.name);
          else {
            await state.job.settled?.();
            if (!state.current && !(state.woken && started)) break;
          }
        }
      }
    },

    /** Arms nothing more; resolves when the sweeps under way, the listeners and every job's `stop` have finished. */
    async stop(): Promise<void> {
      if (!started) return;
      started = false;
      detach?.();
      detach = null;
      const listeners: Promise<void>[] = [];
      for (const state of states.values()) {
        if (state.timer) clearTimeout(state.timer);
        state.timer = null;
        state.woken = false;
        if (state.listener) listeners.push(state.listener.stop());
        state.listener = null;
      }
      await Promise.all([...listeners, ...[...states.values()].map((state) => state.current)]);
      await Promise.all(jobs.map((job) => job.stop?.()));
    },
  };
  return runner;
}

export type JobRunner = ReturnType<typeof createJobRunner>;
