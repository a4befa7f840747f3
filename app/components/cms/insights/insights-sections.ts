import type { InsightsReport, InsightsRow } from "../../../../shared/insights.ts";

/**
 * The breakdowns of the Insights report, in the order the page shows them and the CSV lists them
 * (docs/decisions/071). `id` is the CSV's `section` value: stable, for spreadsheets and scripts.
 */
export interface InsightsSection {
  id: "landing-pages" | "page-performance" | "page-campaigns" | "campaigns" | "referrers" | "top-pages" | "top-posts" | "devices";
  title: string;
  /** What the table's first column names. */
  keyHeader: string;
  description: string;
  /** How an empty table fills, for the one note that lists the empty ones (docs/decisions/071). */
  fillsWith: string;
  /** Whether a row's key is worth showing under its label (a post's slug under its title). */
  showKey?: boolean;
  rows: (report: InsightsReport) => InsightsRow[];
}

export const insightsSections: InsightsSection[] = [
  {
    id: "landing-pages",
    fillsWith: "the first page of each visit with Analytics consent",
    title: "Landing pages",
    keyHeader: "Landing page",
    description: "The first page of each visit, and the demo requests those visits went on to send.",
    rows: (report) => report.landingPages,
  },
  {
    id: "page-performance",
    fillsWith: "visits to pages built in Landing Pages, and their forms' demo requests",
    title: "Your landing pages",
    keyHeader: "Page",
    description:
      "Pages built in the CMS: visits, the demo requests sent from each page’s form, and the conversion of visitors who accepted Analytics cookies.",
    showKey: true,
    rows: (report) => report.builtLandingPages,
  },
  {
    id: "page-campaigns",
    fillsWith: "visits to those pages from links with utm_ parameters",
    title: "Campaigns by landing page",
    keyHeader: "Page · campaign",
    description: "Each campaign that brought visits to one of your landing pages, and the demo requests sent from that page’s form.",
    rows: (report) => report.builtLandingPageCampaigns,
  },
  {
    id: "campaigns",
    fillsWith: "visits from links with utm_ parameters (utm_source, utm_medium, utm_campaign)",
    title: "Campaigns",
    keyHeader: "Source / medium / campaign",
    description: "The UTM parameters of each visit’s landing address.",
    rows: (report) => report.campaigns,
  },
  {
    id: "referrers",
    fillsWith: "visits that follow a link from another site",
    title: "Referrers",
    keyHeader: "Referrer",
    description: "The site each visit came from.",
    rows: (report) => report.referrers,
  },
  {
    id: "top-pages",
    fillsWith: "every page view with Analytics consent",
    title: "Top pages",
    keyHeader: "Page",
    description: "The most viewed pages.",
    rows: (report) => report.topPages,
  },
  {
    id: "top-posts",
    fillsWith: "views of published blog posts",
    title: "Top posts",
    keyHeader: "Post",
    description: "The most read blog posts.",
    showKey: true,
    rows: (report) => report.topPosts,
  },
  {
    id: "devices",
    fillsWith: "every visit, by screen size",
    title: "Devices",
    keyHeader: "Device",
    description: "Visits by screen size.",
    rows: (report) => report.devices,
  },
];

const count = new Intl.NumberFormat("en-US");
const percent = new Intl.NumberFormat("en-US", { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
/** Chart ticks and table rows: 'Nov 3' (CMS dates are en-US, docs/product.md §9), in UTC like the report's days. */
const shortDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const longDay = new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const rangeDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

export const formatCount = (value: number) => count.format(value);
/** A rate, or an en dash when there was nothing to divide by. */
export const formatRate = (value: number | null) => (value === null ? "–" : percent.format(value));
export const dayTime = (day: string) => Date.parse(`${day}T00:00:00Z`);
export const formatShortDay = (day: string | number) => shortDay.format(typeof day === "number" ? day : dayTime(day));
export const formatLongDay = (day: string) => longDay.format(dayTime(day));
export const formatRangeDay = (day: string) => rangeDay.format(dayTime(day));
