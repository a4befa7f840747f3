import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Link, redirect, useActionData, useFetcher, useNavigate, useRevalidator, useSearchParams } from "react-router";
import { Check, Pause, Pencil, Play, Plus, RefreshCw, Send, Trash2, Webhook as WebhookIcon } from "lucide-react";
import type { Route } from "./+types/webhooks";
import { servicesContext } from "../../request-context.ts";
import { adminContext } from "../../lib/auth.server.ts";
import { field, noStoreHeaders, readCmsForm } from "../../lib/cms-form.server.ts";
import { refusalData } from "../../lib/refusal.server.ts";
import { isRefusal, refuse, validate } from "../../../shared/refusal.ts";
import { parseId } from "../../../shared/ids.ts";
import { formatCmsDate } from "../../lib/cms-date.ts";
import { formatInZone } from "../../lib/site-time.ts";
import { siteConfig } from "../../../shared/site-config.ts";
import { toast } from "../../lib/toast.ts";
import { cn } from "../../lib/cn.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { ENHANCED_FIELD, type ActionResult } from "../../lib/enhanced-form.ts";
import { webhookInputSchema, type CreatedWebhook, type Webhook, type WebhookDelivery } from "../../../shared/webhooks.ts";
import { CmsShell } from "../../components/cms/cms-shell.tsx";
import { ShownOnce } from "../../components/cms/shown-once.tsx";
import { WebhookFields, type WebhookFormValues } from "../../components/cms/webhook-fields.tsx";
import { ConfirmDelete } from "../../components/cms/confirm-delete.tsx";
import { ListPagination } from "../../components/cms/list-pagination.tsx";
import { useFetcherResult } from "../../components/cms/use-fetcher-result.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "../../components/ui/card.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table.tsx";

/** The answer carries a secret once: never stored by a browser or a shared cache. */
export function headers() {
  return noStoreHeaders;
}

/**
 * /cms/webhooks (docs/decisions/073-webhooks.md): administrators add webhooks (the signing secret is
 * shown once), change one's URL, events or description (`?edit={id}` opens its form; the secret and
 * the log stay), pause, resume or delete them, send a test event, and read each one's delivery log
 * with "Redeliver". Every form works without JavaScript; the create action answers with data, never
 * a redirect, since the secret cannot be shown again.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(adminContext);
  const { webhooks } = context.get(servicesContext);
  const params = new URL(request.url).searchParams;
  const list = await webhooks.list();
  const selected = list.find((webhook) => webhook.id === parseId(params.get("webhook"))) ?? list[0] ?? null;
  const page = parseId(params.get("page")) ?? 1;
  const log = selected ? await webhooks.deliveries(selected.id, page) : null;
  const confirmDelete = list.find((webhook) => webhook.id === parseId(params.get("delete"))) ?? null;
  const editing = list.find((webhook) => webhook.id === parseId(params.get("edit"))) ?? null;
  return { user, webhooks: list, selected, log: log && !isRefusal(log) ? log : null, confirmDelete, editing };
}

/** `editId`: the refusal belongs to that webhook's edit form, not to the add form. */
type WebhooksResult = ActionResult & { created?: CreatedWebhook; values?: WebhookFormValues; editId?: number };

const formValues = (form: FormData): WebhookFormValues => ({
  url: field(form, "url"),
  events: form.getAll("events").filter((value) => typeof value === "string"),
  description: field(form, "description"),
});

export async function action({ request, context }: Route.ActionArgs) {
  const actor = context.get(adminContext);
  const { form, enhanced } = await readCmsForm(request);
  const { webhooks } = context.get(servicesContext);
  const intent = field(form, "intent");
  if (intent === "create") {
    const values = formValues(form);
    const input = validate(webhookInputSchema, values);
    if (isRefusal(input)) return refusalData(input, { values });
    const created = await webhooks.create(input, actor.id);
    if (isRefusal(created)) return refusalData(created, { values });
    return { ok: true as const, message: "Copy the signing secret now: it is shown only once.", created };
  }

  const id = parseId(field(form, "id"));
  if (id === null) return refusalData(refuse("invalid", "Unknown webhook action"));
  let result: { webhookId: number; message: string } | ReturnType<typeof refuse>;
  if (intent === "edit") {
    // The edit form sends every field, so it is checked whole, like the add form; the service checks
    // the URL's address again (SSRF) before it writes anything.
    const values = formValues(form);
    const input = validate(webhookInputSchema, values);
    if (isRefusal(input)) return refusalData(input, { values, editId: id });
    const webhook = await webhooks.update(id, input);
    if (isRefusal(webhook)) return refusalData(webhook, { values, editId: id });
    result = { webhookId: id, message: "Its signing secret and delivery log are unchanged." };
  } else if (intent === "test") {
    const delivery = await webhooks.sendTest(id);
    result = isRefusal(delivery) ? delivery : { webhookId: id, message: "A webhook.test event is on its way; it appears in the delivery log." };
  } else if (intent === "redeliver") {
    const delivery = await webhooks.redeliver(id);
    result = isRefusal(delivery) ? delivery : { webhookId: delivery.webhookId, message: "The event is queued again with the same webhook-id." };
  } else if (intent === "pause" || intent === "resume") {
    const webhook = await webhooks.update(id, { enabled: intent === "resume" });
    result = isRefusal(webhook)
      ? webhook
      : { webhookId: id, message: intent === "pause" ? "Paused: new events wait until you resume it." : "Resumed: waiting events go out now." };
  } else if (intent === "delete") {
    const removed = await webhooks.remove(id);
    if (isRefusal(removed)) return refusalData(removed);
    if (!enhanced) throw redirect("/cms/webhooks");
    return { ok: true as const, message: "The webhook and its delivery log are deleted." };
  } else {
    return refusalData(refuse("invalid", "Unknown webhook action"));
  }
  if (isRefusal(result)) return refusalData(result);
  if (!enhanced) throw redirect(`/cms/webhooks?webhook=${result.webhookId}`);
  return { ok: true as const, message: result.message };
}

export default function CmsWebhooks({ loaderData }: Route.ComponentProps) {
  const { user, webhooks, selected, log, confirmDelete, editing } = loaderData;
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const posted = useActionData<WebhooksResult>();
  const createFetcher = useFetcher<WebhooksResult>({ key: "create-webhook" });
  const deleteFetcher = useFetcher<ActionResult>({ key: "delete-webhook" });
  const closeDialog = () => void navigate("/cms/webhooks", { replace: true, preventScrollReset: true });
  const listHeading = useRef<HTMLHeadingElement>(null);

  useFetcherResult(deleteFetcher, (result) => {
    if (result.ok) {
      toast({ title: "Webhook deleted", description: result.message });
      closeDialog();
      requestAnimationFrame(() => listHeading.current?.focus());
    } else {
      toast({ title: "Delete failed", description: result.message, variant: "destructive" });
    }
  });

  // Without JavaScript a refused form comes back as the page's action data: to the add form, to the
  // edit form it names, or (its webhook gone meanwhile) to the alert at the top.
  const editRefusal = posted?.editId !== undefined && posted.editId === editing?.id ? posted : undefined;
  const createPosted = posted && posted.editId === undefined && ("created" in posted || "values" in posted) ? posted : undefined;
  const createResult = createFetcher.data ?? createPosted;
  const actionError = posted && !posted.ok && !editRefusal && !createPosted ? posted.message : undefined;

  /** This page's address with `edit` set or cleared, keeping the selected log and its page. */
  const hrefWith = (edit: number | null, hash: string) => {
    const params = new URLSearchParams(searchParams);
    params.delete("delete");
    if (edit === null) params.delete("edit");
    else params.set("edit", String(edit));
    return `/cms/webhooks${params.size > 0 ? `?${params}` : ""}${hash}`;
  };

  // Opening an edit form puts the cursor in its URL field; saving or cancelling it (the form goes away
  // and focus with it) puts focus back on that webhook's Edit link.
  const editingId = editing?.id ?? null;
  const lastEditing = useRef(editingId);
  useEffect(() => {
    const before = lastEditing.current;
    lastEditing.current = editingId;
    if (before === editingId) return;
    if (editingId !== null) document.getElementById(`${editFieldsId(editingId)}-url`)?.focus();
    else if (before !== null && (document.activeElement === null || document.activeElement === document.body)) {
      document.getElementById(editLinkId(before))?.focus();
    }
  }, [editingId]);

  return (
    <CmsShell user={user} title="Webhooks">
      <p className="-mt-2 mb-6 max-w-3xl text-sm text-muted-foreground">
        Webhooks tell other software — a CRM, a chat channel, a newsletter tool — the moment a lead arrives or a post goes
        live. Each event is an HTTPS POST signed with the webhook's secret (Standard Webhooks), retried for more than a day
        until your endpoint answers with a 2xx status. The{" "}
        <Link to="/cms/api#webhook-events" className="font-medium text-primary-strong underline underline-offset-2 hover:text-primary-hover">
          API reference
        </Link>{" "}
        describes each event's payload.
      </p>
      {actionError && (
        <p role="alert" className="mb-6 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {actionError}
        </p>
      )}
      {confirmDelete && (
        <ConfirmDelete
          title="Delete webhook"
          description={`Delete the webhook to ${confirmDelete.url}? Events stop at once and its delivery log is deleted. This cannot be undone.`}
          action="/cms/webhooks"
          cancelTo="/cms/webhooks"
          fields={{ intent: "delete", id: String(confirmDelete.id) }}
          fetcher={deleteFetcher}
          onClose={closeDialog}
        />
      )}
      <div className="grid gap-6 xl:grid-cols-[24rem_minmax(0,1fr)]">
        <NewWebhookCard fetcher={createFetcher} result={createResult} />
        <div className="grid min-w-0 content-start gap-6">
          <section aria-labelledby="webhooks-heading" className="grid content-start gap-3">
            <h2
              id="webhooks-heading"
              ref={listHeading}
              tabIndex={-1}
              className="text-lg font-semibold tracking-tight text-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              Endpoints{webhooks.length > 0 ? ` (${webhooks.length})` : ""}
            </h2>
            {webhooks.length === 0 ? (
              <Card className="flex flex-col items-center gap-2 px-6 py-12 text-center">
                <WebhookIcon className="size-8 text-muted-foreground" aria-hidden="true" />
                <p className="font-medium text-foreground">No webhooks yet</p>
                <p className="max-w-sm text-sm text-muted-foreground">Add one for each tool that should hear about new leads or posts.</p>
              </Card>
            ) : (
              <ul className="grid gap-3">
                {webhooks.map((webhook) => (
                  <WebhookCard
                    key={webhook.id}
                    webhook={webhook}
                    selected={webhook.id === selected?.id}
                    editing={webhook.id === editingId}
                    editRefusal={webhook.id === editingId ? editRefusal : undefined}
                    editHref={hrefWith(webhook.id, `#${cardId(webhook.id)}`)}
                    closeHref={hrefWith(null, `#${cardId(webhook.id)}`)}
                  />
                ))}
              </ul>
            )}
          </section>
          {selected && log && <DeliveryLog webhook={selected} log={log} />}
        </div>
      </div>
    </CmsShell>
  );
}

function NewWebhookCard({ fetcher, result }: { fetcher: ReturnType<typeof useFetcher<WebhooksResult>>; result: WebhooksResult | undefined }) {
  const id = useId();
  const hydrated = useHydrated();
  const creating = fetcher.state !== "idle";
  const created = result?.ok ? result.created : undefined;
  const refused = result && !result.ok ? result : undefined;
  const [formKey, setFormKey] = useState(0);

  useFetcherResult(fetcher, (answer) => {
    if (answer.ok) {
      toast({ title: "Webhook added", description: answer.message });
      setFormKey((key) => key + 1);
    } else {
      toast({ title: "Could not add the webhook", description: answer.message, variant: "destructive" });
    }
  });

  return (
    <Card className="self-start">
      <CardHeader className="pb-4">
        <h2 className="text-lg leading-snug font-semibold tracking-tight">New webhook</h2>
        <CardDescription>Your endpoint's public HTTPS address and the events it should receive.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {created && (
          <ShownOnce
            key={created.id}
            value={created.secret}
            name="signing secret"
          label="Signing secret"
            warning="Copy the signing secret now: it will not be shown again."
            copiedHint="Paste it into your endpoint's configuration."
            testId="created-secret"
          >
            Your endpoint checks the <code className="font-mono">webhook-signature</code> header with it (see “Verifying webhook
            signatures” in docs/integrations.md) and refuses anything that does not match.
          </ShownOnce>
        )}
        {refused && !hydrated && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
            {refused.message}
          </p>
        )}
        <fetcher.Form key={formKey} method="post" action="/cms/webhooks" className="grid gap-5" noValidate>
          <input type="hidden" name="intent" value="create" />
          {hydrated && <input type="hidden" name={ENHANCED_FIELD} value="1" />}
          <WebhookFields id={id} values={refused?.values} errors={refused?.errors ?? {}} />
          <div className="flex justify-end border-t border-border pt-5">
            <Button type="submit" disabled={creating} aria-busy={creating}>
              {creating ? <Spinner /> : <Plus aria-hidden="true" />}
              Add webhook
            </Button>
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}

/** One action button in a form of its own, with a toast once JavaScript runs. */
function ActionButton({
  intent,
  id,
  label,
  srLabel,
  icon,
  success,
  variant = "outline",
}: {
  intent: string;
  id: number;
  label: string;
  srLabel: string;
  icon: ReactNode;
  success: string;
  variant?: "outline" | "ghost" | "secondary";
}) {
  const fetcher = useFetcher<ActionResult>();
  const hydrated = useHydrated();
  const pending = fetcher.state !== "idle";
  useFetcherResult(fetcher, (result) => {
    if (result.ok) toast({ title: success, description: result.message });
    else toast({ title: "That did not work", description: result.message, variant: "destructive" });
  });
  return (
    <fetcher.Form method="post" action="/cms/webhooks">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      {hydrated && <input type="hidden" name={ENHANCED_FIELD} value="1" />}
      <Button type="submit" variant={variant} size="sm" disabled={pending} aria-busy={pending}>
        {pending ? <Spinner /> : icon}
        {label}
        <span className="sr-only"> {srLabel}</span>
      </Button>
    </fetcher.Form>
  );
}

/** The ids the page's focus moves between: a webhook's card, its Edit link, its edit form's fields. */
const cardId = (id: number) => `webhook-${id}`;
const editLinkId = (id: number) => `webhook-${id}-edit`;
const editFieldsId = (id: number) => `webhook-${id}-form`;

function WebhookCard({
  webhook,
  selected,
  editing,
  editRefusal,
  editHref,
  closeHref,
}: {
  webhook: Webhook;
  selected: boolean;
  editing: boolean;
  editRefusal: WebhooksResult | undefined;
  editHref: string;
  closeHref: string;
}) {
  const paused = webhook.disabledAt !== null;
  return (
    <li id={cardId(webhook.id)} className="scroll-mt-4">
      <Card className={cn("grid gap-3 p-4 sm:p-5", selected && "ring-2 ring-primary/40")}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="grid min-w-0 gap-1">
            <p className="font-mono text-sm font-medium break-all text-foreground">{webhook.url}</p>
            <p className="text-xs text-muted-foreground">
              {webhook.description ? `${webhook.description} · ` : ""}Added {formatCmsDate(webhook.createdAt)}
            </p>
          </div>
          {paused ? (
            <span className="rounded-full bg-muted px-2.5 py-1 text-xs font-semibold text-slate-700">Paused</span>
          ) : (
            <span className="rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-800">Active</span>
          )}
        </div>
        {editing ? (
          <EditWebhookForm webhook={webhook} posted={editRefusal} action={editHref} closeHref={closeHref} />
        ) : (
          <WebhookSummary webhook={webhook} selected={selected} editHref={editHref} />
        )}
      </Card>
    </li>
  );
}

/** A webhook's events and its actions, shown while it is not being edited. */
function WebhookSummary({ webhook, selected, editHref }: { webhook: Webhook; selected: boolean; editHref: string }) {
  const paused = webhook.disabledAt !== null;
  const name = webhook.description ?? webhook.url;
  return (
    <>
      <ul className="flex flex-wrap gap-1.5" aria-label="Events">
        {webhook.events.map((event) => (
          <li key={event} className="rounded-full bg-primary-soft px-2 py-0.5 font-mono text-xs font-medium whitespace-nowrap text-primary-strong">
            {event}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-2 border-t border-border pt-3">
        <Button asChild variant={selected ? "secondary" : "outline"} size="sm">
          <Link to={`?webhook=${webhook.id}#delivery-log`} aria-current={selected ? "true" : undefined} preventScrollReset>
            Delivery log<span className="sr-only"> of {name}</span>
          </Link>
        </Button>
        {!paused && (
          <ActionButton intent="test" id={webhook.id} label="Send test event" srLabel={`to ${name}`} icon={<Send aria-hidden="true" />} success="Test event queued" />
        )}
        <Button asChild variant="ghost" size="sm">
          <Link id={editLinkId(webhook.id)} to={editHref} preventScrollReset>
            <Pencil aria-hidden="true" />
            Edit<span className="sr-only"> {name}</span>
          </Link>
        </Button>
        <ActionButton
          intent={paused ? "resume" : "pause"}
          id={webhook.id}
          label={paused ? "Resume" : "Pause"}
          srLabel={name}
          icon={paused ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
          success={paused ? "Webhook resumed" : "Webhook paused"}
          variant="ghost"
        />
        <Button asChild variant="ghost" size="sm" className="text-red-700 hover:bg-red-50 hover:text-red-800">
          <Link to={`?delete=${webhook.id}`} preventScrollReset>
            <Trash2 aria-hidden="true" />
            Delete<span className="sr-only"> {name}</span>
          </Link>
        </Button>
      </div>
    </>
  );
}

/**
 * A webhook's URL, events and description, changed in place (`PATCH` semantics through the page
 * action: the secret and the delivery log stay). `action` keeps `?edit=` in the address, so a refusal
 * without JavaScript comes back with this form open; `closeHref` is where Save and Cancel leave.
 */
function EditWebhookForm({
  webhook,
  posted,
  action,
  closeHref,
}: {
  webhook: Webhook;
  posted: WebhooksResult | undefined;
  action: string;
  closeHref: string;
}) {
  const fetcher = useFetcher<WebhooksResult>();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const saving = fetcher.state !== "idle";
  const result = fetcher.data ?? posted;
  const refused = result && !result.ok ? result : undefined;
  const headingId = `${editFieldsId(webhook.id)}-heading`;

  useFetcherResult(fetcher, (answer) => {
    if (answer.ok) {
      toast({ title: "Webhook saved", description: answer.message });
      void navigate(closeHref, { replace: true, preventScrollReset: true });
    } else {
      toast({ title: "Could not save the webhook", description: answer.message, variant: "destructive" });
    }
  });

  return (
    <fetcher.Form method="post" action={action} noValidate aria-labelledby={headingId} className="grid gap-5 border-t border-border pt-4">
      <h3 id={headingId} className="text-base font-semibold tracking-tight text-foreground">
        Edit webhook
      </h3>
      {refused && !hydrated && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {refused.message}
        </p>
      )}
      <input type="hidden" name="intent" value="edit" />
      <input type="hidden" name="id" value={webhook.id} />
      {hydrated && <input type="hidden" name={ENHANCED_FIELD} value="1" />}
      <WebhookFields
        id={editFieldsId(webhook.id)}
        values={refused?.values ?? { url: webhook.url, events: webhook.events, description: webhook.description ?? "" }}
        errors={refused?.errors ?? {}}
      />
      <div className="flex flex-wrap justify-end gap-2 border-t border-border pt-4">
        <Button asChild variant="ghost">
          <Link to={closeHref} replace preventScrollReset>
            Cancel
          </Link>
        </Button>
        <Button type="submit" disabled={saving} aria-busy={saving}>
          {saving ? <Spinner /> : <Check aria-hidden="true" />}
          Save
        </Button>
      </div>
    </fetcher.Form>
  );
}

/** "24 Nov, 23:22:05": a log time, short enough for the table; the full one is its title. */
const logTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: siteConfig.timeZone,
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});
const LogTime = ({ iso }: { iso: string }) => (
  <time dateTime={iso} title={formatInZone(iso)}>
    {logTime.format(new Date(iso))}
  </time>
);

const statusStyles: Record<WebhookDelivery["status"] | "retrying", { label: string; className: string }> = {
  delivered: { label: "Delivered", className: "bg-emerald-50 text-emerald-800" },
  pending: { label: "Queued", className: "bg-sky-50 text-sky-800" },
  retrying: { label: "Retrying", className: "bg-amber-50 text-amber-900" },
  failed: { label: "Failed", className: "bg-red-50 text-red-800" },
};

/** A delivery that goes out within the minute: the log refreshes itself until it has an outcome. */
const dueSoon = (delivery: WebhookDelivery) =>
  delivery.status === "pending" && (delivery.nextAttemptAt === null || new Date(delivery.nextAttemptAt).getTime() - Date.now() < 60_000);

function DeliveryLog({ webhook, log }: { webhook: Webhook; log: NonNullable<Route.ComponentProps["loaderData"]["log"]> }) {
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const watching = hydrated && log.deliveries.some(dueSoon);
  useEffect(() => {
    if (!watching) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 1500);
    return () => clearInterval(timer);
  }, [watching, revalidator]);
  const lastPage = Math.max(1, Math.ceil(log.total / log.pageSize));

  return (
    <section id="delivery-log" aria-labelledby="delivery-log-heading" className="grid min-w-0 content-start gap-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          <h2 id="delivery-log-heading" className="text-lg font-semibold tracking-tight text-foreground">
            Delivery log
          </h2>
          <p className="text-sm break-all text-muted-foreground">
            {webhook.description ?? webhook.url} · {log.total} {log.total === 1 ? "delivery" : "deliveries"}, newest first
          </p>
        </div>
        <Button asChild variant="ghost" size="sm">
          <Link to={`?webhook=${webhook.id}&page=${log.page}#delivery-log`} preventScrollReset>
            <RefreshCw aria-hidden="true" className={cn(revalidator.state !== "idle" && "animate-spin")} />
            Refresh
          </Link>
        </Button>
      </div>
      {log.deliveries.length === 0 ? (
        <Card className="px-6 py-10 text-center text-sm text-muted-foreground">
          Nothing sent yet. Use “Send test event” to check your endpoint.
        </Card>
      ) : (
        <Card className="overflow-hidden">
          <Table>
            <caption className="sr-only">Deliveries to this webhook, newest first, with their outcome</caption>
            <TableHeader className="max-md:sr-only">
              <TableRow>
                <TableHead>Time</TableHead>
                <TableHead>Event</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>HTTP</TableHead>
                <TableHead>Attempts</TableHead>
                <TableHead>Next retry</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {log.deliveries.map((delivery) => (
                <DeliveryRow key={delivery.id} delivery={delivery} />
              ))}
            </TableBody>
          </Table>
        </Card>
      )}
      <ListPagination page={log.page} lastPage={lastPage} hrefFor={(page) => `?webhook=${webhook.id}&page=${page}#delivery-log`} />
    </section>
  );
}

function DeliveryRow({ delivery }: { delivery: WebhookDelivery }) {
  const style = statusStyles[delivery.status === "pending" && delivery.attempts > 0 ? "retrying" : delivery.status];
  return (
    <TableRow
      data-testid="delivery-row"
      className="max-md:flex max-md:flex-wrap max-md:items-center max-md:gap-x-3 max-md:gap-y-1.5 max-md:px-4 max-md:py-4 max-md:[&>td]:p-0"
    >
      <TableCell className="text-sm whitespace-nowrap text-muted-foreground max-md:w-full">
        <LogTime iso={delivery.createdAt} />
      </TableCell>
      <TableCell className="font-mono text-xs text-foreground">{delivery.eventType}</TableCell>
      <TableCell>
        <span className={cn("rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap", style.className)}>{style.label}</span>
      </TableCell>
      <TableCell className="text-sm">
        <span className="md:hidden text-muted-foreground">HTTP </span>
        <span className="font-mono">{delivery.lastStatusCode ?? "—"}</span>
        {delivery.lastError && delivery.lastStatusCode === null && (
          <span className="block max-w-56 truncate text-xs text-muted-foreground" title={delivery.lastError}>
            {delivery.lastError}
          </span>
        )}
      </TableCell>
      <TableCell className="text-sm text-muted-foreground">
        <span className="md:hidden">Attempts </span>
        {delivery.attempts}
      </TableCell>
      <TableCell className="text-sm whitespace-nowrap text-muted-foreground">
        {delivery.status === "pending" && delivery.nextAttemptAt ? (
          <>
            <span className="md:hidden">Next retry </span>
            <LogTime iso={delivery.nextAttemptAt} />
          </>
        ) : (
          <span className="max-md:hidden">—</span>
        )}
      </TableCell>
      <TableCell className="text-right max-md:w-full max-md:text-left">
        {delivery.status !== "pending" && (
          <ActionButton
            intent="redeliver"
            id={delivery.id}
            label="Redeliver"
            srLabel={`${delivery.eventType} of ${formatInZone(delivery.createdAt)}`}
            icon={<RefreshCw aria-hidden="true" />}
            success="Queued again"
            variant="ghost"
          />
        )}
      </TableCell>
    </TableRow>
  );
}
