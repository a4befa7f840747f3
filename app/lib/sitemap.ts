/** One `<url>` of /sitemap.xml. `path` is site-relative ("/product"); `lastModified` an ISO timestamp. */
export interface SitemapEntry {
  path: string;
  lastModified?: string;
  changeFrequency?: "daily" | "weekly" | "monthly" | "yearly";
  priority?: number;
}

/** The public static pages. The blog adds its posts in the sitemap route (app/routes/sitemap.ts). */
export function staticSitemapEntries(): SitemapEntry[] {
  return [
    { path: "/", changeFrequency: "weekly", priority: 1 },
    { path: "/product", changeFrequency: "monthly", priority: 0.9 },
    { path: "/zuri-ai", changeFrequency: "monthly", priority: 0.9 },
    { path: "/features", changeFrequency: "monthly", priority: 0.8 },
    { path: "/industries", changeFrequency: "monthly", priority: 0.8 },
    { path: "/enterprise", changeFrequency: "monthly", priority: 0.8 },
    { path: "/blog", changeFrequency: "daily", priority: 0.8 },
    { path: "/book-demo", changeFrequency: "yearly", priority: 0.7 },
    { path: "/privacy", changeFrequency: "yearly", priority: 0.3 },
    { path: "/terms", changeFrequency: "yearly", priority: 0.3 },
  ];
}

const escapeXml = (value: string) =>
  value.replace(/[<>&'"]/g, (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[char]!);

export function renderSitemap(siteUrl: string, entries: SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lines = [`    <loc>${escapeXml(`${siteUrl}${entry.path}`)}</loc>`];
    if (entry.lastModified) lines.push(`    <lastmod>${escapeXml(entry.lastModified)}</lastmod>`);
    if (entry.changeFrequency) lines.push(`    <changefreq>${entry.changeFrequency}</changefreq>`);
    if (entry.priority !== undefined) lines.push(`    <priority>${entry.priority.toFixed(1)}</priority>`);
    return `  <url>\n${lines.join("\n")}\n  </url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** A sitemap index (sitemaps.org protocol): the files of a site too large for one sitemap. */
export function renderSitemapIndex(siteUrl: string, files: { path: string; lastModified: string }[]): string {
  const items = files.map(
    (file) =>
      `  <sitemap>\n    <loc>${escapeXml(`${siteUrl}${file.path}`)}</loc>\n    <lastmod>${escapeXml(file.lastModified)}</lastmod>\n  </sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join("\n")}\n</sitemapindex>\n`;
}

/**
 * The disallowed prefixes come before `Allow: /`, so parsers that take the first matching rule
 * (Python's urllib.robotparser and others) and those that take the longest (Google, RFC 9309)
 * agree: /cms and /api are closed to crawlers, everything else is open.
 */
export function renderRobots(siteUrl: string): string {
  return ["User-agent: *", "Disallow: /cms", "Disallow: /api", "Allow: /", "", `Sitemap: ${siteUrl}/sitemap.xml`, ""].join("\n");
}
