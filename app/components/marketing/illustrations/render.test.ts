import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderIllustrationFiles } from "./render.tsx";

const directory = "app/assets/illustrations";
const files = await renderIllustrationFiles();

describe("illustration files (docs/decisions/017)", () => {
  it("on disk are exactly what the components draw: after changing one, run `npm run illustrations`", () => {
    expect(readdirSync(directory).sort()).toEqual(files.map((file) => file.name).sort());
    for (const file of files) expect(readFileSync(`${directory}/${file.name}`, "utf8"), file.name).toBe(file.contents);
  });

  it("are standalone SVG images: namespace, size, a title, no script and nothing fetched", () => {
    for (const file of files.filter((each) => each.name.endsWith(".svg"))) {
      expect(file.contents, file.name).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(file.contents, file.name).toMatch(/<title[^>]*>[^<]{20,}<\/title>/);
      expect(file.contents, file.name).not.toMatch(/<script|\bhref="(?!#)|url\((?!#)/i);
    }
  });

  it("draw their words as Inter's outlines, not as text in whatever font the visitor has", () => {
    for (const file of files.filter((each) => each.name.endsWith(".svg"))) {
      expect(file.contents, file.name).not.toMatch(/<text\b|font-family/);
      expect(file.contents, file.name).toMatch(/<use href="#g4_\d+"/);
    }
  });
});

describe("illustrations on the marketing pages", () => {
  it("are each on one page only, so no picture repeats as a visitor moves between pages", () => {
    const pagesOf = new Map<string, string[]>();
    for (const page of readdirSync("app/routes/marketing")) {
      const source = readFileSync(`app/routes/marketing/${page}`, "utf8");
      for (const [, name] of source.matchAll(/assets\/illustrations\/([\w-]+)\.ts"/g)) pagesOf.set(name!, [...(pagesOf.get(name!) ?? []), page]);
    }
    expect(pagesOf.size).toBeGreaterThan(5);
    for (const [name, pages] of pagesOf) expect(pages, `${name} is on ${pages.join(", ")}`).toHaveLength(1);
  });
});
