import { spawnSync } from "node:child_process";

/** Runs one step of `npm test` or `npm run check` in the foreground; the first failure ends the run with its code. */
export function run(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  console.log(`\n▶ ${title}: ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", env });
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}
