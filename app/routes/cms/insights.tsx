import { useMemo, type ReactNode } from "react";
import { data, Link } from "react-router";
import { AlertTriangle, BarChart3, Download } from "lucide-react";
import type { Route } from "./+types/insights";
import { requestInfoContext, servicesContext } from "../../request-context.ts";
import { staffContext } from "../../lib/auth.server.ts";
import { isRefusal } from "../../../shared/refusal.ts";
import type { InsightsReport } from "../../../shared/insights.ts";
import { CmsShell } from "../../components/cms/cms-shell.tsx";
import { StateMessage } from "../../components/cms/state-message.tsx";
import { Button, buttonVariants } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { DailyChart, type ChartSeries } from "../../components/cms/insights/daily-chart.tsx";
import { BreakdownTable, DailyTable } from "../../components/cms/insights/insights-tables.tsx";
import { RangePicker } from "../../components/cms/insights/range-picker.tsx";
import { insightsCsvHref, insightsHref, readInsightsQuery } from "../../components/cms/insights/insights-query.ts";
import { formatCount, formatRangeDay, formatRate, insightsSections } from "../../components/cms/insights/insights-sections.ts";

/** The brand's indigo (primary) and teal (accent) as canvas colours (docs/brand.md: one accent for charts). */
const INDIGO = "#4f39f6";
const TEAL = "#009689";

/**
 * Insights (docs/decisions/071), administrators only (the admin layout's guard): the report of the
 * consent-based analytics and the demo requests they lead to, for the range in the address. An
 * address the page cannot read is a 400 with its reason on the page; a report that fails to load is
 * shown on the page with 'Try Again', as on the dashboard.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(staffContext);
  const { insights, clock } = context.get(servicesContext);
  const today = clock().toISOString().slice(0, 10);
  const query = readInsightsQuery(new URL(request.url), clock());
  if (isRefusal(query)) {
    return data({ user, today, query: null, invalid: { message: query.message, fields: query.fields ?? {} }, report: null }, { status: 400 });
  }
  try {
    const report = await insights.report(query.range);
    return { user, today, query, invalid: null, report };
  } catch (error) {
    context.get(requestInfoContext).log.error({ err: error }, "insights: the report failed");
    return data({ user, today, query, invalid: null, report: null }, { status: 500 });
  }
}

export default function Insights({ loaderData }: Route.ComponentProps) {
  const { user, today, query, invalid, report } = loaderData;
  const rangeText = query ? `${formatRangeDay(query.range.from)} – ${formatRangeDay(query.range.to)}` : null;

  return (
    <CmsShell
      user={user}
      title="Insights"
      actions={
        query &&
        report && (
          <a href={insightsCsvHref(query)} download className={buttonVariants({ variant: "outline" })}>
            <Download aria-hidden="true" />
            Download CSV
          </a>
        )
      }
    >
      <p className="-mt-3 mb-6 max-w-3xl text-sm text-muted-foreground">
        Visits from people who accepted Analytics cookies, and the demo requests they sent.
        {rangeText && (
          <>
            {" "}
            Showing <span className="font-medium whitespace-nowrap text-foreground">{rangeText}</span> (UTC).
          </>
        )}
      </p>
      <div className="grid gap-6">
        <RangePicker query={query} today={today} errors={invalid?.fields ?? {}} />
        {invalid ? (
          <Card>
            <StateMessage
              role="alert"
              icon={<AlertTriangle className="size-10 text-amber-600" aria-hidden="true" />}
              title="This range is not valid"
              text={Object.values(invalid.fields).join(" · ") || invalid.message}
              action={
                <Button asChild variant="outline">
                  <Link to="/cms/insights">Show the last 30 days</Link>
                </Button>
              }
            />
          </Card>
        ) : report === null ? (
          <Card>
            <StateMessage
              role="alert"
              icon={<AlertTriangle className="size-10 text-amber-600" aria-hidden="true" />}
              title="Failed to load insights"
              action={
                <Button asChild variant="outline">
                  <Link to={query ? insightsHref(query) : "/cms/insights"}>Try Again</Link>
                </Button>
              }
            />
          </Card>
        ) : report.totals.pageViews === 0 && report.totals.demoRequests === 0 ? (
          <Card>
            <StateMessage
              icon={
                <span className="flex size-14 items-center justify-center rounded-2xl bg-primary-soft">
                  <BarChart3 className="size-7 text-primary" aria-hidden="true" />
                </span>
              }
              title="No visits recorded in this range yet"
              text="Insights only counts visitors who accepted Analytics cookies in the cookie banner, and demo requests. Their visits appear here as they browse the site."
            />
          </Card>
        ) : (
          <Report report={report} rangeText={rangeText!} />
        )}
      </div>
    </CmsShell>
  );
}

function Report({ report, rangeText }: { report: InsightsReport; rangeText: string }) {
  const { totals, daily } = report;
  const days = useMemo(() => daily.map((day) => day.day), [daily]);
  const trafficSeries = useMemo<ChartSeries[]>(
    () => [
      { label: "Page views", noun: "page view", values: daily.map((day) => day.pageViews), color: INDIGO, kind: "line" },
      { label: "Visitors", noun: "visitor", values: daily.map((day) => day.visitors), color: TEAL, kind: "line" },
    ],
    [daily],
  );
  const demoSeries = useMemo<ChartSeries[]>(
    () => [{ label: "Demo requests", noun: "demo request", values: daily.map((day) => day.demoRequests), color: INDIGO, kind: "bars" }],
    [daily],
  );
  const breakdowns = insightsSections.map((section) => ({ section, rows: section.rows(report) }));
  const filled = breakdowns.filter(({ rows }) => rows.length > 0);
  const empty = breakdowns.filter(({ rows }) => rows.length === 0);

  return (
    <>
      <section aria-labelledby="insights-summary">
        <h2 id="insights-summary" className="sr-only">
          Summary
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          <Stat label="Visitors" value={formatCount(totals.visitors)} note={`${formatCount(totals.visits)} ${totals.visits === 1 ? "visit" : "visits"}`} />
          <Stat label="Page views" value={formatCount(totals.pageViews)} note={perVisit(totals.pageViews, totals.visits)} />
          <Stat
            label="Demo requests"
            value={formatCount(totals.demoRequests)}
            note={`${formatCount(totals.attributedDemoRequests)} from consenting visits`}
          />
          <Stat
            label="Conversion rate"
            value={formatRate(totals.conversionRate)}
            note={`${formatCount(totals.attributedDemoRequests)} of ${formatCount(totals.visits)} visits`}
          />
        </dl>
      </section>

      <ChartCard
        id="insights-traffic"
        title="Visitors and page views"
        description="Per day, from visits with Analytics consent."
        table={
          <DailyTable
            days={daily}
            caption={`Visitors and page views per day, ${rangeText}`}
            columns={[
              { header: "Visitors", value: (day) => day.visitors },
              { header: "Page views", value: (day) => day.pageViews },
            ]}
          />
        }
      >
        <DailyChart days={days} series={trafficSeries} label={`Line chart of visitors and page views per day, ${rangeText}. The numbers are in the table below.`} />
      </ChartCard>

      <ChartCard
        id="insights-demo-requests"
        title="Demo requests per day"
        description="Every demo request received, with or without Analytics consent."
        table={<DailyTable days={daily} caption={`Demo requests per day, ${rangeText}`} columns={[{ header: "Demo requests", value: (day) => day.demoRequests }]} />}
      >
        <DailyChart days={days} series={demoSeries} label={`Bar chart of demo requests per day, ${rangeText}. The numbers are in the table below.`} />
      </ChartCard>

      {/* Empty breakdowns fold into one note that says how each fills (docs/decisions/071), so the page shows numbers, not blanks. */}
      <div className="grid gap-6 xl:grid-cols-2">
        {filled.map(({ section, rows }) => (
          <Card key={section.id} className="@container min-w-0 overflow-hidden">
            <section aria-labelledby={`insights-${section.id}`}>
              <div className="px-4 pt-5 pb-4 sm:px-6">
                <h2 id={`insights-${section.id}`} className="text-lg font-semibold tracking-tight text-foreground">
                  {section.title}
                </h2>
                <p className="mt-1 text-sm text-muted-foreground">{section.description}</p>
              </div>
              <BreakdownTable
                section={section}
                rows={rows}
                caption={`${section.title}: page views, visits, visitors, demo requests and conversion rate, ${rangeText}`}
              />
            </section>
          </Card>
        ))}
      </div>
      {empty.length > 0 && (
        <section aria-labelledby="insights-empty" className="rounded-2xl border border-dashed border-border-strong bg-white px-4 py-5 sm:px-6">
          <h2 id="insights-empty" className="text-base font-semibold text-foreground">
            Nothing recorded in this range for {empty.length === 1 ? "one table" : `${empty.length} tables`}
          </h2>
          <ul className="mt-2 grid gap-1.5 text-sm text-muted-foreground">
            {empty.map(({ section }) => (
              <li key={section.id}>
                <span className="font-medium text-foreground">{section.title}</span> fills with {section.fillsWith}.
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function perVisit(pageViews: number, visits: number) {
  return visits === 0 ? "No visits" : `${(pageViews / visits).toLocaleString("en-US", { maximumFractionDigits: 1 })} per visit`;
}

function Stat({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <div className="rounded-2xl border border-border bg-white p-4 shadow-card sm:p-5">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tracking-tight text-foreground tabular-nums sm:text-3xl">{value}</dd>
      <dd className="mt-1 text-xs text-muted-foreground">{note}</dd>
    </div>
  );
}

/** A chart with its numbers in a table right under it (docs/decisions/071). */
function ChartCard({ id, title, description, table, children }: { id: string; title: string; description: string; table: ReactNode; children: ReactNode }) {
  return (
    <Card className="min-w-0 overflow-hidden">
      <section aria-labelledby={id}>
        <div className="px-4 pt-5 sm:px-6">
          <h2 id={id} className="text-lg font-semibold tracking-tight text-foreground">
            {title}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{description}</p>
        </div>
        <div className="px-4 pt-4 pb-3 sm:px-6">{children}</div>
        {table}
      </section>
    </Card>
  );
}
