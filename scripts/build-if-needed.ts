import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** `npm start` on a fresh clone (or after a pull) builds first; otherwise it starts at once. */
const output = `${process.env.BUILD_DIR ?? "build"}/server/index.js`;
const sources = ["app", "shared", "public", "vite.config.ts", "react-router.config.ts", "package-lock.json"];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

if (!existsSync(output) || Math.max(...sources.map(newestMtime)) > statSync(output).mtimeMs) {
  console.log("Building the site (first start or sources changed)…");
  execFileSync("npm", ["run", "build"], { stdio: "inherit" });
}
