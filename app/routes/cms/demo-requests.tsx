import { DateRangeFilter, FilterField, FiltersSummary, filterSelectClass } from "../../components/cms/filter-field.tsx";
import { DEMO_REQUEST_GONE } from "../../../shared/not-found.ts";
import type { FormEvent, ReactNode } from "react";
import { data, Form, Link, redirect, useNavigate } from "react-router";
import { Download, Inbox, Search, ShieldAlert } from "lucide-react";
import { MAX_ID } from "../../../shared/ids.ts";
import { z } from "../../../shared/zod.ts";
import { cn } from "../../lib/cn.ts";
import type { Route } from "./+types/demo-requests";
import { CmsShell } from "../../components/cms/cms-shell.tsx";
import { ConfirmDelete } from "../../components/cms/confirm-delete.tsx";
import { useFetcherResult } from "../../components/cms/use-fetcher-result.ts";
import { DemoRequestCard, LEAD_ROW_COLUMNS, LEAD_ROW_SPACING, useMoveToast } from "../../components/demo/demo-request-card.tsx";
import { Button, buttonVariants } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";
import { staffContext } from "../../lib/auth.server.ts";
import { noStoreHeaders, readCmsForm } from "../../lib/cms-form.server.ts";
import { refusalData } from "../../lib/refusal.server.ts";
import { firstMessagePerField } from "../../../shared/field-errors.ts";
import { isRefusal } from "../../../shared/refusal.ts";
import { toast } from "../../lib/toast.ts";
import { useFetcher } from "react-router";
import type { ActionResult } from "../../lib/enhanced-form.ts";
import { demoRequestStatuses, demoRequestStatusLabels, demoTriageStatuses, demoTriageStatusLabels } from "../../../shared/demo-request.ts";
import { demoInboxQuerySchema, demoInboxSearch, demoNoteSchema, type DemoInboxQuery } from "../../../shared/demo-inbox.ts";
import { servicesContext } from "../../request-context.ts";

export function headers() {
  return noStoreHeaders;
}

const UNKNOWN = "Unknown demo request";
const requestId = z.coerce.number(UNKNOWN).int(UNKNOWN).positive(UNKNOWN).max(MAX_ID, UNKNOWN);
const ownerId = z
  .string()
  .transform((value) => (value === "" ? null : Number(value)))
  .pipe(z.number().int().positive().max(MAX_ID).nullable())
  .catch(-1);
/** The inbox's actions (docs/decisions/053): a status of six, Not spam, an owner, a note, erasure. */
const inboxActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("status"), id: requestId, status: z.enum(demoTriageStatuses, "Choose New, Contacted, Qualified, Won, Lost or Spam") }),
  z.object({ intent: z.literal("not-spam"), id: requestId }),
  z.object({ intent: z.literal("owner"), id: requestId, ownerId }),
  z.object({ intent: z.literal("note"), id: requestId, body: demoNoteSchema.shape.body }),
  z.object({ intent: z.literal("delete"), id: requestId }),
]);

const readQuery = (url: URL): DemoInboxQuery => demoInboxQuerySchema.parse(Object.fromEntries(url.searchParams));

/** The sales inbox (decisions 052, 053): one card per person, newest first, filtered in the address, admin only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(staffContext);
  const url = new URL(request.url);
  const query = readQuery(url);
  const { demoRequests } = context.get(servicesContext);
  const [result, spam, options] = await Promise.all([
    demoRequests.inbox(query),
    demoRequests.inbox({ view: "spam", page: 1 }),
    demoRequests.filterOptions(),
  ]);
  const deleteId = Number(url.searchParams.get("delete"));
  const confirmDelete = result.groups.find((group) => group.lead.id === deleteId) ?? null;
  // The lead shown opened (docs/decisions/053, "Inbox layout"): a link or a post without JavaScript names it.
  const openId = Number(url.searchParams.get("open")) || null;
  // "Sent from": the titles of the landing pages the shown requests were sent from (docs/decisions/038).
  const pageTitles = await demoRequests.formPageTitles(result.groups.flatMap((group) => (group.lead.formPage ? [group.lead.formPage] : [])));
  return { user, query, spamTotal: spam.total, options, confirmDelete, pageTitles, openId, ...result };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { form, enhanced } = await readCmsForm(request);
  const user = context.get(staffContext);
  const parsed = inboxActionSchema.safeParse({ intent: "status", ...Object.fromEntries(form) });
  if (!parsed.success) {
    const errors = firstMessagePerField(parsed.error.issues);
    return data({ ok: false as const, message: Object.values(errors)[0] ?? "Invalid request", errors }, { status: 400 });
  }
  const { demoRequests } = context.get(servicesContext);
  const action = parsed.data;
  const url = new URL(request.url);
  url.searchParams.delete("delete");
  const gone = () => data({ ok: false as const, message: DEMO_REQUEST_GONE }, { status: 404 });
  let message: string;
  switch (action.intent) {
    case "not-spam": {
      const updated = await demoRequests.markNotSpam(action.id, user.id);
      if (isRefusal(updated)) return updated.code === "not-found" ? gone() : refusalData(updated);
      message = `${updated.name} is now in the leads, and sales has been notified.`;
      break;
    }
    case "status": {
      const updated = await demoRequests.setStatus(action.id, action.status, user.id);
      if (isRefusal(updated)) return gone();
      message =
        action.status === "spam" ? `${updated.name} is now in Suspected spam.` : `${updated.name} is now ${demoRequestStatusLabels[updated.status]}.`;
      break;
    }
    case "owner": {
      if (action.ownerId === -1) return data({ ok: false as const, message: "Choose an owner from the list." }, { status: 400 });
      const updated = await demoRequests.assignOwner(action.id, action.ownerId, user.id);
      if (isRefusal(updated)) return data({ ok: false as const, message: updated.message }, { status: updated.code === "not-found" ? 404 : 400 });
      message = action.ownerId === null ? `${updated.name} has no owner now.` : `${updated.name} has a new owner.`;
      break;
    }
    case "note": {
      const note = await demoRequests.addNote(action.id, action.body, user.id);
      if (isRefusal(note)) return gone();
      message = "Your note is saved.";
      break;
    }
    case "delete": {
      // A card is a person: every request from the address goes (an erasure request, docs/decisions/053).
      const target = await demoRequests.findById(action.id);
      const { erased } = isRefusal(target) ? { erased: 0 } : await demoRequests.eraseByEmail(target.email);
      message = erased === 0 ? "Already deleted." : `Deleted ${erased === 1 ? "1 request" : `${erased} requests`} and everything linked to them.`;
      break;
    }
  }
  // Without JavaScript: back to the same list (same filters and page), so a reload does not post again,
  // with the lead still open (docs/decisions/053, "Inbox layout").
  if (!enhanced) {
    if (action.intent !== "delete") url.searchParams.set("open", String(action.id));
    else url.searchParams.delete("open");
    throw redirect(action.intent === "delete" ? `${url.pathname}${url.search}` : `${url.pathname}${url.search}#lead-${action.id}`);
  }
  return { ok: true as const, message };
}

export default function DemoRequests({ loaderData }: Route.ComponentProps) {
  const { user, query, spamTotal, groups, total, pageSize, options, confirmDelete, pageTitles, openId } = loaderData;
  const navigate = useNavigate();
  useMoveToast();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const here = (changes: Partial<DemoInboxQuery>) => `/cms/demo-requests${demoInboxSearch({ ...query, ...changes })}`;
  const exportHref = `/cms/demo-requests.csv${demoInboxSearch({ ...query, page: 1 })}`;
  const filtered = Boolean(query.q || query.status || query.from || query.to || query.campaign || query.source);
  const clearHref = query.view === "spam" ? "/cms/demo-requests?view=spam" : "/cms/demo-requests";
  const deleteFetcher = useFetcher<ActionResult>({ key: "delete-demo-request" });
  const closeDialog = () => void navigate(here({}), { replace: true, preventScrollReset: true });
  useFetcherResult(deleteFetcher, (result) => {
    if (result.ok) {
      toast({ title: "Deleted", description: result.message });
      closeDialog();
    } else toast({ variant: "destructive", title: "Delete failed", description: result.message });
  });
  const emptyTitle = filtered ? "No demo requests match these filters" : query.view === "spam" ? "No suspected spam" : "No demo requests yet";
  const emptyText = filtered
    ? "Try a wider date range, another status, or clear the filters."
    : query.view === "spam"
      ? "Requests that look automated, or that you mark as spam, are kept here, out of the sales e-mail, until you mark them “Not spam”."
      : "Requests from the Book a Demo page appear here.";

  return (
    <CmsShell
      user={user}
      title="Demo Requests"
      actions={
        <a href={exportHref} download className={buttonVariants({ variant: "outline" })}>
          <Download aria-hidden="true" />
          Export CSV
        </a>
      }
    >
      {confirmDelete && (
        <ConfirmDelete
          title={`Delete ${confirmDelete.lead.name}'s data`}
          description={
            <>
              This permanently deletes{" "}
              {confirmDelete.requests.length === 1 ? "the request" : `all ${confirmDelete.requests.length} requests`} from{" "}
              <strong className="break-all text-foreground">{confirmDelete.lead.email}</strong> with their notes and history, and
              cancels any sales e-mail or webhook not sent yet. Use it for an erasure request. This cannot be undone.
            </>
          }
          action={here({})}
          cancelTo={here({})}
          fields={{ intent: "delete", id: String(confirmDelete.lead.id) }}
          fetcher={deleteFetcher}
          onClose={closeDialog}
        />
      )}
      <nav aria-label="Inbox views" className="mb-5 flex gap-2 border-b border-border">
        <InboxViewLink to="/cms/demo-requests" current={query.view === "leads"}>
          <Inbox aria-hidden="true" className="size-4" />
          Leads
        </InboxViewLink>
        <InboxViewLink to="/cms/demo-requests?view=spam" current={query.view === "spam"}>
          <ShieldAlert aria-hidden="true" className="size-4" />
          Suspected spam
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">{spamTotal}</span>
        </InboxViewLink>
      </nav>

      <Filters query={query} campaigns={options.campaigns} sourcePages={options.sourcePages} />

      <div className="mt-5 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          <span className="font-medium text-foreground">{total === 1 ? "1 person" : `${total} people`}</span>
          {filtered ? " match these filters" : query.view === "spam" ? " in suspected spam" : " in the leads"}
          {filtered && (
            <>
              {" · "}
              <Link to={clearHref} className="font-medium text-primary-strong underline-offset-4 hover:underline">
                Clear filters
              </Link>
            </>
          )}
        </p>
        {pages > 1 && (
          <p className="text-sm text-muted-foreground">
            Page {query.page} of {pages}
          </p>
        )}
      </div>

      {groups.length === 0 ? (
        <div className="mt-6 flex flex-col items-center rounded-2xl border border-dashed border-border-strong bg-white px-6 py-16 text-center">
          <Inbox aria-hidden="true" className="size-10 text-muted-foreground" />
          <h2 className="mt-4 text-lg font-semibold text-foreground">{emptyTitle}</h2>
          <p className="mt-1 max-w-md text-sm text-muted-foreground">{emptyText}</p>
        </div>
      ) : (
        <div className="mt-3 overflow-hidden rounded-2xl border border-border bg-white shadow-card">
          {/* The columns' names, over the rows from 768 px, where the rows are columns (docs/decisions/053, "Inbox
              layout"). Hidden from assistive tech: each row's cells already say what they are ("Status: New",
              "Owner: Unassigned", "Received …"), and a header row outside the list would be read once, detached. */}
          <div
            aria-hidden="true"
            data-testid="inbox-columns"
            className={cn(
              "hidden border-b border-border bg-subtle py-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase md:grid",
              LEAD_ROW_SPACING,
              LEAD_ROW_COLUMNS,
            )}
          >
            <span>Lead</span>
            <span>Status</span>
            <span>Owner</span>
            <span>Received</span>
            <span />
          </div>
          <ol className="divide-y divide-border" aria-label={query.view === "spam" ? "Suspected spam, newest first" : "Demo requests, newest first"}>
          {groups.map((group) => (
            <li key={group.key}>
              <DemoRequestCard
                group={group}
                open={group.requests.some((request) => request.id === openId) || group.lead.id === confirmDelete?.lead.id}
                owners={options.owners} pageTitles={pageTitles} deleteHref={`${here({})}${here({}).includes("?") ? "&" : "?"}delete=${group.lead.id}`} />
            </li>
          ))}
          </ol>
        </div>
      )}

      {pages > 1 && (
        <nav aria-label="Pages" className="mt-8 flex items-center justify-between gap-4">
          {query.page > 1 ? (
            <Link to={here({ page: query.page - 1 })} className={buttonVariants({ variant: "outline" })}>
              Newer
            </Link>
          ) : (
            <span />
          )}
          <p className="text-sm text-muted-foreground">
            Page {query.page} of {pages}
          </p>
          {query.page < pages ? (
            <Link to={here({ page: query.page + 1 })} className={buttonVariants({ variant: "outline" })}>
              Older
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </CmsShell>
  );
}


/**
 * Search and filters in one GET form (docs/decisions/053): everything is in the address, so a filtered
 * inbox survives a reload and can be shared; it works without JavaScript. A new filter starts at page 1.
 */
function Filters({ query, campaigns, sourcePages }: { query: DemoInboxQuery; campaigns: string[]; sourcePages: string[] }) {
  const key = demoInboxSearch({ ...query, page: 1 });
  const navigate = useNavigate();
  // With JavaScript, the address carries only the filters that are set (without it, the browser sends every field).
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = Object.fromEntries([...new FormData(event.currentTarget)].map(([name, value]) => [name, String(value)]));
    void navigate(`/cms/demo-requests${demoInboxSearch(demoInboxQuerySchema.parse(values))}`);
  };
  // Five of the six filters sit behind "Filters" (docs/decisions/053, "Inbox layout"): a <details>, so it
  // works without JavaScript, open when one of them is set.
  const active = [query.status, query.from, query.to, query.campaign, query.source].filter(Boolean).length;
  return (
    <Form method="get" role="search" aria-label="Filter demo requests" key={key} onSubmit={apply} className="rounded-2xl border border-border bg-white p-3 shadow-card sm:p-4">
      {query.view === "spam" && <input type="hidden" name="view" value="spam" />}
      <div className="flex flex-wrap items-end gap-2">
        <FilterField id="demo-search" label="Search by name, email or organization" className="min-w-48 flex-1">
          <Input id="demo-search" type="search" name="q" defaultValue={query.q ?? ""} maxLength={200} placeholder="Name, email or organization" />
        </FilterField>
        <Button type="submit">
          <Search aria-hidden="true" />
          Apply filters
        </Button>
      </div>
      <details open={active > 0} className="group/filters mt-2">
        <FiltersSummary active={active} />
        <div className="mt-2 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          <FilterField id="demo-status" label="Status">
            <select id="demo-status" name="status" defaultValue={query.status ?? ""} className={filterSelectClass}>
              <option value="">Any status</option>
              {demoRequestStatuses.map((status) => (
                <option key={status} value={status}>
                  {demoTriageStatusLabels[status]}
                </option>
              ))}
            </select>
          </FilterField>
          <DateRangeFilter idPrefix="demo" labels={["Received from", "Received to"]} from={query.from} to={query.to} />
          <ChoiceFilter id="demo-campaign" label="Campaign" name="campaign" anyLabel="Any campaign" values={campaigns} current={query.campaign} />
          <ChoiceFilter id="demo-source" label="Source page" name="source" anyLabel="Any page" values={sourcePages} current={query.source} />
        </div>
        <p className="mt-3 text-xs text-muted-foreground">Dates are UTC days. Filters stay in the address, so a reload or a shared link keeps them.</p>
      </details>
    </Form>
  );
}

const withCurrent = (values: string[], current: string | undefined) => (current && !values.includes(current) ? [current, ...values] : values);


/** One of the inbox's views, as a tab-like link (a plain link, so it works without JavaScript). */
function InboxViewLink({ to, current, children }: { to: string; current: boolean; children: ReactNode }) {
  return (
    <Link
      to={to}
      aria-current={current ? "page" : undefined}
      className={cn(
        "-mb-px inline-flex items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring",
        current ? "border-primary text-foreground" : "border-transparent text-muted-foreground hover:text-foreground",
      )}
    >
      {children}
    </Link>
  );
}

/** A filter that picks one of the values requests came with (the current one kept even when none has it now). */
function ChoiceFilter({ id, label, name, anyLabel, values, current }: { id: string; label: string; name: string; anyLabel: string; values: string[]; current: string | undefined }) {
  return (
    <FilterField id={id} label={label}>
      <select id={id} name={name} defaultValue={current ?? ""} className={filterSelectClass}>
        <option value="">{anyLabel}</option>
        {withCurrent(values, current).map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </select>
    </FilterField>
  );
}
