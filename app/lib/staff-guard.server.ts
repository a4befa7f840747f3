import { redirect, type MiddlewareFunction } from "react-router";
import { requireUser, staffContext } from "./auth.server.ts";
import { servicesContext } from "../request-context.ts";
import { cmsHomeFor, mayOpen } from "../../shared/cms-pages.ts";
import { can } from "../../shared/roles.ts";

/**
 * The guard of every CMS page behind sign-in, written once and run on the server before any of their
 * loaders or actions, for documents and client navigations alike (docs/product.md §2 protected routes,
 * docs/decisions/027-staff-roles.md):
 * - no session: the login page;
 * - signed in without a role: /cms/unauthorized;
 * - a role that does not grant the page (shared/cms-pages.ts): the dashboard, when that is where a
 *   sign-in lands, goes to the role's own start page; any other page to /cms/unauthorized, which says so.
 * Their loaders and actions read the user from `staffContext`. The staff layout runs it for its pages;
 * the editor's Preview, which wears the public site's chrome, runs it itself (docs/decisions/034).
 */
export const staffGuard: MiddlewareFunction<Response> = async ({ request, context }) => {
  const user = await requireUser(request, context);
  if (!can(user.role, "cms")) throw redirect("/cms/unauthorized");
  const page = new URL(request.url).pathname.replace(/\.data$/, "");
  if (!mayOpen(user.role, page)) {
    throw redirect(page === "/cms/control" ? cmsHomeFor(user.role) : `/cms/unauthorized?${new URLSearchParams({ page })}`);
  }
  context.set(staffContext, user);
  // While a second factor is required, an administrator without one may only set one up (docs/decisions/075).
  if (page !== "/cms/profile" && (await context.get(servicesContext).secondFactor.mustEnrol(user))) {
    throw redirect("/cms/profile#two-step");
  }
};
