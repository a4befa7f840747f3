import type { Route } from "./+types/demo-requests-subject-access";
import { demoPersonSchema } from "../../../shared/demo-inbox.ts";
import { readCmsForm } from "../../lib/cms-form.server.ts";
import { servicesContext } from "../../request-context.ts";
import { staffContext } from "../../lib/auth.server.ts";

/**
 * "Export data": one person's demo requests, notes, history and delivery records as a JSON file (UK GDPR/GDPR
 * subject access, docs/decisions/053). A form post, so the address never appears in a URL; admin only.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { form } = await readCmsForm(request);
  const parsed = demoPersonSchema.safeParse({ email: form.get("email") });
  if (!parsed.success) return new Response("Not an e-mail address.", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const { demoRequests, clock } = context.get(servicesContext);
  const body = JSON.stringify(await demoRequests.subjectAccess(parsed.data.email, context.get(staffContext)), null, 2);
  const day = clock().toISOString().slice(0, 10);
  return new Response(`${body}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="zuri-demo-request-data-${day}.json"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** A GET of the address has nothing to show: the export is a form post only. */
export function loader() {
  return new Response("Use the Export data button in the demo inbox.", { status: 405, headers: { Allow: "POST" } });
}
