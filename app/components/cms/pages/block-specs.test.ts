import { describe, expect, it } from "vitest";
import { BLOCK_TYPES, landingBlockSchema } from "../../../../shared/landing-pages.ts";
import { blockSummary, moved } from "./block-list.tsx";
import { blockFields, maxOf, newBlock, valueAt, withValueAt } from "./block-specs.ts";

describe("the block editor's specs", () => {
  it("reads each field's limit from the shared schema", () => {
    expect(maxOf("hero", "headline")).toBe(90);
    expect(maxOf("hero", "primary.label")).toBe(30);
    expect(maxOf("hero", "visual.alt")).toBe(150);
    expect(maxOf("features", "items")).toBe(6);
    expect(maxOf("features", "items.4.title")).toBe(60);
    expect(maxOf("faq", "items.0.answer")).toBe(800);
    expect(maxOf("hero", "no-such-field")).toBeUndefined();
  });

  it("has a limit for every text field of every type, and new blocks the schema accepts", () => {
    for (const type of BLOCK_TYPES) {
      const block = newBlock(type, []);
      expect(landingBlockSchema.safeParse(block).success, type).toBe(true);
      for (const spec of blockFields[type]) {
        if (spec.kind === "text" || spec.kind === "link" || spec.kind === "image") expect(maxOf(type, spec.path), `${type}.${spec.path}`).toBeGreaterThan(0);
        if (spec.kind === "list") for (const inner of spec.fields) if (inner.kind === "text") expect(maxOf(type, `${spec.path}.0.${inner.path}`)).toBeGreaterThan(0);
      }
    }
  });

  it("sets a value at a dotted path without touching the original, lists staying lists", () => {
    const block = newBlock("stats", []);
    const changed = withValueAt(block, "items.1.label", "fewer stockouts");
    expect(valueAt(changed, "items.1.label")).toBe("fewer stockouts");
    expect(Array.isArray(valueAt(changed, "items"))).toBe(true);
    expect(valueAt(block, "items.1.label")).toBe("");
  });

  it("gives each new block an id no other block has", () => {
    const first = newBlock("hero", []);
    expect(newBlock("hero", [first]).id).not.toBe(first.id);
  });

  it("moves an item from one position to another", () => {
    expect(moved(["a", "b", "c", "d"], 3, 1)).toEqual(["a", "d", "b", "c"]);
    expect(moved(["a", "b", "c"], 0, 2)).toEqual(["b", "c", "a"]);
  });

  it("sums up a closed block by its headline, or a rich-text block by its heading and first words, kept apart", () => {
    expect(blockSummary({ ...newBlock("hero", []), headline: " See stockouts early " } as never)).toBe("See stockouts early");
    const rich = { ...newBlock("richText", []), html: "<h2>Why stockouts happen</h2><p>Sales&nbsp;data sit <strong>apart</strong>.</p><ul><li><p>Forecast</p></li></ul>" };
    expect(blockSummary(rich as never)).toBe("Why stockouts happen · Sales data sit apart. · Forecast");
  });
});
