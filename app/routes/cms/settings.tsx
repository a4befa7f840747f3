import { redirect, useFetcher } from "react-router";
import { UserPlus } from "lucide-react";
import type { Route } from "./+types/settings";
import { servicesContext } from "../../request-context.ts";
import { staffContext } from "../../lib/auth.server.ts";
import { field, readCmsForm } from "../../lib/cms-form.server.ts";
import { refusalData } from "../../lib/refusal.server.ts";
import { refuse } from "../../../shared/refusal.ts";
import { ENHANCED_FIELD, type ActionResult } from "../../lib/enhanced-form.ts";
import { toast } from "../../lib/toast.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { CmsShell } from "../../components/cms/cms-shell.tsx";
import { useFetcherResult } from "../../components/cms/use-fetcher-result.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";

/**
 * /cms/settings (docs/decisions/028-invitations-passwords-and-registration.md): whether anyone may
 * register, or only people an administrator invites. A plain form post: it works without JavaScript.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(staffContext);
  return { user, settings: await context.get(servicesContext).siteSettings.read() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = context.get(staffContext);
  const { form, enhanced } = await readCmsForm(request);
  const open = field(form, "registrationOpen");
  if (field(form, "intent") !== "registration" || (open !== "true" && open !== "false")) {
    return refusalData(refuse("invalid", "Unknown settings action"));
  }
  const saved = await context.get(servicesContext).siteSettings.update(actor, { registrationOpen: open === "true" });
  if (!enhanced) throw redirect("/cms/settings");
  return {
    ok: true as const,
    message: saved.registrationOpen ? "Anyone can create an account again." : "Only people you invite can create an account now.",
  };
}

export default function CmsSettings({ loaderData }: Route.ComponentProps) {
  const { user, settings } = loaderData;
  const fetcher = useFetcher<ActionResult>({ key: "registration" });
  const hydrated = useHydrated();
  const busy = fetcher.state !== "idle";
  useFetcherResult(fetcher, (result) => {
    if (result.ok) toast({ title: "Registration", description: result.message });
    else toast({ title: "Change failed", description: result.message, variant: "destructive" });
  });
  const open = settings.registrationOpen;
  return (
    <CmsShell user={user} title="Settings">
      <Card className="mb-6 flex max-w-4xl flex-wrap items-center justify-between gap-4 p-5">
        <div className="flex min-w-0 flex-1 basis-80 gap-3">
          <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-strong">
            <UserPlus className="size-5" aria-hidden="true" />
          </span>
          <div className="grid gap-1">
            <h2 className="text-base font-semibold text-foreground">Registration is {open ? "open" : "closed"}</h2>
            <p className="text-sm text-muted-foreground">
              {open
                ? "Anyone can create an account on the login page's Register tab; it has no access to the CMS until an administrator gives it a role."
                : "The Register tab asks people to ask an administrator for an invitation. Invite people from the Users page."}
            </p>
          </div>
        </div>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="registration" />
          <input type="hidden" name="registrationOpen" value={open ? "false" : "true"} />
          {hydrated && <input type="hidden" name={ENHANCED_FIELD} value="1" />}
          <Button type="submit" variant={open ? "default" : "outline"} disabled={busy} aria-busy={busy}>
            {busy && <Spinner />}
            {open ? "Close registration" : "Open registration"}
          </Button>
        </fetcher.Form>
      </Card>
    </CmsShell>
  );
}
