/**
 * The brand's names and pitch, in one typed place (decision 020). Browser-safe: nothing secret belongs
 * here. Company details, mailboxes, links, the time zone and the sharing image are site settings
 * administrators change without a deploy (shared/site-details.ts, docs/decisions/054).
 */
export interface SiteConfig {
  productName: string;
  aiName: string;
  blogName: string;
  cmsName: string;
  tagline: string;
  /** The one-sentence pitch used as the default meta description. */
  description: string;
  /** A third-party analytics script, loaded only after analytics consent. Off (null) by default. */
  analyticsScriptUrl: string | null;
  /** The main call to action: every 'Get Started' / 'Book a Demo' leads here (docs/product.md §1). */
  demoPath: string;
}

export const siteConfig: SiteConfig = {
  productName: "Zuri",
  aiName: "Zuri AI",
  blogName: "Zuri Intelligence Blog",
  cmsName: "Zuri CMS",
  tagline: "Decision intelligence for the modern enterprise",
  description:
    "Zuri turns your spreadsheets, surveys and databases into clear, actionable business decisions, with no data-science team required.",
  analyticsScriptUrl: null,
  demoPath: "/book-demo",
};
