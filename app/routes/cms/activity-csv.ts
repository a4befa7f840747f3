import type { Route } from "./+types/activity-csv";
import { activityPageQuerySchema } from "../../../shared/activity-log.ts";
import { servicesContext } from "../../request-context.ts";
import { csvAnswer } from "../../lib/csv-answer.server.ts";

/** 'Export CSV' of the activity log, administrators only; the page's filters, every page (docs/decisions/029-activity-log-and-sessions.md). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { activityLog, clock } = context.get(servicesContext);
  const { page: _, ...filters } = activityPageQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const csv = await activityLog.exportCsv(filters);
  return csvAnswer(csv, `zuri-activity-${clock().toISOString().slice(0, 10)}.csv`);
}
