import type { RouterContextProvider } from "react-router";
import { renderErrorPage } from "../../server/error-page.ts";
import { servicesContext } from "../request-context.ts";

/**
 * A server error while the database is unreachable is an outage, not a bug: answer 503 with a
 * friendly page and Retry-After, so visitors, proxies and crawlers know to come back (docs/operations.md).
 */
export async function outageInsteadOfServerError(context: Readonly<RouterContextProvider>, response: Response) {
  if (response.status < 500) return response;
  try {
    await context.get(servicesContext).database.ping();
    return response;
  } catch {
    return new Response(renderErrorPage(503), {
      status: 503,
      headers: { "Content-Type": "text/html; charset=utf-8", "Retry-After": "30", "Cache-Control": "no-store" },
    });
  }
}
