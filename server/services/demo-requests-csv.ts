import { demoSpamReasonLabels, demoTriageStatusLabels, triageStatusOf, type DemoRequestRecord as DemoRequest } from "../../shared/demo-request.ts";
import type { DemoOwnerOption, DemoRequestEvent } from "../../shared/demo-inbox.ts";

/**
 * A spreadsheet runs a cell that starts with one of these as a formula (OWASP "CSV injection"; the
 * full-width forms too). Which text starts a cell depends on the reader: a line inside a quoted cell,
 * or what follows a ';' or a tab for a reader that splits on those (German or French Excel reads
 * `"a","x;=1+1"` as the cells `a,"x` and `=1+1`). So every such start, not only the cell's first
 * character, gets an apostrophe, which spreadsheets show as plain text.
 */
const FORMULA_START = /(^|\r\n|\r|\n|[,;\t])(?=[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20])/g;

/**
 * A phone number as people write it (`+44 20 7946 0958`, `(555) 010-0199`, `-12`): digits, spaces and
 * `+ - ( ) .` only, at least one digit. It cannot call a function, name a cell or reach another program
 * (that needs a letter, `!`, `|` or `:`), so it is left as it is and reads as typed (docs/decisions/053).
 */
const PHONE_LIKE = /^(?=.*\d)[\d +\-().]+$/;

/** One RFC 4180 cell, always quoted, each place a reader could start a formula neutralised (phone numbers aside). */
export function csvCell(value: string | number | null): string {
  const raw = value === null ? "" : String(value);
  const text = PHONE_LIKE.test(raw) ? raw : raw.replace(FORMULA_START, "$1'");
  return `"${text.replaceAll('"', '""')}"`;
}

/** What a row of the export knows besides the request: its owner and its history (docs/decisions/053). */
export interface DemoCsvExtras {
  owners: Map<number, DemoOwnerOption>;
  events: Map<number, DemoRequestEvent[]>;
}

const when = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;
const label = (value: string | null) =>
  value === null ? "none" : (demoTriageStatusLabels as Record<string, string>)[value] ?? value;

/** "2026-11-24 09:30 UTC New → Contacted (Ada)": one line per change, oldest first. */
function historyText(events: DemoRequestEvent[], owners: Map<number, DemoOwnerOption>): string {
  return events
    .map((event) => {
      const who = event.actor ? ` (${event.actor.name})` : "";
      const ownerName = (id: string | null) => (id === null ? "nobody" : (owners.get(Number(id))?.name ?? `user ${id}`));
      const change =
        event.kind === "owner"
          ? `Owner ${ownerName(event.from)} → ${ownerName(event.to)}`
          : `${label(event.from)} → ${label(event.kind === "spam" ? "spam" : event.to)}`;
      return `${when(event.createdAt)} ${change}${who}`;
    })
    .join("\n");
}

const columns: [header: string, value: (request: DemoRequest, extras: DemoCsvExtras) => string | number | null][] = [
  ["ID", (r) => r.id],
  ["Received", (r) => r.createdAt],
  ["Status", (r) => demoTriageStatusLabels[triageStatusOf(r)]],
  ["Name", (r) => r.name],
  ["Email", (r) => r.email],
  ["Phone", (r) => r.phone],
  ["Organization", (r) => r.organization],
  ["Additional Information", (r) => r.message],
  ["Spam Reason", (r) => r.spamReasons.map((reason) => demoSpamReasonLabels[reason]).join("; ") || null],
  ["Owner", (r, { owners }) => (r.ownerId === null ? null : (owners.get(r.ownerId)?.name ?? null))],
  ["Status History", (r, { events, owners }) => historyText(events.get(r.id) ?? [], owners) || null],
  ["Campaign", (r) => [r.utmSource, r.utmMedium, r.utmCampaign].filter(Boolean).join(" / ") || null],
  ["Source Page", (r) => r.sourcePage],
  ["UTM Source", (r) => r.utmSource],
  ["UTM Medium", (r) => r.utmMedium],
  ["UTM Campaign", (r) => r.utmCampaign],
  ["UTM Term", (r) => r.utmTerm],
  ["UTM Content", (r) => r.utmContent],
  ["Referrer", (r) => r.referrer],
  ["Landing Page", (r) => r.landingPage],
  // The landing page whose form it was sent from (docs/decisions/038).
  ["Sent From", (r) => r.formPage],
  ["Notified At", (r) => r.notifiedAt],
];

/** The inbox as CSV: UTF-8 with a byte-order mark (so Excel reads accents), CRLF line ends. */
export function demoRequestsToCsv(requests: DemoRequest[], extras: DemoCsvExtras = { owners: new Map(), events: new Map() }): string {
  const lines = [columns.map(([header]) => csvCell(header)).join(",")];
  for (const request of requests) lines.push(columns.map(([, value]) => csvCell(value(request, extras))).join(","));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
