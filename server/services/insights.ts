import type { Db } from "../db/connect.ts";
import type { DatabaseKind } from "../db/portable-types.ts";
import { toIso } from "../db/rows.ts";
import {
  INSIGHTS_MAX_DAYS,
  type InsightsDay,
  type InsightsRange,
  type InsightsReport,
  type InsightsRow,
} from "../../shared/insights.ts";
import { analyticsDimensions, dayAfter, dayFigures, DIRECT_KEY, splitLandingCampaignKey, type AnalyticsDimension } from "./analytics-figures.ts";
import { isLandingPagePath } from "../../shared/landing-pages.ts";
import { landingPageTitles } from "./landing-page-titles.ts";
import type { AnalyticsIngestion } from "./analytics-ingestion.ts";

const DAY_MS = 86_400_000;
const TOP = 20;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A post's page: /blog/{slug}, not a tag or author page. */
const POST_PATH = /^\/blog\/(?!tag\/|author\/)([^/]+)$/;

const deviceLabels: Record<string, string> = { mobile: "Mobile", tablet: "Tablet", desktop: "Desktop" };

export interface InsightsDeps {
  db: Db;
  kind: DatabaseKind;
  /** Written first, so the report counts this instance's page views of the last second too. */
  ingestion: Pick<AnalyticsIngestion, "flush">;
}

const isDay = (value: string) => DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** The days of a range, in order; RangeError when it is not one (bad days, reversed, longer than INSIGHTS_MAX_DAYS). */
export function daysOf({ from, to }: InsightsRange): string[] {
  if (!isDay(from) || !isDay(to)) throw new RangeError("A range is two days, YYYY-MM-DD.");
  const start = Date.parse(`${from}T00:00:00Z`);
  const count = (Date.parse(`${to}T00:00:00Z`) - start) / DAY_MS + 1;
  if (count < 1) throw new RangeError("The range ends before it starts.");
  if (count > INSIGHTS_MAX_DAYS) throw new RangeError(`A range is at most ${INSIGHTS_MAX_DAYS} days.`);
  return Array.from({ length: count }, (_, index) => new Date(start + index * DAY_MS).toISOString().slice(0, 10));
}

interface Sums {
  pageViews: number;
  visits: number;
  visitors: number;
  demoRequests: number;
}

const zero = (): Sums => ({ pageViews: 0, visits: 0, visitors: 0, demoRequests: 0 });
const addInto = (target: Sums, figures: Sums) => {
  target.pageViews += figures.pageViews;
  target.visits += figures.visits;
  target.visitors += figures.visitors;
  target.demoRequests += figures.demoRequests;
};
const rate = (demoRequests: number, visits: number) => (visits > 0 ? demoRequests / visits : null);

/**
 * The Insights report (`/cms/insights`; types in shared/insights.ts; docs/decisions/070). A range reads
 * the daily aggregates of its rolled-up days and the raw page views of the others (today, and a day not
 * rolled up yet), with the same definitions (server/services/analytics-figures.ts). Visitors are counted
 * per day (the salted hash changes every day) and summed over the range.
 */
export function createInsightsService({ db, kind, ingestion }: InsightsDeps) {
  async function report(range: InsightsRange): Promise<InsightsReport> {
    const days = daysOf(range);
    const { from, to } = range;
    await ingestion.flush();

    const [aggregated, dailyTotals, raw, requestTimes, credited] = await Promise.all([
      db
        .selectFrom("analytics_daily")
        .select((eb) => [
          "dimension",
          "key",
          eb.fn.sum<number>("page_views").as("page_views"),
          eb.fn.sum<number>("visits").as("visits"),
          eb.fn.sum<number>("visitors").as("visitors"),
          eb.fn.sum<number>("demo_requests").as("demo_requests"),
        ])
        .where("dimension", "in", analyticsDimensions.filter((dimension) => dimension !== "total"))
        .where("day", ">=", from)
        .where("day", "<=", to)
        .groupBy(["dimension", "key"])
        .execute(),
      db
        .selectFrom("analytics_daily")
        .select(["day", "page_views", "visits", "visitors", "demo_requests"])
        .where("dimension", "=", "total")
        .where("day", ">=", from)
        .where("day", "<=", to)
        .execute(),
      dayFigures(db, kind, { from, to, rawOnly: true }),
      // Every demo request, consenting or not, by its day (leads only: suspected spam is left out, decision 050).
      db
        .selectFrom("demo_requests")
        .select("created_at")
        .where("spam_reasons", "is", null)
        .where("created_at", ">=", `${from}T00:00:00.000Z`)
        .where("created_at", "<", dayAfter(to))
        .execute(),
      // Demo requests credited to the landing page whose form sent them, consent or not (docs/decisions/038).
      db
        .selectFrom("demo_requests")
        .select((eb) => ["form_page", eb.fn.countAll<number>().as("requests"), eb.fn.count<number>("visit_id").as("consenting")])
        .where("form_page", "is not", null)
        .where("spam_reasons", "is", null)
        .where("created_at", ">=", `${from}T00:00:00.000Z`)
        .where("created_at", "<", dayAfter(to))
        .groupBy("form_page")
        .execute(),
    ]);

    const byDay = new Map<string, Sums>(days.map((day) => [day, zero()]));
    const rows = new Map<AnalyticsDimension, Map<string, Sums>>();
    const row = (dimension: AnalyticsDimension, key: string) => {
      let keys = rows.get(dimension);
      if (!keys) rows.set(dimension, (keys = new Map()));
      let sums = keys.get(key);
      if (!sums) keys.set(key, (sums = zero()));
      return sums;
    };

    for (const r of dailyTotals) {
      addInto(byDay.get(r.day)!, { pageViews: Number(r.page_views), visits: Number(r.visits), visitors: Number(r.visitors), demoRequests: Number(r.demo_requests) });
    }
    for (const r of aggregated) {
      addInto(row(r.dimension as AnalyticsDimension, r.key), {
        pageViews: Number(r.page_views),
        visits: Number(r.visits),
        visitors: Number(r.visitors),
        demoRequests: Number(r.demo_requests),
      });
    }
    for (const figure of raw) {
      if (figure.dimension === "total") addInto(byDay.get(figure.day)!, figure);
      else addInto(row(figure.dimension, figure.key), figure);
    }

    const requestsByDay = new Map<string, number>();
    for (const { created_at } of requestTimes) {
      const day = toIso(created_at).slice(0, 10);
      requestsByDay.set(day, (requestsByDay.get(day) ?? 0) + 1);
    }

    const daily: InsightsDay[] = days.map((day) => ({
      day,
      visitors: byDay.get(day)!.visitors,
      pageViews: byDay.get(day)!.pageViews,
      demoRequests: requestsByDay.get(day) ?? 0,
    }));
    const totals = zero();
    for (const sums of byDay.values()) addInto(totals, sums);

    const pages = rows.get("page") ?? new Map<string, Sums>();
    const posts = new Map<string, Sums>();
    for (const [path, sums] of pages) {
      const slug = POST_PATH.exec(path)?.[1];
      if (slug) posts.set(slug, sums);
    }
    /**
     * The top rows of a breakdown. Where visitors came from (referrers, campaigns, landing pages,
     * devices) ranks by visitors: one client sending many page views is one visitor, so a flood that
     * got past the ingestion limits (docs/decisions/070) cannot top these tables. Pages rank by views.
     */
    const ranked = (keys: Map<string, Sums> | undefined, label: (key: string) => string, by: "pageViews" | "visitors" = "visitors"): InsightsRow[] =>
      [...(keys ?? new Map<string, Sums>())]
        .sort(([a, x], [b, y]) => y[by] - x[by] || y.visits - x.visits || y.pageViews - x.pageViews || (a < b ? -1 : a > b ? 1 : 0))
        .slice(0, TOP)
        .map(([key, sums]) => ({ key, label: label(key), ...sums, conversionRate: rate(sums.demoRequests, sums.visits) }));
    const topPosts = ranked(posts, (slug) => slug, "pageViews");

    // Landing pages built in the CMS: their visits (page views by path, consent-based), the demo requests sent from
    // their forms, and conversion as the report counts it, the requests of consenting visits over visits (docs/decisions/038).
    const builtPages = new Map<string, Sums>();
    const consentingRequests = new Map<string, number>();
    for (const [path, sums] of pages) if (isLandingPagePath(path)) builtPages.set(path, { ...sums, demoRequests: 0 });
    for (const { form_page, requests, consenting } of credited) {
      const sums = builtPages.get(form_page!) ?? zero();
      builtPages.set(form_page!, { ...sums, demoRequests: Number(requests) });
      consentingRequests.set(form_page!, Number(consenting));
    }
    const pageRows = ranked(builtPages, (path) => path).map((row) => ({ ...row, conversionRate: rate(consentingRequests.get(row.key) ?? 0, row.visits) }));
    const pageCampaignRows = ranked(rows.get("landing-page-campaign"), (key) => key);
    const pageTitles = await landingPageTitles(db, [...pageRows.map((row) => row.key), ...pageCampaignRows.map((row) => splitLandingCampaignKey(row.key).path)]);
    for (const row of pageRows) row.label = pageTitles.get(row.key) ?? row.key;
    for (const row of pageCampaignRows) {
      const { path, campaign } = splitLandingCampaignKey(row.key);
      row.label = `${pageTitles.get(path) ?? path} · ${campaign}`;
    }
    const titles = await postTitles(topPosts.map((post) => post.key));
    for (const post of topPosts) post.label = titles.get(post.key) ?? post.key;

    return {
      range: { from, to },
      totals: {
        visitors: totals.visitors,
        visits: totals.visits,
        pageViews: totals.pageViews,
        demoRequests: daily.reduce((sum, day) => sum + day.demoRequests, 0),
        attributedDemoRequests: totals.demoRequests,
        conversionRate: rate(totals.demoRequests, totals.visits),
      },
      daily,
      topPages: ranked(pages, (path) => path, "pageViews"),
      topPosts,
      referrers: ranked(rows.get("referrer"), referrerLabel),
      campaigns: ranked(rows.get("campaign"), (key) => key),
      devices: ranked(rows.get("device"), (key) => deviceLabels[key] ?? key),
      landingPages: ranked(rows.get("landing"), (path) => path),
      builtLandingPages: pageRows,
      builtLandingPageCampaigns: pageCampaignRows,
    };
  }

  /** Titles of the posts with these slugs (a deleted post keeps its slug as its label). */
  async function postTitles(slugs: string[]): Promise<Map<string, string>> {
    if (slugs.length === 0) return new Map();
    const found = await db.selectFrom("posts").select(["slug", "title"]).where("slug", "in", slugs).execute();
    return new Map(found.map((post) => [post.slug, post.title]));
  }

  return { report };
}

/** "Direct" without a referrer, else the referrer's host ("news.ycombinator.com"). */
function referrerLabel(key: string): string {
  if (key === DIRECT_KEY) return "Direct";
  return URL.canParse(key) ? new URL(key).host : key;
}

