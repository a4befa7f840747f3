import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { rewriteCitations } from "../../scripts/rewrite-citations.ts";

/**
 * Every citation resolves inside the repository (docs/product.md, docs/architecture.md, docs/brand.md and the
 * records in docs/decisions/). The documents the project started from are not in it, so a comment that cites
 * them leaves the next engineer with nothing to read: `node scripts/rewrite-citations.ts` fixes those.
 */

const root = fileURLToPath(new URL("../..", import.meta.url));
const SECTION = "\u00a7";

/** Tracked text files under the folders whose citations must resolve. */
function trackedTextFiles(): { path: string; text: string }[] {
  const listing = execFileSync("git", ["ls-files", "-z", "--", "app", "shared", "server", "scripts", "tests", "docs", "README.md"], {
    cwd: root,
    encoding: "utf8",
  });
  return listing
    .split("\0")
    .filter((path) => path !== "" && existsSync(join(root, path)))
    .map((path) => ({ path, bytes: readFileSync(join(root, path)) }))
    .filter(({ bytes }) => !bytes.includes(0))
    .map(({ path, bytes }) => ({ path, text: bytes.toString("utf8") }));
}

const files = trackedTextFiles();

/** "path:line: the line" for each match of `pattern` for which `isBroken` says so. */
function brokenCitations(pattern: RegExp, isBroken: (match: RegExpExecArray) => boolean): string[] {
  const found: string[] = [];
  for (const { path, text } of files) {
    for (const match of text.matchAll(pattern)) {
      if (!isBroken(match)) continue;
      const line = text.slice(0, match.index).split("\n").length;
      found.push(`${path}:${line}: ${match[0]}`);
    }
  }
  return found;
}

const productSections = new Set(
  [...readFileSync(join(root, "docs/product.md"), "utf8").matchAll(/^## (\d+)\. /gm)].map((match) => Number(match[1])),
);
const decisionFiles = readdirSync(join(root, "docs/decisions"));
const decisionExists = (number: string) => decisionFiles.some((name) => name.startsWith(`${number}-`) && name.endsWith(".md"));

describe("citations", () => {
  it("finds the files it checks", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.some(({ path }) => path === "app/routes.ts")).toBe(true);
  });

  it("docs/product.md keeps the first specification's nine sections, so section numbers map one to one", () => {
    expect([...productSections].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("cite no section of the specification outside the repository", () => {
    const oldSection = new RegExp(`\\b${"SPEC"} ?${SECTION}[^\\n]{0,20}`, "g");
    expect(brokenCitations(oldSection, () => true)).toEqual([]);
  });

  it("name none of the documents outside the repository", () => {
    const names = ["ARCHITECTURE", "BRAND", "STYLE", "SPEC"].map((name) => `\\b${name}\\.md`);
    const folders = [["shared", "spec"], ["shared", "design"]].map((parts) => `${parts.join("/")}/`);
    const oldDocument = new RegExp([...names, ...folders].join("|"), "g");
    expect(brokenCitations(oldDocument, () => true)).toEqual([]);
  });

  it("cite no issue number in code: the tracker is not in the repository, a document or decision record is", () => {
    const issue = /\b[Ii]ssues? #?\d+\b/g;
    const inCode = brokenCitations(issue, () => true).filter((found) => !found.startsWith("docs/") && !found.startsWith("README.md"));
    expect(inCode).toEqual([]);
  });

  it("leave scripts/rewrite-citations.ts nothing to rewrite", () => {
    const pending = files
      .filter(({ path }) => !["docs/product.md", "docs/architecture.md", "docs/brand.md", "scripts/rewrite-citations.ts"].includes(path))
      .filter(({ text }) => rewriteCitations(text).replacements > 0)
      .map(({ path }) => path);
    expect(pending).toEqual([]);
  });

  it("cite docs/… files that exist", () => {
    const docPath = /(?<![\w.-])docs\/([\w./-]+?\.md)(?![\w-])/g;
    expect(brokenCitations(docPath, (match) => !existsSync(join(root, "docs", match[1]!)))).toEqual([]);
  });

  it("cite decision records that exist, as docs/decisions/NNN or decision NNN", () => {
    const shortPath = /(?<![\w.-])docs\/decisions\/(\d{3})(?![\w-])/g;
    expect(brokenCitations(shortPath, (match) => !decisionExists(match[1]!))).toEqual([]);
    const prose = /\bdecisions? (\d{3}(?:(?:, and |, | and | or |\/)\d{3})*)(?!\d)/gi;
    expect(brokenCitations(prose, (match) => match[1]!.match(/\d{3}/g)!.some((number) => !decisionExists(number)))).toEqual([]);
  });

  it(`cite sections docs/product.md has (docs/product.md ${SECTION}N, and lists like ${SECTION}2, ${SECTION}4 and ${SECTION}5)`, () => {
    const cited = new RegExp(`docs/product\\.md ${SECTION}(\\d+)((?:(?:, and |, | and | or |/)${SECTION}\\d+)*)`, "g");
    const numbers = (match: RegExpExecArray) => [match[1]!, ...(match[2]!.match(/\d+/g) ?? [])].map(Number);
    expect(brokenCitations(cited, (match) => numbers(match).some((number) => !productSections.has(number)))).toEqual([]);
  });
});

describe("scripts/rewrite-citations.ts", () => {
  /** The old names, assembled here so that this file does not cite them itself. */
  const old = (text: string) =>
    text
      .replaceAll("<shared>", ["shared", ""].join("/"))
      .replaceAll("<S>", "SPEC")
      .replaceAll("<A>", "ARCHITECTURE")
      .replaceAll("<B>", "BRAND")
      .replaceAll("<Y>", "STYLE");

  it.each([
    [`(<S> ${SECTION}2, ${SECTION}5)`, `(docs/product.md ${SECTION}2, ${SECTION}5)`],
    [`<S> ${SECTION}7's clients`, `docs/product.md ${SECTION}7's clients`],
    [`<S> ${SECTION}2/${SECTION}4 keep`, `docs/product.md ${SECTION}2/${SECTION}4 keep`],
    [`in the <S>'s words`, "in the product document's words"],
    ["Not in the <S> (decision 050)", "Not in the product document (decision 050)"],
    ["../<shared>spec/<S>.md", "docs/product.md"],
    ["(<A>.md, known gotchas)", "(docs/architecture.md, known gotchas)"],
    ["(<A> principle 4)", "(docs/architecture.md principle 4)"],
    ["../<shared>design/<B>.md and <Y>.md", "docs/brand.md and docs/brand.md"],
    ["(the brand's indigo and teal, <Y>/<B>)", "(the brand's indigo and teal, docs/brand.md)"],
    ["(<B>: one accent for charts)", "(docs/brand.md: one accent for charts)"],
    ["const IPV4_SPECIAL = []; // <Y>_SHEET stays", "const IPV4_SPECIAL = []; // <Y>_SHEET stays"],
  ])("%s -> %s, and a second run changes nothing", (before, after) => {
    const once = rewriteCitations(old(before)).text;
    expect(once).toBe(old(after));
    expect(rewriteCitations(once)).toEqual({ text: once, replacements: 0 });
  });
});
