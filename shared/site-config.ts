/**
 * Names, mailboxes and links of the site, in one typed place (decision 020).
 * Browser-safe: nothing secret belongs here. Placeholders use reserved `*.example` domains and
 * must be replaced before launch.
 */
export interface SiteConfig {
  productName: string;
  aiName: string;
  blogName: string;
  cmsName: string;
  tagline: string;
  /** The one-sentence pitch used as the default meta description. */
  description: string;
  legalName: string;
  companyNumber: string;
  registeredAddress: {
    street: string;
    locality: string;
    postalCode: string;
    country: string;
  };
  mailboxes: { support: string; sales: string; privacy: string };
  social: { x: string; xHandle: string; linkedIn: string };
  tools: { spreadsheetAnalyzer: string };
  /** A third-party analytics script, loaded only after analytics consent. Off (null) by default. */
  analyticsScriptUrl: string | null;
  /** The main call to action: every 'Get Started' / 'Book a Demo' leads here (docs/product.md §1). */
  demoPath: string;
  /** Default social sharing image (1200 x 630), under public/. */
  ogImagePath: string;
  /**
   * The IANA time zone the team works in: the CMS shows and takes scheduled publishing times in it;
   * they are stored in UTC (docs/decisions/049).
   */
  timeZone: string;
}

export const siteConfig: SiteConfig = {
  productName: "Zuri",
  aiName: "Zuri AI",
  blogName: "Zuri Intelligence Blog",
  cmsName: "Zuri CMS",
  tagline: "Decision intelligence for the modern enterprise",
  description:
    "Zuri turns your spreadsheets, surveys and databases into clear, actionable business decisions, with no data-science team required.",
  legalName: "Zuri Intelligence Ltd",
  companyNumber: "00000000",
  registeredAddress: {
    street: "1 Example Street",
    locality: "London",
    postalCode: "EC1A 1AA",
    country: "United Kingdom",
  },
  mailboxes: {
    support: "support@zuri.example",
    sales: "sales@zuri.example",
    privacy: "privacy@zuri.example",
  },
  social: {
    x: "https://x.com/zuri_example",
    xHandle: "@zuri_example",
    linkedIn: "https://www.linkedin.com/company/zuri-example",
  },
  tools: { spreadsheetAnalyzer: "https://spreadsheet-analyzer.zuri.example" },
  analyticsScriptUrl: null,
  demoPath: "/book-demo",
  ogImagePath: "/og-image.png",
  timeZone: "Europe/London",
};

export const formattedAddress = (address: SiteConfig["registeredAddress"] = siteConfig.registeredAddress) =>
  [address.street, address.locality, address.postalCode, address.country].join(", ");
