import { sql, type RawBuilder } from "kysely";
import type { Db } from "../db/connect.ts";
import type { DatabaseKind } from "../db/portable-types.ts";

/**
 * The figures of analytics days, computed from the raw page views (docs/decisions/070-first-party-analytics.md):
 * what a rollup stores for a finished day (server/services/analytics-rollups.ts) and what the report reads
 * for the days not rolled up yet (server/services/insights.ts). One definition for both, so a day reads the
 * same before and after its rollup.
 */

/** The breakdowns of a day. "total" has one row, key "". */
export const analyticsDimensions = ["total", "page", "referrer", "campaign", "device", "landing", "landing-page-campaign"] as const;
export type AnalyticsDimension = (typeof analyticsDimensions)[number];

/** The key of a visit without an external referrer. */
export const DIRECT_KEY = "(direct)";

/**
 * "landing-page-campaign": a landing page built in the CMS (`/l/{slug}`) and the campaign of a visit that reached it,
 * keyed `{path} {source / medium / campaign}` (docs/decisions/038); its demo requests are those sent from the page's
 * form by such a visit. The key's two parts (a path has no space).
 */
export const splitLandingCampaignKey = (key: string) => {
  const space = key.indexOf(" ");
  return { path: key.slice(0, space), campaign: key.slice(space + 1) };
};

export interface DayFigure {
  dimension: AnalyticsDimension;
  day: string;
  key: string;
  pageViews: number;
  visits: number;
  visitors: number;
  demoRequests: number;
}

/** What each dimension counts by, over `analytics_events as e`; null keys (no campaign) are left out. */
const keyOf: Record<AnalyticsDimension, RawBuilder<string | null>> = {
  total: sql<string>`''`,
  page: sql<string>`e.path`,
  referrer: sql<string>`coalesce(e.referrer, ${sql.lit(DIRECT_KEY)})`,
  campaign: sql<string | null>`e.campaign`,
  device: sql<string>`e.device`,
  landing: sql<string>`e.landing_path`,
  "landing-page-campaign": sql<string | null>`case when e.path like '/l/%' and e.campaign is not null then e.path || ' ' || e.campaign end`,
};

/** What a dimension's demo requests also need: those of a landing page are the ones sent from its form. */
const requestsAlso: Partial<Record<AnalyticsDimension, RawBuilder<unknown>>> = {
  "landing-page-campaign": sql`and d.form_page = e.path`,
};

/** The UTC day ("YYYY-MM-DD") of a timestamp column: ISO text on SQLite, timestamptz on PostgreSQL. */
export const dayOf = (kind: DatabaseKind, column: RawBuilder<unknown>) =>
  kind === "sqlite" ? sql<string>`substr(${column}, 1, 10)` : sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

/** First instant of the day after `day`, as ISO. */
export const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();

/**
 * Every figure of the days `from`…`to` (inclusive), per dimension, day and key. `rawOnly`: only days not
 * rolled up (the report); otherwise all of them (a rollup, inside the transaction that claimed its day).
 *
 * Page views, visits and visitors count the day's events (visitors by the day's salted hash, so a day is
 * the widest span they can be told apart in). Demo requests count the leads stored that day (suspected
 * spam left out, decision 050) whose visit had a page view in the row before the request: for pages, the
 * pages the visit saw first; for the visit's attributes, its landing page, referrer, campaign and device.
 */
export async function dayFigures(
  db: Db,
  kind: DatabaseKind,
  { from, to, rawOnly }: { from: string; to: string; rawOnly: boolean },
): Promise<DayFigure[]> {
  const requestDay = dayOf(kind, sql`d.created_at`);
  const figures = new Map<string, DayFigure>();
  const figure = (dimension: AnalyticsDimension, day: string, key: string) => {
    const id = `${dimension}\u0000${day}\u0000${key}`;
    let row = figures.get(id);
    if (!row) figures.set(id, (row = { dimension, day, key, pageViews: 0, visits: 0, visitors: 0, demoRequests: 0 }));
    return row;
  };

  // One query after the other: a rollup runs them on its transaction's one connection.
  for (const dimension of analyticsDimensions) {
    const key = keyOf[dimension];
    const views = await sql<{ day: string; key: string; page_views: number; visits: number; visitors: number }>`
      select e.day as day, ${key} as key, count(*) as page_views, count(distinct e.visit_id) as visits,
        count(distinct e.visitor_hash) as visitors
      from analytics_events e
      where e.day >= ${from} and e.day <= ${to} and ${key} is not null
        ${rawOnly ? sql`and not exists (select 1 from analytics_rollups r where r.day = e.day)` : sql``}
      group by 1, 2`.execute(db);
    for (const row of views.rows) {
      Object.assign(figure(dimension, row.day, row.key), {
        pageViews: Number(row.page_views),
        visits: Number(row.visits),
        visitors: Number(row.visitors),
      });
    }

    const requests = await sql<{ day: string; key: string; demo_requests: number }>`
      select ${requestDay} as day, ${key} as key, count(distinct d.id) as demo_requests
      from demo_requests d
      join analytics_events e on e.visit_id = d.visit_id and e.created_at <= d.created_at
      where d.visit_id is not null and d.spam_reasons is null
        and d.created_at >= ${`${from}T00:00:00.000Z`} and d.created_at < ${dayAfter(to)}
        and ${key} is not null ${requestsAlso[dimension] ?? sql``}
        ${rawOnly ? sql`and not exists (select 1 from analytics_rollups r where r.day = ${requestDay})` : sql``}
      group by 1, 2`.execute(db);
    for (const row of requests.rows) figure(dimension, row.day, row.key).demoRequests = Number(row.demo_requests);
  }
  return [...figures.values()];
}
