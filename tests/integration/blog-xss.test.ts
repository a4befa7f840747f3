import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { createSession } from "../support/auth.ts";
import { api, createPost, postBody } from "../support/posts.ts";
import type { FullPost } from "../../server/services/posts.ts";
import { inlineScripts, scriptHash } from "../../server/serving/page-cache.ts";

/** Text payloads aimed at every plain-text field: each must come out as text, never as markup. */
const textPayloads = [
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "</title><script>alert(1)</script>",
  "</script><script>alert(1)</script>",
  "<!--<script>alert(1)//-->",
  "<svg onload=alert(1)>",
  "' onmouseover='alert(1)",
  "]]><script>alert(1)</script>",
  "line\u2028separator\u2029paragraph",
];

/** Rich-text payloads and exactly what must be stored (and rendered) for each. */
const contentCases: [string, string][] = [
  ["<p>a</p><script>alert(1)</script>", "<p>a</p>"],
  ['<p>a<img src="x" onerror="alert(1)"></p>', "<p>a</p>"],
  ['<p><img src="https://cdn.zuri.example/a.png" onerror="alert(1)" onload="alert(2)"></p>', '<p><img src="https://cdn.zuri.example/a.png" /></p>'],
  ['<p><a href="javascript:alert(1)">x</a></p>', "<p>x</p>"],
  ['<p><a href="JaVaScRiPt&colon;alert(1)">x</a></p>', "<p>x</p>"],
  ['<p><a href="  javascript:alert(1)">x</a></p>', "<p>x</p>"],
  ['<p><a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a></p>', "<p>x</p>"],
  ['<p><a href="vbscript:msgbox(1)">x</a></p>', "<p>x</p>"],
  ['<p><img src="data:text/html,<script>alert(1)</script>"></p>', "<p></p>"],
  ['<p><img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+"></p>', "<p></p>"],
  ['<svg onload="alert(1)"><circle r="1"/></svg><p>b</p>', "<p>b</p>"],
  ["<math><mi xlink:href=\"javascript:alert(1)\">x</mi></math>", "x"],
  ['<iframe src="https://evil.example"></iframe><object data="x"></object><embed src="x">', ""],
  ['<p style="background:url(javascript:alert(1))" onclick="alert(1)" id="x" class="evil">c</p>', "<p>c</p>"],
  ['<form action="https://evil.example"><input name="q"><button>go</button></form>', "go"],
  ["<style>body{display:none}</style><p>d</p>", "<p>d</p>"],
  ['<base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=https://evil.example"><p>e</p>', "<p>e</p>"],
  // A rel without nofollow is a followed link (docs/decisions/058), but never an opener.
  ['<p><a href="https://other.example" target="_top" rel="opener">safe</a></p>', '<p><a href="https://other.example" rel="noopener noreferrer">safe</a></p>'],
  ['<p><a href="https://zuri.example" target="_top" rel="opener">own</a></p>', '<p><a href="https://zuri.example">own</a></p>'],
  ['<p><span class="text-size-huge evil" style="color:red">f</span></p>', '<p><span class="text-size-huge">f</span></p>'],
];

const ATTRIBUTE = /\s([^\s"'>/=]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'=<>`]+))?/g;
const TAG = /<([a-z][a-z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/gi;

/** The start tags of a document with their attributes, read the way an HTML parser reads them (quotes respected). */
function startTags(html: string): { name: string; attributes: [string, string][] }[] {
  return [...html.matchAll(TAG)].map((tag) => ({
    name: tag[1]!.toLowerCase(),
    attributes: [...tag[2]!.matchAll(ATTRIBUTE)].map((a) => [a[1]!.toLowerCase(), (a[2] ?? "").replace(/^["']|["']$/g, "")]),
  }));
}

/**
 * Every <script> in the page is one the app rendered: an inline script is allowed by this answer's
 * policy (its nonce, or the hash of its text on a cached public page), so nothing injected can run.
 */
async function expectNoInjectedScript(response: Response): Promise<string> {
  const html = await response.text();
  const policy = response.headers.get("content-security-policy") ?? "";
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  const tags = startTags(html);
  const scripts = tags.filter((tag) => tag.name === "script");
  expect(scripts.length).toBeGreaterThan(0);
  expect(html.match(/<\/script\s*>/gi)?.length).toBe(scripts.length);
  for (const script of inlineScripts(html)) {
    const allowed = (nonce && script.attributes.includes(`nonce="${nonce}"`)) || policy.includes(`'${scriptHash(script.text)}'`);
    expect(allowed, `<script${script.attributes}>${script.text.slice(0, 80)}`).toBe(true);
  }
  for (const tag of tags) {
    expect(["iframe", "object", "embed", "base", "math", "style"], tag.name).not.toContain(tag.name);
    // The site's own forms (the blog search, docs/decisions/043) post to a path of the site; an injected one would not.
    if (tag.name === "form") expect(new Map(tag.attributes).get("action") ?? "", "<form action>").toMatch(/^\/(?!\/)/);
    for (const [name, value] of tag.attributes) {
      expect(name, `<${tag.name} ${name}>`).not.toMatch(/^on/);
      if (["href", "src", "action", "formaction"].includes(name)) {
        expect(value.trim(), `<${tag.name} ${name}>`).not.toMatch(/^(javascript|vbscript|data:text)/i);
      }
      if (tag.name === "meta") expect(name).not.toBe("http-equiv");
    }
  }
  return html;
}

/** The JSON-LD block parses, and the text inside it is exactly the stored text. */
function jsonLdOf(html: string): Record<string, unknown> {
  const block = /<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s.exec(html);
  expect(block).not.toBeNull();
  return JSON.parse(block![1]!);
}

/** Text as an HTML parser reads it back: the five entities React writes. */
const decodeHtml = (value: string) =>
  value
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");

describe.each(databaseKinds)("stored XSS on %s", (kind) => {
  let app: TestApp;
  let cookie: string;

  beforeAll(async () => {
    app = await startTestApp(kind, { env: { SITE_URL: "https://zuri.example" } });
    cookie = (await createSession(app, { isAdmin: true })).cookie;
  });
  afterAll(() => app.close());

  it.each(textPayloads.map((payload, index) => [index, payload] as const))(
    "text payload %i stays text in the post page, the list, the API, the feed and the sitemap",
    async (index, payload) => {
      const post = await createPost(app, cookie, {
        slug: `text-payload-${index}`,
        title: `T ${payload}`,
        excerpt: `E ${payload}`,
        metaTitle: `M ${payload}`.slice(0, 70),
        metaDescription: `D ${payload}`.slice(0, 160),
        keywords: `k1, ${payload}`,
      });
      expect(post.title).toBe(`T ${payload}`);

      const pageHtml = await expectNoInjectedScript(await fetch(`${app.baseUrl}/blog/${post.slug}`));
      const title = /<title>(.*?)<\/title>/s.exec(pageHtml)?.[1] ?? "";
      expect(title).not.toMatch(/[<>]/);
      expect(decodeHtml(title)).toBe(`M ${payload}`.slice(0, 70));
      const heading = /<h1[^>]*>(.*?)<\/h1>/s.exec(pageHtml)?.[1] ?? "";
      expect(heading).not.toMatch(/[<>]/);
      expect(decodeHtml(heading)).toBe(`T ${payload}`);
      const jsonLd = jsonLdOf(pageHtml);
      expect(jsonLd.headline).toBe(`T ${payload}`);
      expect(jsonLd.description).toBe(`D ${payload}`.slice(0, 160));
      // The JSON-LD can never end its own script element early.
      const rawJsonLd = /<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s.exec(pageHtml)![1]!;
      expect(rawJsonLd).not.toMatch(/<\/?script|<!--/i);

      const listHtml = await expectNoInjectedScript(await fetch(`${app.baseUrl}/blog`));
      const summary = /<p class="[^"]*line-clamp-3[^"]*">(.*?)<\/p>/s.exec(listHtml)?.[1] ?? "";
      expect(summary).not.toMatch(/[<>]/);
      expect(decodeHtml(summary)).toBe(`E ${payload}`);

      const apiPost = await (await api(app, `/api/blog/${post.slug}`)).json();
      expect(apiPost.title).toBe(`T ${payload}`);

      const feedResponse = await fetch(`${app.baseUrl}/blog/rss.xml`);
      const feed = await feedResponse.text();
      expect(feed).not.toMatch(/<script|<img|<svg|<!--/i);
      expect(feed).toContain(
        `<title>${`T ${payload}`.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/'/g, "&apos;").replace(/"/g, "&quot;")}</title>`,
      );
      expect(feed.match(/<item>/g)?.length).toBe(feed.match(/<\/item>/g)?.length);

      const sitemap = await (await fetch(`${app.baseUrl}/sitemap.xml`)).text();
      expect(sitemap).toContain(`<loc>https://zuri.example/blog/${post.slug}</loc>`);
      expect(sitemap).not.toMatch(/<script|<img|<svg/i);
    },
  );

  it.each(contentCases.map(([dirty, clean], index) => [index, dirty, clean] as const))(
    "rich-text payload %i is sanitised on save, in the API and on the page",
    async (index, dirty, clean) => {
      const post = await createPost(app, cookie, { slug: `content-payload-${index}`, content: `<p>keep</p>${dirty}` });
      expect(post.content).toBe(`<p>keep</p>${clean}`);
      const apiPost = await (await api(app, `/api/blog/${post.slug}`)).json();
      expect(apiPost.content).toBe(`<p>keep</p>${clean}`);
      const html = await expectNoInjectedScript(await fetch(`${app.baseUrl}/blog/${post.slug}`));
      // The page adds lazy loading and async decoding to body images as it renders (docs/decisions/056).
      expect(html.replace(/ (loading|decoding)="[a-z]+"/g, "")).toContain(`<p>keep</p>${clean}`);
    },
  );

  it("stores the site's own links without nofollow and external ones with it (docs/decisions/063)", async () => {
    const own = ["/book-demo", "/blog/x", "#top", "https://zuri.example/product"];
    const content =
      own.map((href) => `<p><a href="${href}" target="_blank" rel="noopener noreferrer nofollow">own</a></p>`).join("") +
      '<p><a href="https://other.example/" target="_blank">ext</a></p>' +
      '<p><a href="//evil.example">relative-protocol</a></p>' +
      '<p><a href="javascript:alert(1)">script</a></p>';
    const expected =
      own.map((href) => `<p><a href="${href}">own</a></p>`).join("") +
      '<p><a href="https://other.example/" target="_blank" rel="noopener noreferrer nofollow">ext</a></p>' +
      // Protocol-relative links are another host (external), and the allowlist refuses them outright.
      "<p>relative-protocol</p>" +
      "<p>script</p>";
    const post = await createPost(app, cookie, { slug: "link-relations", content });
    expect(post.content).toBe(expected);
    const html = await expectNoInjectedScript(await fetch(`${app.baseUrl}/blog/${post.slug}`));
    expect(html).toContain(expected);
    const stored = await app.services.database.db.selectFrom("posts").select("content").where("id", "=", post.id).executeTakeFirstOrThrow();
    expect(stored.content).toBe(expected);
  });

  it("refuses script and data URLs as cover image and canonical URL", async () => {
    for (const [field, value] of [
      ["coverImage", "javascript:alert(1)"],
      ["coverImage", "data:text/html,<script>alert(1)</script>"],
      ["coverImage", 'https://x.example/a.png" onerror="alert(1)'],
      ["canonicalUrl", "https://x.example/c?a=<script>"],
      ["canonicalUrl", "javascript:alert(1)"],
      ["canonicalUrl", "data:text/html,<script>alert(1)</script>"],
    ] as const) {
      const response = await api(app, "/api/cms/posts", { method: "POST", cookie, body: postBody({ [field]: value }) });
      expect(response.status, `${field}=${value}`).toBe(400);
    }
  });

  it("keeps percent-encoded quotes and brackets of a cover image and canonical URL inert", async () => {
    const post: FullPost = await createPost(app, cookie, {
      slug: "quoted-cover",
      coverImage: "https://x.example/a.png?q=%22%3E%3Cscript%3E",
      coverImageAlt: "A cover",
      canonicalUrl: "https://x.example/c?a=1&b=%3C2%3E",
    });
    const html = await expectNoInjectedScript(await fetch(`${app.baseUrl}/blog/${post.slug}`));
    expect(html).toContain('src="https://x.example/a.png?q=%22%3E%3Cscript%3E"');
    expect(html).toContain('<link rel="canonical" href="https://x.example/c?a=1&amp;b=%3C2%3E"/>');
  });

  it("answers the API as JSON that browsers will not sniff as HTML", async () => {
    await createPost(app, cookie, { slug: "json-sniff", title: "<script>alert(1)</script>" });
    const response = await api(app, "/api/blog/json-sniff");
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });
});
