import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";

/**
 * The Nu HTML Checker (the W3C validator's engine), from the `vnu-jar` devDependency, run with the
 * machine's Java. Debian: `apt-get install -y default-jre-headless` (`npm test` does it as root).
 */
const vnuJar = () => createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");

export const JAVA_PACKAGE = "default-jre-headless";

export function hasJava(): boolean {
  return spawnSync("java", ["-version"], { stdio: "ignore" }).status === 0;
}

export interface CheckerMessage {
  type: string;
  subType?: string;
  url: string;
  message: string;
  extract?: string;
  firstLine?: number;
  lastLine?: number;
  firstColumn?: number;
  lastColumn?: number;
}

/**
 * Checks the HTML files in one Java start (the checker takes seconds to start) and answers its
 * errors. A missing Java is an error with the command that installs it, never a skipped check.
 */
export function checkHtmlFiles(files: string[]): CheckerMessage[] {
  if (!hasJava()) {
    throw new Error(`The HTML conformance check needs Java: run  sudo apt-get install -y ${JAVA_PACKAGE}`);
  }
  const result = spawnSync("java", ["-jar", vnuJar(), "--errors-only", "--format", "json", "--stdout", ...files], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) throw result.error;
  // Exit status 1 only means "errors found"; the JSON says which.
  let report: { messages?: CheckerMessage[] };
  try {
    report = JSON.parse(result.stdout) as { messages?: CheckerMessage[] };
  } catch {
    throw new Error(`The HTML checker gave no report (exit ${result.status}): ${result.stderr || result.stdout}`);
  }
  return (report.messages ?? []).filter((message) => message.type === "error" || message.subType === "fatal");
}
