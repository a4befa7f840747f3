import { Outlet, redirect } from "react-router";
import type { Route } from "./+types/admin-layout";
import { adminContext, requireAdmin } from "../../lib/auth.server.ts";
import { servicesContext } from "../../request-context.ts";

/**
 * Every CMS page for administrators sits under this layout (app/routes.ts), so the guard is written
 * once and runs on the server before any of their loaders or actions, for documents and client
 * navigations alike: no session redirects to the login page, a non-admin to /cms/unauthorized
 * (docs/product.md §2 protected routes). Their loaders and actions read the admin from `adminContext`.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }) => {
    const admin = await requireAdmin(request, context);
    context.set(adminContext, admin);
    // While a second factor is required, an administrator without one may only set one up (docs/decisions/075).
    const page = new URL(request.url).pathname.replace(/\.data$/, "");
    if (page !== "/cms/profile" && (await context.get(servicesContext).secondFactor.mustEnrol(admin))) {
      throw redirect("/cms/profile#two-step");
    }
  },
];

export default function AdminLayout() {
  return <Outlet />;
}
