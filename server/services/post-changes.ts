import type { Selectable } from "kysely";
import { postStatusOf } from "../../shared/post-status.ts";
import type { ActivityAction } from "../../shared/activity.ts";
import type { Db } from "../db/connect.ts";
import { toIsoOrNull } from "../db/rows.ts";
import { recordActivity, type ActivityActor } from "./activity-log.ts";
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
      /** Who saved it (the activity log's actor, the revision's saver); null: tooling. */
      actor: ActivityActor;
      now: string;
    }
  | {
      /** A save of the editor or the API (`update`), or a revision restored as a save (revisions.ts). */
      kind: "update" | "restore";
      before: PostRow;
      after: PostRow;
      /** The tags it is filed under from now on; undefined keeps the ones it has. */
      tags: string[] | undefined;
      actor: ActivityActor;
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
      actor: ActivityActor;
      now: string;
    }
  | {
      /**
       * The review workflow (server/services/post-review.ts, docs/decisions/032): a draft submitted for
       * review, or sent back with `note`. Only the review columns changed: no field, tag or status.
       */
      kind: "review";
      step: "submit" | "send-back";
      after: PostRow;
      /** The note a draft was sent back with. */
      note?: string;
      actor: ActivityActor;
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
 * 5. **webhook**: the event the change means to receivers, if any, queued in the outbox (decision 073);
 * 6. **activity**: a line of the activity log when a person published, scheduled, unpublished, deleted,
 *    restored, submitted or sent back a post (docs/decisions/032); none for a plain save, nor for the
 *    scheduler, whose publication is the line "Scheduled a post" of whoever scheduled it.
 * A submission or a sending back changes no field: only the content version (the CMS's lists, kept
 * per version, show the review queue) and the activity line.
 * Locks are taken in this order on every path (the post's row first, by the write itself), so two writes
 * never wait on each other in opposite orders.
 */
export function createPostChanges({ tags, search, contentVersion, webhooks }: PostChangeDeps) {
  return {
    /** Answers the post's tags after a create, update or restore (none after a delete or a scheduled publication). */
    async afterPostWrite(trx: Db, change: PostChange): Promise<PostTag[]> {
      if (change.kind === "review") {
        await contentVersion.bump(trx, change.now);
        await recordPostActivity(trx, change);
        return [];
      }
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
        const savedBy = change.kind === "scheduled-publish" ? null : (change.actor?.id ?? null);
        await recordRevision(trx, change.after, { event, savedBy, now: change.now });
      }

      await webhooks.postChanged(trx, before, after);
      if (change.kind !== "scheduled-publish") await recordPostActivity(trx, change);
      return postTags;
    },
  };
}

export type PostChanges = ReturnType<typeof createPostChanges>;

type PersonsChange = Exclude<PostChange, { kind: "scheduled-publish" }>;

/** The activity a change is, if any (docs/decisions/032): a status moved, a delete, a restore, the review workflow. */
function activityOf(change: PersonsChange): { action: ActivityAction; detail?: Record<string, unknown> } | null {
  switch (change.kind) {
    case "delete":
      return { action: "post.delete" };
    case "review":
      return change.step === "submit" ? { action: "post.submit" } : { action: "post.send-back", detail: { note: change.note } };
    default: {
      const from = change.kind === "create" ? null : change.before;
      const was = from ? postStatusOf(from) : "draft";
      const now = postStatusOf(change.after);
      if (now === "published" && was !== "published") return { action: "post.publish" };
      const at = toIsoOrNull(change.after.scheduled_at);
      if (now === "scheduled" && (was !== "scheduled" || toIsoOrNull(from!.scheduled_at) !== at)) {
        return { action: "post.schedule", detail: { at } };
      }
      if (was === "published" && now !== "published") return { action: "post.unpublish" };
      return change.kind === "restore" ? { action: "post.restore" } : null;
    }
  }
}

async function recordPostActivity(trx: Db, change: PersonsChange): Promise<void> {
  const activity = activityOf(change);
  if (!activity) return;
  const row = change.kind === "delete" ? change.before : change.after;
  const subject = { type: "post" as const, id: Number(row.id), label: row.title };
  await recordActivity(trx, { actor: change.actor, ...activity, subject }, change.now);
}
