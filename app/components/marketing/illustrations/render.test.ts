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
