import type { Route } from "./+types/insights.csv";
import { servicesContext } from "../../request-context.ts";
import { isRefusal } from "../../../shared/refusal.ts";
import { readInsightsQuery } from "../../components/cms/insights/insights-query.ts";
import { csvAnswer } from "../../lib/csv-answer.server.ts";
import { insightsReportToCsv } from "./insights-csv.server.ts";

/**
 * 'Download CSV' of the Insights page (docs/decisions/071), administrators only (the admin layout's
 * guard): the same range parameters as the page, refused the same way (400 with the reasons, as text).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { insights, clock } = context.get(servicesContext);
  const query = readInsightsQuery(new URL(request.url), clock());
  if (isRefusal(query)) {
    const reasons = Object.values(query.fields ?? {}).join("\n") || query.message;
    return new Response(`${reasons}\n`, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" } });
  }
  const csv = insightsReportToCsv(await insights.report(query.range));
  return csvAnswer(csv, `zuri-insights-${query.range.from}-to-${query.range.to}.csv`);
}
