import { describe, expect, it } from "vitest";
import { formatBlogDate, postSummary, readingMinutes, wordCount } from "./blog.ts";
import { htmlToText } from "../../shared/html-text.ts";
import { slugify } from "../../shared/slugify.ts";
import { renderRss } from "./rss.ts";

describe("slugify ('Generate from title', docs/product.md §5)", () => {
  it.each([
    ["Hello World", "hello-world"],
    ["  --Zuri AI: 37% more sales!--  ", "zuri-ai-37-more-sales"],
    ["Crème brûlée & co.", "cr-me-br-l-e-co"],
    ["already-a-slug", "already-a-slug"],
    ["!!!", ""],
  ])("%j -> %j", (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });
});

describe("blog card text (docs/product.md §2, §9)", () => {
  it("formats dates as 'MMMM dd, yyyy' from publishedAt, else createdAt", () => {
    expect(formatBlogDate({ publishedAt: "2025-03-05T23:30:00.000Z", createdAt: "2024-01-01T00:00:00.000Z" })).toBe("March 05, 2025");
    expect(formatBlogDate({ publishedAt: null, createdAt: "2024-12-25T00:00:00.000Z" })).toBe("December 25, 2024");
  });

  it("uses the excerpt, else the first 150 characters of the text with '...' only when longer", () => {
    expect(postSummary({ excerpt: "Given.", content: "<p>ignored</p>" })).toBe("Given.");
    const long = "a".repeat(151);
    expect(postSummary({ excerpt: null, content: `<p>${long}</p>` })).toBe(`${"a".repeat(150)}...`);
    expect(postSummary({ excerpt: null, content: `<p>${"b".repeat(150)}</p>` })).toBe("b".repeat(150));
  });

  it("reads text out of post HTML: blocks separated, entities decoded", () => {
    expect(htmlToText("<h2>Title</h2><p>Fish &amp; chips&nbsp;&#169; &#x2014;<br>end</p>")).toBe("Title. Fish & chips © — end");
  });

  it("closes a heading without punctuation with a full stop before the next block", () => {
    const html =
      "<h2>Start with the decision, not the dashboard</h2><p>Before you build a report, <strong>ask</strong> what it changes.</p>";
    expect(htmlToText(html)).toBe(
      "Start with the decision, not the dashboard. Before you build a report, ask what it changes.",
    );
    expect(postSummary({ excerpt: null, content: html })).toBe(
      "Start with the decision, not the dashboard. Before you build a report, ask what it changes.",
    );
    // Inline markup inside the heading, and every heading level.
    expect(htmlToText("<h1><em>Why</em> <strong>now</strong></h1><p>a</p><h6>Six</h6><p>b</p>")).toBe("Why now. a Six. b");
  });

  it("keeps a heading's own punctuation and adds nothing after a last heading", () => {
    expect(htmlToText("<h2>Ready?</h2><p>a</p><h3>Step 1:</h3><p>b</p><h3>Done!</h3><p>c</p>")).toBe(
      "Ready? a Step 1: b Done! c",
    );
    expect(htmlToText('<h2>Is it "done?"</h2><p>a</p><h2>Wait…</h2><p>b</p><h2>Options (three)</h2><p>c</p>')).toBe(
      'Is it "done?" a Wait… b Options (three). c',
    );
    expect(htmlToText("<p>Intro</p><h2>The end</h2>")).toBe("Intro The end");
    expect(htmlToText("<h2></h2><p>a</p><h2> </h2>")).toBe("a");
  });

  it("separates list items, nested lists, quotes, code blocks, line breaks and rules", () => {
    expect(htmlToText("<ul><li>One</li><li>Two<ol><li>Two a</li></ol></li></ul><p>After</p>")).toBe("One Two Two a After");
    expect(htmlToText("<blockquote><p>Quoted</p></blockquote><pre><code>npm   test</code></pre><p>x</p>")).toBe(
      "Quoted npm test x",
    );
    expect(htmlToText("<p>line one<br>line two<br/>line three<br />four</p><hr><p>next</p>")).toBe(
      "line one line two line three four next",
    );
    // Inline tags do not split words.
    expect(htmlToText("<p>re<strong>mark</strong>able <a href=\"/x\">link</a>.</p>")).toBe("remarkable link.");
  });

  it("decodes entities as before, and an escaped tag stays text", () => {
    expect(htmlToText("<p>&lt;h2&gt;not a heading&lt;/h2&gt;&amp;amp; &QUOT;q&quot; &#39;a&#x27; &bogus; &#0;</p>")).toBe(
      "<h2>not a heading</h2>&amp; \"q\" 'a' &bogus; &#0;",
    );
    expect(htmlToText("<h2>Fish &amp; chips</h2><p>x</p>")).toBe("Fish & chips. x");
  });

  it("keeps the 150-character boundary: exactly 150 has no '...', 151 does, the added full stop counts", () => {
    const title = "t".repeat(149);
    // 149 + "." = 150 characters, then " b": longer than 150.
    expect(postSummary({ excerpt: null, content: `<h2>${title}</h2><p>b</p>` })).toBe(`${title}....`);
    // A heading alone gets no full stop: exactly 150 characters stay whole.
    expect(postSummary({ excerpt: null, content: `<h2>${"h".repeat(150)}</h2>` })).toBe("h".repeat(150));
    // Two blocks whose text with the separating space is exactly 150 characters.
    expect(postSummary({ excerpt: null, content: `<p>${"a".repeat(74)}</p><p>${"b".repeat(75)}</p>` })).toBe(
      `${"a".repeat(74)} ${"b".repeat(75)}`,
    );
    expect(postSummary({ excerpt: null, content: `<p>${"a".repeat(75)}</p><p>${"b".repeat(75)}</p>` })).toBe(
      `${"a".repeat(75)} ${"b".repeat(74)}...`,
    );
    // Characters, not UTF-16 units: an emoji counts once.
    expect(postSummary({ excerpt: null, content: `<p>${"😀".repeat(150)}</p>` })).toBe("😀".repeat(150));
  });
});

describe("word count and reading time (cards, the post page and the editor)", () => {
  it("counts the words of the text, not of the markup, across blocks", () => {
    expect(wordCount("<h2>Why it matters</h2><p>Teams act <strong>sooner</strong>.</p><ul><li><p>Upload</p></li></ul>")).toBe(7);
    expect(wordCount("<p></p>")).toBe(0);
    expect(wordCount('<p>One<br>two</p><img src="/a.png" alt="not counted">')).toBe(2);
  });

  it("rounds to whole minutes at 230 words a minute, never below 1", () => {
    expect(readingMinutes(0)).toBe(1);
    expect(readingMinutes(344)).toBe(1);
    expect(readingMinutes(345)).toBe(2);
    expect(readingMinutes(2300)).toBe(10);
  });
});

describe("RSS feed", () => {
  it("escapes every text and drops characters XML forbids", () => {
    const xml = renderRss({
      siteUrl: "https://zuri.example",
      title: "Blog & <friends>",
      description: "d",
      publisher: "Zuri & Co Ltd",
      items: [{ slug: "a", title: "</title><script>x</script>\u0001", excerpt: "\"q\" 'a'", content: "", publishedAt: "2025-03-05T12:00:00.000Z" }],
    });
    expect(xml).toContain("<title>Blog &amp; &lt;friends&gt;</title>");
    expect(xml).toContain("<title>&lt;/title&gt;&lt;script&gt;x&lt;/script&gt;</title>");
    expect(xml).toContain("<description>&quot;q&quot; &apos;a&apos;</description>");
    expect(xml).toContain("<pubDate>Wed, 05 Mar 2025 12:00:00 GMT</pubDate>");
    expect(xml).not.toContain("\u0001");
    // The site's details name the publisher (docs/decisions/054).
    expect(xml).toContain("<copyright>© 2025 Zuri &amp; Co Ltd</copyright>");
  });
});
