import { useEffect } from "react";
import { parseId } from "../../lib/ids.ts";
import { data, Link, redirect, useFetcher, useNavigate } from "react-router";
import { AlertTriangle, ExternalLink, FilePlus2, FileText, Pencil, Trash2 } from "lucide-react";
import type { Route } from "./+types/control";
import { requestInfoContext, servicesContext } from "../../request-context.ts";
import { adminContext } from "../../lib/auth.server.ts";
import { field, readCmsForm } from "../../lib/cms-form.server.ts";
import { formatCmsDate } from "../../lib/cms-date.ts";
import { toast } from "../../lib/toast.ts";
import { CmsShell } from "../../components/cms/cms-shell.tsx";
import type { ActionResult } from "../../lib/enhanced-form.ts";
import { ConfirmDelete } from "../../components/cms/confirm-delete.tsx";
import { previewHref } from "../../components/cms/editor/post-api.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table.tsx";

const DELETE_TITLE = "Delete Blog Post";
const DELETE_TEXT = "Are you sure you want to delete this blog post? This action cannot be undone.";

/**
 * The dashboard (SPEC §2 CMS dashboard): admins only, checked before any data is read. A failed
 * list read is shown on the page ('Failed to load blog posts' with 'Try Again'), not as an error page.
 * `?delete={id}` asks for confirmation, so deleting works with and without JavaScript.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(adminContext);
  try {
    const posts = await context.get(servicesContext).posts.listForCms();
    const deleteId = parseId(new URL(request.url).searchParams.get("delete"));
    const confirmDelete = posts.find((post) => post.id === deleteId) ?? null;
    return { user, posts, confirmDelete };
  } catch (error) {
    context.get(requestInfoContext).log.error({ err: error }, "dashboard: listing the posts failed");
    return data({ user, posts: null, confirmDelete: null }, { status: 500 });
  }
}

/** Deletes a post (SPEC §4 delete flow); the loader runs again afterwards, so the list is fresh. */
export async function action({ request, context }: Route.ActionArgs) {
  const { form, enhanced } = await readCmsForm(request);
  const id = parseId(field(form, "postId"));
  if (field(form, "intent") !== "delete" || id === null) {
    return data<ActionResult>({ ok: false, message: "Failed to delete post: Bad Request" }, { status: 400 });
  }
  const removed = await context.get(servicesContext).posts.remove(id);
  if (!removed) return data<ActionResult>({ ok: false, message: "Failed to delete post: Not Found" }, { status: 404 });
  if (!enhanced) throw redirect("/cms/control");
  return data<ActionResult>({ ok: true, message: "The blog post has been successfully deleted" });
}

export default function CmsControl({ loaderData }: Route.ComponentProps) {
  const { user, posts, confirmDelete } = loaderData;
  // Owned by the page, not the dialog: the dialog is gone once the list no longer has the post.
  const deleteFetcher = useFetcher<ActionResult>();
  const navigate = useNavigate();
  useEffect(() => {
    const result = deleteFetcher.state === "idle" ? deleteFetcher.data : undefined;
    if (!result) return;
    // The dialog closes either way: a modal dialog hides the toast from screen readers, and the
    // list is read again, so a post someone else already deleted disappears from it.
    void navigate("/cms/control", { replace: true, preventScrollReset: true });
    if (result.ok) toast({ title: "Post deleted", description: "The blog post has been successfully deleted" });
    else toast({ title: "Delete failed", description: result.message, variant: "destructive" });
  }, [deleteFetcher.data, deleteFetcher.state, navigate]);
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
      {confirmDelete && (
        <ConfirmDelete
          title={DELETE_TITLE}
          description={
            <>
              <p>{DELETE_TEXT}</p>
              <p className="mt-3 rounded-lg bg-subtle px-3 py-2 font-medium text-foreground">{confirmDelete.title}</p>
            </>
          }
          action="/cms/control"
          cancelTo="/cms/control"
          fields={{ intent: "delete", postId: String(confirmDelete.id) }}
          fetcher={deleteFetcher}
          onClose={() => void navigate("/cms/control", { replace: true, preventScrollReset: true })}
        />
      )}
      <Card className="overflow-hidden">
        {posts === null ? (
          <div role="alert" className="flex flex-col items-center gap-4 px-6 py-16 text-center">
            <AlertTriangle className="size-10 text-amber-600" aria-hidden="true" />
            <p className="text-base font-semibold text-foreground">Failed to load blog posts</p>
            <Button asChild variant="outline">
              <Link to="/cms/control">Try Again</Link>
            </Button>
          </div>
        ) : posts.length === 0 ? (
          <div className="flex flex-col items-center gap-4 px-6 py-16 text-center">
            <span className="flex size-14 items-center justify-center rounded-2xl bg-primary-soft">
              <FileText className="size-7 text-primary" aria-hidden="true" />
            </span>
            <div className="grid gap-1">
              <p className="text-base font-semibold text-foreground">No blog posts yet</p>
              <p className="text-sm text-muted-foreground">Write the first article for the Zuri Intelligence Blog.</p>
            </div>
            <Button asChild>
              <Link to="/cms/editor">
                <FilePlus2 aria-hidden="true" />
                Create Your First Post
              </Link>
            </Button>
          </div>
        ) : (
          <Table>
            <caption className="sr-only">Blog posts, most recently updated first</caption>
            <TableHeader>
              <TableRow>
                <TableHead>Title</TableHead>
                <TableHead className="hidden sm:table-cell">Status</TableHead>
                <TableHead className="hidden sm:table-cell">Date</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {posts.map((post) => (
                <TableRow key={post.id}>
                  <TableCell className="font-medium text-foreground sm:min-w-48">
                    <Link
                      to={`/cms/editor/${post.id}`}
                      className="rounded-sm outline-none hover:text-primary-strong hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      {post.title}
                    </Link>
                    <span className="mt-0.5 hidden text-xs font-normal text-muted-foreground sm:block">/blog/{post.slug}</span>
                    {/* Small screens: status and date under the title, so the actions stay in view. */}
                    <span className="mt-1.5 flex items-center gap-2 text-xs font-normal text-muted-foreground sm:hidden">
                      <StatusBadge published={post.published} />
                      <span className="whitespace-nowrap">{formatCmsDate(post.updatedAt)}</span>
                    </span>
                  </TableCell>
                  <TableCell className="hidden sm:table-cell">
                    <StatusBadge published={post.published} />
                  </TableCell>
                  <TableCell className="hidden whitespace-nowrap text-muted-foreground sm:table-cell">
                    <time dateTime={post.updatedAt}>{formatCmsDate(post.updatedAt)}</time>
                  </TableCell>
                  <TableCell>
                    <div className="flex items-center justify-end gap-1">
                      <Button asChild variant="ghost" size="sm">
                        <a href={previewHref(post)} target="_blank" rel="noopener">
                          <ExternalLink aria-hidden="true" />
                          <span className="sr-only md:not-sr-only">Preview</span>
                          <span className="sr-only"> {post.title} (opens in a new tab)</span>
                        </a>
                      </Button>
                      <Button asChild variant="ghost" size="sm">
                        <Link to={`/cms/editor/${post.id}`}>
                          <Pencil aria-hidden="true" />
                          <span className="sr-only md:not-sr-only">Edit</span>
                          <span className="sr-only"> {post.title}</span>
                        </Link>
                      </Button>
                      <Button asChild variant="ghost" size="sm" className="text-red-700 hover:bg-red-50 hover:text-red-800">
                        <Link to={`?delete=${post.id}`} preventScrollReset>
                          <Trash2 aria-hidden="true" />
                          <span className="sr-only md:not-sr-only">Delete</span>
                          <span className="sr-only"> {post.title}</span>
                        </Link>
                      </Button>
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Card>
    </CmsShell>
  );
}

function StatusBadge({ published }: { published: boolean }) {
  return (
    <span
      className={
        published
          ? "inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200"
          : "inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-2.5 py-1 text-xs font-semibold text-amber-800 ring-1 ring-amber-200"
      }
    >
      <span aria-hidden="true" className={published ? "size-1.5 rounded-full bg-emerald-600" : "size-1.5 rounded-full bg-amber-500"} />
      {published ? "Published" : "Draft"}
    </span>
  );
}
