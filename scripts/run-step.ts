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
