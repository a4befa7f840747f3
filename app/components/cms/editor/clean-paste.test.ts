import { readFileSync } from "node:fs";
import { DOMParser } from "linkedom";
import { describe, expect, it } from "vitest";
import { cleanPastedHtml, headingLevel, meaningfulAlt, pasteSource } from "./clean-paste.ts";

const fixture = (name: string) => readFileSync(new URL(`../../../../tests/fixtures/paste/${name}`, import.meta.url), "utf8");

/** linkedom reads a fragment only inside a document (a browser's DOMParser needs no wrapper). */
function clean(html: string, options?: Parameters<typeof cleanPastedHtml>[2]) {
  const source = /<html/i.test(html) ? html : `<!doctype html><html><body>${html}</body></html>`;
  const doc = new DOMParser().parseFromString(source, "text/html") as unknown as Document;
  const result = cleanPastedHtml(doc, html, options);
  // Source line breaks and the whitespace between blocks are not content (ProseMirror collapses them too).
  return { ...result, html: result.html.replace(/\s+/g, " ").replace(/>\s+</g, "><").trim() };
}

const FOREIGN = /style=|class=|mso-|<o:p|<span|<font|<!--|<b>|<i>|<div|lang=|dir=|id=|role=|aria-/i;

describe("cleanPastedHtml: Word for Windows (tests/fixtures/paste/word.html)", () => {
  const result = clean(fixture("word.html"));

  it("maps Title and Heading 1 to Heading 2, Heading 2 to Heading 3 (docs/decisions/055)", () => {
    expect(result.html).toContain("<h2>Quarterly Stock Report</h2><h2>Where we stand</h2>");
    expect(result.html).toContain("<h3>What changed</h3>");
  });

  it("keeps bold, italic, underline, subscript, superscript and the link", () => {
    expect(result.html).toContain(
      '<p>Stock-outs fell by <strong>38%</strong> this quarter, with <em>no</em> extra working capital. The <u>underlying</u> cause was forecast error, measured as CO<sub>2</sub>-style shorthand in the appendix<sup>1</sup>. See the <a href="https://zuri.example/blog/forecasting">forecasting guide</a> for details.</p>',
    );
  });

  it("turns mso-list paragraphs into a nested bulleted list and a separate numbered list, without Word's bullets", () => {
    expect(result.html).toContain(
      "<ul><li><p>Daily demand signals</p><ul><li><p>Point-of-sale feeds</p></li><li><p>Supplier lead times</p></li></ul></li><li><p>Weekly reorder points</p></li></ul>" +
        "<ol><li><p>Connect your sales data</p></li><li><p>Review the forecast</p></li></ol>",
    );
    expect(result.html).not.toMatch(/·|\u00a0/);
  });

  it("keeps the table, its bold first row as the header row", () => {
    expect(result.html).toContain(
      "<table><tbody><tr><th><p>Region</p></th><th><p>Stock-outs</p></th></tr><tr><td><p>Nairobi</p></td><td><p>-38%</p></td></tr></tbody></table>",
    );
  });

  it("drops the file:// picture and counts it; drops spacer paragraphs, styles, classes and Word markup", () => {
    expect(result.unreadableImages).toBe(1);
    expect(result.images).toEqual([]);
    expect(result.html).not.toContain("<img");
    expect(result.html).not.toContain("<p></p>");
    expect(result.html).not.toMatch(FOREIGN);
    expect(result.html.endsWith("<p>Thanks to the operations team.</p>")).toBe(true);
    expect(result.source).toBe("Word");
  });
});

describe("cleanPastedHtml: Google Docs (tests/fixtures/paste/google-docs.html)", () => {
  const result = clean(fixture("google-docs.html"));

  it("drops the docs-internal-guid wrapper and reads styled spans as bold, italic, underline and superscript", () => {
    expect(result.html.startsWith("<h2>Launch checklist</h2>")).toBe(true);
    expect(result.html).toContain(
      '<p>We cut stock-outs by <strong>38%</strong><em> in one quarter</em>, <u>measured weekly</u><sup>2</sup>. Read the <a href="https://zuri.example/product">product tour</a>.</p>',
    );
    expect(result.html).toContain("<h3>Before go-live</h3>");
  });

  it("nests the aria-level 2 list inside its item", () => {
    expect(result.html).toContain(
      "<ul><li><p>Import the sales history</p><ul><li><p>Two years at least</p></li></ul></li><li><p>Set reorder points</p></li></ul>",
    );
  });

  it("keeps the table with its bold first row as header, without colgroup widths or stray line breaks", () => {
    expect(result.html).toContain(
      "<table><tbody><tr><th><p>Week</p></th><th><p>Owner</p></th></tr><tr><td><p>1</p></td><td><p>Operations</p></td></tr></tbody></table>",
    );
    expect(result.html).not.toMatch(/<col|<br/);
  });

  it("lists the googleusercontent image for import, with no alt text to prefill", () => {
    expect(result.images).toEqual([
      {
        src: "https://lh7-rt.googleusercontent.com/docsz/AD_4nXeR2kq0wYb8Ezs1pQv3mK9tN5hLcJx7uT0aB1fS4dG6iE8oP2rV3wX5yZ-standin?key=Qm9vZ2xlRG9jc0ltYWdl",
        kind: "import",
        alt: "",
      },
    ]);
    expect(result.unreadableImages).toBe(0);
    expect(result.html).not.toMatch(FOREIGN);
    expect(result.source).toBe("Google Docs");
  });

  it("gives each image the src the editor asks for (its placeholder until the import is done)", () => {
    const placed = clean(fixture("google-docs.html"), { imageSrc: (_image, index) => `/media/pending-${index}.png` });
    expect(placed.html).toContain('<p><img src="/media/pending-0.png"></p>');
    expect(placed.html).not.toContain("googleusercontent");
  });
});

describe("cleanPastedHtml: Notion (tests/fixtures/paste/notion.html)", () => {
  const result = clean(fixture("notion.html"));

  it("keeps the code block (language lower-cased), the quote, inline code and the nested list", () => {
    expect(result.html).toBe(
      "<h2>Forecast API in five minutes</h2>" +
        '<p>Call the endpoint with your <strong>API token</strong> and a <em>date range</em>. See <a href="https://zuri.example/docs">the docs</a>.</p>' +
        '<pre><code class="language-javascript">const res = await fetch("/api/forecast?from=2026-01-01"); console.log(await res.json());</code></pre>' +
        "<blockquote><p>Forecasts refresh every night at 02:00.</p></blockquote>" +
        "<ul><li><p>Tokens expire after 90 days</p><ul><li><p>Rotate them from Settings</p></li></ul></li></ul>" +
        "<p>Inline <code>code</code> stays code.</p>",
    );
    expect(result.source).toBe("Notion");
  });
});

describe("cleanPastedHtml: web pages and images", () => {
  it("sorts images: data: and blob: to upload, http(s) to import, /media kept, file:// and others dropped and counted", () => {
    const result = clean(
      '<p>a<img src="data:image/png;base64,iVBORw0KGgo=" alt="Chart of stock-outs"><img src="blob:https://docs.example/1"><img src="http://cdn.example/a.jpg" alt="Picture 3"><img src="/media/abc.webp" alt="ours"><img src="file:///C:/x.png"><img src="ftp://x/y.png"><img></p>',
    );
    expect(result.images.map((image) => [image.kind, image.src])).toEqual([
      ["upload", "data:image/png;base64,iVBORw0KGgo="],
      ["upload", "blob:https://docs.example/1"],
      ["import", "http://cdn.example/a.jpg"],
    ]);
    expect(result.unreadableImages).toBe(2);
    // Attribute order is the DOM implementation's; what matters is which images and alts are left.
    const images = result.html.match(/<img[^>]*>/g) ?? [];
    expect(images).toHaveLength(4);
    expect(images[0]).toContain('alt="Chart of stock-outs"');
    expect(images[2]).not.toContain("alt=");
    expect(images[3]).toMatch(/src="\/media\/abc.webp"/);
    expect(result.html).not.toMatch(/file:|ftp:/);
  });

  it("drops script links, Word bookmarks, scripts, event handlers and unknown wrappers, keeping their text", () => {
    const result = clean(
      '<div class="x"><p onclick="alert(1)">Hi <a href="javascript:alert(1)">there</a> <a href="#_Toc123">toc</a><script>alert(1)</script></p><section><h5>Deep</h5></section></div>',
    );
    expect(result.html).toBe("<p>Hi there toc</p><h4>Deep</h4>");
  });

  it("keeps real th/thead and colspan/rowspan digits only", () => {
    const result = clean(
      '<table><thead><tr><th colspan="2" style="x">H</th></tr></thead><tbody><tr><td rowspan="x">a</td><td rowspan="2">b</td></tr></tbody></table>',
    );
    expect(result.html).toBe(
      '<table><tbody><tr><th colspan="2"><p>H</p></th></tr><tr><td><p>a</p></td><td rowspan="2"><p>b</p></td></tr></tbody></table>',
    );
  });

  it("keeps ProseMirror's own slice marker so copying inside the editor stays exact", () => {
    expect(clean('<p data-pm-slice="1 1 []">x</p>').html).toBe('<p data-pm-slice="1 1 []">x</p>');
    expect(clean('<p data-pm-slice="1 1 []"><span class="text-size-large x">big</span> <span class="c1">plain</span></p>').html).toBe(
      '<p data-pm-slice="1 1 []"><span class="text-size-large">big</span> plain</p>',
    );
    // The editor's own headings keep their level (a document's Heading 2 would become Heading 3).
    expect(clean('<h2 data-pm-slice="0 0 []">A</h2><h3>B</h3><h4>C</h4>').html).toBe('<h2 data-pm-slice="0 0 []">A</h2><h3>B</h3><h4>C</h4>');
    expect(clean('<table data-pm-slice="1 1 []"><tbody><tr><td>x</td></tr></tbody></table>').html).toBe(
      '<table data-pm-slice="1 1 []"><tbody><tr><td><p>x</p></td></tr></tbody></table>',
    );
  });
});

describe("helpers", () => {
  it("headingLevel maps 1→2, 2→3, 3–6→4", () => {
    expect([1, 2, 3, 4, 5, 6].map(headingLevel)).toEqual([2, 3, 4, 4, 4, 4]);
  });

  it("meaningfulAlt keeps a description and drops Word's generic names and file names", () => {
    expect(meaningfulAlt("  Stock-outs by  region ")).toBe("Stock-outs by region");
    for (const generic of ["", "Picture 1", "Image", "image001.png", "A close up of a chart Description automatically generated"]) {
      expect(meaningfulAlt(generic)).toBe("");
    }
  });

  it("pasteSource names Word, Google Docs and Notion, and nothing for a web page", () => {
    expect(pasteSource(fixture("word.html"))).toBe("Word");
    expect(pasteSource(fixture("google-docs.html"))).toBe("Google Docs");
    expect(pasteSource(fixture("notion.html"))).toBe("Notion");
    expect(pasteSource("<p>Hello</p>")).toBeNull();
  });
});
