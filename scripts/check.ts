import { run } from "./run-step.ts";

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
// Files bound to wall-clock time (server processes scheduled seconds ahead, killed and restarted; hundreds of
// argon2 logins against a 30 s timeout) run after the rest on one worker, so the other cannot starve them.
const alone = ["tests/integration/security.test.ts", "process.test.ts"];
const excluded = ["tests/integration/lighthouse.test.ts", "tests/integration/security.test.ts", "tests/integration/*process.test.ts"];
run("unit and SQLite integration tests", "vitest", ["run", "--maxWorkers=2", ...excluded.flatMap((glob) => ["--exclude", glob])], sqliteOnly);
run("timing-bound integration tests, one at a time", "vitest", ["run", "--maxWorkers=1", ...alone], sqliteOnly);
