import type { ReactNode } from "react";
import { data, Form, Link, redirect } from "react-router";
import { MAX_ID } from "../../lib/ids.ts";
import { Download, Inbox, Search, ShieldAlert } from "lucide-react";
import { z } from "../../lib/zod.ts";
import { cn } from "../../lib/cn.ts";
import type { Route } from "./+types/demo-requests";
import { CmsShell } from "../../components/cms/cms-shell.tsx";
import { DemoRequestCard, useNotSpamToast } from "../../components/demo/demo-request-card.tsx";
import { Button, buttonVariants } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";
import { adminContext } from "../../lib/auth.server.ts";
import { noStoreHeaders, readCmsForm } from "../../lib/cms-form.server.ts";
import { firstMessagePerField } from "../../lib/field-errors.ts";
import { demoRequestStatuses, demoRequestStatusLabels } from "../../lib/demo-request.ts";
import type { DemoInboxView } from "../../../server/services/demo-requests.ts";
import { servicesContext } from "../../request-context.ts";

export function headers() {
  return noStoreHeaders;
}

const requestId = z.coerce.number().int().positive("Unknown demo request").max(MAX_ID, "Unknown demo request");
/** A status change, or "Not spam" on a request kept as suspected spam (docs/decisions/050). */
const inboxActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("status"), id: requestId, status: z.enum(demoRequestStatuses, "Choose New, Contacted or Closed") }),
  z.object({ intent: z.literal("not-spam"), id: requestId }),
]);

const viewOf = (url: URL): DemoInboxView => (url.searchParams.get("view") === "spam" ? "spam" : "leads");

/** The sales inbox (decision 052): every demo request, newest first, searchable, admin only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(adminContext);
  const url = new URL(request.url);
  const q = url.searchParams.get("q")?.trim().slice(0, 200) ?? "";
  const page = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const view = viewOf(url);
  const { demoRequests } = context.get(servicesContext);
  const [result, spam] = await Promise.all([
    demoRequests.list({ search: q || undefined, page, view }),
    demoRequests.list({ page: 1, view: "spam" }),
  ]);
  return { user, q, page, view, spamTotal: spam.total, ...result };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { form, enhanced } = await readCmsForm(request);
  const parsed = inboxActionSchema.safeParse({ intent: "status", ...Object.fromEntries(form) });
  if (!parsed.success) {
    const errors = firstMessagePerField(parsed.error.issues);
    return data({ ok: false as const, message: Object.values(errors)[0] ?? "Invalid request", errors }, { status: 400 });
  }
  const { demoRequests } = context.get(servicesContext);
  const action = parsed.data;
  const updated =
    action.intent === "not-spam" ? await demoRequests.markNotSpam(action.id) : await demoRequests.updateStatus(action.id, action.status);
  if (!updated) return data({ ok: false as const, message: "This demo request no longer exists." }, { status: 404 });
  const message =
    action.intent === "not-spam"
      ? `${updated.name} is now in the leads, and sales has been notified.`
      : `${updated.name} is now ${demoRequestStatusLabels[updated.status]}.`;
  // Without JavaScript: back to the same list (same search and page), so a reload does not post again.
  if (!enhanced) throw redirect(`${new URL(request.url).pathname}${new URL(request.url).search}`);
  return { ok: true as const, message };
}

export default function DemoRequests({ loaderData }: Route.ComponentProps) {
  const { user, q, page, view, spamTotal, requests, total, pageSize } = loaderData;
  useNotSpamToast();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const viewParams: Record<string, string> = view === "spam" ? { view } : {};
  const pageLink = (target: number) => `?${new URLSearchParams({ ...viewParams, ...(q ? { q } : {}), page: String(target) })}`;
  const exportQuery = new URLSearchParams({ ...viewParams, ...(q ? { q } : {}) }).toString();
  const exportHref = `/cms/demo-requests.csv${exportQuery ? `?${exportQuery}` : ""}`;
  const emptyTitle = view === "spam" ? "No suspected spam" : "No demo requests yet";
  const emptyText =
    view === "spam"
      ? "Requests that look automated are kept here, out of the sales e-mail, until you mark them “Not spam”."
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
      <nav aria-label="Inbox views" className="mb-6 flex gap-2 border-b border-border">
        <InboxViewLink to="/cms/demo-requests" current={view === "leads"}>
          <Inbox aria-hidden="true" className="size-4" />
          Leads
        </InboxViewLink>
        <InboxViewLink to="/cms/demo-requests?view=spam" current={view === "spam"}>
          <ShieldAlert aria-hidden="true" className="size-4" />
          Suspected spam
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">{spamTotal}</span>
        </InboxViewLink>
      </nav>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <Form method="get" role="search" className="flex w-full max-w-xl items-end gap-2">
          {view === "spam" && <input type="hidden" name="view" value="spam" />}
          <div className="flex-1">
            <label htmlFor="demo-search" className="mb-2 block text-sm font-medium text-foreground">
              Search by name, email or organization
            </label>
            <Input id="demo-search" type="search" name="q" defaultValue={q} key={q} maxLength={200} />
          </div>
          <Button type="submit">
            <Search aria-hidden="true" />
            Search
          </Button>
        </Form>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {total === 1 ? "1 request" : `${total} requests`}
          {q && (
            <>
              {" "}
              matching “{q}” ·{" "}
              <Link to={view === "spam" ? "/cms/demo-requests?view=spam" : "/cms/demo-requests"} className="font-medium text-primary-strong underline-offset-4 hover:underline">
                Clear search
              </Link>
            </>
          )}
        </p>
      </div>

      {requests.length === 0 ? (
        <div className="mt-8 flex flex-col items-center rounded-2xl border border-dashed border-border-strong bg-white px-6 py-16 text-center">
          <Inbox aria-hidden="true" className="size-10 text-muted-foreground" />
          <h2 className="mt-4 text-lg font-semibold text-foreground">
            {q ? "No demo requests match your search" : emptyTitle}
          </h2>
          <p className="mt-1 max-w-md text-sm text-muted-foreground">{q ? "Try a different name, email or organization." : emptyText}</p>
        </div>
      ) : (
        <ol className="mt-6 grid gap-4" aria-label={view === "spam" ? "Suspected spam, newest first" : "Demo requests, newest first"}>
          {requests.map((request) => (
            <li key={request.id}>
              <DemoRequestCard request={request} />
            </li>
          ))}
        </ol>
      )}

      {pages > 1 && (
        <nav aria-label="Pages" className="mt-8 flex items-center justify-between gap-4">
          {page > 1 ? (
            <Link to={pageLink(page - 1)} className={buttonVariants({ variant: "outline" })}>
              Newer
            </Link>
          ) : (
            <span />
          )}
          <p className="text-sm text-muted-foreground">
            Page {page} of {pages}
          </p>
          {page < pages ? (
            <Link to={pageLink(page + 1)} className={buttonVariants({ variant: "outline" })}>
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
