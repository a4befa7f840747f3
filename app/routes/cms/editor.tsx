import { isRefusal } from "../../../shared/refusal.ts";
import { parseId } from "../../../shared/ids.ts";
import { data, Link, useLocation } from "react-router";
import { ArrowLeft, FileWarning } from "lucide-react";
import type { Route } from "./+types/editor";
import { requestInfoContext, servicesContext } from "../../request-context.ts";
import { staffContext } from "../../lib/auth.server.ts";
import { CmsShell } from "../../components/cms/cms-shell.tsx";
import { PostEditor } from "../../components/cms/editor/post-editor.tsx";
import { useEditorSessionKey, type EditorLocationState } from "../../components/cms/editor/use-editor-session-key.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";

/**
 * /cms/editor (new post) and /cms/editor/{id} (edit), for staff who write posts: their own, or every post
 * with posts.edit-any (docs/product.md §2; docs/decisions/032). The guard runs before
 * anything is read; the post comes with the page, so the form is filled on first paint. The rich-text
 * editor lives in this route's code only: public pages never download it (decision 061).
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const user = context.get(staffContext);
  const { authors, env } = context.get(servicesContext);
  const siteUrl = env.SITE_URL;
  // The author select's choices (docs/decisions/044): administrators, and the post's author.
  if (params.id === undefined) return { user, post: null, loadFailed: false, authorChoices: await authors.listChoices(), siteUrl };
  const id = parseId(params.id);
  if (id === null) return data({ user, post: null, loadFailed: true, authorChoices: [], siteUrl }, { status: 404 });
  try {
    // Only a post they may open (docs/decisions/032): anyone else's is the same "Failed to load" as none.
    const post = await context.get(servicesContext).posts.openFor(id, user);
    if (isRefusal(post)) return data({ user, post: null, loadFailed: true, authorChoices: [], siteUrl }, { status: 404 });
    // The writer's autosaved copy, when newer than the post's last save (docs/decisions/066).
    const copy = await context.get(servicesContext).workingCopies.get(id, user);
    const workingCopy = isRefusal(copy) ? null : copy;
    return { user, post, loadFailed: false, authorChoices: await authors.listChoices(post.authorId), siteUrl, workingCopy };
  } catch (error) {
    context.get(requestInfoContext).log.error({ err: error, postId: id }, "post editor: loading the post failed");
    return data({ user, post: null, loadFailed: true, authorChoices: [], siteUrl }, { status: 500 });
  }
}

export default function EditorRoute({ loaderData }: Route.ComponentProps) {
  const { user, post, loadFailed, authorChoices, siteUrl } = loaderData;
  const workingCopy = "workingCopy" in loaderData ? loaderData.workingCopy : null;
  const location = useLocation();
  const key = useEditorSessionKey(post?.id ?? null, location.key, Boolean((location.state as EditorLocationState)?.createdHere));

  if (loadFailed) {
    return (
      <CmsShell user={user} title="Edit Blog Post">
        <Card className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-14 text-center">
          <FileWarning className="size-10 text-amber-600" aria-hidden="true" />
          <h2 className="text-lg font-semibold text-foreground">Failed to load blog post</h2>
          <p className="text-sm text-muted-foreground">It may have been deleted, or the link is wrong.</p>
          <Button asChild>
            <Link to="/cms/control">
              <ArrowLeft aria-hidden="true" />
              Back to Dashboard
            </Link>
          </Button>
        </Card>
      </CmsShell>
    );
  }
  return <PostEditor key={key} user={user} initialPost={post} initialWorkingCopy={workingCopy} authorChoices={authorChoices} siteUrl={siteUrl} />;
}
