import { describe, expect, it } from "vitest";
import { sanitizePostHtml } from "./sanitize-html.ts";

/** The post cards' markup through the post sanitiser (docs/decisions/076-post-cards.md). */
const site = "https://zuri.example";
const clean = (html: string) => sanitizePostHtml(html, site);
const REL = 'rel="noopener noreferrer nofollow"';

describe("card markup in the post sanitiser", () => {
  it("keeps an embed card and rebuilds its link from provider and id", () => {
    expect(
      clean(
        '<figure class="embed-card" data-provider="youtube" data-id="dQw4w9WgXcQ" data-extra="1" onclick="x()"><a href="javascript:alert(1)">Launch video</a><figcaption>Our <em>launch</em></figcaption></figure>',
      ),
    ).toBe(
      `<figure class="embed-card" data-provider="youtube" data-id="dQw4w9WgXcQ"><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" ${REL}>Launch video</a><figcaption>Our <em>launch</em></figcaption></figure>`,
    );
  });

  it("rebuilds an ordinary link sent in place of the provider's own", () => {
    expect(clean('<figure class="embed-card" data-provider="vimeo" data-id="76979871"><a href="https://evil.example/">Film</a></figure>')).toBe(
      `<figure class="embed-card" data-provider="vimeo" data-id="76979871"><a href="https://vimeo.com/76979871" ${REL}>Film</a></figure>`,
    );
  });

  it.each([
    ['data-provider="youtube" data-id="dQw4w9WgXc"', "a short id"],
    ['data-provider="youtube" data-id="dQw4w9WgXcQ&quot;&gt;&lt;iframe src=x&gt;"', "markup in the id"],
    ['data-provider="vimeo" data-id="abc"', "letters in a Vimeo id"],
    ['data-provider="dailymotion" data-id="x8abc12"', "an unknown provider"],
    ['data-provider="__proto__" data-id="1"', "a prototype name"],
  ])("a fake embed (%s: %s) loses its card attributes; its link stays an ordinary link", (attributes) => {
    const out = clean(`<figure class="embed-card" ${attributes}><a href="https://evil.example/">Video</a></figure>`);
    expect(out).toBe(`<figure><a href="https://evil.example/" ${REL}>Video</a></figure>`);
  });

  it("drops an iframe, script or style sent inside any card", () => {
    const out = clean(
      '<figure class="embed-card" data-provider="x" data-id="20"><iframe src="https://evil.example"></iframe><a href="https://x.com/a/status/20">Post</a></figure>' +
        '<aside class="callout callout--warning"><script>alert(1)</script><style>*{}</style><p onmouseover="x()">Careful</p></aside>' +
        '<div class="html-card"><iframe srcdoc="x"></iframe><object data="x"></object><p>Raw</p></div>',
    );
    expect(out).not.toMatch(/iframe|script|style|object|onmouseover|alert/);
    expect(out).toContain('<figure class="embed-card" data-provider="x" data-id="20"><a href="https://x.com/i/status/20"');
    expect(out).toContain('<aside class="callout callout--warning"><p>Careful</p></aside>');
    expect(out).toContain('<div class="html-card"><p>Raw</p></div>');
  });

  it("keeps a callout's type, defaults a missing one to info, and unwraps an aside that is no callout", () => {
    expect(clean('<aside class="callout callout--success extra"><p><strong>Done</strong> <a href="/book-demo">now</a></p></aside>')).toBe(
      '<aside class="callout callout--success"><p><strong>Done</strong> <a href="/book-demo">now</a></p></aside>',
    );
    expect(clean('<aside class="callout callout--danger"><p>Hi</p></aside>')).toBe('<aside class="callout callout--info"><p>Hi</p></aside>');
    expect(clean('<aside class="sidebar" data-x="1"><p>Hi</p></aside>')).toBe("<p>Hi</p>");
  });

  it("keeps a button card's classes, and its link's rules (site link, external rel, no javascript:)", () => {
    expect(clean('<p class="button-card" style="color:red"><a class="button-card__link evil" href="/book-demo" target="_blank">Book a Demo</a></p>')).toBe(
      '<p class="button-card"><a class="button-card__link" href="/book-demo">Book a Demo</a></p>',
    );
    expect(clean('<p class="button-card"><a class="button-card__link" href="https://other.example/">Go</a></p>')).toBe(
      `<p class="button-card"><a class="button-card__link" href="https://other.example/" ${REL}>Go</a></p>`,
    );
    expect(clean('<p class="button-card"><a class="button-card__link" href="javascript:alert(1)">Go</a></p>')).toBe('<p class="button-card">Go</p>');
    expect(clean('<p class="lead"><a class="fancy" href="/x">Go</a></p>')).toBe('<p><a href="/x">Go</a></p>');
  });

  it("keeps a bookmark card as written and nothing more", () => {
    const card =
      '<figure class="bookmark-card"><a href="https://news.example/story"><span class="bookmark-card__title">Story</span><span class="bookmark-card__description">What happened</span><span class="bookmark-card__publisher">News</span><img src="/media/abc123.png" alt=""></a></figure>';
    expect(clean(card.replace('<a href', '<a onclick="x()" href').replace("<img", '<img onerror="x()"'))).toBe(
      card.replace('story">', `story" ${REL}>`).replace('alt="">', 'alt="" />'),
    );
    expect(clean('<figure class="bookmark-card"><span class="bookmark-card__title other">T</span><img src="javascript:x"></figure>')).toBe(
      '<figure class="bookmark-card"><span class="bookmark-card__title">T</span></figure>',
    );
  });

  it("unwraps a div that is no raw HTML card, and keeps the code block's language", () => {
    expect(clean('<div class="wrapper"><p>Text</p></div>')).toBe("<p>Text</p>");
    expect(clean('<pre><code class="language-python">print(1)</code></pre>')).toBe('<pre><code class="language-python">print(1)</code></pre>');
    expect(clean('<pre><code class="language-x&quot; onload">a</code></pre>')).toBe("<pre><code>a</code></pre>");
  });
});
