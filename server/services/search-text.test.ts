import { describe, expect, it } from "vitest";
import { foldForSearch, searchSnippet, SNIPPET_LENGTH } from "./search-text.ts";

describe("foldForSearch", () => {
  it("lowers plain ASCII as it is and strips accents from the rest", () => {
    expect(foldForSearch("Supplier RISK 2025")).toBe("supplier risk 2025");
    expect(foldForSearch("Café Crème")).toBe("cafe creme");
    expect(foldForSearch("ÉCOLE")).toBe("ecole");
  });
});

describe("searchSnippet", () => {
  it("marks every word that starts with a term, accents folded, the rest escaped", () => {
    const snippet = searchSnippet({ excerpt: null, content: "<p>The café's <b>cafes</b> & a Caféteria</p>" }, ["cafe"]);
    expect(snippet).toBe("The <mark>café</mark>&#39;s <mark>cafes</mark> &amp; a <mark>Caféteria</mark>");
  });

  it("shows a window around the first match of a long post, with every match inside it marked", () => {
    const filler = "lorem ipsum dolor sit amet ".repeat(40);
    const content = `<p>${filler}the supplier ships late and every supplier knows it. ${filler}supplier again</p>`;
    const snippet = searchSnippet({ excerpt: "An excerpt without the word.", content }, ["supplier"]);
    expect(snippet.startsWith("…")).toBe(true);
    expect(snippet.endsWith("…")).toBe(true);
    expect(snippet.match(/<mark>supplier<\/mark>/g)).toHaveLength(2);
    expect(snippet).toContain("the <mark>supplier</mark> ships late and every <mark>supplier</mark> knows it.");
    expect(snippet.replace(/<\/?mark>/g, "").length).toBeLessThanOrEqual(SNIPPET_LENGTH + 2);
  });

  it("counts a term found far past the first match when choosing between the content and the excerpt", () => {
    const far = "word ".repeat(200);
    // The content holds both terms (the second 1,000 characters on); the excerpt only the first.
    const snippet = searchSnippet({ excerpt: "Alpha alone.", content: `<p>alpha ${far} beta</p>` }, ["alpha", "beta"]);
    expect(snippet.startsWith("<mark>alpha</mark> word")).toBe(true);
    // The excerpt wins when it holds more of the terms than the content.
    expect(searchSnippet({ excerpt: "Alpha and beta.", content: `<p>alpha ${far}</p>` }, ["alpha", "beta"])).toBe(
      "<mark>Alpha</mark> and <mark>beta</mark>.",
    );
  });

  it("starts at the excerpt when only the title matched", () => {
    expect(searchSnippet({ excerpt: "A short summary.", content: "<p>Body text.</p>" }, ["supplier"])).toBe("A short summary.");
  });
});
