import type { Route } from "./+types/demo-requests-csv";
import { requireAdmin } from "../../lib/auth.server.ts";
import { servicesContext } from "../../request-context.ts";

/** 'Export CSV' of the demo inbox (issue 7), admin only; honours the inbox's search (?q=). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { demoRequests, clock } = context.get(servicesContext);
  const search = new URL(request.url).searchParams.get("q") ?? undefined;
  const csv = await demoRequests.exportCsv({ search });
  const day = clock().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="zuri-demo-requests-${day}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
