import { demoRequestStatusLabels, type DemoRequestRecord as DemoRequest } from "../../app/lib/demo-request.ts";

/**
 * A spreadsheet runs a cell that starts with one of these as a formula (OWASP "CSV injection"; the
 * full-width forms too). Which text starts a cell depends on the reader: a line inside a quoted cell,
 * or what follows a ';' or a tab for a reader that splits on those (German or French Excel reads
 * `"a","x;=1+1"` as the cells `a,"x` and `=1+1`). So every such start, not only the cell's first
 * character, gets an apostrophe, which spreadsheets show as plain text.
 */
const FORMULA_START = /(^|\r\n|\r|\n|[,;\t])(?=[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20])/g;

/** One RFC 4180 cell, always quoted, each place a reader could start a cell neutralised. */
export function csvCell(value: string | number | null): string {
  const text = (value === null ? "" : String(value)).replace(FORMULA_START, "$1'");
  return `"${text.replaceAll('"', '""')}"`;
}

const columns: [header: string, value: (request: DemoRequest) => string | number | null][] = [
  ["ID", (r) => r.id],
  ["Received", (r) => r.createdAt],
  ["Status", (r) => demoRequestStatusLabels[r.status]],
  ["Name", (r) => r.name],
  ["Email", (r) => r.email],
  ["Phone", (r) => r.phone],
  ["Organization", (r) => r.organization],
  ["Additional Information", (r) => r.message],
  ["Source Page", (r) => r.sourcePage],
  ["UTM Source", (r) => r.utmSource],
  ["UTM Medium", (r) => r.utmMedium],
  ["UTM Campaign", (r) => r.utmCampaign],
  ["UTM Term", (r) => r.utmTerm],
  ["UTM Content", (r) => r.utmContent],
  ["Referrer", (r) => r.referrer],
  ["Landing Page", (r) => r.landingPage],
  ["Notified At", (r) => r.notifiedAt],
];

/** The inbox as CSV: UTF-8 with a byte-order mark (so Excel reads accents), CRLF line ends. */
export function demoRequestsToCsv(requests: DemoRequest[]): string {
  const lines = [columns.map(([header]) => csvCell(header)).join(",")];
  for (const request of requests) lines.push(columns.map(([, value]) => csvCell(value(request))).join(","));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
