import { spawnSync } from "node:child_process";

/** Runs one step of `npm test` or `npm run check` in the foreground; the first failure ends the run with its code. Says how long each step took. */
export function run(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  console.log(`\n▶ ${title}: ${command} ${args.join(" ")}`);
  const started = performance.now();
  const result = spawnSync(command, args, { stdio: "inherit", env });
  const took = `${((performance.now() - started) / 1000).toFixed(1)} s`;
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed (exit ${result.status ?? result.signal}) after ${took}`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${title}: ${took}`);
}

/**
 * The integration files bound to wall-clock time (server processes scheduled seconds ahead, killed and
 * restarted; hundreds of argon2 logins against a 30 s timeout) and Lighthouse's timed page loads: `npm test`
 * and `npm run check` run them after the rest, so the busy two-worker run of everything else cannot starve them.
 */
const timeBound = [
  { glob: "tests/integration/security.test.ts", filter: "tests/integration/security.test.ts" },
  { glob: "tests/integration/*process.test.ts", filter: "process.test.ts" },
];
const lighthouseTest = "tests/integration/lighthouse.test.ts";

/**
 * Unit and integration tests in three runs: everything else on two workers; then the time-bound files
 * but Lighthouse, two at a time (each has a core to itself, nothing else runs); then Lighthouse alone,
 * whose timed page loads want the whole machine.
 */
export function runVitest(label: string, { env = process.env, lighthouse = true }: { env?: NodeJS.ProcessEnv; lighthouse?: boolean } = {}) {
  const excluded = [...timeBound.map(({ glob }) => glob), lighthouseTest];
  run(label, "vitest", ["run", "--maxWorkers=2", ...excluded.flatMap((glob) => ["--exclude", glob])], env);
  run(`${label} bound to time, two at a time`, "vitest", ["run", "--maxWorkers=2", ...timeBound.map(({ filter }) => filter)], env);
  if (lighthouse) run(`${label}: Lighthouse, alone`, "vitest", ["run", "--maxWorkers=1", lighthouseTest], env);
}
