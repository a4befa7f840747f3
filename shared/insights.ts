/**
 * The Insights report (`/cms/insights`, administrators only): first-party, consent-based analytics and
 * the demo requests they lead to. Browser-safe types shared by the insights service
 * (server/services/insights.ts), which computes a report, and the CMS page, which shows it as charts,
 * accessible tables and CSV. Days are calendar days in UTC, "YYYY-MM-DD".
 */

/** The ranges the page offers, in days ending today; a custom range names its own days. */
export const INSIGHTS_PRESET_DAYS = [7, 30, 90] as const;
/** The longest custom range: raw events are kept 90 days, daily aggregates longer. */
export const INSIGHTS_MAX_DAYS = 366;

export interface InsightsRange {
  /** First day, inclusive. */
  from: string;
  /** Last day, inclusive. */
  to: string;
}

/** One day of the chart. Every day of the range is present, with zeros when nothing happened. */
export interface InsightsDay {
  day: string;
  /** Unique visitors that day (daily salted hash; docs/decisions/070-first-party-analytics.md). */
  visitors: number;
  pageViews: number;
  /** Every demo request stored that day, consenting visits or not (suspected spam left out, decision 050). */
  demoRequests: number;
}

/**
 * One row of a breakdown: a page, a post, a referrer origin, a campaign, a device class or a landing
 * page. `demoRequests` counts requests from visits attributed to this row; `conversionRate` is
 * demoRequests / visits (null when there were no visits).
 */
export interface InsightsRow {
  /**
   * A stable key: the path, the post slug, the referrer origin ("(direct)" for none), "source / medium /
   * campaign" (a missing part reads "(not set)"), the device class ("mobile", "tablet", "desktop").
   */
  key: string;
  /** What people read: the post title for a post, "Direct" for no referrer, and so on. */
  label: string;
  pageViews: number;
  visits: number;
  visitors: number;
  demoRequests: number;
  conversionRate: number | null;
}

export interface InsightsReport {
  range: InsightsRange;
  totals: {
    /** The sum of each day's unique visitors: the salted hash changes daily, so days cannot be linked (decision 070). */
    visitors: number;
    visits: number;
    pageViews: number;
    /** Every demo request in the range (suspected spam left out). */
    demoRequests: number;
    /** Those sent from a consenting visit, so linked to it. */
    attributedDemoRequests: number;
    /** attributedDemoRequests / visits, null without visits. */
    conversionRate: number | null;
  };
  daily: InsightsDay[];
  /** By page views, at most 20 each. */
  topPages: InsightsRow[];
  topPosts: InsightsRow[];
  referrers: InsightsRow[];
  /** UTM source / medium / campaign of the visit's landing URL. */
  campaigns: InsightsRow[];
  devices: InsightsRow[];
  /** The first page of each visit: where conversions start. */
  landingPages: InsightsRow[];
  /**
   * The landing pages built in the CMS (`/l/{slug}`, docs/decisions/038), keyed by address: their visits, the demo
   * requests sent from their forms (consent or not), and the conversion of consenting visits.
   */
  builtLandingPages: InsightsRow[];
  /** Each such page and each campaign whose visits reached it: key `{path} {source / medium / campaign}`. */
  builtLandingPageCampaigns: InsightsRow[];
}
