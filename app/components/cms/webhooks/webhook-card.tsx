import { useEffect, useRef } from "react";
import { Link, useFetcher, useNavigate } from "react-router";
import { Check, CircleAlert, CircleCheck, Pause, Pencil, Play, Send, Trash2 } from "lucide-react";
import { WEBHOOK_HEALTH_WINDOW, webhookState, type Webhook, type WebhookHealth, type WebhookState } from "../../../../shared/webhooks.ts";
import { formatCmsDate } from "../../../lib/cms-date.ts";
import { CmsShortTime } from "../cms-time.tsx";
import { WrapAfter } from "../wrap-after.tsx";
import { toast } from "../../../lib/toast.ts";
import { cn } from "../../../lib/cn.ts";
import { useHydrated } from "../../../lib/use-hydrated.ts";
import { ENHANCED_FIELD } from "../../../lib/enhanced-form.ts";
import { Button } from "../../ui/button.tsx";
import { Card } from "../../ui/card.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { useFetcherResult } from "../use-fetcher-result.ts";
import { ActionButton } from "./action-button.tsx";
import { WebhookFields } from "./webhook-fields.tsx";
import { cardId, editFieldsId, editLinkId, type WebhooksResult } from "./webhooks-result.ts";
import { useSiteTimeZone } from "../../../lib/site-details.ts";

/** One webhook in the list: its address and state, then its summary or, with `?edit=`, its edit form. */
export function WebhookCard({
  webhook,
  health,
  selected,
  editing,
  editRefusal,
  editHref,
  closeHref,
}: {
  webhook: Webhook;
  health: WebhookHealth | undefined;
  selected: boolean;
  editing: boolean;
  editRefusal: WebhooksResult | undefined;
  editHref: string;
  closeHref: string;
}) {
  const timeZone = useSiteTimeZone();
  const state = webhookState(webhook, health);
  return (
    <li id={cardId(webhook.id)} className="min-w-0 scroll-mt-4">
      <Card className={cn("grid gap-3 p-4 sm:p-5", selected && "ring-2 ring-primary/40")}>
        <div className="flex items-start justify-between gap-3">
          <div className="grid min-w-0 flex-1 gap-1">
            <p className="font-mono text-sm font-medium text-foreground [overflow-wrap:anywhere]">
              <WrapAfter text={webhook.url} marks="/." />
            </p>
            <p className="text-xs text-muted-foreground">
              {webhook.description ? `${webhook.description} · ` : ""}Added {formatCmsDate(webhook.createdAt, timeZone)}
            </p>
            <LastDelivery health={health} />
          </div>
          <StateBadge state={state} />
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

const stateBadges: Record<WebhookState, { label: string; className: string }> = {
  active: { label: "Active", className: "bg-emerald-50 text-emerald-800 ring-emerald-200" },
  failing: { label: "Failing", className: "bg-red-50 text-red-800 ring-red-200" },
  paused: { label: "Paused", className: "bg-muted text-slate-700 ring-border" },
};

/** Active, Failing or Paused, as `webhookState` decides (docs/decisions/073, "Endpoint status"). */
function StateBadge({ state }: { state: WebhookState }) {
  const { label, className } = stateBadges[state];
  return (
    <span data-state={state} className={cn("inline-flex shrink-0 items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset", className)}>
      {state === "failing" && <CircleAlert aria-hidden="true" className="size-3.5" />}
      <span className="sr-only">Status: </span>
      {label}
    </span>
  );
}

/** The latest delivery's outcome, its answer and when: what the status badge is read from. */
function LastDelivery({ health }: { health: WebhookHealth | undefined }) {
  const last = health?.last;
  if (!last) return <p className="text-xs text-muted-foreground">No deliveries yet</p>;
  const failed = last.outcome !== "delivered";
  const answer = last.statusCode !== null ? `HTTP ${last.statusCode}` : last.error;
  const streak = health.failedInARow;
  const dot = (
    <>
      {" "}
      <span aria-hidden="true">·</span>{" "}
    </>
  );
  return (
    <p data-testid="last-delivery" className={cn("text-xs", failed ? "text-red-800" : "text-muted-foreground")}>
      {failed ? (
        <CircleAlert aria-hidden="true" className="mr-1 inline size-3.5 align-[-3px]" />
      ) : (
        <CircleCheck aria-hidden="true" className="mr-1 inline size-3.5 align-[-3px] text-emerald-700" />
      )}
      <span className="font-medium">
        {last.outcome === "delivered" ? "Last delivery succeeded" : last.outcome === "failed" ? "Last delivery failed" : "Last delivery failed, retrying"}
      </span>
      {answer && (
        <>
          {dot}
          {/* In full, wrapped: the answer an engineer searches for. */}
          <span className="font-mono [overflow-wrap:anywhere]">{answer}</span>
        </>
      )}
      {dot}
      <CmsShortTime iso={last.at} seconds />
      {streak > 1 && (
        <>
          {dot}
          {streak >= WEBHOOK_HEALTH_WINDOW ? `${streak} or more failed in a row` : `${streak} failed in a row`}
        </>
      )}
    </p>
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

/**
 * Opening an edit form (`?edit={id}`) puts the cursor in its URL field; saving or cancelling it (the form
 * goes away and focus with it) puts focus back on that webhook's Edit link.
 */
export function useEditFocus(editingId: number | null) {
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
}
