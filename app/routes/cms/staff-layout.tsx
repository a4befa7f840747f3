import { Outlet } from "react-router";
import type { Route } from "./+types/staff-layout";
import { staffGuard } from "../../lib/staff-guard.server.ts";

/**
 * Every CMS page behind sign-in sits under this layout (app/routes.ts), so the guard
 * (app/lib/staff-guard.server.ts) is declared once for all of them.
 */
export const middleware: Route.MiddlewareFunction[] = [staffGuard];

export default function StaffLayout() {
  return <Outlet />;
}
