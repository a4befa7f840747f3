import { useId, type ReactNode } from "react";
import { Link, useFetcher } from "react-router";
import { ChevronDown, Download, History, Mail, MessageSquare, Phone, ShieldAlert, Trash2, UserRound } from "lucide-react";
import { Button, buttonVariants } from "../ui/button.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { Textarea } from "../ui/textarea.tsx";
import { useFetcherResult } from "../cms/use-fetcher-result.ts";
import { ENHANCED_FIELD, type ActionResult } from "../../lib/enhanced-form.ts";
import { cn } from "../../lib/cn.ts";
import { formatCmsDateTime } from "../../lib/cms-date.ts";
import { CmsShortTime } from "../cms/cms-time.tsx";
import { toast } from "../../lib/toast.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { useSiteTimeZone } from "../../lib/site-details.ts";
import {
  demoSpamReasonLabels,
  demoTriageStatuses,
  demoTriageStatusLabels,
  triageStatusOf,
  type DemoRequestRecord,
  type DemoTriageStatus,
} from "../../../shared/demo-request.ts";
import { DEMO_NOTE_MAX, type DemoLeadGroup, type DemoNotification, type DemoOwnerOption } from "../../../shared/demo-inbox.ts";

const statusStyles: Record<DemoTriageStatus, string> = {
  new: "bg-brand-50 text-brand-800 ring-brand-200",
  contacted: "bg-amber-50 text-amber-800 ring-amber-200",
  qualified: "bg-sky-50 text-sky-800 ring-sky-200",
  won: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  lost: "bg-slate-100 text-slate-700 ring-slate-200",
  spam: "bg-red-50 text-red-800 ring-red-200",
};

/**
 * The columns of a lead's row from 768 px (md): person, status, owner, received, the disclosure chevron. The inbox's
 * header row uses the same template, so its labels sit over their columns (docs/decisions/053, "Inbox layout").
 */
export const LEAD_ROW_COLUMNS = "md:grid-cols-[minmax(0,1fr)_6.5rem_8rem_8rem_1rem] lg:grid-cols-[minmax(0,1fr)_8rem_10rem_8.5rem_1rem]";
/** A lead row's padding and gaps, shared with the header row. */
export const LEAD_ROW_SPACING = "gap-x-4 px-4 sm:px-5";

// The site's zone and a fixed locale (docs/decisions/054): the server and the browser render the same text.
const formatReceived = (iso: string, timeZone: string) => formatCmsDateTime(iso, timeZone, { zone: true });

export function StatusBadge({ status }: { status: DemoTriageStatus }) {
  return (
    <span
      data-slot="status-badge"
      className={cn("inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset", statusStyles[status])}
    >
      {status === "spam" && <ShieldAlert aria-hidden="true" className="size-3.5" />}
      <span className="sr-only">Status: </span>
      {demoTriageStatusLabels[status]}
    </span>
  );
}

/** The inbox's form posts: a plain form post without JavaScript; with it, a fetcher and a toast. */
function useInboxAction(successTitle: string, key?: string) {
  const fetcher = useFetcher<ActionResult>({ key });
  const hydrated = useHydrated();
  useFetcherResult(fetcher, (result) => {
    if (result.ok) toast({ title: successTitle, description: result.message });
    else toast({ variant: "destructive", title: "Update failed", description: result.message });
  });
  const hidden = (id: number, intent: string) => (
    <>
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="intent" value={intent} />
      {hydrated && <input type="hidden" name={ENHANCED_FIELD} value="1" />}
    </>
  );
  return { fetcher, pending: fetcher.state !== "idle", hidden };
}

/**
 * "Not spam" and "Spam" move the card out of the list it is in, so their toast is shown by the page,
 * which stays: the page calls this hook, the cards' forms share the fetcher by its key.
 */
const MOVE_FETCHER = "demo-request-move";
export function useMoveToast() {
  useInboxAction("Status updated", MOVE_FETCHER);
}

/**
 * One person's demo requests as one card (docs/decisions/053): the newest matching request with every
 * field, triage (six statuses in one step, owner), the sales e-mail's state, notes and history, earlier
 * requests from the same address, and the person's data export and erasure.
 */
export function DemoRequestCard({
  group,
  owners,
  deleteHref,
  pageTitles = {},
  open = false,
}: {
  group: DemoLeadGroup;
  owners: DemoOwnerOption[];
  /** The titles of the landing pages requests were sent from, by address (docs/decisions/038). */
  pageTitles?: Record<string, string>;
  /** The inbox's address with `?delete=` this lead: the confirmation. */
  deleteHref: string;
  /** Shown opened: the lead in the address (`?open=`), so a post without JavaScript comes back to it. */
  open?: boolean;
}) {
  const { lead, requests } = group;
  const titleId = useId();
  const status = triageStatusOf(lead);
  const campaign = [lead.utmSource, lead.utmMedium, lead.utmCampaign, lead.utmTerm, lead.utmContent].filter(Boolean).join(" / ");
  const visit = visitSummary(lead);
  const earlier = requests.filter((request) => request.id !== lead.id);
  const preview = lead.message?.replace(/\s+/g, " ").trim();
  return (
    <article aria-labelledby={titleId} id={`lead-${lead.id}`} className="scroll-mt-4">
      <details open={open} className="group/lead">
        <summary
          className={cn(
            "grid cursor-pointer list-none grid-cols-[minmax(0,1fr)_auto] items-center gap-y-1 py-3 outline-none hover:bg-subtle focus-visible:bg-subtle focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset [&::-webkit-details-marker]:hidden",
            LEAD_ROW_SPACING,
            LEAD_ROW_COLUMNS,
          )}
        >
          <div className="flex min-w-0 items-center gap-2">
            <h2 id={titleId} className="truncate text-sm font-semibold text-foreground">
              {lead.name}
            </h2>
            {requests.length > 1 && (
              <span className="inline-flex shrink-0 items-center rounded-full bg-violet-50 px-2 py-0.5 text-xs font-semibold text-violet-800 ring-1 ring-violet-200 ring-inset">
                {requests.length} requests
              </span>
            )}
          </div>
          <span className="justify-self-end md:row-span-2 md:justify-self-start">
            <StatusBadge status={status} />
          </span>
          <div className="col-span-2 truncate text-sm text-muted-foreground md:col-span-1 md:col-start-1 md:row-start-2">
            <span className="sr-only">Organization: </span>
            {lead.organization}
            {preview && (
              <>
                <span aria-hidden="true"> · </span>
                <span className="sr-only">Message: </span>
                <span className="text-muted-foreground/90">{preview}</span>
              </>
            )}
          </div>
          <span className="truncate text-sm text-muted-foreground md:row-span-2">
            <span className="sr-only">Owner: </span>
            {group.owner ? <span className="text-foreground">{group.owner.name}</span> : "Unassigned"}
          </span>
          <span className="justify-self-end text-sm text-muted-foreground tabular-nums md:row-span-2 md:justify-self-start">
            <span className="sr-only">Received </span>
            <CmsShortTime iso={lead.createdAt} />
          </span>
          <ChevronDown aria-hidden="true" className="hidden size-4 text-muted-foreground transition-transform group-open/lead:rotate-180 md:row-span-2 md:block" />
        </summary>
      <div className="grid gap-6 border-t border-border bg-white px-4 py-5 sm:px-5 lg:grid-cols-[minmax(0,1fr)_19rem]">
        <div className="min-w-0">
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
            <Detail label="Email">
              <a href={`mailto:${lead.email}`} className="inline-flex items-center gap-1.5 break-all text-primary-strong underline-offset-4 hover:underline">
                <Mail aria-hidden="true" className="size-4 shrink-0" />
                {lead.email}
              </a>
            </Detail>
            <Detail label="Phone">
              {lead.phone ? (
                <a href={`tel:${lead.phone.replace(/[^\d+]/g, "")}`} className="inline-flex items-center gap-1.5 text-primary-strong underline-offset-4 hover:underline">
                  <Phone aria-hidden="true" className="size-4 shrink-0" />
                  {lead.phone}
                </a>
              ) : (
                <span className="text-muted-foreground">Not given</span>
              )}
            </Detail>
            <Detail label="Came from">{visit ?? <span className="text-muted-foreground">Unknown</span>}</Detail>
            <Detail label="Campaign">{campaign || <span className="text-muted-foreground">None</span>}</Detail>
            <Detail label="Form opened from">{lead.sourcePage ?? <span className="text-muted-foreground">Unknown</span>}</Detail>
            {lead.formPage && (
              <Detail label="Sent from">
                <a href={lead.formPage} className="text-primary-strong underline-offset-4 hover:underline">
                  {pageTitles[lead.formPage] ?? lead.formPage}
                </a>
              </Detail>
            )}
            <Detail label="Sales notified">
              <NotificationState notification={group.notification} />
            </Detail>
            {lead.spamReasons.length > 0 && (
              <Detail label="Why it is in spam">{lead.spamReasons.map((reason) => demoSpamReasonLabels[reason]).join("; ")}</Detail>
            )}
          </dl>
          <div className="mt-4">
            <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Additional Information</p>
            {lead.message ? (
              <p className="mt-1 text-sm leading-6 break-words whitespace-pre-line text-foreground">{lead.message}</p>
            ) : (
              <p className="mt-1 text-sm text-muted-foreground">None</p>
            )}
          </div>
          {earlier.length > 0 && <EarlierRequests requests={earlier} />}
          <Timeline group={group} owners={owners} />
        </div>

        <aside aria-label={`Triage ${lead.name}`} className="flex min-w-0 flex-col gap-4 self-start rounded-xl bg-subtle p-4">
          <StatusButtons request={lead} />
          {lead.spamReasons.length > 0 && <NotSpamForm request={lead} />}
          <OwnerForm request={lead} owner={group.owner} owners={owners} />
          <NoteForm request={lead} />
          <div className="flex flex-wrap gap-2 border-t border-border pt-4">
            <form method="post" action="/cms/demo-requests/subject-access">
              <input type="hidden" name="email" value={lead.email} />
              <Button type="submit" variant="outline" size="sm">
                <Download aria-hidden="true" />
                Export data <span className="sr-only">of {lead.name} as JSON</span>
              </Button>
            </form>
            <Link to={deleteHref} preventScrollReset className={buttonVariants({ variant: "ghost", size: "sm", className: "text-red-700 hover:bg-red-50" })}>
              <Trash2 aria-hidden="true" />
              Delete <span className="sr-only">{lead.name}'s data</span>
            </Link>
          </div>
        </aside>
      </div>
      </details>
    </article>
  );
}

/** Six statuses, one step each: a submit button per status, so it works by keyboard and without JavaScript. */
function StatusButtons({ request }: { request: DemoRequestRecord }) {
  const current = triageStatusOf(request);
  const spam = current === "spam";
  // Spam and back move the card to the other view: the page keeps that fetcher (and its toast).
  const { fetcher, pending, hidden } = useInboxAction("Status updated");
  const move = useFetcher<ActionResult>({ key: MOVE_FETCHER });
  const groupId = useId();
  const button = (status: DemoTriageStatus) => {
    const pressed = status === current;
    return (
      <button
        key={status}
        type="submit"
        name="status"
        value={status}
        aria-pressed={pressed}
        disabled={pending}
        className={cn(
          "inline-flex h-9 items-center justify-center rounded-lg px-2 text-xs font-semibold ring-1 ring-inset transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60",
          pressed ? statusStyles[status] : "bg-white text-foreground ring-border-strong hover:bg-muted",
          pressed && "ring-2",
        )}
      >
        {demoTriageStatusLabels[status]}
      </button>
    );
  };
  const Form = spam ? move.Form : fetcher.Form;
  return (
    <div>
      <p id={groupId} className="mb-2 text-sm font-medium text-foreground">
        Status <span className="sr-only">of {request.name}'s request</span>
      </p>
      <Form method="post">
        {hidden(request.id, "status")}
        <div role="group" aria-labelledby={groupId} className="grid grid-cols-3 gap-1.5">
          {demoTriageStatuses.filter((status) => status !== "spam").map(button)}
        </div>
      </Form>
      {!spam && (
        <move.Form method="post" className="mt-1.5">
          {hidden(request.id, "status")}
          <button
            type="submit"
            name="status"
            value="spam"
            aria-pressed={false}
            className="inline-flex h-9 w-full items-center justify-center gap-1.5 rounded-lg bg-white px-2 text-xs font-semibold text-red-800 ring-1 ring-red-200 ring-inset transition-colors outline-none hover:bg-red-50 focus-visible:ring-2 focus-visible:ring-ring"
          >
            <ShieldAlert aria-hidden="true" className="size-3.5" />
            Mark as spam <span className="sr-only">: {request.name}</span>
          </button>
        </move.Form>
      )}
    </div>
  );
}

/** "Not spam": back to the leads with its pipeline status, and sales is e-mailed now (docs/decisions/050). */
function NotSpamForm({ request }: { request: DemoRequestRecord }) {
  const move = useFetcher<ActionResult>({ key: MOVE_FETCHER });
  const hydrated = useHydrated();
  return (
    <move.Form method="post" className="flex flex-col gap-2">
      <input type="hidden" name="id" value={request.id} />
      <input type="hidden" name="intent" value="not-spam" />
      {hydrated && <input type="hidden" name={ENHANCED_FIELD} value="1" />}
      <p className="text-sm text-muted-foreground">Kept out of the sales e-mail. A real lead?</p>
      <Button type="submit" variant="outline" size="sm" disabled={move.state !== "idle"}>
        {move.state !== "idle" && <Spinner />}
        Not spam <span className="sr-only">: {request.name}</span>
      </Button>
    </move.Form>
  );
}

function OwnerForm({ request, owner, owners }: { request: DemoRequestRecord; owner: DemoOwnerOption | null; owners: DemoOwnerOption[] }) {
  const { fetcher, pending, hidden } = useInboxAction("Owner updated");
  const selectId = useId();
  return (
    <fetcher.Form method="post" className="grid gap-2">
      {hidden(request.id, "owner")}
      <label htmlFor={selectId} className="text-sm font-medium text-foreground">
        Owner <span className="sr-only">of {request.name}'s request</span>
      </label>
      <div className="flex gap-2">
        <select
          id={selectId}
          name="ownerId"
          defaultValue={owner ? String(owner.id) : ""}
          key={owner?.id ?? "none"}
          className="h-9 min-w-0 flex-1 rounded-lg border border-border-strong bg-white px-2 text-sm text-foreground shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30"
        >
          <option value="">Nobody</option>
          {owners.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </select>
        <Button type="submit" variant="outline" size="sm" disabled={pending}>
          {pending && <Spinner />}
          Assign
        </Button>
      </div>
    </fetcher.Form>
  );
}

function NoteForm({ request }: { request: DemoRequestRecord }) {
  const { fetcher, pending, hidden } = useInboxAction("Note added");
  const fieldId = useId();
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  return (
    <fetcher.Form method="post" className="grid gap-2" key={fetcher.data?.ok ? fetcher.data.message : "note"}>
      {hidden(request.id, "note")}
      <label htmlFor={fieldId} className="text-sm font-medium text-foreground">
        Internal note <span className="sr-only">on {request.name}'s request</span>
      </label>
      <Textarea
        id={fieldId}
        name="body"
        rows={2}
        maxLength={DEMO_NOTE_MAX}
        required
        aria-invalid={failed ? true : undefined}
        className="min-h-16 bg-white text-sm"
        placeholder="Only your team sees notes"
      />
      <Button type="submit" variant="outline" size="sm" disabled={pending} className="justify-self-start">
        {pending ? <Spinner /> : <MessageSquare aria-hidden="true" />}
        Add note
      </Button>
    </fetcher.Form>
  );
}

/** The sales e-mail as it really is (docs/decisions/053). */
function NotificationState({ notification }: { notification: DemoNotification }) {
  const timeZone = useSiteTimeZone();
  switch (notification.state) {
    case "sent":
      return <time dateTime={notification.at}>{formatReceived(notification.at, timeZone)}</time>;
    case "not-configured":
      return <span className="text-muted-foreground">E-mail not configured</span>;
    case "held":
      return <span className="text-muted-foreground">Held back until marked “Not spam”</span>;
    case "failed":
      return (
        <span className="text-red-800">
          Failed after {notification.attempts} attempts{notification.reason ? `: ${notification.reason}` : ""}
        </span>
      );
    case "not-sent":
      return <span className="text-muted-foreground">Not sent: {notification.reason}</span>;
    case "pending":
      return (
        <span className="text-muted-foreground">
          {notification.attempts === 0 ? "Sending" : `Pending: attempt ${notification.attempts} failed${notification.reason ? ` (${notification.reason})` : ""}`}
          {notification.attempts > 0 && notification.nextAt && (
            <>
              ; next try <time dateTime={notification.nextAt}>{formatReceived(notification.nextAt, timeZone)}</time>
            </>
          )}
        </span>
      );
  }
}

function EarlierRequests({ requests }: { requests: DemoRequestRecord[] }) {
  const timeZone = useSiteTimeZone();
  return (
    <details className="group mt-5 rounded-xl border border-border">
      <summary className="cursor-pointer rounded-xl px-4 py-3 text-sm font-medium text-foreground outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring">
        Other requests from this address ({requests.length})
      </summary>
      <ol className="divide-y divide-border border-t border-border">
        {requests.map((request) => (
          <li key={request.id} className="grid gap-1 px-4 py-3 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <time dateTime={request.createdAt} className="font-medium text-foreground">
                {formatReceived(request.createdAt, timeZone)}
              </time>
              <StatusBadge status={triageStatusOf(request)} />
              <span className="text-muted-foreground">{request.organization}</span>
            </div>
            {request.message && <p className="break-words whitespace-pre-line text-muted-foreground">{request.message}</p>}
            {request.sourcePage && <p className="text-xs text-muted-foreground">Form opened from {request.sourcePage}</p>}
          </li>
        ))}
      </ol>
    </details>
  );
}

type TimelineEntry = { at: string; key: string; icon: ReactNode; text: ReactNode };

/** Requests, notes and changes from this address, newest first. */
function Timeline({ group, owners }: { group: DemoLeadGroup; owners: DemoOwnerOption[] }) {
  const timeZone = useSiteTimeZone();
  const ownerName = (id: string | null) => owners.find((owner) => String(owner.id) === id)?.name ?? "a former administrator";
  const entries: TimelineEntry[] = [
    ...group.requests.map((request) => ({
      at: request.createdAt,
      key: `r${request.id}`,
      icon: <Mail aria-hidden="true" className="size-3.5" />,
      text: <>Request received{request.sourcePage ? ` from ${request.sourcePage}` : ""}</>,
    })),
    ...group.notes.map((note) => ({
      at: note.createdAt,
      key: `n${note.id}`,
      icon: <MessageSquare aria-hidden="true" className="size-3.5" />,
      text: (
        <>
          <span className="font-medium text-foreground">{note.author?.name ?? "A deleted user"}</span> wrote:{" "}
          <span className="break-words whitespace-pre-line text-foreground">{note.body}</span>
        </>
      ),
    })),
    ...group.events.map((event) => ({
      at: event.createdAt,
      key: `e${event.id}`,
      icon: event.kind === "owner" ? <UserRound aria-hidden="true" className="size-3.5" /> : <History aria-hidden="true" className="size-3.5" />,
      text: (
        <>
          <span className="font-medium text-foreground">{event.actor?.name ?? "Someone"}</span>{" "}
          {event.kind === "owner"
            ? event.to === null
              ? "removed the owner"
              : `gave it to ${ownerName(event.to)}`
            : event.kind === "spam"
              ? "marked it as spam"
              : event.kind === "not-spam"
                ? "marked it as not spam"
                : `changed the status from ${labelOf(event.from)} to ${labelOf(event.to)}`}
        </>
      ),
    })),
  ].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : b.key.localeCompare(a.key)));
  if (entries.length <= 1) return null;
  return (
    <div className="mt-5">
      <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Notes and history</h3>
      <ol className="mt-2 grid gap-2.5 border-l border-border pl-4">
        {entries.map((entry) => (
          <li key={entry.key} className="relative text-sm text-muted-foreground">
            <span className="absolute top-0.5 -left-[1.53rem] flex size-5 items-center justify-center rounded-full bg-white text-muted-foreground ring-1 ring-border">
              {entry.icon}
            </span>
            <p>{entry.text}</p>
            <time dateTime={entry.at} className="text-xs">
              {formatReceived(entry.at, timeZone)}
            </time>
          </li>
        ))}
      </ol>
    </div>
  );
}

const labelOf = (value: string | null) => (value && value in demoTriageStatusLabels ? demoTriageStatusLabels[value as DemoTriageStatus] : "none");

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
