import { Outlet } from "react-router";
import type { Route } from "./+types/admin-layout";
import { adminContext, requireAdmin } from "../../lib/auth.server.ts";

/**
 * Every CMS page for administrators sits under this layout (app/routes.ts), so the guard is written
 * once and runs on the server before any of their loaders or actions, for documents and client
 * navigations alike: no session redirects to the login page, a non-admin to /cms/unauthorized
 * (SPEC §2 protected routes). Their loaders and actions read the admin from `adminContext`.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }) => {
    context.set(adminContext, await requireAdmin(request, context));
  },
];

export default function AdminLayout() {
  return <Outlet />;
}
