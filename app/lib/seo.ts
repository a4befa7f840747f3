import type { MetaDescriptor } from "react-router";
import { rssFeedLink } from "./blog.ts";
import { siteConfig } from "../../shared/site-config.ts";
import { DEFAULT_OG_IMAGE, xHandle, type SiteDetails } from "../../shared/site-details.ts";
import { siteDetailsFrom } from "./site-details.ts";

/** What a route's `meta` function receives that the helper needs (a subset of Route.MetaArgs). */
export interface SeoArgs {
  location: { pathname: string };
  matches: ReadonlyArray<{ loaderData?: unknown } | undefined>;
}

export interface PageSeo {
  /** The page's own title; the helper appends ' | Zuri' unless `absoluteTitle`. */
  title: string;
  description: string;
  absoluteTitle?: boolean;
  /** Defaults to the current path. */
  path?: string;
  /** Path or absolute URL of the sharing image; defaults to the site's OG image (1200×630, with its alt). */
  image?: string;
  /** The sharing image's alt text (`og:image:alt`); none when empty (a decorative image). */
  imageAlt?: string;
  type?: "website" | "article";
  noIndex?: boolean;
}

/**
 * The absolute site origin (SITE_URL), as the marketing layout's loader provides it.
 * Canonical URLs never come from the Host header (docs/architecture.md).
 */
export function siteUrlFrom(matches: SeoArgs["matches"]): string {
  for (const match of matches) {
    const data = match?.loaderData as { siteUrl?: unknown } | undefined;
    if (data && typeof data.siteUrl === "string") return data.siteUrl;
  }
  return "";
}

export const absoluteUrl = (siteUrl: string, pathOrUrl: string) =>
  /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${siteUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;

/** The site's own sharing image (the shipped one or the settings' upload): its size and alt text are known. */
const siteImageAlt = `${siteConfig.productName}: ${siteConfig.tagline}`;
const siteImageTags: MetaDescriptor[] = [
  { property: "og:image:width", content: "1200" },
  { property: "og:image:height", content: "630" },
  { property: "og:image:alt", content: siteImageAlt },
];

/**
 * Per-page meta: title, description, canonical, Open Graph and Twitter card tags, and the blog's
 * feed (every public page advertises it, as feed readers look for it on the page they are given).
 * Use in a route: `export const meta: Route.MetaFunction = (args) => seo(args, { title, description })`.
 */
export function seo(args: SeoArgs, page: PageSeo): MetaDescriptor[] {
  const siteUrl = siteUrlFrom(args.matches);
  const details = siteDetailsFrom(args.matches);
  const title = page.absoluteTitle ? page.title : `${page.title} | ${siteConfig.productName}`;
  const url = absoluteUrl(siteUrl, page.path ?? args.location.pathname);
  const image = absoluteUrl(siteUrl, page.image ?? details.ogImage);
  const ownImageTags = page.imageAlt ? [{ property: "og:image:alt", content: page.imageAlt }] : [];
  // A decorative image (docs/decisions/062) has an empty alt, as it would on the page.
  const imageAlt = page.image ? (page.imageAlt ?? "") : siteImageAlt;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:site_name", content: siteConfig.productName },
    { property: "og:locale", content: "en_US" },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    ...(page.image ? ownImageTags : details.ogImage === DEFAULT_OG_IMAGE ? siteImageTags : siteImageTags.slice(2)),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:site", content: xHandle(details) },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: imageAlt },
    rssFeedLink,
  ];
  if (page.noIndex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

/**
 * The home page's structured data (docs/product.md §2): the Organization and the WebSite it publishes, one
 * `@graph`. The marketing layout renders it with <JsonLd> (which carries the CSP nonce like every
 * script tag); React Router's `script:ld+json` meta descriptor cannot take a nonce.
 */
export function homeJsonLd(siteUrl: string, details: SiteDetails): Record<string, unknown> {
  return { "@context": "https://schema.org", "@graph": [organizationNode(siteUrl, details), websiteNode(siteUrl)] };
}

/** The site itself. No SearchAction: search engines no longer show a sitelinks search box, and results pages are noindex (docs/decisions/043). */
function websiteNode(siteUrl: string): Record<string, unknown> {
  return {
    "@type": "WebSite",
    "@id": `${siteUrl}/#website`,
    name: siteConfig.productName,
    url: `${siteUrl}/`,
    inLanguage: "en-US",
    publisher: { "@id": `${siteUrl}/#organization` },
  };
}

function organizationNode(siteUrl: string, details: SiteDetails): Record<string, unknown> {
  return {
    "@type": "Organization",
    "@id": `${siteUrl}/#organization`,
    name: siteConfig.productName,
    legalName: details.legalName,
    url: `${siteUrl}/`,
    logo: `${siteUrl}/icon-512.png`,
    description: siteConfig.description,
    slogan: siteConfig.tagline,
    sameAs: [details.xUrl, details.linkedInUrl],
    address: {
      "@type": "PostalAddress",
      streetAddress: details.officeStreet,
      addressLocality: details.officeLocality,
      postalCode: details.officePostalCode,
      addressCountry: details.officeCountry,
    },
    contactPoint: [
      { "@type": "ContactPoint", contactType: "customer support", email: details.supportEmail },
      { "@type": "ContactPoint", contactType: "sales", email: details.salesEmail },
    ],
  };
}
