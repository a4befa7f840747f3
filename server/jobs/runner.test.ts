import { describe, expect, it } from "vitest";
import { createLogger } from "../logger.ts";
import { createJobRunner, createJobWakes, type Job } from "./runner.ts";

/** A promise with its resolve, to hold a sweep open for as long as the test wants. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

function logged() {
  const lines: Record<string, unknown>[] = [];
  return { lines, logger: createLogger("info", { write: (line: string) => void lines.push(JSON.parse(line)) }) };
}

const HOUR = 3_600_000;

/** The background runner (docs/decisions/025): no timing assumptions, every wait is on the runner's promises. */
describe("the job runner", () => {
  it("sweeps at start, never twice at once, and once more right after a sweep that was woken meanwhile", async () => {
    let running = 0;
    let most = 0;
    let sweeps = 0;
    const first = gate();
    const job: Job = {
      name: "count",
      intervalMs: HOUR,
      guarantee: "idempotent",
      async sweep() {
        running++;
        most = Math.max(most, running);
        sweeps++;
        if (sweeps === 1) await first.opened;
        running--;
      },
    };
    const wakes = createJobWakes();
    const runner = createJobRunner({ jobs: [job], logger: createLogger("silent"), wakes });
    wakes.wake("count");
    expect(sweeps).toBe(0);
    runner.start();
    expect(sweeps).toBe(1);
    // Woken twice during the first sweep: one more sweep, after it.
    wakes.wake("count");
    wakes.wake("count");
    const second = runner.nextSweep("count");
    first.open();
    await second;
    await runner.settled();
    expect({ sweeps, most }).toEqual({ sweeps: 2, most: 1 });
    await runner.stop();
    // Stopped: wakes reach nothing.
    wakes.wake("count");
    await runner.settled();
    expect(sweeps).toBe(2);
  });

  it("logs a failing sweep, keeps the job, and sweeps again when woken", async () => {
    const { lines, logger } = logged();
    let calls = 0;
    const runner = createJobRunner({
      jobs: [
        {
          name: "flaky",
          intervalMs: HOUR,
          guarantee: "idempotent",
          failureMessage: "flaky sweep failed; will retry",
          async sweep() {
            calls++;
            if (calls === 1) throw new Error("database unreachable");
          },
        },
      ],
      logger,
    });
    const swept = runner.nextSweep("flaky");
    runner.start();
    await swept;
    expect(lines).toContainEqual(expect.objectContaining({ msg: "flaky sweep failed; will retry", job: "flaky", level: 40 }));
    const again = runner.nextSweep("flaky");
    runner.wake("flaky");
    await again;
    expect(calls).toBe(2);
    await runner.stop();
  });

  it("runs a job again when its sweep asks for it sooner than the interval", async () => {
    let calls = 0;
    const runner = createJobRunner({
      jobs: [{ name: "soon", intervalMs: HOUR, guarantee: "exactly-once", sweep: async () => (++calls < 3 ? 0 : undefined) }],
      logger: createLogger("silent"),
    });
    const third = (async () => {
      await runner.nextSweep("soon");
      await runner.nextSweep("soon");
      await runner.nextSweep("soon");
    })();
    runner.start();
    await third;
    expect(calls).toBe(3);
    await runner.stop();
  });

  it("stops gracefully: waits for the sweep under way, then the job's own stop; settled waits for what a sweep left running", async () => {
    const held = gate();
    const order: string[] = [];
    let leftRunning: Promise<void> = Promise.resolve();
    const released = gate();
    const runner = createJobRunner({
      jobs: [
        {
          name: "slow",
          intervalMs: HOUR,
          guarantee: "at-least-once",
          async sweep() {
            order.push("sweep begins");
            leftRunning = released.opened.then(() => void order.push("attempt ends"));
            await held.opened;
            order.push("sweep ends");
          },
          settled: () => leftRunning,
          async stop() {
            await leftRunning;
            order.push("job stopped");
          },
        },
      ],
      logger: createLogger("silent"),
    });
    runner.start();
    let stopped = false;
    const stopping = runner.stop().then(() => void (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    held.open();
    released.open();
    await stopping;
    expect(order).toEqual(["sweep begins", "sweep ends", "attempt ends", "job stopped"]);
  });

  it("refuses two jobs of one name", () => {
    const job: Job = { name: "twin", intervalMs: 1, guarantee: "idempotent", sweep: async () => {} };
    expect(() => createJobRunner({ jobs: [job, job], logger: createLogger("silent") })).toThrow(/twin/);
  });
});
