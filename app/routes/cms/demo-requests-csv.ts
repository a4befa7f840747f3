import type { Route } from "./+types/demo-requests-csv";
import { demoInboxQuerySchema } from "../../../shared/demo-inbox.ts";
import { servicesContext } from "../../request-context.ts";
import { csvAnswer } from "../../lib/csv-answer.server.ts";
import { staffContext } from "../../lib/auth.server.ts";

/**
 * 'Export CSV' of the demo inbox, for those with `leads`; follows the inbox's view, search and filters
 * (docs/decisions/053), and is logged as `leads.export` (docs/decisions/029-activity-log-and-sessions.md).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { demoRequests, clock } = context.get(servicesContext);
  const filters = demoInboxQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const csv = await demoRequests.exportInboxCsv(filters, context.get(staffContext));
  const day = clock().toISOString().slice(0, 10);
  return csvAnswer(csv, `zuri-demo-requests-${day}.csv`);
}
