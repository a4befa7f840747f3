import { data, redirect } from "react-router";
import type { Route } from "./+types/logout";
import { requestInfoContext, servicesContext } from "../../request-context.ts";
import { readCmsForm } from "../../lib/cms-form.server.ts";

/** GET /cms/logout changes nothing (a link or a prefetch must not sign anyone out). */
export function loader() {
  return redirect("/cms/login");
}

/** docs/product.md §7 logout for the CMS pages: the session ends server-side and the cookie is cleared. */
export async function action({ request, context }: Route.ActionArgs) {
  const { enhanced } = await readCmsForm(request);
  const { auth } = context.get(servicesContext);
  try {
    await auth.logout(auth.cookie.read(request.headers.get("cookie")));
  } catch (error) {
    context.get(requestInfoContext).log.error({ err: error }, "logout failed");
    const message = "We could not end your session. Please try again.";
    if (enhanced) return data({ ok: false as const, message }, { status: 503 });
    throw data(message, { status: 503 });
  }
  const headers = { "Set-Cookie": auth.cookie.clear() };
  if (enhanced) return data({ ok: true as const }, { headers });
  return redirect("/cms/login", { headers });
}
