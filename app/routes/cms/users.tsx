import { Link, redirect, useActionData, useFetcher, useNavigate } from "react-router";
import { isRefusal, refuse } from "../../../shared/refusal.ts";
import { refusalData } from "../../lib/refusal.server.ts";
import { parseId } from "../../../shared/ids.ts";
import { RotateCcw, ShieldCheck, ShieldMinus, Trash2 } from "lucide-react";
import type { Route } from "./+types/users";
import { servicesContext } from "../../request-context.ts";
import { staffContext } from "../../lib/auth.server.ts";
import { field, readCmsForm } from "../../lib/cms-form.server.ts";
import { formatCmsDate } from "../../lib/cms-date.ts";
import { toast } from "../../lib/toast.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import type { SessionUser } from "../../../shared/auth-schemas.ts";
import { CmsShell } from "../../components/cms/cms-shell.tsx";
import { ConfirmDelete } from "../../components/cms/confirm-delete.tsx";
import { SecondFactorPolicyCard } from "../../components/cms/second-factor/policy-card.tsx";
import { useFetcherResult } from "../../components/cms/use-fetcher-result.ts";
import { ENHANCED_FIELD, type ActionResult } from "../../lib/enhanced-form.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table.tsx";

type Intent = "grant" | "revoke" | "delete" | "reset-second-factor";
const INTENTS: Intent[] = ["grant", "revoke", "delete", "reset-second-factor"];

/** User management (decision 031): registration never grants admin, so admins grant it here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(staffContext);
  const { auth, secondFactor } = context.get(servicesContext);
  const [users, policy] = await Promise.all([auth.listUsers(), secondFactor.policy()]);
  const search = new URL(request.url).searchParams;
  const deleteId = parseId(search.get("delete"));
  const confirmDelete = users.find((candidate) => candidate.id === deleteId && candidate.id !== user.id) ?? null;
  // Two-step sign-in: who has it, the requirement, and an administrator's reset (docs/decisions/075).
  const resetId = parseId(search.get("reset"));
  const confirmReset = users.find((candidate) => candidate.id === resetId && candidate.id !== user.id) ?? null;
  const withSecondFactor = policy.accounts.filter((account) => account.secondFactor).map((account) => account.userId);
  return { user, users, confirmDelete, confirmReset, withSecondFactor, requireSecondFactor: policy.requireSecondFactor };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = context.get(staffContext);
  const { form, enhanced } = await readCmsForm(request);
  const { auth, secondFactor } = context.get(servicesContext);
  if (field(form, "intent") === "require-second-factor") {
    const required = field(form, "required") === "true";
    const changed = await secondFactor.setPolicy(actor, required);
    if (isRefusal(changed)) return refusalData(changed);
    if (!enhanced) throw redirect("/cms/users");
    return { ok: true as const, message: required ? "Every administrator now needs a second factor." : "Two-step sign-in is optional again." };
  }
  const intent = field(form, "intent") as Intent;
  const userId = parseId(field(form, "userId"));
  if (!INTENTS.includes(intent) || userId === null) return refusalData(refuse("invalid", "Unknown user action"));
  const result =
    intent === "delete"
      ? await auth.deleteUser(actor, userId)
      : intent === "reset-second-factor"
        ? await secondFactor.resetFor(actor, userId)
        : await auth.setRole(actor, userId, intent === "grant" ? "administrator" : null);
  if (isRefusal(result)) return refusalData(result);
  const message = {
    delete: "The account has been deleted.",
    grant: "Administrator access granted.",
    revoke: "Administrator access revoked.",
    "reset-second-factor": "Two-step sign-in has been reset and their sessions have ended.",
  }[intent];
  if (!enhanced) throw redirect("/cms/users");
  return { ok: true as const, message };
}

export default function CmsUsers({ loaderData }: Route.ComponentProps) {
  const { user, users, confirmDelete, confirmReset, withSecondFactor, requireSecondFactor } = loaderData;
  const actionData = useActionData<ActionResult>();
  const navigate = useNavigate();
  // Lives here, not in the dialog: the dialog closes as soon as the deleted user leaves the list.
  const deleteFetcher = useFetcher<ActionResult>({ key: "delete-user" });
  const closeDialog = () => void navigate("/cms/users", { replace: true, preventScrollReset: true });
  useUserActionToast(deleteFetcher, { success: "User deleted", failure: "Delete failed" }, closeDialog);
  const resetFetcher = useFetcher<ActionResult>({ key: "reset-second-factor" });
  useUserActionToast(resetFetcher, { success: "Two-step sign-in reset", failure: "Reset failed" }, closeDialog);
  const admins = users.filter((account) => account.isAdmin);
  return (
    <CmsShell user={user} title="Users">
      <p className="-mt-2 mb-6 max-w-2xl text-sm text-muted-foreground">
        Everyone who registers starts as an ordinary user without access to the CMS. Grant administrator access to the
        people who write and publish posts. At least one administrator always remains.
      </p>
      {actionData && !actionData.ok && (
        <p role="alert" className="mb-6 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {actionData.message}
        </p>
      )}
      {confirmDelete && (
        <ConfirmDelete
          title="Delete User"
          description={deleteText(confirmDelete.username)}
          action="/cms/users"
          cancelTo="/cms/users"
          fields={{ intent: "delete", userId: String(confirmDelete.id) }}
          fetcher={deleteFetcher}
          onClose={closeDialog}
        />
      )}
      {confirmReset && (
        <ConfirmDelete
          title="Reset two-step sign-in"
          description={`Remove every passkey, authenticator app and recovery code of "${confirmReset.username}"? Their sessions end at once; they sign in with their password and set up two-step sign-in again. Do this only once you are sure it is them asking.`}
          action="/cms/users"
          cancelTo="/cms/users"
          fields={{ intent: "reset-second-factor", userId: String(confirmReset.id) }}
          fetcher={resetFetcher}
          onClose={closeDialog}
          confirmLabel="Reset"
        />
      )}
      <SecondFactorPolicyCard
        required={requireSecondFactor}
        admins={admins.length}
        enrolled={admins.filter((account) => withSecondFactor.includes(account.id)).length}
      />
      <Card className="overflow-hidden">
        <Table>
          <caption className="sr-only">CMS accounts with their role and creation date</caption>
          {/* Below md the rows stack into cards; the header stays for screen readers. */}
          <TableHeader className="max-md:sr-only">
            <TableRow>
              <TableHead>Username</TableHead>
              <TableHead>Role</TableHead>
              <TableHead>Two-step</TableHead>
              <TableHead>Created</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {users.map((account) => (
              <UserRow key={account.id} account={account} isSelf={account.id === user.id} secondFactor={withSecondFactor.includes(account.id)} />
            ))}
          </TableBody>
        </Table>
      </Card>
    </CmsShell>
  );
}

/** Toasts the outcome of a fetcher-driven user action (in the style of docs/product.md §8) and returns whether it is busy. */
function useUserActionToast(
  fetcher: ReturnType<typeof useFetcher<ActionResult>>,
  titles: { success: string; failure: string },
  onSuccess?: () => void,
) {
  useFetcherResult(fetcher, (result) => {
    if (result.ok) {
      toast({ title: titles.success, description: result.message });
      onSuccess?.();
    } else {
      toast({ title: titles.failure, description: result.message, variant: "destructive" });
    }
  });
  return fetcher.state !== "idle";
}

function UserRow({ account, isSelf, secondFactor }: { account: SessionUser; isSelf: boolean; secondFactor: boolean }) {
  const fetcher = useFetcher<ActionResult>();
  const hydrated = useHydrated();
  const pending = useUserActionToast(fetcher, { success: "Role updated", failure: "Update failed" });
  const intent: Intent = account.isAdmin ? "revoke" : "grant";
  return (
    <TableRow className="max-md:flex max-md:flex-wrap max-md:items-center max-md:gap-x-3 max-md:gap-y-2 max-md:px-4 max-md:py-4 max-md:[&>td]:p-0">
      <TableCell className="font-medium break-all text-foreground max-md:w-full">
        {account.username}
        {isSelf && <span className="ml-2 rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-muted-foreground">You</span>}
      </TableCell>
      <TableCell>
        {account.isAdmin ? (
          <span className="rounded-full bg-primary-soft px-2.5 py-1 text-xs font-semibold text-primary-strong">Administrator</span>
        ) : (
          <span className="rounded-full bg-muted px-2.5 py-1 text-xs font-semibold text-slate-700">User</span>
        )}
      </TableCell>
      <TableCell>
        {secondFactor ? (
          <span className="rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-800">Two-step on</span>
        ) : (
          <span className="rounded-full bg-muted px-2.5 py-1 text-xs font-semibold text-slate-700">Two-step off</span>
        )}
      </TableCell>
      <TableCell className="whitespace-nowrap text-muted-foreground">
        <span className="md:hidden">Created </span>
        {formatCmsDate(account.createdAt)}
      </TableCell>
      <TableCell className="text-right max-md:w-full max-md:text-left">
        {isSelf ? (
          <span className="text-xs text-muted-foreground">Another administrator manages your account</span>
        ) : (
          <div className="flex flex-wrap items-center gap-2 md:justify-end">
            <fetcher.Form method="post">
              <input type="hidden" name="intent" value={intent} />
              <input type="hidden" name="userId" value={account.id} />
              {hydrated && <input type="hidden" name={ENHANCED_FIELD} value="1" />}
              <Button type="submit" variant="outline" size="sm" disabled={pending} aria-busy={pending}>
                {pending ? <Spinner /> : account.isAdmin ? <ShieldMinus aria-hidden="true" /> : <ShieldCheck aria-hidden="true" />}
                {account.isAdmin ? "Revoke admin" : "Make admin"}
                <span className="sr-only"> for {account.username}</span>
              </Button>
            </fetcher.Form>
            {secondFactor && (
              <Button asChild variant="ghost" size="sm">
                <Link to={`?reset=${account.id}`} preventScrollReset>
                  <RotateCcw aria-hidden="true" />
                  Reset two-step<span className="sr-only"> for {account.username}</span>
                </Link>
              </Button>
            )}
            <Button asChild variant="ghost" size="sm" className="text-red-700 hover:bg-red-50 hover:text-red-800">
              <Link to={`?delete=${account.id}`} preventScrollReset>
                <Trash2 aria-hidden="true" />
                Delete<span className="sr-only"> {account.username}</span>
              </Link>
            </Button>
          </div>
        )}
      </TableCell>
    </TableRow>
  );
}

const deleteText = (username: string) =>
  `Delete the account "${username}"? Their sessions end at once. This action cannot be undone.`;
