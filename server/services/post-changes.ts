import type { Selectable } from "kysely";
import type { Db } from "../db/connect.ts";
import type { PostsTable } from "../db/schema.ts";
import type { ContentVersion } from "./content-version.ts";
import { recordRevision } from "./revision-log.ts";
import type { SearchService } from "./search.ts";
import type { PostTag, TagService } from "./tags.ts";
import type { PostWebhooks } from "./webhook-outbox.ts";

type PostRow = Selectable<PostsTable>;

/**
 * One write of a post, as the step after it needs to know it (docs/decisions/025): what kind of write,
 * the row before (none for a create) and after (none for a delete), and the write's own facts.
 */
export type PostChange =
  | {
      kind: "create";
      after: PostRow;
      /** The tags it is filed under (names, checked by the schema). */
      tags: string[];
      savedBy: number | null;
      now: string;
    }
  | {
      /** A save of the editor or the API (`update`), or a revision restored as a save (revisions.ts). */
      kind: "update" | "restore";
      before: PostRow;
      after: PostRow;
      /** The tags it is filed under from now on; undefined keeps the ones it has. */
      tags: string[] | undefined;
      savedBy: number | null;
      now: string;
    }
  | {
      /**
       * The scheduler published a scheduled post at its time (docs/decisions/049): before, it was a draft
       * with the same fields (the conditional UPDATE says so), so nothing to index and no `before` to pass.
       */
      kind: "scheduled-publish";
      after: PostRow;
      now: string;
    }
  | {
      kind: "delete";
      before: PostRow;
      /** The tags it was filed under, read before the delete (its post_tags rows go with it by cascade). */
      tagIds: number[];
      now: string;
    };

export interface PostChangeDeps {
  tags: TagService;
  search: SearchService;
  contentVersion: ContentVersion;
  webhooks: PostWebhooks;
}

/**
 * The one step after every write of a post (docs/decisions/025-one-post-change-step-and-one-job-runner.md):
 * create, update, revision restore, scheduled publication and delete all call `afterPostWrite` inside the
 * transaction that wrote the row, so none can forget a part and a rolled-back write leaves none behind.
 * In this order, every time:
 * 1. **tags**: the post's tags set (when the write names them) and the counts of the tags it had and has
 *    recounted (migration 011: `post_count`, `published_post_count`), since its published state may have
 *    changed with them;
 * 2. **search index**: its document written (a scheduled publication changes no indexed field), removed
 *    with the post (decision 042);
 * 3. **content version**: moved on, for drafts too (decisions 040, 021, 023: a draft's save changes the CMS's
 *    pages and a preview, and one rule is cheaper than knowing which pages a write touched);
 * 4. **revision**: one per create, update, restore and scheduled publication (decision 067), none for a
 *    delete (the post's revisions go with it);
 * 5. **webhook**: the event the change means to receivers, if any, queued in the outbox (decision 073).
 * Locks are taken in this order on every path (the post's row first, by the write itself), so two writes
 * never wait on each other in opposite orders.
 */
export function createPostChanges({ tags, search, contentVersion, webhooks }: PostChangeDeps) {
  return {
    /** Answers the post's tags after a create, update or restore (none after a delete or a scheduled publication). */
    async afterPostWrite(trx: Db, change: PostChange): Promise<PostTag[]> {
      // A scheduled post was a draft, invisible to receivers: its publication is reported as a new post's.
      const before = change.kind === "create" || change.kind === "scheduled-publish" ? null : change.before;
      const after = change.kind === "delete" ? null : change.after;
      let postTags: PostTag[] = [];

      if (change.kind === "delete") {
        await tags.refreshCounts(trx, change.tagIds);
        await search.removePost(trx, Number(change.before.id));
      } else if (change.kind === "scheduled-publish") {
        // Same tags, same text: only the published counts move.
        await tags.refreshCounts(trx, await tags.idsOf(trx, Number(change.after.id)));
      } else {
        postTags = await tags.setForPost(trx, Number(change.after.id), change.tags, change.now);
        await search.indexPost(trx, change.after);
      }

      await contentVersion.bump(trx, change.now);

      if (change.kind !== "delete") {
        const event = change.kind === "create" || change.kind === "update" ? "save" : change.kind;
        const savedBy = change.kind === "scheduled-publish" ? null : change.savedBy;
        await recordRevision(trx, change.after, { event, savedBy, now: change.now });
      }

      await webhooks.postChanged(trx, before, after);
      return postTags;
    },
  };
}

export type PostChanges = ReturnType<typeof createPostChanges>;
