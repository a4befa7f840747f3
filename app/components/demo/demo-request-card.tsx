import { useEffect, useId, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { Building2, Mail, Phone, ShieldAlert } from "lucide-react";
import { Button } from "../ui/button.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { ENHANCED_FIELD, type ActionResult } from "../../lib/enhanced-form.ts";
import { cn } from "../../lib/cn.ts";
import { toast } from "../../lib/toast.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import {
  demoRequestStatuses,
  demoRequestStatusLabels,
  demoSpamReasonLabels,
  type DemoRequestRecord,
  type DemoRequestStatus,
} from "../../lib/demo-request.ts";

const statusStyles: Record<DemoRequestStatus, string> = {
  new: "bg-brand-50 text-brand-800 ring-brand-200",
  contacted: "bg-amber-50 text-amber-800 ring-amber-200",
  closed: "bg-slate-100 text-slate-700 ring-slate-200",
};

// A fixed zone and locale: the server and the browser render the same text (no hydration mismatch).
const receivedFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});
export const formatReceived = (iso: string) => `${receivedFormat.format(new Date(iso))} UTC`;

export function StatusBadge({ status }: { status: DemoRequestStatus }) {
  return (
    <span
      data-slot="status-badge"
      className={cn("inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset", statusStyles[status])}
    >
      <span className="sr-only">Status: </span>
      {demoRequestStatusLabels[status]}
    </span>
  );
}

/** One lead with every field, and the control that moves it between New, Contacted and Closed. */
export function DemoRequestCard({ request }: { request: DemoRequestRecord }) {
  const titleId = useId();
  const campaign = [request.utmSource, request.utmMedium, request.utmCampaign, request.utmTerm, request.utmContent]
    .filter(Boolean)
    .join(" / ");
  const visit = visitSummary(request);
  return (
    <article aria-labelledby={titleId} className="rounded-2xl border border-border bg-white shadow-card">
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-border px-5 py-4 sm:px-6">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={titleId} className="text-base font-semibold text-foreground">
              {request.name}
            </h2>
            {request.spamReasons.length > 0 ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-200 ring-inset">
                <ShieldAlert aria-hidden="true" className="size-3.5" />
                Suspected spam
              </span>
            ) : (
              <StatusBadge status={request.status} />
            )}
          </div>
          <p className="mt-1 flex items-center gap-1.5 text-sm text-muted-foreground">
            <Building2 aria-hidden="true" className="size-4 shrink-0" />
            <span className="truncate">{request.organization}</span>
          </p>
        </div>
        <p className="text-sm text-muted-foreground">
          <span className="sr-only">Received </span>
          <time dateTime={request.createdAt}>{formatReceived(request.createdAt)}</time>
        </p>
      </header>
      <div className="grid gap-6 px-5 py-5 sm:px-6 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <div className="min-w-0">
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
            <Detail label="Email">
              <a href={`mailto:${request.email}`} className="inline-flex items-center gap-1.5 break-all text-primary-strong underline-offset-4 hover:underline">
                <Mail aria-hidden="true" className="size-4 shrink-0" />
                {request.email}
              </a>
            </Detail>
            <Detail label="Phone">
              {request.phone ? (
                <a href={`tel:${request.phone.replace(/[^\d+]/g, "")}`} className="inline-flex items-center gap-1.5 text-primary-strong underline-offset-4 hover:underline">
                  <Phone aria-hidden="true" className="size-4 shrink-0" />
                  {request.phone}
                </a>
              ) : (
                <span className="text-muted-foreground">Not given</span>
              )}
            </Detail>
            <Detail label="Came from">{visit ?? <span className="text-muted-foreground">Unknown</span>}</Detail>
            <Detail label="Campaign">{campaign || <span className="text-muted-foreground">None</span>}</Detail>
            <Detail label="Form opened from">{request.sourcePage ?? <span className="text-muted-foreground">Unknown</span>}</Detail>
            {request.spamReasons.length > 0 && (
              <Detail label="Why it looks like spam">
                {request.spamReasons.map((reason) => demoSpamReasonLabels[reason]).join("; ")}
              </Detail>
            )}
            <Detail label="Sales notified">
              {request.notifiedAt ? (
                <time dateTime={request.notifiedAt}>{formatReceived(request.notifiedAt)}</time>
              ) : (
                <span className="text-muted-foreground">
                  {request.spamReasons.length > 0
                    ? "Held back until marked “Not spam”"
                    : request.notifyAttempts > 0
                      ? `Not yet (${request.notifyAttempts} failed attempts)`
                      : "Not yet"}
                </span>
              )}
            </Detail>
          </dl>
          <div className="mt-4">
            <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Additional Information</p>
            {request.message ? (
              <p className="mt-1 text-sm leading-6 break-words whitespace-pre-line text-foreground">{request.message}</p>
            ) : (
              <p className="mt-1 text-sm text-muted-foreground">None</p>
            )}
          </div>
        </div>
        {request.spamReasons.length > 0 ? <NotSpamForm request={request} /> : <StatusForm request={request} />}
      </div>
    </article>
  );
}

/**
 * "news.example · landed on /enterprise": the visit that brought the lead, known only with the visitor's
 * analytics consent (docs/decisions/052). One string, so it reads as one phrase in the page's text.
 */
function visitSummary({ referrer, landingPage }: Pick<DemoRequestRecord, "referrer" | "landingPage">): string | null {
  const site = referrer && URL.canParse(referrer) ? new URL(referrer).host : null;
  if (!site && !landingPage) return null;
  return [site ?? "Direct visit", landingPage && `landed on ${landingPage}`].filter(Boolean).join(" · ");
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="mt-1 break-words text-foreground">{children}</dd>
    </div>
  );
}

/** Toasts the outcome of an inbox action once its fetcher is done. */
function useInboxActionToast(fetcher: ReturnType<typeof useFetcher<ActionResult>>, successTitle: string) {
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) toast({ title: successTitle, description: fetcher.data.message });
    else toast({ variant: "destructive", title: "Update failed", description: fetcher.data.message });
  }, [fetcher.state, fetcher.data, successTitle]);
}

/**
 * "Not spam" moves the card out of the list it is in, so its toast is shown by the page, which
 * stays: the page calls this hook, the card's form shares the fetcher by its key.
 */
const NOT_SPAM_FETCHER = "demo-request-not-spam";
export function useNotSpamToast() {
  useInboxActionToast(useFetcher<ActionResult>({ key: NOT_SPAM_FETCHER }), "Marked as not spam");
}

/** A form posted to the inbox's action: a plain form post without JavaScript; with it, a fetcher. */
function useInboxAction(key?: string) {
  const fetcher = useFetcher<ActionResult>({ key });
  const hydrated = useHydrated();
  const hiddenFields = (request: DemoRequestRecord, intent: string) => (
    <>
      <input type="hidden" name="id" value={request.id} />
      <input type="hidden" name="intent" value={intent} />
      {hydrated && <input type="hidden" name={ENHANCED_FIELD} value="1" />}
    </>
  );
  return { fetcher, pending: fetcher.state !== "idle", hiddenFields };
}

/** Suspected spam waits here until someone looks: "Not spam" makes it a lead and e-mails sales (docs/decisions/050). */
function NotSpamForm({ request }: { request: DemoRequestRecord }) {
  const { fetcher, pending, hiddenFields } = useInboxAction(NOT_SPAM_FETCHER);
  return (
    <fetcher.Form method="post" className="flex flex-col gap-2 self-start rounded-xl bg-subtle p-4">
      {hiddenFields(request, "not-spam")}
      <p className="text-sm text-muted-foreground">Kept out of the sales e-mail. A real lead?</p>
      <Button type="submit" variant="outline" size="sm" disabled={pending}>
        {pending && <Spinner />}
        Not spam <span className="sr-only">: {request.name}</span>
      </Button>
    </fetcher.Form>
  );
}

function StatusForm({ request }: { request: DemoRequestRecord }) {
  const { fetcher, pending, hiddenFields } = useInboxAction();
  useInboxActionToast(fetcher, "Status updated");
  const selectId = useId();

  return (
    <fetcher.Form method="post" className="flex flex-col gap-2 self-start rounded-xl bg-subtle p-4">
      {hiddenFields(request, "status")}
      <label htmlFor={selectId} className="text-sm font-medium text-foreground">
        Status <span className="sr-only">of {request.name}'s request</span>
      </label>
      <select
        id={selectId}
        name="status"
        defaultValue={request.status}
        key={request.status}
        className="h-10 w-full rounded-lg border border-border-strong bg-white px-3 text-sm text-foreground shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30"
      >
        {demoRequestStatuses.map((status) => (
          <option key={status} value={status}>
            {demoRequestStatusLabels[status]}
          </option>
        ))}
      </select>
      <Button type="submit" variant="outline" size="sm" disabled={pending}>
        {pending && <Spinner />}
        Update status
      </Button>
    </fetcher.Form>
  );
}
