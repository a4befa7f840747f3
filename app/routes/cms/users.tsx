import { useId, useState } from "react";
import { Link, redirect, useActionData, useFetcher, useNavigate } from "react-router";
import { isRefusal, refuse } from "../../../shared/refusal.ts";
import { refusalData } from "../../lib/refusal.server.ts";
import { parseId } from "../../../shared/ids.ts";
import { Ban, CircleCheck, KeyRound, Mail, MailPlus, RotateCcw, Send, Shield, ShieldCheck, Trash2, UserCog, UserPlus, UserRound, XCircle } from "lucide-react";
import type { Route } from "./+types/users";
import { servicesContext } from "../../request-context.ts";
import { staffContext } from "../../lib/auth.server.ts";
import { field, noStoreHeaders, readCmsForm } from "../../lib/cms-form.server.ts";
import { teamAction, type SentLinkResult } from "../../lib/team-actions.server.ts";
import { ROLES, roleDescriptions, roleLabels } from "../../../shared/roles.ts";
import type { Invitation, TeamMember } from "../../../shared/team.ts";
import { CmsShortTime } from "../../components/cms/cms-time.tsx";
import { useSiteTimeZone } from "../../lib/site-details.ts";
import { ShownOnce } from "../../components/cms/shown-once.tsx";
import { FieldError, fieldErrorProps } from "../../components/cms/editor/field-error.tsx";
import { CardContent, CardDescription, CardHeader } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { formatCmsDate } from "../../lib/cms-date.ts";
import { toast } from "../../lib/toast.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { CmsShell } from "../../components/cms/cms-shell.tsx";
import { ConfirmDelete } from "../../components/cms/confirm-delete.tsx";
import { SecondFactorPolicyCard } from "../../components/cms/second-factor/policy-card.tsx";
import { useFetcherResult } from "../../components/cms/use-fetcher-result.ts";
import { ENHANCED_FIELD, type ActionResult } from "../../lib/enhanced-form.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from "../../components/ui/tooltip.tsx";
import { AuthorAvatar } from "../../components/blog/author-avatar.tsx";
import { cn } from "../../lib/cn.ts";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table.tsx";

type Intent = "grant" | "revoke" | "delete" | "reset-second-factor";
const INTENTS: Intent[] = ["grant", "revoke", "delete", "reset-second-factor"];

/** The link answers carry a secret once: never stored by a browser or a shared cache. */
export function headers() {
  return noStoreHeaders;
}

/**
 * User management (decision 031, docs/decisions/027 and 028): every account with its role, address,
 * status and last sign-in, the pending invitations, and the invite form. Each action is a plain form
 * post; the invite and reset-link actions answer with data (the link is shown once).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(staffContext);
  const { secondFactor, invitations, teamMembers } = context.get(servicesContext);
  const [users, policy, pending] = await Promise.all([teamMembers.list(), secondFactor.policy(), invitations.listPending()]);
  const search = new URL(request.url).searchParams;
  const deleteId = parseId(search.get("delete"));
  const confirmDelete = users.find((candidate) => candidate.id === deleteId && candidate.id !== user.id) ?? null;
  // Two-step sign-in: who has it, the requirement, and an administrator's reset (docs/decisions/075).
  const resetId = parseId(search.get("reset"));
  const confirmReset = users.find((candidate) => candidate.id === resetId && candidate.id !== user.id) ?? null;
  const withSecondFactor = policy.accounts.filter((account) => account.secondFactor).map((account) => account.userId);
  // The invite form opens from the header's "Invite people", its one entry point (docs/decisions/069).
  const inviting = search.get("invite") === "1";
  return { user, users, invitations: pending, confirmDelete, confirmReset, withSecondFactor, requireSecondFactor: policy.requireSecondFactor, inviting };
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
  // Invitations, roles, disabling and reset links (docs/decisions/028).
  const team = await teamAction(actor, form, enhanced, context.get(servicesContext));
  if (team !== undefined) return team;
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

type UsersResult = ActionResult & { sent?: SentLinkResult; form?: "invite"; values?: { email: string; role: string } };

export default function CmsUsers({ loaderData }: Route.ComponentProps) {
  const { user, users, invitations, confirmDelete, confirmReset, withSecondFactor, requireSecondFactor, inviting } = loaderData;
  const posted = useActionData<UsersResult>();
  const navigate = useNavigate();
  // Lives here, not in the dialog: the dialog closes as soon as the deleted user leaves the list.
  const deleteFetcher = useFetcher<ActionResult>({ key: "delete-user" });
  const closeDialog = () => void navigate("/cms/users", { replace: true, preventScrollReset: true });
  useUserActionToast(deleteFetcher, { success: "User deleted", failure: "Delete failed" }, closeDialog);
  const resetFetcher = useFetcher<ActionResult>({ key: "reset-second-factor" });
  useUserActionToast(resetFetcher, { success: "Two-step sign-in reset", failure: "Reset failed" }, closeDialog);
  // The newest link made on this page, by fetcher or (without JavaScript) by a plain post.
  const [fetched, setFetched] = useState<SentLinkResult | null>(null);
  const sent = fetched ?? (posted?.ok ? posted.sent : undefined);
  const inviteRefusal = posted && !posted.ok && posted.form === "invite" ? posted : undefined;
  const pageError = posted && !posted.ok && posted.form !== "invite" ? posted.message : undefined;
  const showInvite = inviting || inviteRefusal !== undefined;
  const admins = users.filter((account) => account.role === "administrator" && account.status === "active");
  return (
    <CmsShell
      user={user}
      title="Users"
      actions={
        !showInvite && (
          <Button asChild>
            <Link to="/cms/users?invite=1" preventScrollReset>
              <UserPlus aria-hidden="true" />
              Invite people
            </Link>
          </Button>
        )
      }
      description={
        <>
          Invite the people who work on the site with the role they need, and change it here. A role change takes effect on
          their next click; a disabled account cannot sign in. At least one active administrator always remains.
        </>
      }
    >
      {pageError && (
        <p role="alert" className="mb-6 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {pageError}
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
      {sent && (
        <ShownOnce
          key={sent.link}
          value={sent.link}
          name="link"
          label={sent.kind === "invitation" ? "Invitation link" : "Password reset link"}
          warning={<>Copy the {sent.kind === "invitation" ? "invitation" : "password reset"} link for {sent.to} now: it will not be shown again.</>}
          copiedHint="Send it to them over a channel you trust."
          className="mb-6 max-w-4xl sm:p-5"
          testId="sent-link"
        >
          {sent.emailed ? `It was also emailed to ${sent.to}.` : "It was not emailed: send it yourself."} It works once; only a fingerprint is kept.
        </ShownOnce>
      )}
      <div className="grid gap-6">
        {showInvite && <InviteCard refusal={inviteRefusal} onSent={setFetched} />}
        <TooltipProvider>
          <Card className="overflow-hidden">
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-border px-4 py-4 sm:px-6">
              <h2 className="text-lg leading-snug font-semibold tracking-tight">Team</h2>
              <p className="text-sm text-muted-foreground">
                {users.length} {users.length === 1 ? "account" : "accounts"} · {users.filter((account) => account.status === "active").length} active
              </p>
            </div>
            <Table>
              <caption className="sr-only">CMS accounts with their role, status and last sign-in</caption>
              {/* Below xl the rows stack into cards (docs/decisions/069); the header stays for screen readers. */}
              <TableHeader className="max-xl:sr-only">
                <TableRow>
                  <TableHead className="sm:pl-6">Member</TableHead>
                  <TableHead>Role</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead>Last sign-in</TableHead>
                  <TableHead className="text-right sm:pr-6">
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {users.map((account) => (
                  <UserRow
                    key={account.id}
                    account={account}
                    isSelf={account.id === user.id}
                    secondFactor={withSecondFactor.includes(account.id)}
                    onSent={setFetched}
                  />
                ))}
              </TableBody>
            </Table>
          </Card>
        </TooltipProvider>
        <InvitationsCard invitations={invitations} />
        <SecondFactorPolicyCard
          required={requireSecondFactor}
          admins={admins.length}
          enrolled={admins.filter((account) => withSecondFactor.includes(account.id)).length}
        />
      </div>
    </CmsShell>
  );
}

/** Toasts the outcome of a fetcher-driven user action (in the style of docs/product.md §8) and returns whether it is busy. */
function useUserActionToast(
  fetcher: ReturnType<typeof useFetcher<ActionResult>>,
  titles: { success: string; failure: string },
  onSuccess?: (result: ActionResult) => void,
) {
  useFetcherResult(fetcher, (result) => {
    if (result.ok) {
      toast({ title: titles.success, description: result.message });
      onSuccess?.(result);
    } else {
      toast({ title: titles.failure, description: result.message, variant: "destructive" });
    }
  });
  return fetcher.state !== "idle";
}

const badge = "inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap";
const dot = "size-1.5 rounded-full bg-current";
const rowClass =
  "max-xl:flex max-xl:flex-wrap max-xl:items-center max-xl:gap-x-3 max-xl:gap-y-3 max-xl:px-4 max-xl:py-4 sm:max-xl:px-6 max-xl:[&>td]:p-0 xl:[&>td]:py-4";

/** The hidden fields every row action posts. */
function ActionFields({ intent, id, hydrated }: { intent: string; id: number; hydrated: boolean }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      {hydrated && <input type="hidden" name={ENHANCED_FIELD} value="1" />}
    </>
  );
}

function InviteCard({ refusal, onSent }: { refusal: UsersResult | undefined; onSent: (sent: SentLinkResult) => void }) {
  const id = useId();
  const fetcher = useFetcher<UsersResult>({ key: "invite" });
  const hydrated = useHydrated();
  const busy = fetcher.state !== "idle";
  const [formKey, setFormKey] = useState(0);
  const result = fetcher.data && !fetcher.data.ok ? fetcher.data : refusal;
  const errors = result && !result.ok ? (result.errors ?? {}) : {};
  useFetcherResult(fetcher, (answer) => {
    if (answer.ok && answer.sent) {
      toast({ title: "Invitation created", description: answer.message });
      onSent(answer.sent);
      setFormKey((key) => key + 1);
    } else if (!answer.ok) toast({ title: "Could not invite", description: answer.message, variant: "destructive" });
  });
  return (
    <Card id="invite" className="scroll-mt-6">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 pb-4">
        <div className="grid gap-1.5">
          <h2 className="text-lg leading-snug font-semibold tracking-tight">Invite people</h2>
          <CardDescription>They get a link that works once, for 7 days, to choose a username and password.</CardDescription>
        </div>
        <Button asChild variant="outline" size="sm">
          <Link to="/cms/users" preventScrollReset>
            Close<span className="sr-only"> the invite form</span>
          </Link>
        </Button>
      </CardHeader>
      <CardContent>
        <fetcher.Form
          key={formKey}
          method="post"
          action="/cms/users?invite=1"
          className="grid gap-5 md:grid-cols-[minmax(0,1fr)_12rem_auto] md:items-start"
          noValidate
        >
          <input type="hidden" name="intent" value="invite" />
          {hydrated && <input type="hidden" name={ENHANCED_FIELD} value="1" />}
          {result && !result.ok && !hydrated && !result.errors && (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800 md:col-span-3">
              {result.message}
            </p>
          )}
          <div className="grid gap-2">
            <Label htmlFor={`${id}-email`}>Email</Label>
            <Input
              id={`${id}-email`}
              name="email"
              type="email"
              autoComplete="off"
              required
              // Opened on purpose from "Invite people": the cursor is where the typing starts.
              autoFocus
              defaultValue={result?.values?.email ?? ""}
              {...fieldErrorProps(`${id}-email`, errors.email)}
            />
            <FieldError fieldId={`${id}-email`} message={errors.email} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-role`}>Role</Label>
            <RoleSelect id={`${id}-role`} defaultValue={result?.values?.role || "contributor"} {...fieldErrorProps(`${id}-role`, errors.role)} />
            <FieldError fieldId={`${id}-role`} message={errors.role} />
          </div>
          <div className="md:pt-[1.625rem]">
            <Button type="submit" disabled={busy} aria-busy={busy} className="max-md:w-full">
              {busy ? <Spinner /> : <Send aria-hidden="true" />}
              Invite
            </Button>
          </div>
          <dl className="grid gap-x-6 gap-y-2 rounded-lg bg-subtle px-3 py-3 text-xs text-muted-foreground md:col-span-3 md:grid-cols-2 xl:grid-cols-3">
            {ROLES.map((role) => (
              <div key={role}>
                <dt className="inline font-semibold text-foreground">{roleLabels[role]}: </dt>
                <dd className="inline">{roleDescriptions[role]}</dd>
              </div>
            ))}
          </dl>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}

/** A native select of the roles; with `withNone`, "No access" (an account without a role). */
function RoleSelect({ withNone, ...props }: { withNone?: boolean } & React.ComponentProps<"select">) {
  return (
    <select
      name="role"
      className="h-9 rounded-lg border border-border-strong bg-white px-2 text-sm text-foreground shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-ring"
      {...props}
    >
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {roleLabels[role]}
        </option>
      ))}
      {withNone && <option value="">No access</option>}
    </select>
  );
}

function UserRow({
  account,
  isSelf,
  secondFactor,
  onSent,
}: {
  account: TeamMember;
  isSelf: boolean;
  secondFactor: boolean;
  onSent: (sent: SentLinkResult) => void;
}) {
  const timeZone = useSiteTimeZone();
  const id = useId();
  const roleFetcher = useFetcher<ActionResult>();
  const statusFetcher = useFetcher<ActionResult>();
  const linkFetcher = useFetcher<UsersResult>();
  const hydrated = useHydrated();
  const changingRole = useUserActionToast(roleFetcher, { success: "Role updated", failure: "Update failed" });
  const changingStatus = useUserActionToast(statusFetcher, { success: account.status === "active" ? "User disabled" : "User enabled", failure: "Update failed" });
  const issuing = useUserActionToast(linkFetcher, { success: "Reset link issued", failure: "Reset link failed" }, (result) => {
    const sent = (result as UsersResult).sent;
    if (sent) onSent(sent);
  });
  const disabled = account.status === "disabled";
  return (
    <TableRow className={cn(rowClass, disabled && "bg-subtle/60")}>
      <TableCell className="max-xl:w-full sm:pl-6">
        <span className="flex items-center gap-3">
          <AuthorAvatar author={{ name: account.username, avatar: null }} className={cn(disabled && "opacity-60 grayscale")} />
          <span className="min-w-0">
            <span className="flex flex-wrap items-center gap-2">
              <span className="font-medium [overflow-wrap:anywhere] text-foreground xl:whitespace-nowrap">{account.username}</span>
              {isSelf && <span className={`${badge} bg-muted text-slate-700`}>You</span>}
            </span>
            {account.email && <span className="block text-xs [overflow-wrap:anywhere] text-muted-foreground">{account.email}</span>}
          </span>
        </span>
      </TableCell>
      <TableCell>
        {isSelf ? (
          <>
            <span className={`${badge} bg-primary-soft text-primary-strong`}>{account.role ? roleLabels[account.role] : "No access"}</span>
            <span className="mt-1 block text-xs text-muted-foreground xl:max-w-52">You can't change your own role or disable yourself; another administrator can.</span>
          </>
        ) : (
          <roleFetcher.Form method="post" className="flex items-center gap-2">
            <ActionFields intent="role" id={account.id} hydrated={hydrated} />
            <label htmlFor={`${id}-role`} className="sr-only">
              Role of {account.username}
            </label>
            <RoleSelect id={`${id}-role`} withNone defaultValue={account.role ?? ""} />
            <Button type="submit" variant="outline" size="sm" disabled={changingRole} aria-busy={changingRole}>
              {changingRole ? <Spinner /> : <UserCog aria-hidden="true" />}
              Change<span className="sr-only"> role of {account.username}</span>
            </Button>
          </roleFetcher.Form>
        )}
      </TableCell>
      <TableCell>
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1.5 xl:grid xl:justify-items-start">
          {disabled ? (
            <span className={`${badge} bg-red-50 text-red-800`}>
              <span className={dot} aria-hidden="true" />
              Disabled
            </span>
          ) : (
            <span className={`${badge} bg-emerald-50 text-emerald-800`}>
              <span className={dot} aria-hidden="true" />
              Active
            </span>
          )}
          <span className="inline-flex items-center gap-1 text-xs whitespace-nowrap text-muted-foreground">
            {secondFactor ? <ShieldCheck className="size-3.5 text-emerald-700" aria-hidden="true" /> : <Shield className="size-3.5" aria-hidden="true" />}
            {secondFactor ? "Two-step on" : "Two-step off"}
          </span>
        </span>
      </TableCell>
      <TableCell className="text-sm text-muted-foreground max-xl:basis-full">
        <span className="xl:hidden">Last sign-in </span>
        {account.lastSignInAt ? (
          <span className="text-foreground">
            <CmsShortTime iso={account.lastSignInAt} />
          </span>
        ) : (
          "Never"
        )}
        <span className="block text-xs">Joined {formatCmsDate(account.createdAt, timeZone)}</span>
      </TableCell>
      <TableCell className="max-xl:w-full xl:text-right sm:pr-6">
        {isSelf ? (
          // Your own account's settings are on your profile, not here.
          <Button asChild variant="outline" size="sm">
            <Link to="/cms/profile">
              <UserRound aria-hidden="true" />
              Your profile
            </Link>
          </Button>
        ) : (
          <div className="flex items-center gap-1 xl:justify-end">
            <statusFetcher.Form method="post" className="mr-1">
              <ActionFields intent={disabled ? "enable" : "disable"} id={account.id} hydrated={hydrated} />
              <Button type="submit" variant="outline" size="sm" disabled={changingStatus} aria-busy={changingStatus}>
                {changingStatus ? <Spinner /> : disabled ? <CircleCheck aria-hidden="true" /> : <Ban aria-hidden="true" />}
                {disabled ? "Enable" : "Disable"}
                <span className="sr-only"> {account.username}</span>
              </Button>
            </statusFetcher.Form>
            <linkFetcher.Form method="post">
              <ActionFields intent="reset-link" id={account.id} hydrated={hydrated} />
              <IconAction tip="Issue a password reset link">
                <Button type="submit" variant="ghost" size="icon" className="size-9" disabled={issuing} aria-busy={issuing}>
                  {issuing ? <Spinner /> : <KeyRound aria-hidden="true" />}
                  <span className="sr-only">Reset link for {account.username}</span>
                </Button>
              </IconAction>
            </linkFetcher.Form>
            {secondFactor && (
              <IconAction tip="Reset two-step sign-in">
                <Button asChild variant="ghost" size="icon" className="size-9">
                  <Link to={`?reset=${account.id}`} preventScrollReset>
                    <RotateCcw aria-hidden="true" />
                    <span className="sr-only">Reset two-step for {account.username}</span>
                  </Link>
                </Button>
              </IconAction>
            )}
            <IconAction tip="Delete the account">
              <Button asChild variant="ghost" size="icon" className="size-9 text-red-700 hover:bg-red-50 hover:text-red-800">
                <Link to={`?delete=${account.id}`} preventScrollReset>
                  <Trash2 aria-hidden="true" />
                  <span className="sr-only">Delete {account.username}</span>
                </Link>
              </Button>
            </IconAction>
          </div>
        )}
      </TableCell>
    </TableRow>
  );
}

/** An icon-only row action with its words in a tooltip on hover and keyboard focus; its accessible name is its own sr-only text. */
function IconAction({ tip, children }: { tip: string; children: React.ReactElement }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent>{tip}</TooltipContent>
    </Tooltip>
  );
}

/** Invitations neither accepted nor revoked (docs/decisions/028), pending or expired, each with Revoke. */
function InvitationsCard({ invitations }: { invitations: Invitation[] }) {
  return (
    <Card className="overflow-hidden">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-border px-4 py-4 sm:px-6">
        <h2 className="text-lg leading-snug font-semibold tracking-tight">Invitations</h2>
        <p className="text-sm text-muted-foreground">
          {invitations.length === 0 ? "None pending" : `${invitations.length} pending`}
        </p>
      </div>
      {invitations.length === 0 ? (
        <div className="flex flex-col items-center gap-2 px-6 py-10 text-center">
          <MailPlus className="size-7 text-muted-foreground" aria-hidden="true" />
          <p className="text-sm font-medium text-foreground">No pending invitations</p>
          <p className="max-w-sm text-sm text-muted-foreground">Invitations you send appear here until they are accepted or the link expires.</p>
        </div>
      ) : (
        <Table>
          <caption className="sr-only">Pending invitations with their role, state and expiry</caption>
          <TableHeader className="max-xl:sr-only">
            <TableRow>
              <TableHead className="sm:pl-6">Invited</TableHead>
              <TableHead>Role</TableHead>
              <TableHead>State</TableHead>
              <TableHead>Link</TableHead>
              <TableHead className="text-right sm:pr-6">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {invitations.map((invitation) => (
              <InvitationRow key={invitation.id} invitation={invitation} />
            ))}
          </TableBody>
        </Table>
      )}
    </Card>
  );
}

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const fetcher = useFetcher<ActionResult>();
  const hydrated = useHydrated();
  const revoking = useUserActionToast(fetcher, { success: "Invitation revoked", failure: "Revoke failed" });
  const expired = invitation.status === "expired";
  return (
    <TableRow className={rowClass}>
      <TableCell className="max-xl:w-full sm:pl-6">
        <span className="flex items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full border border-dashed border-border-strong text-muted-foreground">
            <Mail className="size-4" aria-hidden="true" />
          </span>
          <span className="min-w-0">
            <span className="block font-medium [overflow-wrap:anywhere] text-foreground">{invitation.email}</span>
            <span className="block text-xs text-muted-foreground">{invitation.invitedBy ? `Invited by ${invitation.invitedBy}` : "Invited"}</span>
          </span>
        </span>
      </TableCell>
      <TableCell>
        <span className={`${badge} bg-muted text-slate-700`}>{roleLabels[invitation.role]}</span>
      </TableCell>
      <TableCell>
        <span className={`${badge} ${expired ? "bg-amber-50 text-amber-900" : "bg-sky-50 text-sky-900"}`}>
          <span className={dot} aria-hidden="true" />
          {expired ? "Invitation expired" : "Invited"}
        </span>
      </TableCell>
      <TableCell className="text-sm text-muted-foreground max-xl:basis-full">
        <span>{expired ? "Expired " : "Works until "}</span>
        <CmsShortTime iso={invitation.expiresAt} />
      </TableCell>
      <TableCell className="max-xl:w-full xl:text-right sm:pr-6">
        <fetcher.Form method="post" className="inline-flex">
          <ActionFields intent="revoke-invitation" id={invitation.id} hydrated={hydrated} />
          <Button type="submit" variant="ghost" size="sm" className="text-red-700 hover:bg-red-50 hover:text-red-800" disabled={revoking} aria-busy={revoking}>
            {revoking ? <Spinner /> : <XCircle aria-hidden="true" />}
            Revoke<span className="sr-only"> the invitation of {invitation.email}</span>
          </Button>
        </fetcher.Form>
      </TableCell>
    </TableRow>
  );
}

const deleteText = (username: string) =>
  `Delete the account "${username}"? Their sessions end at once. This action cannot be undone.`;
