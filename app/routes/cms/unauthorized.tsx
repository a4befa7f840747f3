import { Link, redirect } from "react-router";
import { House, LayoutDashboard, ShieldAlert } from "lucide-react";
import { cmsHomeFor, mayOpen } from "../../../shared/cms-pages.ts";
import { roleLabels } from "../../../shared/roles.ts";
import type { Route } from "./+types/unauthorized";
import { requireUser } from "../../lib/auth.server.ts";
import { LogoutButton } from "../../components/cms/logout-button.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";

export function meta() {
  return [{ title: "Access Denied | Zuri CMS" }];
}

/**
 * docs/product.md §2 and §6: shown to signed-in users without CMS access, in the spec's words. A member
 * of staff sent here from a page their role does not open (`?page=`) is told that instead, with the way
 * to their own start page (docs/decisions/027-staff-roles.md); without `?page=` they go there.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const page = new URL(request.url).searchParams.get("page");
  if (user.role && (!page || mayOpen(user.role, page))) throw redirect(cmsHomeFor(user.role));
  return { username: user.username, role: user.role ? roleLabels[user.role] : null, home: cmsHomeFor(user.role) };
}

export default function CmsUnauthorized({ loaderData }: Route.ComponentProps) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-subtle px-4 py-12">
      <Card className="w-full max-w-lg p-8 text-center sm:p-10">
        <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-amber-50 text-amber-700">
          <ShieldAlert className="size-7" aria-hidden="true" />
        </div>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-foreground">Access Denied</h1>
        {loaderData.role ? (
          <p className="mt-3 text-base text-muted-foreground">
            Your role, {loaderData.role}, doesn't include this page. Ask an administrator if you need it.
          </p>
        ) : (
          <p className="mt-3 text-base text-muted-foreground">
            You don't have permission to access this area. Only administrators can access the content management
            system.
          </p>
        )}
        <p className="mt-4 text-sm text-muted-foreground">
          Signed in as <span className="font-semibold text-foreground">{loaderData.username}</span>
        </p>
        <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          {loaderData.role ? (
            <Button asChild size="lg">
              <Link to={loaderData.home}>
                <LayoutDashboard aria-hidden="true" />
                Back to the CMS
              </Link>
            </Button>
          ) : (
            <Button asChild size="lg">
              <Link to="/">
                <House aria-hidden="true" />
                Return to Homepage
              </Link>
            </Button>
          )}
          <LogoutButton size="lg" className="w-full sm:w-auto" />
        </div>
      </Card>
    </main>
  );
}
