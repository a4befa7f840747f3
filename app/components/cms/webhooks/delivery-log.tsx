import { Fragment, useEffect } from "react";
import { Link, useRevalidator } from "react-router";
import { ChevronRight, RefreshCw } from "lucide-react";
import type { Webhook, WebhookDelivery, WebhookDeliveryPage } from "../../../../shared/webhooks.ts";
import { useSiteTimeZone } from "../../../lib/site-details.ts";
import { formatCmsDateTime } from "../../../lib/cms-date.ts";
import { cn } from "../../../lib/cn.ts";
import { useHydrated } from "../../../lib/use-hydrated.ts";
import { Button } from "../../ui/button.tsx";
import { Card } from "../../ui/card.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../ui/table.tsx";
import { CmsShortTime } from "../cms-time.tsx";
import { ListPagination } from "../list-pagination.tsx";
import { WrapAfter } from "../wrap-after.tsx";
import { ActionButton } from "./action-button.tsx";
import { deliveryState, groupDeliveries, type DeliveryState } from "./delivery-groups.ts";

const LogTime = ({ iso }: { iso: string }) => <CmsShortTime iso={iso} seconds />;

const statusStyles: Record<DeliveryState, { label: string; className: string }> = {
  delivered: { label: "Delivered", className: "bg-emerald-50 text-emerald-800" },
  pending: { label: "Queued", className: "bg-sky-50 text-sky-800" },
  retrying: { label: "Retrying", className: "bg-amber-50 text-amber-900" },
  failed: { label: "Failed", className: "bg-red-50 text-red-800" },
};

/**
 * The log's columns, fixed from lg (below it each delivery is a card) so the outer table and a group's inner one
 * line up: the status takes what is left and its error wraps in full; the dates are short and keep to one line
 * (docs/decisions/069, 073).
 */
function LogColumns() {
  return (
    <colgroup className="max-lg:hidden">
      <col className="lg:w-40" />
      <col className="lg:w-56" />
      <col />
      <col className="lg:w-44" />
      <col className="lg:w-36" />
    </colgroup>
  );
}

/** The log's column headings; `className`: where they are read only by screen readers. */
function LogHeader({ className }: { className: string }) {
  return (
    <TableHeader className={className}>
      <TableRow>
        <TableHead>Time</TableHead>
        <TableHead>Event</TableHead>
        <TableHead>Status</TableHead>
        <TableHead>Attempts</TableHead>
        <TableHead className="text-right">Actions</TableHead>
      </TableRow>
    </TableHeader>
  );
}

/** A delivery that goes out within the minute: the log refreshes itself until it has an outcome. */
const dueSoon = (delivery: WebhookDelivery) =>
  delivery.status === "pending" && (delivery.nextAttemptAt === null || new Date(delivery.nextAttemptAt).getTime() - Date.now() < 60_000);

/** A webhook's deliveries, newest first, a page at a time, with Redeliver; it refreshes itself while one is due. */
export function DeliveryLog({ webhook, log }: { webhook: Webhook; log: WebhookDeliveryPage }) {
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
          <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
            {webhook.description ?? <WrapAfter text={webhook.url} marks="/." />} · {log.total} {log.total === 1 ? "delivery" : "deliveries"}, newest first
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
          <Table className="lg:table-fixed">
            <caption className="sr-only">Deliveries to this webhook, newest first, with their outcome</caption>
            <LogColumns />
            <LogHeader className="max-lg:sr-only" />
            <TableBody>
              {groupDeliveries(log.deliveries).map(([latest, ...earlier]) => (
                <Fragment key={latest!.id}>
                  <DeliveryRow delivery={latest!} />
                  {earlier.length > 0 && <EarlierDeliveries latest={latest!} earlier={earlier} />}
                </Fragment>
              ))}
            </TableBody>
          </Table>
        </Card>
      )}
      <ListPagination page={log.page} lastPage={lastPage} hrefFor={(page) => `?webhook=${webhook.id}&page=${page}#delivery-log`} />
    </section>
  );
}

/**
 * The earlier deliveries of a group (delivery-groups.ts), under its latest one: a `<details>` row, closed, that
 * says how many failed the same way and since when, and opens (click, Enter or Space, without JavaScript too) to
 * each of them with its webhook-id, attempts and Redeliver, in the log's columns. Their answer is the latest's.
 */
function EarlierDeliveries({ latest, earlier }: { latest: WebhookDelivery; earlier: WebhookDelivery[] }) {
  const oldest = earlier.at(-1)!;
  return (
    <TableRow className="bg-subtle/60 hover:bg-subtle/60 max-lg:block">
      <TableCell colSpan={5} className="p-0 max-lg:block">
        <details className="group/earlier">
          <summary className="flex cursor-pointer list-none items-center gap-2 px-4 py-2 text-xs font-medium text-foreground outline-none hover:text-primary-strong focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset [&::-webkit-details-marker]:hidden">
            <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted-foreground group-open/earlier:rotate-90 motion-safe:transition-transform" />
            <span>
              {earlier.length} earlier {earlier.length === 1 ? "delivery" : "deliveries"} of {latest.eventType} with the same outcome
              <span className="font-normal text-muted-foreground">
                {" "}
                · since <LogTime iso={oldest.createdAt} />
              </span>
            </span>
          </summary>
          <Table className="border-t border-border bg-subtle/40 lg:table-fixed">
            <caption className="sr-only">
              Earlier deliveries of {latest.eventType} with the same outcome, newest first
            </caption>
            <LogColumns />
            <LogHeader className="sr-only" />
            <TableBody>
              {earlier.map((delivery) => (
                <DeliveryRow key={delivery.id} delivery={delivery} repeat />
              ))}
            </TableBody>
          </Table>
        </details>
      </TableCell>
    </TableRow>
  );
}

/** One delivery; `repeat`: one of a group's earlier ones, whose error the group's latest row shows. */
function DeliveryRow({ delivery, repeat = false }: { delivery: WebhookDelivery; repeat?: boolean }) {
  const timeZone = useSiteTimeZone();
  const style = statusStyles[deliveryState(delivery)];
  return (
    <TableRow
      data-testid={repeat ? "earlier-delivery-row" : "delivery-row"}
      className="align-top max-lg:flex max-lg:flex-wrap max-lg:items-center max-lg:gap-x-3 max-lg:gap-y-1.5 max-lg:px-4 max-lg:py-4 max-lg:[&>td]:p-0"
    >
      <TableCell className="text-sm text-muted-foreground max-lg:w-full">
        <LogTime iso={delivery.createdAt} />
      </TableCell>
      <TableCell className="min-w-0">
        <span className="block font-mono text-xs text-foreground">
          <WrapAfter text={delivery.eventType} marks="." />
        </span>
        {/* The Standard Webhooks id a receiver logs: the same on each attempt and on a redelivery (docs/decisions/073). */}
        <span className="mt-0.5 block font-mono text-[0.6875rem] text-muted-foreground [overflow-wrap:anywhere]" title="webhook-id">
          <span className="sr-only">webhook-id </span>
          {delivery.messageId}
        </span>
      </TableCell>
      <TableCell className="max-lg:w-full">
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className={cn("rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap", style.className)}>{style.label}</span>
          {/* The endpoint's answer when it gave one; a delivery that got none shows why below instead. */}
          {delivery.lastStatusCode !== null && <span className="font-mono text-xs text-muted-foreground">HTTP {delivery.lastStatusCode}</span>}
        </span>
        {/* The error in full, wrapped: what an engineer pastes into a search or a ticket. */}
        {!repeat && delivery.lastError && delivery.lastStatusCode === null && (
          <span className="mt-1.5 block font-mono text-xs leading-relaxed whitespace-pre-wrap text-foreground/80 [overflow-wrap:anywhere]">
            {delivery.lastError}
          </span>
        )}
      </TableCell>
      <TableCell className="text-sm text-muted-foreground">
        <span className="lg:hidden">Attempts </span>
        {delivery.attempts}
        {delivery.status === "pending" && delivery.nextAttemptAt && (
          <span className="block text-xs">
            Next retry{" "}
            <LogTime iso={delivery.nextAttemptAt} />
          </span>
        )}
      </TableCell>
      <TableCell className="text-right max-lg:w-full max-lg:text-left">
        {delivery.status === "pending" ? (
          // Redeliver comes once the delivery has ended; until then the retries need no one.
          <span className="text-xs text-muted-foreground">{delivery.attempts > 0 ? "Retries on its own" : "Queued"}</span>
        ) : (
          <ActionButton
            intent="redeliver"
            id={delivery.id}
            label="Redeliver"
            srLabel={`${delivery.eventType} of ${formatCmsDateTime(delivery.createdAt, timeZone)}`}
            icon={<RefreshCw aria-hidden="true" />}
            success="Queued again"
            variant="ghost"
          />
        )}
      </TableCell>
    </TableRow>
  );
}
