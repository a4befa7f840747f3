import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { CHROMIUM_PATH as CHROMIUM } from "../tests/support/chromium.ts";

/**
 * `npm test`: the whole suite in the order a failure is cheapest to find.
 * types -> lint -> production build -> unit + integration (SQLite, and PostgreSQL when
 * TEST_POSTGRES_URL is set) -> browser tests in Chromium against the production build.
 */

function run(title: string, command: string, args: string[]) {
  console.log(`\n▶ ${title}: ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const canInstall = process.getuid?.() === 0 && existsSync("/usr/bin/apt-get");
  if (!canInstall) {
    console.error(`Browser tests need Debian's Chromium at ${CHROMIUM}: run  sudo apt-get install -y chromium`);
    process.exit(1);
  }
  run("install Chromium", "sh", ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium"]);
}

ensureChromium();
run("types", "sh", ["-c", "react-router typegen && tsc --noEmit"]);
run("lint", "eslint", [".", "--max-warnings=0"]);
run("build", "react-router", ["build"]);
run("unit and integration tests", "vitest", ["run"]);
run("browser tests", "playwright", ["test"]);
