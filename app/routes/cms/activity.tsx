import type { FormEvent } from "react";
import { Form, Link, useNavigate } from "react-router";
import { Download, History, Search } from "lucide-react";
import type { Route } from "./+types/activity";
import { servicesContext } from "../../request-context.ts";
import { staffContext } from "../../lib/auth.server.ts";
import { noStoreHeaders } from "../../lib/cms-form.server.ts";
import { formatInZone } from "../../lib/site-time.ts";
import { useSiteTimeZone } from "../../lib/site-details.ts";
import { relativeTime } from "../../lib/relative-time.ts";
import { ACTIVITY_ACTIONS, activityActionLabels } from "../../../shared/activity.ts";
import {
  ACTIVITY_PAGE_SIZE,
  activityDetailText,
  activityPageQuerySchema,
  activitySearch,
  subjectHref,
  type ActivityLine,
  type ActivityPageQuery,
  type ActivityPerson,
} from "../../../shared/activity-log.ts";
import { CmsShell } from "../../components/cms/cms-shell.tsx";
import { FilterField, filterSelectClass } from "../../components/cms/filter-field.tsx";
import { ListPagination } from "../../components/cms/list-pagination.tsx";
import { Button, buttonVariants } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table.tsx";

export function headers() {
  return noStoreHeaders;
}

export function meta() {
  return [{ title: "Activity | Zuri CMS" }];
}

const readQuery = (url: URL): ActivityPageQuery => activityPageQuerySchema.parse(Object.fromEntries(url.searchParams));

/**
 * /cms/activity (docs/decisions/029-activity-log-and-sessions.md): who did what and when, newest
 * first, for administrators; filtered by person, action and days in the address (a plain GET form),
 * paged, and exported as CSV with the same filters.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(staffContext);
  const { activityLog, clock } = context.get(servicesContext);
  const query = readQuery(new URL(request.url));
  const { page, ...filters } = query;
  const [{ lines, total }, people] = await Promise.all([activityLog.list(filters, { page, perPage: ACTIVITY_PAGE_SIZE }), activityLog.people()]);
  // "3 minutes ago" from the server's clock, so the page hydrates as it was rendered.
  return { user, query, lines, total, people, now: clock().toISOString() };
}

export default function CmsActivity({ loaderData }: Route.ComponentProps) {
  const { user, query, lines, total, people, now } = loaderData;
  const lastPage = Math.max(1, Math.ceil(total / ACTIVITY_PAGE_SIZE));
  const filtered = Boolean(query.actor || query.action || query.from || query.to);
  const here = (changes: Partial<ActivityPageQuery>) => `/cms/activity${activitySearch({ ...query, ...changes })}`;
  return (
    <CmsShell
      user={user}
      title="Activity"
      actions={
        <a href={`/cms/activity.csv${activitySearch({ ...query, page: 1 })}`} download className={buttonVariants({ variant: "outline" })}>
          <Download aria-hidden="true" />
          Export CSV
        </a>
      }
      description={
        <>
          Who did what and when: sign-ins, role changes, invitations, API tokens, webhooks, exports of demo requests and
          the posts' publishing. Events are kept for a year.
        </>
      }
    >
      <ActivityFilters query={query} people={people} />

      <div className="mt-5 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          <span className="font-medium text-foreground">{total === 1 ? "1 event" : `${total.toLocaleString("en-US")} events`}</span>
          {filtered ? " match these filters" : " in the last year"}
          {filtered && (
            <>
              {" · "}
              <Link to="/cms/activity" className="font-medium text-primary-strong underline-offset-4 hover:underline">
                Clear filters
              </Link>
            </>
          )}
        </p>
        {lastPage > 1 && (
          <p className="text-sm text-muted-foreground">
            Page {query.page} of {lastPage}
          </p>
        )}
      </div>

      {lines.length === 0 ? (
        <div className="mt-6 flex flex-col items-center rounded-2xl border border-dashed border-border-strong bg-white px-6 py-16 text-center">
          <History aria-hidden="true" className="size-10 text-muted-foreground" />
          <h2 className="mt-4 text-lg font-semibold text-foreground">{filtered ? "Nothing matches these filters" : "No activity yet"}</h2>
          <p className="mt-1 max-w-md text-sm text-muted-foreground">
            {filtered ? "Try another person or action, a wider date range, or clear the filters." : "Sign-ins and changes appear here as they happen."}
          </p>
        </div>
      ) : (
        <div className="mt-4 overflow-hidden rounded-2xl border border-border bg-white shadow-card">
          <Table>
            <caption className="sr-only">Activity, newest first</caption>
            {/* Below lg the rows stack into cards (docs/decisions/069); the header stays for screen readers. */}
            <TableHeader className="max-lg:sr-only">
              <TableRow>
                <TableHead>When</TableHead>
                <TableHead>Who</TableHead>
                <TableHead>What</TableHead>
                <TableHead>Subject</TableHead>
                <TableHead>Detail</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {lines.map((line) => (
                <ActivityRow key={line.id} line={line} now={now} />
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <nav aria-label="Pages" className="mt-6">
        <ListPagination page={query.page} lastPage={lastPage} hrefFor={(page) => here({ page })} />
      </nav>
    </CmsShell>
  );
}

function ActivityRow({ line, now }: { line: ActivityLine; now: string }) {
  const timeZone = useSiteTimeZone();
  const href = subjectHref(line.subject);
  const subject = line.subject?.label ?? line.subject?.id ?? null;
  const detail = activityDetailText(line);
  const exact = formatInZone(line.createdAt, timeZone);
  return (
    <TableRow className="max-lg:flex max-lg:flex-wrap max-lg:gap-x-3 max-lg:gap-y-1 max-lg:px-4 max-lg:py-3 max-lg:[&>td]:p-0">
      <TableCell className="align-top text-sm max-lg:w-full">
        {/* The relative time shows; the exact one is its tooltip and, for screen readers, its text (docs/decisions/069). */}
        <time dateTime={line.createdAt} title={exact} className="block whitespace-nowrap text-foreground">
          {relativeTime(line.createdAt, now)}
          <span className="sr-only">, {exact}</span>
        </time>
      </TableCell>
      <TableCell className="align-top text-sm font-medium whitespace-nowrap text-foreground">
        {line.actor.name ?? <span className="text-muted-foreground">System</span>}
        {line.actor.name && line.actor.id === null && <span className="block text-xs font-normal text-muted-foreground">Deleted account</span>}
      </TableCell>
      <TableCell className="align-top text-sm text-foreground">{line.label}</TableCell>
      <TableCell className={`align-top text-sm [overflow-wrap:anywhere] lg:max-w-xs ${subject === null ? "max-lg:hidden" : ""}`}>
        {subject === null ? (
          <span className="text-muted-foreground">—</span>
        ) : href ? (
          <Link to={href} className="font-medium text-primary-strong underline-offset-4 hover:underline">
            {subject}
          </Link>
        ) : (
          subject
        )}
      </TableCell>
      {/* Stacked, an empty subject or detail takes no line of its own. */}
      <TableCell className={`align-top text-sm [overflow-wrap:anywhere] text-muted-foreground max-lg:w-full lg:max-w-sm ${detail ? "" : "max-lg:hidden"}`}>{detail || "—"}</TableCell>
    </TableRow>
  );
}


/**
 * The filters in one GET form, as the demo inbox's (docs/decisions/053): everything is in the address,
 * so a filtered log survives a reload and can be shared; it works without JavaScript. A new filter
 * starts at page 1.
 */
function ActivityFilters({ query, people }: { query: ActivityPageQuery; people: ActivityPerson[] }) {
  const navigate = useNavigate();
  // With JavaScript, the address carries only the filters that are set (without it, the browser sends every field).
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = Object.fromEntries([...new FormData(event.currentTarget)].map(([name, value]) => [name, String(value)]));
    void navigate(`/cms/activity${activitySearch(activityPageQuerySchema.parse(values))}`);
  };
  const accounts = people.filter((person) => !person.deleted);
  const deleted = people.filter((person) => person.deleted);
  // A person in the address the list no longer offers still shows as chosen, so the filter is visible.
  const unknown = query.actor && !people.some((person) => person.value === query.actor) ? query.actor : null;
  return (
    <Form
      method="get"
      role="search"
      aria-label="Filter activity"
      key={activitySearch({ ...query, page: 1 })}
      onSubmit={apply}
      className="rounded-2xl border border-border bg-white p-4 shadow-card sm:p-5"
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <FilterField id="activity-actor" label="Person">
          <select id="activity-actor" name="actor" defaultValue={query.actor ?? ""} className={filterSelectClass}>
            <option value="">Anyone</option>
            {unknown && <option value={unknown}>{unknown.replace(/^name:/, "")}</option>}
            {accounts.map((person) => (
              <option key={person.value} value={person.value}>
                {person.name}
              </option>
            ))}
            {deleted.length > 0 && (
              <optgroup label="Deleted accounts">
                {deleted.map((person) => (
                  <option key={person.value} value={person.value}>
                    {person.name}
                  </option>
                ))}
              </optgroup>
            )}
          </select>
        </FilterField>
        <FilterField id="activity-action" label="Action">
          <select id="activity-action" name="action" defaultValue={query.action ?? ""} className={filterSelectClass}>
            <option value="">Any action</option>
            {ACTIVITY_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {activityActionLabels[action]}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField id="activity-from" label="From">
          <Input id="activity-from" type="date" name="from" defaultValue={query.from ?? ""} />
        </FilterField>
        <FilterField id="activity-to" label="To">
          <Input id="activity-to" type="date" name="to" defaultValue={query.to ?? ""} />
        </FilterField>
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button type="submit">
          <Search aria-hidden="true" />
          Apply filters
        </Button>
        <p className="text-xs text-muted-foreground">Dates are UTC days. Filters stay in the address, so a reload or a shared link keeps them.</p>
      </div>
    </Form>
  );
}

