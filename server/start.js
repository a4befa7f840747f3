// Plain JavaScript on purpose: it must run, and explain itself, on any Node version.
import { nodeVersionProblem } from "./node-version.js";

const problem = nodeVersionProblem();
if (problem) {
  console.error(problem);
  process.exit(1);
}
await import("./main.ts");
