import { text, z } from "./zod.ts";
import { ACTIVITY_ACTIONS, activityActionLabels, type ActivityAction } from "./activity.ts";
import { isRole, roleLabels } from "./roles.ts";
import { CMS_API_PER_PAGE, CMS_PER_PAGE_MAX } from "./cms-listing.ts";

/**
 * The activity log as administrators read it (docs/decisions/029-activity-log-and-sessions.md): its
 * filters (one schema for the page, its CSV and `GET /api/cms/activity`), its lines, and how a line's
 * subject and particulars read in words. Browser-safe.
 */

/** A line of the log as the page, the CSV and the API give it. */
export interface ActivityLine {
  id: number;
  createdAt: string;
  /** Who acted: their id while the account exists, and their username at the time; both null for the system or a stranger. */
  actor: { id: number | null; name: string | null };
  action: ActivityAction;
  label: string;
  subject: { type: string; id: string | null; label: string | null } | null;
  detail: Record<string, unknown> | null;
}

/** Someone the person filter offers: an account (by id), or the name a deleted account left in the log. */
export interface ActivityPerson {
  value: string;
  name: string;
  deleted: boolean;
}

export const ACTIVITY_PAGE_SIZE = 50;
/** The log keeps a year (docs/decisions/029): the retention job deletes older lines. */
export const ACTIVITY_RETENTION_YEARS = 1;

const ACTOR_MESSAGE = "actor must be a user's id, or name: followed by a deleted account's name";
const ACTION_MESSAGE = `action must be one of ${ACTIVITY_ACTIONS.join(", ")}`;
const dayMessage = (name: string) => `${name} must be a day as YYYY-MM-DD`;
const PAGE_MESSAGE = "page must be a positive whole number";
const PER_PAGE_MESSAGE = `perPage must be a whole number from 1 to ${CMS_PER_PAGE_MAX}`;

const day = (name: string) =>
  z
    .string({ error: dayMessage(name) })
    .regex(/^\d{4}-\d{2}-\d{2}$/, dayMessage(name))
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), dayMessage(name));
const wholeNumber = (message: string, max: number) => z.coerce.number({ error: message }).int(message).min(1, message).max(max, message);

/** The filters' fields, each strict: the API answers a bad one with a 400 naming it. */
const filterFields = {
  actor: text("actor", { error: ACTOR_MESSAGE })
    .regex(/^([1-9]\d{0,9}|name:.{1,100})$/, ACTOR_MESSAGE)
    .optional(),
  action: z.enum(ACTIVITY_ACTIONS, ACTION_MESSAGE).optional(),
  from: day("from").optional(),
  to: day("to").optional(),
};

/** `GET /api/cms/activity?actor=&action=&from=&to=&page=&perPage=`: a bad value is a 400 naming it. */
export const activityApiQuerySchema = z.object({
  ...filterFields,
  page: wholeNumber(PAGE_MESSAGE, 1_000_000).default(1),
  perPage: wholeNumber(PER_PAGE_MESSAGE, CMS_PER_PAGE_MAX).default(CMS_API_PER_PAGE),
});

/**
 * `/cms/activity?actor=&action=&from=&to=&page=` and its CSV: the page's own GET form and links make
 * these, so a value it cannot read is ignored (the list shows as without it), never an error page.
 */
export const activityPageQuerySchema = z.object({
  actor: filterFields.actor.catch(undefined),
  action: filterFields.action.catch(undefined),
  from: filterFields.from.catch(undefined),
  to: filterFields.to.catch(undefined),
  page: wholeNumber(PAGE_MESSAGE, 10_000).optional().catch(undefined).transform((value) => value ?? 1),
});

export type ActivityFilters = Pick<z.output<typeof activityPageQuerySchema>, "actor" | "action" | "from" | "to">;
export type ActivityPageQuery = z.output<typeof activityPageQuerySchema>;

/** The page's address of a query: only what is set, in a fixed order (the page, its CSV link, paging). */
export function activitySearch(query: Partial<ActivityPageQuery>): string {
  const params = new URLSearchParams();
  for (const name of ["actor", "action", "from", "to"] as const) {
    const value = query[name];
    if (value) params.set(name, value);
  }
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** The person filter's value for an account, and for a name a deleted account left. */
export const personValue = (person: { id: number } | { name: string }): string => ("id" in person ? String(person.id) : `name:${person.name}`);

/** Where a line's subject is managed in the CMS, when there is such a page. */
export function subjectHref(subject: ActivityLine["subject"]): string | null {
  if (!subject) return null;
  switch (subject.type) {
    case "post":
      return subject.id ? `/cms/editor/${encodeURIComponent(subject.id)}` : null;
    case "page":
      return subject.id ? `/cms/pages/${encodeURIComponent(subject.id)}` : null;
    case "user":
    case "invitation":
      return "/cms/users";
    case "token":
      return "/cms/tokens";
    case "webhook":
      return "/cms/webhooks";
    case "demo-requests":
      return "/cms/demo-requests";
    case "setting":
      return "/cms/settings";
    default:
      return null;
  }
}

const roleName = (value: unknown) => (isRole(value) ? roleLabels[value] : "No role");
const list = (value: unknown) => (Array.isArray(value) ? value.map(String).join(", ") : null);
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** A line's particulars in words: "Author → Editor", "5 failed sign-ins from 203.0.113.0/24", "CSV, 12 rows". */
export function activityDetailText(line: Pick<ActivityLine, "action" | "detail">): string {
  const detail = line.detail;
  if (!detail) return "";
  const parts: string[] = [];
  if ("from" in detail && "to" in detail && line.action === "user.role") parts.push(`${roleName(detail.from)} → ${roleName(detail.to)}`);
  if (line.action === "sign-in.failures" && typeof detail.count === "number") {
    parts.push(`${plural(detail.count, "failed sign-in", "failed sign-ins")} in ${detail.windowMinutes ?? 15} minutes`);
    if (typeof detail.network === "string") parts.push(`from ${detail.network}`);
  }
  if (line.action === "sign-in") {
    if (detail.method === "second-factor") parts.push("with a second factor");
    if (typeof detail.device === "string") parts.push(detail.device);
    if (typeof detail.place === "string") parts.push(detail.place);
  }
  if (typeof detail.role === "string" && line.action !== "user.role") parts.push(roleName(detail.role));
  const scopes = list(detail.scopes);
  if (scopes) parts.push(`Scopes: ${scopes}`);
  const events = list(detail.events);
  if (events) parts.push(`Events: ${events}`);
  if (line.action === "leads.export") {
    parts.push(detail.format === "json" ? "One person's data (JSON)" : "CSV");
    if (typeof detail.rows === "number") parts.push(plural(detail.rows, "request", "requests"));
    const filters = detail.filters && typeof detail.filters === "object" ? Object.entries(detail.filters) : [];
    if (filters.length > 0) parts.push(`filtered by ${filters.map(([name, value]) => `${name} “${String(value)}”`).join(", ")}`);
  }
  if (typeof detail.note === "string") parts.push(`“${detail.note}”`);
  if (line.action === "page.create" && typeof detail.copyOf === "string") parts.push(`A copy of “${detail.copyOf}”`);
  if (line.action === "page.schedule" && typeof detail.at === "string") parts.push(`For ${detail.at.replace("T", " ").slice(0, 16)} UTC`);
  if (line.action === "page.publish" && detail.scheduled === true) parts.push("At its scheduled time");
  return parts.join(" · ");
}

/** A line's label ("Changed a role"); an action this version does not know reads as itself. */
export const activityLabel = (action: string): string => activityActionLabels[action as ActivityAction] ?? action;
