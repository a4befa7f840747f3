import { describe, expect, it } from "vitest";
import { COVER_ART_FILE, coverArtPath } from "./cover-art.ts";
import { escapeXml, labelLines, labelOfSlug, renderCoverArt } from "./cover-art-drawing.ts";

/** Generated cover art (docs/decisions/059-generated-cover-art.md). */
describe("cover art", () => {
  const post = { title: "Forecasting demand before the quarter starts", tags: [{ slug: "forecasting" }, { slug: "retail" }] };

  it("has an address that is the same for the same post and changes with the title or the tags", () => {
    const path = coverArtPath(post);
    expect(path).toMatch(/^\/blog\/cover\/[0-9a-z]{1,7}-forecasting\.svg$/);
    expect(coverArtPath({ ...post })).toBe(path);
    expect(coverArtPath({ ...post, title: "Forecasting demand before the year starts" })).not.toBe(path);
    expect(coverArtPath({ ...post, tags: [{ slug: "forecasting" }] })).not.toBe(path);
    expect(coverArtPath({ title: post.title })).toMatch(/^\/blog\/cover\/[0-9a-z]{1,7}\.svg$/);
    expect(COVER_ART_FILE.test(path.split("/").at(-1)!)).toBe(true);
  });

  it("draws the same bytes for the same address, and different art for different titles", () => {
    const seedOf = (title: string) => Number.parseInt(COVER_ART_FILE.exec(coverArtPath({ ...post, title }).split("/").at(-1)!)![1]!, 36);
    const first = renderCoverArt(seedOf(post.title), "FORECASTING");
    expect(renderCoverArt(seedOf(post.title), "FORECASTING")).toBe(first);
    const titles = ["Reading a risk signal", "Scoring models leaders trust", "From CSV to a dashboard", "Explaining a forecast", "Pricing experiments"];
    const drawings = new Set([first, ...titles.map((title) => renderCoverArt(seedOf(title), "FORECASTING"))]);
    expect(drawings.size).toBe(titles.length + 1);
    expect(first).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 1200 630"/);
  });

  it("composes two posts of one tag differently, not only in other colours: the motif's place, size and tilt, and the shape behind it", () => {
    const titles = ["Reading a risk signal", "Scoring models leaders trust", "From CSV to a dashboard", "Explaining a forecast", "Pricing experiments", "Forecasting demand"];
    const drawings = titles.map((title) => renderCoverArt(Number.parseInt(/cover\/([0-9a-z]+)-/.exec(coverArtPath({ ...post, title }))![1]!, 36), "FORECASTING"));
    const placements = drawings.map((svg) => /<g transform="([^"]+)">/.exec(svg)?.[1]);
    expect(placements.every(Boolean)).toBe(true);
    expect(new Set(placements).size).toBe(titles.length);
    expect(new Set(drawings.map((svg) => /data-secondary="(\w+)"/.exec(svg)?.[1])).size).toBeGreaterThan(1);
    // With every colour taken out, the drawings still differ.
    expect(new Set(drawings.map((svg) => svg.replace(/#[0-9a-f]{6}/g, ""))).size).toBe(titles.length);
  });

  it("escapes its label, so nothing from outside can open an element or an attribute", () => {
    expect(escapeXml(`<script>alert("x")</script> & 'y'`)).toBe("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;y&apos;");
    const svg = renderCoverArt(12345, `<script>alert(1)</script>" onload="x`);
    expect(svg).not.toMatch(/<script|onload="/i);
    // A long label is drawn on two lines (the safe area), each escaped.
    expect(svg).toContain(">&lt;script&gt;alert(1)&lt;/script&gt;&quot;</tspan>");
    expect(svg).toContain(">onload=&quot;x</tspan>");
    expect(labelOfSlug("natural-language-queries")).toBe("NATURAL LANGUAGE QUERIES");
  });

  it("draws no label without a tag, and only the brand's colours and its own shapes", () => {
    const svg = renderCoverArt(987654, null);
    expect(svg).not.toContain("<text");
    expect(svg).not.toMatch(/href|<image|<foreignObject|url\((?!#)/i);
  });

  it("breaks a long label between words so its chip stays in the top-left safe area", () => {
    expect(labelLines("NATURAL LANGUAGE QUERIES")).toEqual(["NATURAL LANGUAGE", "QUERIES"]);
    expect(labelLines("OPERATIONS")).toEqual(["OPERATIONS"]);
    const svg = renderCoverArt(7, "NATURAL LANGUAGE QUERIES");
    expect(svg).toContain(">NATURAL LANGUAGE</tspan>");
    expect(svg).toContain(">QUERIES</tspan>");
    const width = Number(/<rect x="56" y="56" width="(\d+)"/.exec(svg)![1]);
    expect(56 + width).toBeLessThanOrEqual(540);
  });
});
