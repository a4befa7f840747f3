import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

const siteUrl = "https://zuri.example";

describe.each(databaseKinds)("site SEO basics on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind, { env: { SITE_URL: siteUrl } });
  });
  afterAll(() => app.close());

  it("/robots.txt allows the site, disallows the CMS and points at the sitemap", async () => {
    const response = await fetch(`${app.baseUrl}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/cms$/m);
    expect(text).toContain(`Sitemap: ${siteUrl}/sitemap.xml`);
  });

  it("/sitemap.xml lists every static public page under SITE_URL", async () => {
    const response = await fetch(`${app.baseUrl}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/xml");
    const xml = await response.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    for (const path of ["/", "/product", "/zuri-ai", "/industries", "/enterprise", "/features", "/blog", "/book-demo", "/privacy", "/terms"]) {
      expect(locations).toContain(`${siteUrl}${path}`);
    }
    expect(locations.some((location) => location?.includes("/cms"))).toBe(false);
  });

  it("the home page carries title, description, canonical, Open Graph, Twitter and Organization + WebSite JSON-LD from SITE_URL", async () => {
    const html = await (await fetch(`${app.baseUrl}/`)).text();
    expect(html).toContain('<html lang="en-US"');
    expect(html).toMatch(/<title>[^<]*Decision intelligence for the modern enterprise<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/);
    expect(html).toContain(`<link rel="canonical" href="${siteUrl}/"`);
    expect(html).toContain(`<meta property="og:url" content="${siteUrl}/"`);
    expect(html).toContain(`<meta property="og:image" content="${siteUrl}/og-image.png"`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"');
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"');
    const jsonLd = /<script type="application\/ld\+json"[^>]*>([^<]+)<\/script>/.exec(html)?.[1];
    const graph = JSON.parse(jsonLd!) as { "@context": string; "@graph": Record<string, unknown>[] };
    expect(graph["@context"]).toBe("https://schema.org");
    expect(graph["@graph"].find((node) => node["@type"] === "Organization")).toMatchObject({
      "@id": `${siteUrl}/#organization`,
      name: "Zuri",
      legalName: "Zuri Intelligence Ltd",
      url: `${siteUrl}/`,
      address: { addressCountry: "United Kingdom" },
    });
    expect(graph["@graph"].find((node) => node["@type"] === "WebSite")).toEqual({
      "@type": "WebSite",
      "@id": `${siteUrl}/#website`,
      name: "Zuri",
      url: `${siteUrl}/`,
      inLanguage: "en-US",
      publisher: { "@id": `${siteUrl}/#organization` },
    });
  });

  it("every public page advertises the blog feed and gives its Twitter image an alt text", async () => {
    for (const path of ["/", "/product", "/zuri-ai", "/industries", "/enterprise", "/features", "/blog", "/book-demo", "/privacy", "/terms"]) {
      const html = await (await fetch(`${app.baseUrl}${path}`)).text();
      expect(html, path).toContain('<link rel="alternate" type="application/rss+xml" title="Zuri Intelligence Blog RSS feed" href="/blog/rss.xml"/>');
      expect(html.match(/application\/rss\+xml/g), path).toHaveLength(1);
      expect(html, path).toContain(`<meta name="twitter:image" content="${siteUrl}/og-image.png"/>`);
      expect(html, path).toContain('<meta name="twitter:image:alt" content="Zuri: ');
    }
  });

  it("the canonical URL ignores the Host header and the query string", async () => {
    const html = await (
      await fetch(`${app.baseUrl}/product?utm_source=mail`, { headers: { Host: "attacker.example" } })
    ).text();
    expect(html).toContain(`<link rel="canonical" href="${siteUrl}/product"`);
    expect(html).not.toContain("attacker.example");
  });

  it("an unknown path answers 404 with 'Page Not Found' inside the site header and footer", async () => {
    const response = await fetch(`${app.baseUrl}/no/such/page`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("<title>Page Not Found | Zuri</title>");
    expect(html).toMatch(/<h1[^>]*>Page Not Found<\/h1>/);
    expect(html).toMatch(/<header[^>]*>/);
    expect(html).toMatch(/<footer[^>]*>/);
    expect(html).toContain('<meta name="robots" content="noindex"');
  });

  it("preloads the self-hosted Inter font file that the stylesheet uses", async () => {
    const html = await (await fetch(`${app.baseUrl}/`)).text();
    const href = /<link rel="preload" href="([^"]+\.woff2)" as="font" type="font\/woff2" crossorigin="anonymous"/.exec(html)?.[1];
    expect(href).toMatch(/^\/assets\/inter-latin-wght-400-700-[\w-]+\.woff2$/);
    const stylesheet = /<link[^>]+rel="stylesheet" href="([^"]+\.css)"/.exec(html)?.[1];
    expect(await (await fetch(`${app.baseUrl}${stylesheet}`)).text()).toContain(href);
    const font = await fetch(`${app.baseUrl}${href}`);
    expect(font.status).toBe(200);
    expect(font.headers.get("content-type")).toContain("font/woff2");
  });

  it("serves the icons and the web manifest", async () => {
    for (const [path, type] of [
      ["/favicon.svg", "image/svg+xml"],
      ["/favicon.ico", "image/"],
      ["/apple-touch-icon.png", "image/png"],
      ["/icon-512.png", "image/png"],
      ["/og-image.png", "image/png"],
      ["/site.webmanifest", "application/manifest+json"],
    ]) {
      const response = await fetch(`${app.baseUrl}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-type"), path).toContain(type);
    }
  });
});
