import { run, runVitest } from "./run-step.ts";

/**
 * `npm run check`: the fast lane a developer runs before pushing (README, Development): types -> lint ->
 * unused code (knip) -> the build if the sources changed (the integration tests serve it) -> unit and
 * SQLite integration tests on two workers, then the timing-bound files on one. Unlike `npm test`
 * (the whole suite, which CI runs): tsc and eslint keep caches in node_modules/.cache, TEST_POSTGRES_URL
 * is ignored, nothing is installed, and no browser runs (no Playwright, and not the Lighthouse test,
 * which drives Chromium for about 90 s).
 */
const cache = "node_modules/.cache/zuri-check";
run("types", "sh", ["-c", `react-router typegen && tsc --noEmit --incremental --tsBuildInfoFile ${cache}/tsbuildinfo`]);
run("lint", "eslint", [".", "--max-warnings=0", "--cache", "--cache-location", `${cache}/eslint`]);
run("unused files, dependencies and exports", "knip", []);
run("build (when the sources changed)", "node", ["scripts/build-if-needed.ts"]);
const sqliteOnly = { ...process.env };
delete sqliteOnly.TEST_POSTGRES_URL;
runVitest("unit and SQLite integration tests", { env: sqliteOnly, lighthouse: false });
