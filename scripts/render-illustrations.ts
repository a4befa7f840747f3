/**
 * `npm run illustrations`: writes the marketing illustrations (React SVG components listed in
 * app/components/marketing/illustrations/catalog.tsx) as SVG files and their index to
 * app/assets/illustrations/, removing files of illustrations that no longer exist (docs/decisions/017).
 * The components are TSX, so they are loaded through Vite's module runner.
 */
import { readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runnerImport } from "vite";
import type { IllustrationFile } from "../app/components/marketing/illustrations/render.tsx";

const directory = "app/assets/illustrations";
const { module } = await runnerImport<{ renderIllustrationFiles: () => Promise<IllustrationFile[]> }>(
  "/app/components/marketing/illustrations/render.tsx",
  { configFile: false, logLevel: "error" },
);
const files = await module.renderIllustrationFiles();
const names = new Set(files.map((file) => file.name));
for (const existing of readdirSync(directory)) if (!names.has(existing)) rmSync(join(directory, existing));
for (const file of files) writeFileSync(join(directory, file.name), file.contents);
console.log(files.map((file) => `${directory}/${file.name} (${file.contents.length} bytes)`).join("\n"));
