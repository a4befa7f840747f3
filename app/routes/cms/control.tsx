import { useCallback, useEffect, type MouseEvent } from "react";
import { parseId } from "../../../shared/ids.ts";
import { data, Link, redirect, useActionData, useFetcher, useNavigate } from "react-router";
import { AlertTriangle, ExternalLink, FilePlus2, FileText, Pencil, SearchX, Trash2 } from "lucide-react";
import type { Route } from "./+types/control";
import { requestInfoContext, servicesContext } from "../../request-context.ts";
import { staffContext } from "../../lib/auth.server.ts";
import { field, readCmsForm } from "../../lib/cms-form.server.ts";
import { formatCmsDate } from "../../lib/cms-date.ts";
import { toast } from "../../lib/toast.ts";
import { CmsShell } from "../../components/cms/cms-shell.tsx";
import { PlaceholderNotice } from "../../components/cms/placeholder-settings.tsx";
import { StateMessage } from "../../components/cms/state-message.tsx";
import type { ActionResult } from "../../lib/enhanced-form.ts";
import { ConfirmDelete } from "../../components/cms/confirm-delete.tsx";
import { previewHref } from "../../components/cms/editor/post-api.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Table, TableHead, TableHeader, TableRow } from "../../components/ui/table.tsx";
import { PostListFilters } from "../../components/cms/post-list-filters.tsx";
import { ListPagination } from "../../components/cms/list-pagination.tsx";
import { PostStatusBadge } from "../../components/cms/post-status-badge.tsx";
import { formatInZone } from "../../lib/site-time.ts";
import { useSiteTimeZone } from "../../lib/site-details.ts";
import { paramsOf } from "../../lib/query-params.ts";
import { isRefusal, refusalStatus, validate } from "../../../shared/refusal.ts";
import { listOwnerOf } from "../../../shared/post-access.ts";
import {
  type BulkAction,
  BULK_MAX,
  bulkActionsFor,
  bulkIdsOf,
  isBulkAction,
  isConfirmedAction,
  NONE_SELECTED,
  TAG_ACTIONS,
  TAG_NEEDED,
  TOO_MANY_SELECTED,
} from "../../../shared/post-bulk.ts";
import { TAG_NAME_MAX } from "../../../shared/post-schema.ts";
import { siteConfig } from "../../../shared/site-config.ts";
import { responsiveMedia } from "../../../shared/media-sizes.ts";
import { BulkForm, BulkNotices, ROW_CHECKBOX, useBulkOutcome, type BulkAnswer, type BulkFetcher } from "../../components/cms/bulk-actions.tsx";
import {
  cmsListHref,
  cmsListQuerySchema,
  cmsSortLabels,
  DASHBOARD_PER_PAGE,
  effectiveSort,
  isFiltered,
  type CmsListQuery,
  type CmsSort,
} from "../../../shared/cms-listing.ts";
import type { CmsListPost } from "../../../server/services/post-listing.ts";
import { coverArtPath } from "../../../shared/cover-art.ts";

const DELETE_TITLE = "Delete Blog Post";
const DELETE_TEXT = "Are you sure you want to delete this blog post? This action cannot be undone.";

const readQuery = (url: URL) => validate(cmsListQuerySchema, paramsOf(url), "query");

/**
 * The dashboard (docs/product.md §2 CMS dashboard): admins only, checked before any data is read. The list is
 * paged on the server (docs/decisions/045): the address holds `page`, `q`, `status`, `tag` and
 * `sort`; only the page's rows are read, and counted separately. An address the list cannot read
 * is a 400 with its reason on the page; a failed list read is shown on the page ('Failed to load
 * blog posts' with 'Try Again'), not as an error page. `?delete={id}` asks for confirmation, so
 * deleting works with and without JavaScript.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(staffContext);
  const url = new URL(request.url);
  const query = readQuery(url);
  if (isRefusal(query)) {
    const invalid = { message: query.message, fields: query.fields ?? {} };
    return data({ user, query: null, invalid, list: null, tags: [], confirmDelete: null, reviewQueue: null }, { status: 400 });
  }
  const { postListing, tags } = context.get(servicesContext);
  const page = query.page ?? 1;
  const perPage = query.perPage ?? DASHBOARD_PER_PAGE;
  const deleteId = parseId(url.searchParams.get("delete"));
  // Writers without posts.edit-any see only their own posts (docs/decisions/032).
  const ownerId = listOwnerOf(user);
  try {
    const [list, allTags, confirmDelete, inReview] = await Promise.all([
      postListing.listPage({ q: query.q, status: query.status, tag: query.tag, sort: effectiveSort(query), page, perPage, ownerId }),
      tags.listAll(),
      deleteId === null ? null : postListing.findRow(deleteId, ownerId),
      postListing.reviewCount(ownerId),
    ]);
    const lastPage = Math.max(1, Math.ceil(list.total / perPage));
    const reviewQueue = { count: inReview, mine: ownerId !== undefined };
    return { user, query, invalid: null, list: { ...list, page, perPage, lastPage }, tags: allTags, confirmDelete: confirmDelete ?? null, reviewQueue };
  } catch (error) {
    context.get(requestInfoContext).log.error({ err: error }, "dashboard: listing the posts failed");
    return data({ user, query, invalid: null, list: null, tags: [], confirmDelete: null, reviewQueue: null }, { status: 500 });
  }
}

/**
 * Deletes a post (docs/product.md §4 delete flow), or runs a bulk action on the checked posts
 * (docs/decisions/036); the loader runs again afterwards, so the list is fresh.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { form, enhanced } = await readCmsForm(request);
  const intent = field(form, "intent");
  if (intent.startsWith("bulk-")) return bulkAction(intent.slice("bulk-".length), form, context);
  const id = parseId(field(form, "postId"));
  if (intent !== "delete" || id === null) {
    return data<ActionResult>({ ok: false, message: "Failed to delete post: Bad Request" }, { status: 400 });
  }
  const removed = await context.get(servicesContext).posts.remove(id, context.get(staffContext));
  if (isRefusal(removed)) {
    const reason = removed.code === "not-found" ? "Not Found" : removed.message;
    return data<ActionResult>({ ok: false, message: `Failed to delete post: ${reason}` }, { status: refusalStatus[removed.code] });
  }
  // Back to the list the post was deleted from (its filters and page are the form's address).
  const query = readQuery(new URL(request.url));
  if (!enhanced) throw redirect(isRefusal(query) ? "/cms/control" : cmsListHref(query));
  return data<ActionResult>({ ok: true, message: "The blog post has been successfully deleted" });
}

/**
 * Publish, Unpublish, Add tag, Remove tag or Delete for the checked posts (docs/decisions/036): each judged and written as a
 * single action would be. A plain form's Unpublish or Delete is first answered with the question, then sent again
 * with `confirmed`. The answer is the page with the result, with or without JavaScript.
 */
async function bulkAction(name: string, form: FormData, context: Route.ActionArgs["context"]) {
  const ids = bulkIdsOf(form.getAll(ROW_CHECKBOX));
  const refused = (message: string) => data<BulkAnswer>({ bulkError: message }, { status: 400 });
  if (!isBulkAction(name) || ids === null) return refused("Bad Request");
  if (ids.length === 0) return refused(NONE_SELECTED);
  if (ids.length > BULK_MAX) return refused(TOO_MANY_SELECTED);
  if (isConfirmedAction(name) && field(form, "confirmed") !== "1") return data<BulkAnswer>({ confirm: { action: name, ids } });
  const tag = field(form, "tag").trim();
  if (TAG_ACTIONS.includes(name) && (tag === "" || tag.length > TAG_NAME_MAX)) return refused(TAG_NEEDED);
  const result = await context.get(servicesContext).postBulk.apply(name, ids, context.get(staffContext), tag);
  return data<BulkAnswer>({ bulk: result });
}

const numberFormat = new Intl.NumberFormat("en-US");

/** A bulk form's answer among the action's (a plain form post renders the page with it). */
const bulkAnswerOf = (answer: unknown): BulkAnswer | undefined =>
  typeof answer === "object" && answer !== null && ("bulk" in answer || "confirm" in answer || "bulkError" in answer)
    ? (answer as BulkAnswer)
    : undefined;

export default function CmsControl({ loaderData }: Route.ComponentProps) {
  const { user, query, invalid, list, tags, confirmDelete, reviewQueue } = loaderData;
  const plainBulkAnswer = bulkAnswerOf(useActionData<typeof action>());
  // The list this page shows, without `?delete=`: where closing the dialog and deleting lead back.
  const listHref = query ? cmsListHref(query) : "/cms/control";
  // Owned by the page, not the dialog: the dialog is gone once the list no longer has the post.
  const deleteFetcher = useFetcher<ActionResult>();
  const bulkFetcher = useFetcher<BulkAnswer>();
  const bulk = useBulkOutcome(bulkFetcher, plainBulkAnswer, listHref);
  const posts = list?.posts;
  const titleOf = useCallback((id: number) => posts?.find((post) => post.id === id)?.title, [posts]);
  const navigate = useNavigate();
  useEffect(() => {
    const result = deleteFetcher.state === "idle" ? deleteFetcher.data : undefined;
    if (!result) return;
    // The dialog closes either way: a modal dialog hides the toast from screen readers, and the
    // list is read again, so a post someone else already deleted disappears from it.
    void navigate(listHref, { replace: true, preventScrollReset: true });
    if (result.ok) toast({ title: "Post deleted", description: "The blog post has been successfully deleted" });
    else toast({ title: "Delete failed", description: result.message, variant: "destructive" });
    // Only a new result closes the dialog; the list's address is read as it is then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [deleteFetcher.data, deleteFetcher.state, navigate]);

  const filtered = query !== null && isFiltered(query);
  const noPostsYet = list !== null && list.total === 0 && !filtered;

  return (
    <CmsShell
      user={user}
      title="Blog Posts"
      actions={
        <Button asChild>
          <Link to="/cms/editor">
            <FilePlus2 aria-hidden="true" />
            New Post
          </Link>
        </Button>
      }
    >
      <PlaceholderNotice role={user.role} />
      {confirmDelete && (
        <ConfirmDelete
          title={DELETE_TITLE}
          description={
            <>
              <p>{DELETE_TEXT}</p>
              <p className="mt-3 rounded-lg bg-subtle px-3 py-2 font-medium text-foreground">{confirmDelete.title}</p>
            </>
          }
          action={listHref}
          cancelTo={listHref}
          fields={{ intent: "delete", postId: String(confirmDelete.id) }}
          fetcher={deleteFetcher}
          onClose={() => void navigate(listHref, { replace: true, preventScrollReset: true })}
        />
      )}
      <BulkNotices answer={bulk.answer} action={listHref} titleOf={titleOf} onDismiss={bulk.dismiss} />
      <Card className="overflow-hidden">
        {invalid ? (
          <StateMessage
            role="alert"
            icon={<AlertTriangle className="size-10 text-amber-600" aria-hidden="true" />}
            title="This list address is not valid"
            text={Object.values(invalid.fields).join(" · ") || invalid.message}
            action={
              <Button asChild variant="outline">
                <Link to="/cms/control">Show all posts</Link>
              </Button>
            }
          />
        ) : list === null ? (
          <StateMessage
            role="alert"
            icon={<AlertTriangle className="size-10 text-amber-600" aria-hidden="true" />}
            title="Failed to load blog posts"
            action={
              <Button asChild variant="outline">
                <Link to={listHref}>Try Again</Link>
              </Button>
            }
          />
        ) : noPostsYet ? (
          <StateMessage
            icon={
              <span className="flex size-14 items-center justify-center rounded-2xl bg-primary-soft">
                <FileText className="size-7 text-primary" aria-hidden="true" />
              </span>
            }
            title="No blog posts yet"
            text="Write the first article for the Zuri Intelligence Blog."
            action={
              <Button asChild>
                <Link to="/cms/editor">
                  <FilePlus2 aria-hidden="true" />
                  Create Your First Post
                </Link>
              </Button>
            }
          />
        ) : (
          <>
            <PostListFilters query={query!} tags={tags} />
            {reviewQueue && reviewQueue.count > 0 && query!.status !== "review" && <ReviewQueueLink {...reviewQueue} />}
            <ListSummary total={list.total} page={list.page} perPage={list.perPage} shown={list.posts.length} />
            {list.posts.length === 0 ? (
              list.total > 0 ? (
                <StateMessage
                  icon={<SearchX className="size-10 text-slate-500" aria-hidden="true" />}
                  title={`There is no page ${numberFormat.format(list.page)}`}
                  text={`This list has ${numberFormat.format(list.lastPage)} ${list.lastPage === 1 ? "page" : "pages"}.`}
                  action={
                    <Button asChild variant="outline">
                      <Link to={cmsListHref({ ...query!, page: list.lastPage })}>Go to the last page</Link>
                    </Button>
                  }
                />
              ) : (
                <StateMessage
                  icon={<SearchX className="size-10 text-slate-500" aria-hidden="true" />}
                  title="No posts match"
                  text="Try other words, another status or tag, or clear the filters to see every post."
                  action={
                    <Button asChild variant="outline">
                      <Link to="/cms/control">Clear filters</Link>
                    </Button>
                  }
                />
              )
            ) : (
              <PostTable
                posts={list.posts}
                caption={`Blog posts, sorted by ${cmsSortLabels[effectiveSort(query!)]}`}
                listQuery={query!}
                listHref={listHref}
                bulkFetcher={bulkFetcher}
                bulkActions={bulkActionsFor(user.role)}
                tagNames={tags.map((tag) => tag.name)}
              />
            )}
            <ListPagination
              page={list.page}
              lastPage={list.lastPage}
              hrefFor={(page) => cmsListHref({ ...query!, page })}
            />
          </>
        )}
      </Card>
    </CmsShell>
  );
}

/** The review queue (docs/decisions/032): how many drafts wait, a link to them. */
function ReviewQueueLink({ count, mine }: { count: number; mine: boolean }) {
  const drafts = `${numberFormat.format(count)} ${count === 1 ? "draft" : "drafts"}`;
  return (
    <p className="mx-4 mt-3 flex flex-wrap items-center gap-x-2 rounded-lg bg-violet-50 px-3 py-2 text-sm text-violet-900 ring-1 ring-violet-200 sm:mx-5">
      <span>{mine ? `${drafts} of yours ${count === 1 ? "is" : "are"} in review.` : `${drafts} waiting for review.`}</span>
      <Link to={cmsListHref({ status: "review" })} className="font-semibold underline underline-offset-2">
        {mine ? "Show them" : "Review queue"}
      </Link>
    </p>
  );
}

/** "Showing 21–40 of 1,234 posts", announced when a filter or page changes the list. */
function ListSummary({ total, page, perPage, shown }: { total: number; page: number; perPage: number; shown: number }) {
  const first = (page - 1) * perPage + 1;
  return (
    <p role="status" className="px-4 pt-4 pb-3 text-sm text-muted-foreground sm:px-5">
      {shown === 0 ? (
        `${numberFormat.format(total)} ${total === 1 ? "post" : "posts"}`
      ) : (
        <>
          Showing{" "}
          <span className="font-semibold text-foreground">
            {numberFormat.format(first)}–{numberFormat.format(first + shown - 1)}
          </span>{" "}
          of <span className="font-semibold text-foreground">{numberFormat.format(total)}</span> {total === 1 ? "post" : "posts"}
        </>
      )}
    </p>
  );
}

/**
 * The list's rows, made light (docs/decisions/023-no-stalls-at-10000-posts.md): the dashboard is
 * rendered on the serving loop, so each row costs every visitor a little. Its links are plain anchors
 * (one click handler on the table navigates for all of them, as React Router's Link would), its icons
 * are drawn once and used by reference, and its repeated utility lists are short component classes
 * (app/app.css, `cms-*`) that apply the same utilities.
 */
function PostTable({
  posts,
  caption,
  listQuery,
  listHref,
  bulkFetcher,
  bulkActions,
  tagNames,
}: {
  posts: CmsListPost[];
  caption: string;
  listQuery: CmsListQuery;
  listHref: string;
  bulkFetcher: BulkFetcher;
  bulkActions: BulkAction[];
  tagNames: string[];
}) {
  const navigate = useNavigate();
  const dates = dateShownFor(effectiveSort(listQuery));
  return (
    <BulkForm key={listHref} action={listHref} fetcher={bulkFetcher} actions={bulkActions} rows={posts.length} tagNames={tagNames}>
      <RowIcons />
      <Table onClick={(event) => navigateInApp(event, navigate)}>
      <caption className="sr-only">{caption}</caption>
      <TableHeader>
        <TableRow>
          <TableHead className="w-px pr-0">
            <span className="sr-only">Select</span>
          </TableHead>
          <TableHead>Title</TableHead>
          <TableHead className="hidden lg:table-cell">Status</TableHead>
          <TableHead className="hidden xl:table-cell">Author</TableHead>
          <TableHead className="hidden lg:table-cell">
            Date <span className="font-normal">({dates.label.toLowerCase()})</span>
          </TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <tbody data-slot="table-body" className="[&_tr:last-child]:border-0">
        {posts.map((post) => (
          <PostRow key={post.id} post={post} listQuery={listQuery} dates={dates} />
        ))}
      </tbody>
      </Table>
    </BulkForm>
  );
}

/**
 * Which date the Date column shows (docs/product.md §2: updatedAt): the publication date when the list is
 * ordered by it, else the last edit; the header names it.
 */
type DateShown = { label: "Edited" | "Published"; of: (post: CmsListPost) => string | null };
const dateShownFor = (sort: CmsSort): DateShown =>
  sort === "published-desc" || sort === "published-asc"
    ? { label: "Published", of: (post) => post.publishedAt }
    : { label: "Edited", of: (post) => post.updatedAt };

const rowIcons = { preview: ExternalLink, edit: Pencil, delete: Trash2 };

/** The rows' icons, each drawn once, referenced by every row. */
function RowIcons() {
  return (
    <svg aria-hidden="true" className="absolute size-0 overflow-hidden">
      {Object.entries(rowIcons).map(([name, Icon]) => (
        <symbol key={name} id={`cms-row-icon-${name}`} viewBox="0 0 24 24">
          <Icon />
        </symbol>
      ))}
    </svg>
  );
}

const RowIcon = ({ name }: { name: keyof typeof rowIcons }) => (
  <svg aria-hidden="true">
    <use href={`#cms-row-icon-${name}`} />
  </svg>
);

/**
 * A click on one of the table's own links (not a new tab or window, not another site) navigates in
 * the app, as a Link does; `data-keep-scroll` keeps the scroll position (the delete dialog opens over
 * the list).
 */
function navigateInApp(event: MouseEvent<HTMLTableElement>, navigate: ReturnType<typeof useNavigate>) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
  const anchor = (event.target as Element).closest("a");
  if (!anchor || anchor.target || anchor.hasAttribute("download") || anchor.origin !== window.location.origin) return;
  event.preventDefault();
  void navigate(anchor.pathname + anchor.search + anchor.hash, { preventScrollReset: anchor.hasAttribute("data-keep-scroll") });
}

function PostRow({ post, listQuery, dates }: { post: CmsListPost; listQuery: CmsListQuery; dates: DateShown }) {
  const timeZone = useSiteTimeZone();
  const shownDate = dates.of(post);
  const date = shownDate === null ? "Not published" : formatCmsDate(shownDate, timeZone);
  const dateCell = shownDate === null ? date : <time dateTime={shownDate}>{date}</time>;
  const author = post.authorName ?? siteConfig.productName;
  const editHref = `/cms/editor/${post.id}`;
  return (
    <tr data-slot="table-row" className="border-b border-border transition-colors hover:bg-subtle/70">
      <td className="w-px py-3 pr-0 pl-4 align-middle sm:pl-5">
        <input type="checkbox" name={ROW_CHECKBOX} value={post.id} aria-label={`Select ${post.title}`} className="cms-row-check" />
      </td>
      <td className="py-3 pr-2 pl-3 align-middle font-medium text-foreground sm:min-w-48 sm:px-4">
        <div className="flex items-start gap-3">
        <Thumbnail post={post} />
        <div className="min-w-0">
        <a href={editHref} className="cms-row-title">
          {post.title}
        </a>
        <span className="mt-0.5 hidden text-xs font-normal text-muted-foreground sm:block">{`/blog/${post.slug}`}</span>
        {post.tags.length > 0 && (
          <ul aria-label="Tags" className="mt-1.5 flex flex-wrap gap-1">
            {post.tags.map((tag) => (
              <li key={tag.slug}>
                <a href={cmsListHref({ ...listQuery, tag: tag.slug, page: 1 })} className="cms-row-tag">
                  <span className="sr-only">Show posts tagged </span>
                  {tag.name}
                </a>
              </li>
            ))}
          </ul>
        )}
        {/* Up to lg (docs/decisions/069): status, date and author under the title, so the actions stay in view. */}
        <span className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs font-normal text-muted-foreground lg:hidden">
          <PostStatusBadge status={post.status} scheduledAt={post.scheduledAt} />
          <span className="whitespace-nowrap">{`${dates.label} ${date}`}</span>
        </span>
        <span className="mt-1 block text-xs font-normal text-muted-foreground xl:hidden">{`By ${author}`}</span>
        <ScheduledTime post={post} />
        <InReview post={post} />
        </div>
        </div>
      </td>
      <td className="hidden px-4 py-3 align-middle lg:table-cell">
        <PostStatusBadge status={post.status} scheduledAt={post.scheduledAt} />
      </td>
      <td className="hidden px-4 py-3 align-middle whitespace-nowrap text-muted-foreground xl:table-cell">{author}</td>
      <td className="hidden px-4 py-3 align-middle whitespace-nowrap text-muted-foreground lg:table-cell">{dateCell}</td>
      <td className="py-3 pr-3 pl-0 align-middle sm:px-4">
        {/* Phones: the icon buttons in a column, so the title has the row's width (docs/decisions/069). */}
        <div className="flex flex-col items-end gap-1 sm:flex-row sm:items-center sm:justify-end">
          <a href={previewHref(post)} target="_blank" rel="noopener" className="cms-row-action">
            <RowIcon name="preview" />
            <span className="sr-only xl:not-sr-only">Preview</span>
            <span className="sr-only">{` ${post.title} (opens in a new tab)`}</span>
          </a>
          <a href={editHref} className="cms-row-action">
            <RowIcon name="edit" />
            <span className="sr-only xl:not-sr-only">Edit</span>
            <span className="sr-only">{` ${post.title}`}</span>
          </a>
          <a href={cmsListHref(listQuery, { delete: String(post.id) })} data-keep-scroll="" className="cms-row-action cms-row-action-danger">
            <RowIcon name="delete" />
            <span className="sr-only xl:not-sr-only">Delete</span>
            <span className="sr-only">{` ${post.title}`}</span>
          </a>
        </div>
      </td>
    </tr>
  );
}

/**
 * The cover, small, beside the title: decorative (the title is next to it), lazy, from the upload's
 * smallest width variants (docs/decisions/047); a post without one shows the generated art its blog card
 * shows (docs/decisions/059), so the row looks as the post will on the blog.
 */
function Thumbnail({ post }: { post: CmsListPost }) {
  const src = post.coverImage;
  return (
    <img
      src={src ?? coverArtPath(post)}
      {...(src ? responsiveMedia(src, { sizes: "64px", upTo: 192 }) : {})}
      alt=""
      width={64}
      height={34}
      loading="lazy"
      decoding="async"
      className="cms-row-thumb object-cover"
    />
  );
}

/** Who submitted a draft for review and when, under its title (docs/decisions/032). */
function InReview({ post }: { post: CmsListPost }) {
  const timeZone = useSiteTimeZone();
  if (!post.submittedAt) return null;
  return (
    <span className="mt-1 flex flex-wrap items-center gap-1.5 text-xs font-normal text-violet-900">
      <span className="rounded-full bg-violet-50 px-2 py-0.5 font-semibold ring-1 ring-violet-200">In review</span>
      <span>
        Submitted{post.submittedBy ? ` by ${post.submittedBy}` : ""} <time dateTime={post.submittedAt}>{formatCmsDate(post.submittedAt, timeZone)}</time>
      </span>
    </span>
  );
}

/** When a scheduled post goes live, under its title (docs/decisions/049). */
function ScheduledTime({ post }: { post: CmsListPost }) {
  const timeZone = useSiteTimeZone();
  if (post.status !== "scheduled" || !post.scheduledAt) return null;
  return (
    <span className="mt-1 block text-xs font-normal text-sky-800">
      Goes live <time dateTime={post.scheduledAt}>{formatInZone(post.scheduledAt, timeZone)}</time>
    </span>
  );
}
