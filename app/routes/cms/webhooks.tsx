import { useRef } from "react";
import { Link, redirect, useActionData, useFetcher, useNavigate, useSearchParams } from "react-router";
import { Plus, Webhook as WebhookIcon } from "lucide-react";
import type { Route } from "./+types/webhooks";
import { servicesContext } from "../../request-context.ts";
import { staffContext } from "../../lib/auth.server.ts";
import { field, noStoreHeaders, readCmsForm } from "../../lib/cms-form.server.ts";
import { refusalData } from "../../lib/refusal.server.ts";
import { isRefusal, refuse, validate } from "../../../shared/refusal.ts";
import { parseId } from "../../../shared/ids.ts";
import { toast } from "../../lib/toast.ts";
import type { ActionResult } from "../../lib/enhanced-form.ts";
import { webhookInputSchema } from "../../../shared/webhooks.ts";
import { CmsShell } from "../../components/cms/cms-shell.tsx";
import { ConfirmDelete } from "../../components/cms/confirm-delete.tsx";
import { useFetcherResult } from "../../components/cms/use-fetcher-result.ts";
import { Card } from "../../components/ui/card.tsx";
import type { WebhookFormValues } from "../../components/cms/webhooks/webhook-fields.tsx";
import { cardId, type WebhooksResult } from "../../components/cms/webhooks/webhooks-result.ts";
import { NewWebhookCard } from "../../components/cms/webhooks/new-webhook-card.tsx";
import { WebhookCard, useEditFocus } from "../../components/cms/webhooks/webhook-card.tsx";
import { DeliveryLog } from "../../components/cms/webhooks/delivery-log.tsx";

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
  const user = context.get(staffContext);
  const { webhooks } = context.get(servicesContext);
  const params = new URL(request.url).searchParams;
  // Each endpoint's status reads its latest deliveries (docs/decisions/073, "Endpoint status").
  const [list, health] = await Promise.all([webhooks.list(), webhooks.health()]);
  const selected = list.find((webhook) => webhook.id === parseId(params.get("webhook"))) ?? list[0] ?? null;
  const page = parseId(params.get("page")) ?? 1;
  const log = selected ? await webhooks.deliveries(selected.id, page) : null;
  const confirmDelete = list.find((webhook) => webhook.id === parseId(params.get("delete"))) ?? null;
  const editing = list.find((webhook) => webhook.id === parseId(params.get("edit"))) ?? null;
  return { user, webhooks: list, health, selected, log: log && !isRefusal(log) ? log : null, confirmDelete, editing };
}

const formValues = (form: FormData): WebhookFormValues => ({
  url: field(form, "url"),
  events: form.getAll("events").filter((value) => typeof value === "string"),
  description: field(form, "description"),
});

export async function action({ request, context }: Route.ActionArgs) {
  const actor = context.get(staffContext);
  const { form, enhanced } = await readCmsForm(request);
  const { webhooks } = context.get(servicesContext);
  const intent = field(form, "intent");
  if (intent === "create") {
    const values = formValues(form);
    const input = validate(webhookInputSchema, values);
    if (isRefusal(input)) return refusalData(input, { values });
    const created = await webhooks.create(input, actor);
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
    const removed = await webhooks.remove(id, actor);
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
  const { user, webhooks, health, selected, log, confirmDelete, editing } = loaderData;
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

  const editingId = editing?.id ?? null;
  useEditFocus(editingId);

  return (
    <CmsShell
      user={user}
      title="Webhooks"
      description={
        <>
          Webhooks tell other software — a CRM, a chat channel, a newsletter tool — the moment a lead arrives or a post goes
          live. Each event is an HTTPS POST signed with the webhook's secret (Standard Webhooks), retried for more than a day
          until your endpoint answers with a 2xx status. The{" "}
          <Link to="/cms/api#webhook-events" className="font-medium text-primary-strong underline underline-offset-2 hover:text-primary-hover">
            API reference
          </Link>{" "}
          describes each event's payload.
        </>
      }
    >
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
      {/* The add form behind "Add webhook" (docs/decisions/073-webhooks.md, "Layout"): a <details>, so it works
          without JavaScript; open while there is no webhook, or when the form has something to say. */}
      <details id="add-webhook" open={webhooks.length === 0 || createResult !== undefined} className="group/add mb-6">
        <summary className="inline-flex h-10 cursor-pointer list-none items-center gap-2 rounded-lg bg-primary px-4 text-sm font-semibold text-primary-foreground shadow-xs outline-none hover:bg-primary-hover focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 group-open/add:bg-white group-open/add:text-foreground group-open/add:ring-1 group-open/add:ring-border-strong group-open/add:ring-inset [&::-webkit-details-marker]:hidden">
          <Plus aria-hidden="true" className="size-4 group-open/add:rotate-45 motion-safe:transition-transform" />
          <span className="group-open/add:hidden">Add webhook</span>
          <span className="hidden group-open/add:inline">Close the form</span>
        </summary>
        <div className="mt-3 max-w-2xl">
          <NewWebhookCard fetcher={createFetcher} result={createResult} />
        </div>
      </details>
      <div className="grid min-w-0 content-start gap-6">
        <div className="grid min-w-0 content-start gap-6">
          <section aria-labelledby="webhooks-heading" className="grid min-w-0 content-start gap-3">
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
                    health={health.find((item) => item.webhookId === webhook.id)}
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
