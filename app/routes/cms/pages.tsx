import { useRef } from "react";
import { useSiteTimeZone } from "../../lib/site-details.ts";
import { Link, redirect, useActionData, useFetcher, useNavigate } from "react-router";
import { Copy, ExternalLink, FilePlus2, LayoutTemplate, Pencil, Trash2 } from "lucide-react";
import type { Route } from "./+types/pages";
import { servicesContext } from "../../request-context.ts";
import { staffContext } from "../../lib/auth.server.ts";
import { field, noStoreHeaders, readCmsForm } from "../../lib/cms-form.server.ts";
import { refusalData } from "../../lib/refusal.server.ts";
import { formatCmsDate } from "../../lib/cms-date.ts";
import { toast } from "../../lib/toast.ts";
import { ENHANCED_FIELD, type ActionResult } from "../../lib/enhanced-form.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { parseId } from "../../../shared/ids.ts";
import { landingPagePath, type LandingPageSummary } from "../../../shared/landing-pages.ts";
import { isRefusal, refuse } from "../../../shared/refusal.ts";
import { CmsShell } from "../../components/cms/cms-shell.tsx";
import { ConfirmDelete } from "../../components/cms/confirm-delete.tsx";
import { PostStatusBadge } from "../../components/cms/post-status-badge.tsx";
import { StateMessage } from "../../components/cms/state-message.tsx";
import { useFetcherResult } from "../../components/cms/use-fetcher-result.ts";
import { NoindexBadge } from "../../components/cms/pages/noindex-badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table.tsx";

export function headers() {
  return noStoreHeaders;
}

/**
 * /cms/pages (docs/decisions/039-landing-page-editor.md): every landing page with its status, whether it
 * is kept out of search engines, and who changed it last; New page, and per page Edit, View live,
 * Duplicate and Delete (`?delete={id}` asks first). Plain form posts: the list works without JavaScript.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(staffContext);
  const pages = await context.get(servicesContext).landingPages.list();
  const deleteId = parseId(new URL(request.url).searchParams.get("delete") ?? "");
  return { user, pages, confirmDelete: pages.find((page) => page.id === deleteId) ?? null };
}

type PagesResult = ActionResult & { intent?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const { form, enhanced } = await readCmsForm(request);
  const user = context.get(staffContext);
  const service = context.get(servicesContext).landingPages;
  const intent = field(form, "intent");
  const id = parseId(field(form, "id"));
  if (id === null) return refusalData(refuse("not-found", "Landing page not found"), { intent });
  if (intent === "duplicate") {
    const copy = await service.duplicate(user, id);
    if (isRefusal(copy)) return refusalData(copy, { intent });
    const to = `/cms/pages/${copy.id}`;
    // Without JavaScript the copy opens in the editor at once; with it, the page navigates after its toast.
    return enhanced ? { ok: true as const, intent, redirectTo: to, message: `“${copy.title}” is a new draft.` } : redirect(to);
  }
  if (intent === "delete") {
    const removed = await service.remove(user, id);
    if (isRefusal(removed)) return refusalData(removed, { intent });
    return enhanced ? { ok: true as const, intent, message: "Landing page deleted." } : redirect("/cms/pages");
  }
  return refusalData(refuse("invalid", "Unknown landing page action"), { intent });
}

export default function CmsPages({ loaderData }: Route.ComponentProps) {
  const { user, pages, confirmDelete } = loaderData;
  const navigate = useNavigate();
  const posted = useActionData<PagesResult>();
  const deleteFetcher = useFetcher<ActionResult>({ key: "delete-page" });
  const listHeading = useRef<HTMLHeadingElement>(null);
  const closeDialog = () => void navigate("/cms/pages", { replace: true, preventScrollReset: true });

  useFetcherResult(deleteFetcher, (result) => {
    toast(result.ok ? { title: "Landing page deleted", description: result.message } : { title: "Delete failed", description: result.message, variant: "destructive" });
    if (result.ok) {
      closeDialog();
      requestAnimationFrame(() => listHeading.current?.focus());
    }
  });

  return (
    <CmsShell
      user={user}
      title="Landing pages"
      actions={
        <Button asChild>
          <Link to="/cms/pages/new">
            <FilePlus2 aria-hidden="true" />
            New page
          </Link>
        </Button>
      }
      description={
        <>
          Campaign pages composed from the site's designed blocks, each at its own address under /l/. Pages for paid campaigns can
          be kept out of search engines and the sitemap.
        </>
      }
    >
      {posted && !posted.ok && (
        <p role="alert" className="mb-6 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {posted.message}
        </p>
      )}
      {confirmDelete && (
        <ConfirmDelete
          title="Delete landing page"
          description={`Delete “${confirmDelete.title}”? Its address, ${landingPagePath(confirmDelete.slug)}, stops working. This cannot be undone.`}
          action="/cms/pages"
          cancelTo="/cms/pages"
          fields={{ intent: "delete", id: String(confirmDelete.id) }}
          fetcher={deleteFetcher}
          onClose={closeDialog}
        />
      )}
      <section aria-labelledby="pages-heading" className="grid min-w-0 content-start gap-3">
        <h2
          id="pages-heading"
          ref={listHeading}
          tabIndex={-1}
          className="text-lg font-semibold tracking-tight text-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          All landing pages{pages.length > 0 ? ` (${pages.length})` : ""}
        </h2>
        {pages.length === 0 ? (
          <Card>
            <StateMessage
              icon={<LayoutTemplate className="size-8 text-muted-foreground" aria-hidden="true" />}
              title="No landing pages yet"
              text="Compose one from a hero, features, testimonials and a demo form."
              action={
                <Button asChild>
                  <Link to="/cms/pages/new">
                    <FilePlus2 aria-hidden="true" />
                    New page
                  </Link>
                </Button>
              }
            />
          </Card>
        ) : (
          <Card className="overflow-hidden">
            <Table>
              <caption className="sr-only">Every landing page, most recently changed first</caption>
              {/* Below xl the rows stack into cards (docs/decisions/069); the header stays for screen readers. */}
              <TableHeader className="max-xl:sr-only">
                <TableRow>
                  <TableHead>Title</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead>Updated</TableHead>
                  <TableHead className="text-right">Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {pages.map((page) => (
                  <PageRow key={page.id} page={page} />
                ))}
              </TableBody>
            </Table>
          </Card>
        )}
      </section>
    </CmsShell>
  );
}

function PageRow({ page }: { page: LandingPageSummary }) {
  const hydrated = useHydrated();
  const timeZone = useSiteTimeZone();
  const navigate = useNavigate();
  const duplicate = useFetcher<PagesResult>();
  useFetcherResult(duplicate, (result) => {
    if (!result.ok) return toast({ title: "Duplicate failed", description: result.message, variant: "destructive" });
    toast({ title: "Page duplicated", description: result.message });
    if (result.redirectTo) void navigate(result.redirectTo);
  });
  const busy = duplicate.state !== "idle";
  return (
    <TableRow className="max-xl:flex max-xl:flex-wrap max-xl:items-center max-xl:gap-x-3 max-xl:gap-y-2 max-xl:px-4 max-xl:py-4 max-xl:[&>td]:p-0">
      <TableCell className="min-w-0 max-xl:w-full">
        <Link
          to={`/cms/pages/${page.id}`}
          className="block font-medium break-words text-foreground outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          {page.title}
        </Link>
        {/* A long slug is cut with an ellipsis, never broken mid-word; the whole address is its title. Stacked, it
            takes the row's width and adds none to the table's (width 0, at least the row's). */}
        <code title={landingPagePath(page.slug)} className="block truncate font-mono text-xs text-muted-foreground max-xl:w-0 max-xl:min-w-full xl:max-w-96">
          {landingPagePath(page.slug)}
        </code>
      </TableCell>
      <TableCell className="whitespace-nowrap max-xl:w-auto">
        <span className="flex flex-wrap items-center gap-1.5">
          <PostStatusBadge status={page.status} scheduledAt={page.scheduledAt} />
          {page.noindex && <NoindexBadge />}
        </span>
      </TableCell>
      <TableCell className="text-sm whitespace-nowrap text-muted-foreground max-xl:w-full">
        <span className="xl:sr-only">Updated </span>
        <time dateTime={page.updatedAt}>{formatCmsDate(page.updatedAt, timeZone)}</time>
        {page.updatedBy && <span className="block text-xs">by {page.updatedBy}</span>}
      </TableCell>
      <TableCell className="text-right whitespace-nowrap max-xl:flex max-xl:w-full max-xl:flex-wrap max-xl:gap-1 max-xl:text-left">
        <Button asChild variant="ghost" size="sm">
          <Link to={`/cms/pages/${page.id}`}>
            <Pencil aria-hidden="true" />
            Edit<span className="sr-only"> {page.title}</span>
          </Link>
        </Button>
        {page.status === "published" && (
          <Button asChild variant="ghost" size="sm">
            <a href={landingPagePath(page.slug)} target="_blank" rel="noopener">
              <ExternalLink aria-hidden="true" />
              View live<span className="sr-only"> {page.title} (opens in a new tab)</span>
            </a>
          </Button>
        )}
        <duplicate.Form method="post" action="/cms/pages" className="inline">
          <input type="hidden" name="intent" value="duplicate" />
          <input type="hidden" name="id" value={page.id} />
          {/* Posted by the hydrated page: the action answers data instead of a redirect (app/lib/enhanced-form.ts). */}
          {hydrated && <input type="hidden" name={ENHANCED_FIELD} value="1" />}
          <Button type="submit" variant="ghost" size="sm" disabled={busy} aria-busy={busy}>
            {busy ? <Spinner /> : <Copy aria-hidden="true" />}
            Duplicate<span className="sr-only"> {page.title}</span>
          </Button>
        </duplicate.Form>
        <Button asChild variant="ghost" size="sm" className="text-red-700 hover:bg-red-50 hover:text-red-800">
          <Link to={`?delete=${page.id}`} preventScrollReset>
            <Trash2 aria-hidden="true" />
            Delete<span className="sr-only"> {page.title}</span>
          </Link>
        </Button>
      </TableCell>
    </TableRow>
  );
}
