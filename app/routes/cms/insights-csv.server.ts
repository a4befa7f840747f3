import type { InsightsReport, InsightsRow } from "../../../shared/insights.ts";
import { csvCell } from "../../../server/services/demo-requests-csv.ts";
import { insightsSections } from "../../components/cms/insights/insights-sections.ts";

/**
 * The Insights report as one CSV (docs/decisions/071): a `Section` column says which table a row
 * belongs to (totals, daily, then the breakdowns in the page's order), so one file filters and
 * pivots in a spreadsheet. Cells go through the inbox export's `csvCell` (formula escaping, RFC 4180
 * quoting); UTF-8 with a byte-order mark and CRLF line ends, like that export. Empty cells mean "not
 * measured for this row" (visits per day, a rate without visits); a rate is a percentage.
 */
const HEADER = ["Section", "Key", "Label", "Page Views", "Visits", "Visitors", "Demo Requests", "Conversion Rate (%)"];

type Cell = string | number | null;

const rate = (value: number | null): Cell => (value === null ? null : Math.round(value * 10_000) / 100);

const breakdownLine = (section: string, row: InsightsRow): Cell[] => [
  section,
  row.key,
  row.label,
  row.pageViews,
  row.visits,
  row.visitors,
  row.demoRequests,
  rate(row.conversionRate),
];

export function insightsReportToCsv(report: InsightsReport): string {
  const { totals, range } = report;
  const lines: Cell[][] = [
    HEADER,
    // Consenting visits, and the demo requests linked to them: the conversion rate's two sides.
    ["totals", "visits", `Visits with Analytics consent, ${range.from} to ${range.to}`, totals.pageViews, totals.visits, totals.visitors, totals.attributedDemoRequests, rate(totals.conversionRate)],
    ["totals", "demo-requests", `Every demo request, ${range.from} to ${range.to}`, null, null, null, totals.demoRequests, null],
    ...report.daily.map((day): Cell[] => ["daily", day.day, day.day, day.pageViews, null, day.visitors, day.demoRequests, null]),
  ];
  for (const section of insightsSections) for (const row of section.rows(report)) lines.push(breakdownLine(section.id, row));
  return `\uFEFF${lines.map((line) => line.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
