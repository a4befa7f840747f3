import { describe, expect, it } from "vitest";
import { formatBlogDate, htmlToText, postSummary } from "./blog.ts";
import { slugify } from "./slugify.ts";
import { renderRss } from "./rss.ts";

describe("slugify ('Generate from title', SPEC §5)", () => {
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

describe("blog card text (SPEC §2, §9)", () => {
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
    expect(htmlToText("<h2>Title</h2><p>Fish &amp; chips&nbsp;&#169; &#x2014;<br>end</p>")).toBe("Title Fish & chips © — end");
  });
});

describe("RSS feed", () => {
  it("escapes every text and drops characters XML forbids", () => {
    const xml = renderRss({
      siteUrl: "https://zuri.example",
      title: "Blog & <friends>",
      description: "d",
      items: [{ slug: "a", title: "</title><script>x</script>\u0001", excerpt: "\"q\" 'a'", content: "", publishedAt: "2025-03-05T12:00:00.000Z" }],
    });
    expect(xml).toContain("<title>Blog &amp; &lt;friends&gt;</title>");
    expect(xml).toContain("<title>&lt;/title&gt;&lt;script&gt;x&lt;/script&gt;</title>");
    expect(xml).toContain("<description>&quot;q&quot; &apos;a&apos;</description>");
    expect(xml).toContain("<pubDate>Wed, 05 Mar 2025 12:00:00 GMT</pubDate>");
    expect(xml).not.toContain("\u0001");
  });
});
