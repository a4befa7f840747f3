import { isRefusal, type Refusal } from "../../shared/refusal.ts";
import type { PostViewer } from "../../shared/post-access.ts";
import { ALREADY_DRAFT, ALREADY_PUBLISHED, type BulkAction, type BulkRefusal, type BulkResult } from "../../shared/post-bulk.ts";
import type { PostService } from "./posts.ts";
import { fieldsOfPost } from "./revisions.ts";

/**
 * The dashboard's bulk actions (docs/decisions/036-dashboard-bulk-actions.md): each checked post
 * goes, one after another, through the path a single action takes (`posts.update`, `posts.remove`),
 * so it is judged by the same rules in its own transaction (docs/decisions/032) and writes its own
 * activity line, revision and webhook (docs/decisions/025). One refusal does not stop the others.
 */
export function createPostBulk({ posts }: { posts: Pick<PostService, "openFor" | "update" | "remove"> }) {
  /** Publish now or back to draft: a save of the post's own fields with the new status. */
  async function setLive(id: number, live: boolean, actor: PostViewer): Promise<true | Refusal | BulkRefusal> {
    const post = await posts.openFor(id, actor);
    if (isRefusal(post)) return post;
    if (live && post.status === "published") return { id, title: post.title, reason: ALREADY_PUBLISHED };
    if (!live && post.status === "draft") return { id, title: post.title, reason: ALREADY_DRAFT };
    // Published now: a scheduled post goes live at once, a post published before keeps its first date (decision 062).
    const saved = await posts.update(
      id,
      { ...fieldsOfPost(post), published: live, publishedAt: null, tags: undefined, authorId: undefined, version: post.version, publishAsNew: false },
      actor,
    );
    return isRefusal(saved) ? { id, title: post.title, reason: saved.message } : true;
  }

  const steps: Record<BulkAction, (id: number, actor: PostViewer) => Promise<true | Refusal | BulkRefusal>> = {
    publish: (id, actor) => setLive(id, true, actor),
    unpublish: (id, actor) => setLive(id, false, actor),
    delete: (id, actor) => posts.remove(id, actor),
  };

  return {
    /** `action` on each of `ids` as `actor`: how many were done, and each refused with its reason. */
    async apply(action: BulkAction, ids: number[], actor: PostViewer): Promise<BulkResult> {
      let done = 0;
      const refused: BulkRefusal[] = [];
      for (const id of ids) {
        const result = await steps[action](id, actor);
        if (result === true) done += 1;
        else if (isRefusal(result)) refused.push({ id, title: null, reason: result.message });
        else refused.push(result);
      }
      return { action, done, refused };
    },
  };
}
