import { useEffect } from "react";
import { Link, useRevalidator } from "react-router";
import { RefreshCw } from "lucide-react";
import type { Webhook, WebhookDelivery, WebhookDeliveryPage } from "../../../../shared/webhooks.ts";
import { useSiteTimeZone } from "../../../lib/site-details.ts";
import { formatCmsDateTime } from "../../../lib/cms-date.ts";
import { cn } from "../../../lib/cn.ts";
import { useHydrated } from "../../../lib/use-hydrated.ts";
import { Button } from "../../ui/button.tsx";
import { Card } from "../../ui/card.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../ui/table.tsx";
import { ListPagination } from "../list-pagination.tsx";
import { ActionButton } from "./action-button.tsx";

function LogTime({ iso }: { iso: string }) {
  const timeZone = useSiteTimeZone();
  return (
    <time dateTime={iso} title={formatCmsDateTime(iso, timeZone, { seconds: true, zone: true })}>
      {formatCmsDateTime(iso, timeZone)}
    </time>
  );
}

const statusStyles: Record<WebhookDelivery["status"] | "retrying", { label: string; className: string }> = {
  delivered: { label: "Delivered", className: "bg-emerald-50 text-emerald-800" },
  pending: { label: "Queued", className: "bg-sky-50 text-sky-800" },
  retrying: { label: "Retrying", className: "bg-amber-50 text-amber-900" },
  failed: { label: "Failed", className: "bg-red-50 text-red-800" },
};

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
                <TableHead>Attempts</TableHead>
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
  const timeZone = useSiteTimeZone();
  const style = statusStyles[delivery.status === "pending" && delivery.attempts > 0 ? "retrying" : delivery.status];
  return (
    <TableRow
      data-testid="delivery-row"
      className="max-md:flex max-md:flex-wrap max-md:items-center max-md:gap-x-3 max-md:gap-y-1.5 max-md:px-4 max-md:py-4 max-md:[&>td]:p-0"
    >
      {/* The date and the time may take two lines below 1024 px, so five columns fit at 768 px (docs/decisions/073). */}
      <TableCell className="text-sm text-muted-foreground max-md:w-full md:min-w-28 lg:whitespace-nowrap">
        <LogTime iso={delivery.createdAt} />
      </TableCell>
      <TableCell className="font-mono text-xs text-foreground">{delivery.eventType}</TableCell>
      {/* Status with the endpoint's HTTP answer under it, and attempts with the next retry: five columns fit
          the page's width from 768 px without a sideways scroll (docs/decisions/069, 073). */}
      <TableCell>
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className={cn("rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap", style.className)}>{style.label}</span>
          {/* The endpoint's answer when it gave one; a delivery that got none shows why below instead. */}
          {delivery.lastStatusCode !== null && <span className="font-mono text-xs text-muted-foreground">HTTP {delivery.lastStatusCode}</span>}
        </span>
        {delivery.lastError && delivery.lastStatusCode === null && (
          <span className="mt-1 block max-w-44 truncate text-xs text-muted-foreground lg:max-w-56" title={delivery.lastError}>
            {delivery.lastError}
          </span>
        )}
      </TableCell>
      <TableCell className="text-sm text-muted-foreground">
        <span className="md:hidden">Attempts </span>
        {delivery.attempts}
        {delivery.status === "pending" && delivery.nextAttemptAt && (
          <span className="block text-xs">
            Next retry{" "}
            {/* Its date may take two lines below 1024 px, so the Actions column fits at 768 px too (docs/decisions/073). */}
            <span className="lg:whitespace-nowrap">
              <LogTime iso={delivery.nextAttemptAt} />
            </span>
          </span>
        )}
      </TableCell>
      <TableCell className="text-right max-md:w-full max-md:text-left">
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
