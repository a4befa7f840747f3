import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";

/**
 * Points every citation of the documents the project started from (a specification and three design notes kept
 * outside the repository) at the documents inside it: the specification's sections become docs/product.md's
 * (same numbers), the architecture notes docs/architecture.md, the brand and style notes docs/brand.md.
 *
 *   node scripts/rewrite-citations.ts           rewrite, and list what changed
 *   node scripts/rewrite-citations.ts --check   change nothing; exit 1 if anything would change
 *
 * Idempotent: no replacement produces text that a rule matches again, so a second run changes nothing. Run it
 * again after merging a branch that still cites the old documents. tests/integration/citations.test.ts fails
 * while any such citation is left.
 *
 * The old names are assembled from parts, so this file does not cite them itself.
 */

const SECTION = "\u00a7";
const spec = "SPEC";
const architecture = "ARCHITECTURE";
const brand = "BRAND";
const style = "STYLE";
const md = (name: string) => `${name}\\.md`;
const sharedSpec = ["shared", "spec"].join("/");
const sharedDesign = ["shared", "design"].join("/");

const PRODUCT = "docs/product.md";
const ARCHITECTURE_DOC = "docs/architecture.md";
const BRAND_DOC = "docs/brand.md";

/** Where to look: the tracked files under these paths. */
const ROOTS = ["app", "shared", "server", "scripts", "tests", "docs", "README.md"];

/** The documents that replace the old ones, and this script: never rewritten. */
const SKIPPED = new Set([PRODUCT, ARCHITECTURE_DOC, BRAND_DOC, "scripts/rewrite-citations.ts"]);

interface Rule {
  pattern: RegExp;
  replacement: string;
}

/** In order: whole paths first, then phrases that need their own words, then the plain names. */
const rules: Rule[] = [
  // Paths to the old files, relative or absolute, with any folders before them.
  { pattern: new RegExp(`(?:[\\w.~-]+/)*${sharedSpec}/${md(spec)}`, "g"), replacement: PRODUCT },
  { pattern: new RegExp(`(?:[\\w.~-]+/)*spec/${md(spec)}`, "g"), replacement: PRODUCT },
  { pattern: new RegExp(`(?:[\\w.~-]+/)*${sharedDesign}/${md(architecture)}`, "g"), replacement: ARCHITECTURE_DOC },
  { pattern: new RegExp(`(?:[\\w.~-]+/)*${sharedDesign}/(?:${md(brand)}|${md(style)})`, "g"), replacement: BRAND_DOC },
  // A record that superseded a line the first architecture notes had and docs/architecture.md no longer has.
  {
    pattern: new RegExp(`line of ${md(architecture)}`, "g"),
    replacement: `line of the first architecture notes, since replaced by ${ARCHITECTURE_DOC}`,
  },
  // Bare file names, with any folder before them.
  { pattern: new RegExp(`(?:[\\w.~-]+/)*\\b${md(spec)}`, "g"), replacement: PRODUCT },
  { pattern: new RegExp(`(?:[\\w.~-]+/)*\\b${md(architecture)}`, "g"), replacement: ARCHITECTURE_DOC },
  { pattern: new RegExp(`(?:[\\w.~-]+/)*\\b(?:${md(brand)}|${md(style)})`, "g"), replacement: BRAND_DOC },
  // "ARCHITECTURE principle 4"
  { pattern: new RegExp(`\\b${architecture} (?=principle)`, "g"), replacement: `${ARCHITECTURE_DOC} ` },
  // "(STYLE/BRAND)", "(BRAND: one accent for charts)"
  { pattern: new RegExp(`\\b(?:${style}/${brand}|${brand}/${style})\\b`, "g"), replacement: BRAND_DOC },
  { pattern: new RegExp(`(?<=\\()(?:${brand}|${style})(?=[:;,)])`, "g"), replacement: BRAND_DOC },
  // Sections: the name, a space and the section sign, whatever follows ("…7", "…2/§4", "…2, §5", "…7's", nothing).
  { pattern: new RegExp(`\\b${spec} ?${SECTION}`, "g"), replacement: `${PRODUCT} ${SECTION}` },
  // Clients written to the old specification's API (its §7).
  { pattern: new RegExp(`\\b${spec}-shaped client`, "g"), replacement: `client shaped by ${PRODUCT} ${SECTION}7` },
  { pattern: new RegExp(`\\b${spec} client`, "g"), replacement: `client written to ${PRODUCT}` },
  // What the first specification's own client did, which docs/product.md §3 and §9 record as superseded.
  { pattern: new RegExp(`\\bthe ${spec}'s (?=client|constant)`, "g"), replacement: "the first specification's " },
  // Prose: "the SPEC's words", "the SPEC error state", "Not in the SPEC".
  { pattern: new RegExp(`\\b${spec}'s\\b`, "g"), replacement: "product document's" },
  { pattern: new RegExp(`\\bthe ${spec}\\b(?=\\s+[a-z])`, "g"), replacement: "the product document's" },
  { pattern: new RegExp(`\\bthe ${spec}\\b(?![\\w-])`, "g"), replacement: "the product document" },
];

/**
 * A bare mention no rule handles: reported, left for a person to word. Identifiers (`IPV4_SPECIAL`) and quoted
 * names (a string that is just the word) are not mentions.
 */
const leftover = new RegExp(
  `(?<!["'\`])\\b(?:${spec}|${architecture}|${brand}|${style})\\b(?![_\\w"'\`])|${sharedSpec}/|${sharedDesign}/`,
  "g",
);

export interface FileResult {
  path: string;
  replacements: number;
  text: string;
  leftovers: string[];
}

/** Applies every rule to one file's text. */
export function rewriteCitations(text: string): { text: string; replacements: number } {
  let replacements = 0;
  let result = text;
  for (const { pattern, replacement } of rules) {
    result = result.replace(pattern, () => {
      replacements += 1;
      return replacement;
    });
  }
  return { text: result, replacements };
}

function trackedFiles(): string[] {
  const output = execFileSync("git", ["ls-files", "-z", "--", ...ROOTS], { encoding: "utf8" });
  return output.split("\0").filter((path) => path !== "" && !SKIPPED.has(path));
}

function rewriteFile(path: string): FileResult | null {
  const bytes = readFileSync(path);
  if (bytes.includes(0)) return null; // binary
  const before = bytes.toString("utf8");
  const { text, replacements } = rewriteCitations(before);
  const leftovers = [...text.matchAll(leftover)].map((match) => {
    const line = text.slice(0, match.index).split("\n").length;
    return `${path}:${line}: ${text.split("\n")[line - 1]?.trim()}`;
  });
  return { path, replacements, text, leftovers };
}

function main() {
  const check = process.argv.includes("--check");
  let total = 0;
  let files = 0;
  const leftovers: string[] = [];
  for (const path of trackedFiles()) {
    const result = rewriteFile(path);
    if (!result) continue;
    leftovers.push(...result.leftovers);
    if (result.replacements === 0) continue;
    total += result.replacements;
    files += 1;
    console.log(`${String(result.replacements).padStart(4)}  ${path}`);
    if (!check) writeFileSync(path, result.text);
  }
  console.log(`${check ? "Would rewrite" : "Rewrote"} ${total} citation${total === 1 ? "" : "s"} in ${files} file${files === 1 ? "" : "s"}.`);
  if (leftovers.length > 0) {
    console.log(`\nMentions of the old documents no rule rewrites (word them by hand):\n${leftovers.join("\n")}`);
  }
  if (check && total > 0) process.exit(1);
}

if (import.meta.main) main();
