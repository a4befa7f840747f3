import { text, z } from "./zod.ts";
import { postStatusLabels } from "./post-status.ts";

/**
 * The CMS post list's query (docs/product.md §2 CMS dashboard, §7 GET /api/cms/posts; docs/decisions/045): one
 * schema for the dashboard's URL and the API's query string, so both refuse the same input with
 * the same field messages. Browser-safe: the dashboard builds its links with `cmsListHref`.
 */

/**
 * Which posts a status shows. Each one is a filter in the listing service
 * (server/services/post-listing.ts); a new status is one more entry in both.
 */
export const CMS_STATUSES = ["all", "published", "scheduled", "draft", "review"] as const;
export type CmsStatus = (typeof CMS_STATUSES)[number];
/** "In review": drafts submitted for review, the review queue (docs/decisions/032). */
export const cmsStatusLabels: Record<CmsStatus, string> = { all: "All statuses", ...postStatusLabels, review: "In review" };

/** The orders the list offers; "relevance" only means something with a search (`q`). */
export const CMS_SORTS = ["updated-desc", "updated-asc", "title-asc", "title-desc", "published-desc", "published-asc", "relevance"] as const;
export type CmsSort = (typeof CMS_SORTS)[number];
export const cmsSortLabels: Record<CmsSort, string> = {
  "updated-desc": "Edited: newest",
  "updated-asc": "Edited: oldest",
  "title-asc": "Title: A–Z",
  "title-desc": "Title: Z–A",
  "published-desc": "Published: newest",
  "published-asc": "Published: oldest",
  relevance: "Best match",
};

export const CMS_PER_PAGE_MAX = 100;
/** The API's page when a client asks for one without `perPage` (as GET /api/blog). */
export const CMS_API_PER_PAGE = 50;
/** The dashboard's page. */
export const DASHBOARD_PER_PAGE = 20;
/** Search text, as the blog's (docs/decisions/042). */
export const CMS_Q_MAX = 200;
const TAG_MAX = 200;

const PAGE_MESSAGE = "page must be a positive whole number";
const PER_PAGE_MESSAGE = `perPage must be a whole number from 1 to ${CMS_PER_PAGE_MAX}`;
const STATUS_MESSAGE = `status must be one of ${CMS_STATUSES.join(", ")}`;
const SORT_MESSAGE = `sort must be one of ${CMS_SORTS.join(", ")}`;

/** A form sends empty fields ("q=&tag="): empty means not given. */
const blankAsMissing = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const wholeNumber = (message: string, max: number) =>
  z.preprocess(
    blankAsMissing,
    z.coerce.number({ error: message }).int(message).min(1, message).max(max, message).optional(),
  );

export const cmsListQuerySchema = z.object({
  page: wholeNumber(PAGE_MESSAGE, 1_000_000),
  perPage: wholeNumber(PER_PAGE_MESSAGE, CMS_PER_PAGE_MAX),
  q: z.preprocess(
    blankAsMissing,
    text("q", { error: "q must be one search text" })
      .max(CMS_Q_MAX, `q must be at most ${CMS_Q_MAX} characters`)
      .transform((value) => value.trim())
      .optional(),
  ),
  status: z.preprocess(blankAsMissing, z.enum(CMS_STATUSES, { error: STATUS_MESSAGE }).default("all")),
  /** A tag slug; an unknown one lists nothing (a query, not an address: docs/decisions/042). */
  tag: z.preprocess(
    blankAsMissing,
    text("tag", { error: "tag must be one tag slug" }).max(TAG_MAX, `tag must be at most ${TAG_MAX} characters`).optional(),
  ),
  sort: z.preprocess(blankAsMissing, z.enum(CMS_SORTS, { error: SORT_MESSAGE }).optional()),
});

export type CmsListQuery = z.output<typeof cmsListQuerySchema>;

/** The order a list is read in: as asked, else best match for a search and last edited otherwise. */
export function effectiveSort({ q, sort }: Pick<CmsListQuery, "q" | "sort">): CmsSort {
  if (sort === "relevance" || sort === undefined) return q ? "relevance" : "updated-desc";
  return sort;
}

/** Whether the list is narrowed at all (then an empty list is "no posts match", not "no posts yet"). */
export const isFiltered = ({ q, status, tag }: Pick<CmsListQuery, "q" | "status" | "tag">): boolean =>
  q !== undefined || status !== "all" || tag !== undefined;

/**
 * The dashboard's address for a query, defaults left out so the plain list stays `/cms/control`.
 * `extra` adds parameters that are not part of the list (e.g. `delete`).
 */
export function cmsListHref(query: Partial<CmsListQuery>, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.status && query.status !== "all") params.set("status", query.status);
  if (query.tag) params.set("tag", query.tag);
  if (query.sort && query.sort !== effectiveSort({ q: query.q })) params.set("sort", query.sort);
  if (query.perPage && query.perPage !== DASHBOARD_PER_PAGE) params.set("perPage", String(query.perPage));
  if (query.page && query.page > 1) params.set("page", String(query.page));
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  const search = params.toString();
  return search ? `/cms/control?${search}` : "/cms/control";
}
