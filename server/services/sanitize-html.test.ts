import { describe, expect, it } from "vitest";
import { EXTERNAL_LINK_REL, isSiteLink, sanitizePostHtml } from "./sanitize-html.ts";

const site = "https://zuri.example";

describe("isSiteLink: the site's own links (docs/decisions/063)", () => {
  it.each([
    "/book-demo",
    "/product",
    "/blog/forecasting-stockouts",
    "#top",
    "?page=2",
    "blog/relative-path",
    "https://zuri.example",
    "https://zuri.example/product",
    "HTTPS://ZURI.EXAMPLE/blog/x#part",
    "https://zuri.example:443/enterprise",
    " /book-demo ",
    "/book\t-demo",
  ])("%j is the site's", (href) => {
    expect(isSiteLink(href, site)).toBe(true);
  });

  it.each([
    "https://other.example/",
    "//evil.example",
    "//evil.example/book-demo",
    "/\\evil.example",
    "\\\\evil.example",
    "https://zuri.example.evil.example/",
    "https://evil.example/?https://zuri.example",
    "https://www.zuri.example/",
    "http://zuri.example/product",
    "https://zuri.example:8443/",
    "mailto:hello@zuri.example",
    "tel:+441234567890",
    "javascript:alert(1)",
    "http://[not-a-host",
  ])("%j is external", (href) => {
    expect(isSiteLink(href, site)).toBe(false);
  });

  it("takes the origin from SITE_URL, whatever its path", () => {
    expect(isSiteLink("http://localhost:3000/blog", "http://localhost:3000")).toBe(true);
    expect(isSiteLink("http://localhost:3001/blog", "http://localhost:3000")).toBe(false);
    expect(isSiteLink("/x", "https://zuri.example/ignored/path")).toBe(true);
  });
});

describe("sanitizePostHtml: link relations (docs/decisions/063)", () => {
  const link = (href: string, extra = "") => `<p><a href="${href}"${extra}>x</a></p>`;

  it("stores the site's own links without rel or target", () => {
    for (const href of ["/book-demo", "/blog/x", "#top", `${site}/product`]) {
      expect(sanitizePostHtml(link(href, ' target="_blank" rel="noopener noreferrer nofollow"'), site)).toBe(
        `<p><a href="${href}">x</a></p>`,
      );
    }
  });

  it("gives external links without a rel noopener noreferrer nofollow and keeps target=_blank", () => {
    expect(sanitizePostHtml(link("https://other.example/"), site)).toBe(
      `<p><a href="https://other.example/" rel="${EXTERNAL_LINK_REL}">x</a></p>`,
    );
    expect(sanitizePostHtml(link("https://other.example/", ' target="_blank" rel="nofollow opener"'), site)).toBe(
      `<p><a href="https://other.example/" target="_blank" rel="${EXTERNAL_LINK_REL}">x</a></p>`,
    );
    expect(sanitizePostHtml(link("mailto:hello@zuri.example"), site)).toBe(
      `<p><a href="mailto:hello@zuri.example" rel="${EXTERNAL_LINK_REL}">x</a></p>`,
    );
  });

  it("keeps the writer's per-link choice of nofollow and sponsored, always with noopener noreferrer (docs/decisions/058)", () => {
    expect(sanitizePostHtml(link("https://other.example/", ' rel="noopener noreferrer"'), site)).toBe(
      '<p><a href="https://other.example/" rel="noopener noreferrer">x</a></p>',
    );
    expect(sanitizePostHtml(link("https://other.example/", ' rel="opener sponsored"'), site)).toBe(
      '<p><a href="https://other.example/" rel="noopener noreferrer sponsored">x</a></p>',
    );
    expect(sanitizePostHtml(link("https://other.example/", ' rel="NOFOLLOW Sponsored ugc author"'), site)).toBe(
      '<p><a href="https://other.example/" rel="noopener noreferrer nofollow sponsored">x</a></p>',
    );
  });

  it("decides by the configured origin: another SITE_URL makes zuri.example external", () => {
    expect(sanitizePostHtml(link(`${site}/product`), "https://other.example")).toBe(
      `<p><a href="${site}/product" rel="${EXTERNAL_LINK_REL}">x</a></p>`,
    );
  });

  it("still drops protocol-relative and script links, keeping their text", () => {
    expect(sanitizePostHtml(link("//evil.example"), site)).toBe("<p>x</p>");
    expect(sanitizePostHtml(link("/\\evil.example"), site)).toBe("<p>x</p>");
    expect(sanitizePostHtml(link("javascript:alert(1)"), site)).toBe("<p>x</p>");
  });
});

describe("sanitizePostHtml: tables, superscript and images (docs/decisions/055)", () => {
  it("keeps the editor's table without its colgroup widths or styles", () => {
    const editorTable =
      '<table style="min-width: 75px"><colgroup><col style="min-width: 25px"><col style="min-width: 25px"></colgroup>' +
      '<tbody><tr><th colspan="1" rowspan="1"><p>Region</p></th><th colspan="1" rowspan="1"><p>Stock-outs</p></th></tr>' +
      '<tr><td colspan="2" rowspan="1"><p>Nairobi <sup>1</sup> H<sub>2</sub>O</p></td></tr></tbody></table>';
    expect(sanitizePostHtml(editorTable, site)).toBe(
      "<table><tbody><tr><th><p>Region</p></th><th><p>Stock-outs</p></th></tr>" +
        '<tr><td colspan="2"><p>Nairobi <sup>1</sup> H<sub>2</sub>O</p></td></tr></tbody></table>',
    );
  });

  it("keeps thead from API clients and drops hostile or non-digit cell attributes", () => {
    expect(
      sanitizePostHtml(
        '<table onclick="x" class="t" border="1"><thead><tr><th scope="col" colspan="x" style="color:red" onmouseover="alert(1)">H</th></tr></thead>' +
          '<tbody><tr><td rowspan="3" colspan="9999" width="20" bgcolor="red" background="javascript:alert(1)">a<script>alert(1)</script></td></tr></tbody></table>',
        site,
      ),
    ).toBe('<table><thead><tr><th>H</th></tr></thead><tbody><tr><td rowspan="3">a</td></tr></tbody></table>');
  });

  it("drops data: images (the editor uploads them first) and keeps /media and absolute http(s) images", () => {
    expect(sanitizePostHtml('<p>a<img src="data:image/png;base64,iVBORw0KGgo=" alt="x">b</p>', site)).toBe("<p>ab</p>");
    expect(sanitizePostHtml('<img src="DATA:image/gif;base64,R0lGOD=">', site)).toBe("");
    expect(sanitizePostHtml('<img src="/media/abc.webp" alt="Chart">', site)).toBe('<img src="/media/abc.webp" alt="Chart" />');
    expect(sanitizePostHtml('<img src="https://cdn.example/a.png" alt="">', site)).toBe('<img src="https://cdn.example/a.png" alt="" />');
    expect(sanitizePostHtml('<img src="blob:https://zuri.example/1"><img src="file:///C:/a.png">', site)).toBe("");
  });
});

describe("sanitizePostHtml: the image card (docs/decisions/056)", () => {
  const clean = (html: string) => sanitizePostHtml(html, site);
  const upload = "/media/AAAAAAAAAAAAAAAAAAAAAA.png";

  it("keeps the card the editor makes: figure with its layout class, the image and a caption", () => {
    for (const html of [
      `<figure class="image-card"><img src="${upload}" alt="Stock by store" /></figure>`,
      `<figure class="image-card image-card--wide"><img src="${upload}" alt="Stock by store" /><figcaption>Week 12, all stores</figcaption></figure>`,
      `<figure class="image-card image-card--full"><img src="https://cdn.zuri.example/a.png" alt="" /><figcaption>Q3 &amp; Q4</figcaption></figure>`,
    ]) {
      expect(clean(html)).toBe(html);
    }
  });

  it("drops hostile attributes, other classes and unknown layouts from the figure, the image and the caption", () => {
    expect(
      clean(
        `<figure class="image-card--full evil" id="x" style="position:fixed" onclick="alert(1)" data-x="1">` +
          `<img src="${upload}" alt="A" onerror="alert(2)" srcset="https://evil.example/a.png 1x" class="image-card" loading="eager">` +
          `<figcaption onmouseover="alert(3)" class="image-card">Caption <script>alert(4)</script></figcaption></figure>`,
      ),
    ).toBe(`<figure class="image-card image-card--full"><img src="${upload}" alt="A" /><figcaption>Caption </figcaption></figure>`);
    expect(clean(`<figure class="image-card image-card--huge"><img src="${upload}"></figure>`)).toBe(`<figure class="image-card"><img src="${upload}" /></figure>`);
  });

  it("drops a card whose image is refused or missing, and an empty caption", () => {
    expect(clean(`<figure class="image-card"><img src="javascript:alert(1)"><figcaption>Gone</figcaption></figure><p>After</p>`)).toBe("<p>After</p>");
    expect(clean(`<figure class="image-card"><figcaption>No image</figcaption></figure>`)).toBe("");
    expect(clean(`<figure class="image-card"><img src="${upload}"><figcaption>  </figcaption></figure>`)).toBe(`<figure class="image-card"><img src="${upload}" /></figure>`);
  });

  it("turns a caption outside a card into a paragraph", () => {
    expect(clean(`<figcaption onclick="alert(1)">Loose</figcaption><figure><img src="${upload}"><figcaption>Inside</figcaption></figure><figcaption>After</figcaption>`)).toBe(
      `<p>Loose</p><figure class="image-card"><img src="${upload}" /><figcaption>Inside</figcaption></figure><p>After</p>`,
    );
  });
});

describe("sanitizePostHtml: image cards and post cards side by side (docs/decisions/056, 076)", () => {
  it("keeps each figure as its own kind of card, and a bookmark needs no image", () => {
    const upload = "/media/AAAAAAAAAAAAAAAAAAAAAA.png";
    const html =
      `<figure class="image-card image-card--wide"><img src="${upload}" alt="Chart" /><figcaption>Week 12</figcaption></figure>` +
      `<figure class="embed-card" data-provider="youtube" data-id="dQw4w9WgXcQ"><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" rel="${EXTERNAL_LINK_REL}">Tour</a></figure>` +
      `<figure class="bookmark-card"><a href="https://other.example/" rel="${EXTERNAL_LINK_REL}"><span class="bookmark-card__title">Other</span></a></figure>`;
    expect(sanitizePostHtml(html, site)).toBe(html);
    // A figure that claims no card is an image card, and without an image it is dropped.
    expect(sanitizePostHtml('<figure class="bookmark"><a href="https://other.example/">x</a></figure><p>After</p>', site)).toBe("<p>After</p>");
  });
});
