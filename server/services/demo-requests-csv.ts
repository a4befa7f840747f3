import { demoRequestStatusLabels, type DemoRequestRecord as DemoRequest } from "../../app/lib/demo-request.ts";

/**
 * A spreadsheet would run a cell that starts with one of these as a formula (OWASP "CSV
 * injection"); such cells get a leading apostrophe, which spreadsheets show as plain text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One RFC 4180 cell: neutralised, then quoted when it holds a quote, comma, line break or edge space. */
export function csvCell(value: string | number | null): string {
  let text = value === null ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
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
