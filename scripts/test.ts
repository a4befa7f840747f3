import { existsSync } from "node:fs";
import { CHROMIUM_PATH as CHROMIUM } from "../tests/support/chromium.ts";
import { hasJava, JAVA_PACKAGE } from "../tests/support/html-checker.ts";
import { run, runVitest } from "./run-step.ts";

/**
 * `npm test`: the whole suite in the order a failure is cheapest to find.
 * types -> lint -> unused code (knip) -> production build -> unit + integration (SQLite, and PostgreSQL when
 * TEST_POSTGRES_URL is set; HTML conformance with the Nu checker on Java) -> browser tests in
 * Chromium against the production build.
 */

/** Installs a Debian package the tests need when it is missing and we can (root), else says how. */
function ensurePackage(needed: string, installed: () => boolean, debianPackage: string) {
  if (installed()) return;
  const canInstall = process.getuid?.() === 0 && existsSync("/usr/bin/apt-get");
  if (!canInstall) {
    console.error(`${needed}: run  sudo apt-get install -y ${debianPackage}`);
    process.exit(1);
  }
  run(`install ${debianPackage}`, "sh", [
    "-c",
    `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${debianPackage}`,
  ]);
}

ensurePackage(`Browser tests need Debian's Chromium at ${CHROMIUM}`, () => existsSync(CHROMIUM), "chromium");
ensurePackage("The HTML conformance test needs Java for the Nu HTML checker", hasJava, JAVA_PACKAGE);
run("types", "sh", ["-c", "react-router typegen && tsc --noEmit"]);
run("lint", "eslint", [".", "--max-warnings=0"]);
run("unused files, dependencies and exports", "knip", []);
run("build", "react-router", ["build"]);
runVitest("unit and integration tests");
run("browser tests", "playwright", ["test"]);
