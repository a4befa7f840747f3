import { isRefusal, type Refusal } from "../../shared/refusal.ts";
import type { PostViewer } from "../../shared/post-access.ts";
import { ALREADY_DRAFT, ALREADY_PUBLISHED, ALREADY_TAGGED, NOT_TAGGED, type BulkAction, type BulkRefusal, type BulkResult } from "../../shared/post-bulk.ts";
import { tagSlug } from "../../shared/post-schema.ts";
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

  /**
   * Adds or removes one tag: a save of the post's own fields with its status, date and schedule as they are,
   * and the tag list changed (names matched as the editor matches them, docs/decisions/042).
   */
  async function retag(id: number, tag: string, add: boolean, actor: PostViewer): Promise<true | Refusal | BulkRefusal> {
    const post = await posts.openFor(id, actor);
    if (isRefusal(post)) return post;
    const names = post.tags.map((t) => t.name);
    // A tag is the one named when its slug or its name's slug is the name's slug (as setForPost matches).
    const key = tagSlug(tag);
    const isIt = (t: { slug: string; name: string }) => t.slug === key || tagSlug(t.name) === key;
    const has = post.tags.some(isIt);
    if (add && has) return { id, title: post.title, reason: ALREADY_TAGGED };
    if (!add && !has) return { id, title: post.title, reason: NOT_TAGGED };
    const tags = add ? [...names, tag] : post.tags.filter((t) => !isIt(t)).map((t) => t.name);
    const saved = await posts.update(
      id,
      {
        ...fieldsOfPost(post),
        published: post.published,
        publishedAt: post.status === "scheduled" ? post.publishedAt : null,
        tags,
        authorId: undefined,
        version: post.version,
        publishAsNew: false,
      },
      actor,
    );
    return isRefusal(saved) ? { id, title: post.title, reason: saved.fields?.tags ?? saved.message } : true;
  }

  const steps: Record<BulkAction, (id: number, actor: PostViewer, tag: string) => Promise<true | Refusal | BulkRefusal>> = {
    publish: (id, actor) => setLive(id, true, actor),
    unpublish: (id, actor) => setLive(id, false, actor),
    "add-tag": (id, actor, tag) => retag(id, tag, true, actor),
    "remove-tag": (id, actor, tag) => retag(id, tag, false, actor),
    delete: (id, actor) => posts.remove(id, actor),
  };

  return {
    /** `action` on each of `ids` as `actor` (`tag`: the tag actions' name): how many were done, and each refused with its reason. */
    async apply(action: BulkAction, ids: number[], actor: PostViewer, tag = ""): Promise<BulkResult> {
      let done = 0;
      const refused: BulkRefusal[] = [];
      for (const id of ids) {
        const result = await steps[action](id, actor, tag);
        if (result === true) done += 1;
        else if (isRefusal(result)) refused.push({ id, title: null, reason: result.message });
        else refused.push(result);
      }
      return { action, done, refused };
    },
  };
}
