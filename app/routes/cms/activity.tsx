import type { FormEvent } from "react";
import { Form, Link, useNavigate } from "react-router";
import { Cog, Download, History, Search } from "lucide-react";
import type { Route } from "./+types/activity";
import { servicesContext } from "../../request-context.ts";
import { staffContext } from "../../lib/auth.server.ts";
import { noStoreHeaders } from "../../lib/cms-form.server.ts";
import { formatInZone } from "../../lib/site-time.ts";
import { useSiteTimeZone } from "../../lib/site-details.ts";
import { relativeTime } from "../../lib/relative-time.ts";
import { cn } from "../../lib/cn.ts";
import { initialsOf } from "../../../shared/authors.ts";
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
import { DateRangeFilter, FilterField, FiltersSummary, filterSelectClass } from "../../components/cms/filter-field.tsx";
import { WrapAfter } from "../../components/cms/wrap-after.tsx";
import { ListPagination } from "../../components/cms/list-pagination.tsx";
import { Button, buttonVariants } from "../../components/ui/button.tsx";
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
          {/* Fixed columns from lg: who, what and when keep the widths their words need; the subject and its detail take the rest and wrap. */}
          <Table className="lg:table-fixed">
            <caption className="sr-only">Activity, newest first</caption>
            <colgroup className="max-lg:hidden">
              <col className="w-60" />
              <col className="w-56" />
              <col />
              <col className="w-36" />
            </colgroup>
            {/* Below lg the rows stack into cards (docs/decisions/069); the header stays for screen readers. */}
            <TableHeader className="max-lg:sr-only">
              <TableRow>
                <TableHead>Who</TableHead>
                <TableHead>What</TableHead>
                <TableHead>Subject and detail</TableHead>
                <TableHead className="text-right">When</TableHead>
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

/**
 * Who acted, at a glance: their initials on the brand's tint, or a gear for the system. Decorative, since the
 * name is beside it.
 */
function ActorMark({ name }: { name: string | null }) {
  return (
    <span aria-hidden="true" className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary-soft text-[0.6875rem] font-semibold text-primary-strong">
      {name ? initialsOf(name) : <Cog className="size-3.5" />}
    </span>
  );
}

/**
 * One event, read as "who did what, to what, when". From lg a table row in fixed columns (the table's colgroup);
 * below lg a stacked card: who and when on the first line (what joins them from sm), then the subject and the
 * detail, each only when there is one, in line with the name.
 */
function ActivityRow({ line, now }: { line: ActivityLine; now: string }) {
  const timeZone = useSiteTimeZone();
  const href = subjectHref(line.subject);
  const subject = line.subject?.label ?? line.subject?.id ?? null;
  const detail = activityDetailText(line);
  const exact = formatInZone(line.createdAt, timeZone);
  return (
    <TableRow className="max-lg:grid max-lg:grid-cols-[minmax(0,1fr)_auto] max-lg:items-center max-lg:gap-x-3 max-lg:gap-y-0.5 max-lg:px-4 max-lg:py-3 max-lg:[&>td]:p-0 sm:max-lg:grid-cols-[auto_minmax(0,1fr)_auto]">
      <TableCell className="align-top text-sm max-lg:col-start-1 max-lg:row-start-1">
        <span className="flex items-center gap-2">
          <ActorMark name={line.actor.name} />
          <span className="min-w-0 [overflow-wrap:anywhere]">
            <span className="block font-medium text-foreground">{line.actor.name ?? <span className="text-muted-foreground">System</span>}</span>
            {line.actor.name && line.actor.id === null && <span className="block text-xs text-muted-foreground">Deleted account</span>}
          </span>
        </span>
      </TableCell>
      {/* Stacked, the lines under the name start where the name does (the mark's width and gap). */}
      <TableCell className="align-top text-sm text-foreground lg:pt-4 max-lg:col-span-full max-lg:pl-9! sm:max-lg:col-span-1 sm:max-lg:col-start-2 sm:max-lg:row-start-1 sm:max-lg:pl-0!">
        {line.label}
      </TableCell>
      {/* The subject, and under it the detail; stacked, an empty one takes no line of its own. A URL breaks after its
          slashes, a word only as a last resort. */}
      <TableCell className={cn("align-top text-sm [overflow-wrap:anywhere] lg:pt-4 max-lg:col-span-full max-lg:pl-9!", subject === null && !detail && "max-lg:hidden")}>
        {subject === null ? (
          !detail && <span className="text-muted-foreground">—</span>
        ) : href ? (
          <Link to={href} className="font-medium text-primary-strong underline-offset-4 hover:underline">
            <WrapAfter text={subject} marks="/" />
          </Link>
        ) : (
          <span className="text-foreground">
            <WrapAfter text={subject} marks="/" />
          </span>
        )}
        {detail && <span className="block text-muted-foreground">{detail}</span>}
      </TableCell>
      <TableCell className="align-top text-sm whitespace-nowrap text-muted-foreground lg:pt-4 lg:text-right max-lg:col-start-2 max-lg:row-start-1 max-lg:text-right max-lg:text-xs sm:max-lg:col-start-3">
        {/* The relative time shows; the exact one is its tooltip and, for screen readers, its text (docs/decisions/069). */}
        <time dateTime={line.createdAt} title={exact}>
          {relativeTime(line.createdAt, now)}
          <span className="sr-only">, {exact}</span>
        </time>
      </TableCell>
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
  const active = [query.actor, query.action, query.from, query.to].filter(Boolean).length;
  return (
    <Form
      method="get"
      role="search"
      aria-label="Filter activity"
      key={activitySearch({ ...query, page: 1 })}
      onSubmit={apply}
      className="rounded-2xl border border-border bg-white p-3 shadow-card sm:p-4 md:p-5"
    >
      {/* Below md the four fields fold into "Filters", open when one is set, so the log starts on the first screen;
          from md they always show and the summary hides, where the browser can show a closed <details>' content. */}
      <details open={active > 0} className="group/filters md:[&::details-content]:[content-visibility:visible]">
        <FiltersSummary active={active} className="md:supports-[selector(::details-content)]:hidden" />
        <div className="mt-2 grid gap-4 sm:grid-cols-2 md:supports-[selector(::details-content)]:mt-0 lg:grid-cols-4">
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
          <DateRangeFilter idPrefix="activity" labels={["From", "To"]} from={query.from} to={query.to} />
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <Button type="submit">
            <Search aria-hidden="true" />
            Apply filters
          </Button>
          <p className="text-xs text-muted-foreground">Dates are UTC days. Filters stay in the address, so a reload or a shared link keeps them.</p>
        </div>
      </details>
    </Form>
  );
}

