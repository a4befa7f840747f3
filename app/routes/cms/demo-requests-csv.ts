import type { Route } from "./+types/demo-requests-csv";
import { servicesContext } from "../../request-context.ts";

/** 'Export CSV' of the demo inbox, admin only; honours the inbox's search (?q=) and view (?view=spam). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { demoRequests, clock } = context.get(servicesContext);
  const url = new URL(request.url);
  const search = url.searchParams.get("q") ?? undefined;
  const csv = await demoRequests.exportCsv({ search, view: url.searchParams.get("view") === "spam" ? "spam" : "leads" });
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
