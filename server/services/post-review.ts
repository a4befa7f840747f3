import type { Selectable } from "kysely";
import { isRefusal, refuse, type Refusal } from "../../shared/refusal.ts";
import { CANNOT_REVIEW } from "../../shared/post-access.ts";
import type { PostViewer } from "../../shared/post-access.ts";
import type { Db } from "../db/connect.ts";
import type { PostsTable } from "../db/schema.ts";
import { nowIso, toIso } from "../db/rows.ts";
import { nameOf } from "./authors.ts";
import { activityActorOf, rightsOn, type ActorNow, type PostAccess } from "./post-access.ts";
import type { PostChanges } from "./post-changes.ts";
import type { FullPost, PostService } from "./posts.ts";

/**
 * The review workflow (docs/decisions/032-post-permissions-and-review.md): a writer submits a draft
 * (posts.submitted_at/by); it waits in the review queue (the dashboard's "In review"); an editor
 * publishes or schedules it through the ordinary save (which clears the review columns), or sends it
 * back with a note (posts.review_note/by/at), which the writer sees in the editor until they submit
 * again. While it waits, only editors and administrators may change it (shared/post-access.ts).
 */

export interface ReviewPerson {
  id: number;
  name: string;
}

/** Where a post stands in the review workflow, as the editor shows it. */
export interface PostReview {
  /** In the review queue since; null: not submitted. */
  submittedAt: string | null;
  /** Null also when that account was deleted since. */
  submittedBy: ReviewPerson | null;
  /** What the editor said when sending it back; shown until the writer submits again. */
  note: { text: string; by: ReviewPerson | null; at: string } | null;
}

export const NOT_A_DRAFT = "Only a draft can be submitted for review: this post is published or scheduled.";
export const ALREADY_IN_REVIEW = "This draft is already waiting for review.";
export const NOT_IN_REVIEW = "This post is not waiting for review: it was published or sent back meanwhile.";
export const SUBMIT_CONFLICT = "This post was changed after you opened it. Reload it, then submit it again.";

type ReviewRow = Pick<Selectable<PostsTable>, "submitted_at" | "submitted_by" | "review_note" | "review_note_by" | "review_note_at">;

/** The review state of a post row, with the names of who submitted it and who wrote the note. */
export async function reviewOf(executor: Db, row: ReviewRow): Promise<PostReview> {
  const ids = [row.submitted_by, row.review_note_by].filter((id): id is number => id !== null).map(Number);
  const names = new Map<number, ReviewPerson>();
  if (ids.length > 0) {
    const users = await executor.selectFrom("users").select(["id", "username", "display_name"]).where("id", "in", ids).execute();
    for (const user of users) names.set(Number(user.id), { id: Number(user.id), name: nameOf(user) });
  }
  const person = (id: number | null) => (id === null ? null : (names.get(Number(id)) ?? null));
  return {
    submittedAt: row.submitted_at === null ? null : toIso(row.submitted_at),
    submittedBy: row.submitted_at === null ? null : person(row.submitted_by),
    note:
      row.review_note === null || row.review_note_at === null
        ? null
        : { text: row.review_note, by: person(row.review_note_by), at: toIso(row.review_note_at) },
  };
}

/** The review columns cleared: what publishing or scheduling a post does (server/services/posts.ts). */
export const reviewCleared = {
  submitted_at: null,
  submitted_by: null,
  review_note: null,
  review_note_by: null,
  review_note_at: null,
} as const;

export function createPostReview({
  db,
  clock,
  access,
  changes,
  posts,
}: {
  db: Db;
  clock: () => Date;
  access: PostAccess;
  changes: PostChanges;
  posts: Pick<PostService, "getById">;
}) {
  /** One transaction: the actor as they are now, the post they may open, the change, the post-change step. */
  async function change(
    postId: number,
    actor: PostViewer | null,
    write: (trx: Db, row: Selectable<PostsTable>, now: string, who: ActorNow | null) => Promise<Selectable<PostsTable> | Refusal>,
    step: "submit" | "send-back",
    note?: string,
  ): Promise<FullPost | Refusal> {
    const result = await db.transaction().execute(async (trx) => {
      const who = await access.actorNow(trx, actor);
      if (isRefusal(who)) return who;
      const current = await access.openable(trx, postId, who);
      if (isRefusal(current)) return current;
      const now = nowIso(clock);
      const after = await write(trx, current, now, who);
      if (isRefusal(after)) return after;
      await changes.afterPostWrite(trx, { kind: "review", step, after, note, actor: activityActorOf(who), now });
      return after;
    });
    return isRefusal(result) ? result : posts.getById(postId);
  }

  return {
    /**
     * Puts a draft in the review queue, and clears a note it was sent back with. `version`, when given,
     * is the version the writer saved: a later save by someone else is a 409 (docs/decisions/041).
     */
    submit(postId: number, actor: PostViewer | null, { version }: { version?: number } = {}): Promise<FullPost | Refusal> {
      return change(
        postId,
        actor,
        async (trx, current, now, who) => {
          // Whoever may open a draft may submit it (shared/post-access.ts `submit`).
          if (current.published || current.scheduled_at !== null) return refuse("conflict", NOT_A_DRAFT);
          if (current.submitted_at !== null) return refuse("conflict", ALREADY_IN_REVIEW);
          if (version !== undefined && Number(current.version) !== version) return refuse("conflict", SUBMIT_CONFLICT);
          // Conditional on the state just read, so two racing submissions (or a publication) cannot both win.
          const row = await trx
            .updateTable("posts")
            .set({ ...reviewCleared, submitted_at: now, submitted_by: who?.id ?? null })
            .where("id", "=", postId)
            .where("version", "=", Number(current.version))
            .where("submitted_at", "is", null)
            .returningAll()
            .executeTakeFirst();
          return row ?? refuse("conflict", SUBMIT_CONFLICT);
        },
        "submit",
      );
    },

    /** Takes a draft out of the review queue with a note for its writer. */
    sendBack(postId: number, actor: PostViewer | null, note: string): Promise<FullPost | Refusal> {
      return change(
        postId,
        actor,
        async (trx, current, now, who) => {
          if (!rightsOn(who, current).review) return refuse("forbidden", CANNOT_REVIEW);
          if (current.submitted_at === null) return refuse("conflict", NOT_IN_REVIEW);
          const row = await trx
            .updateTable("posts")
            .set({ ...reviewCleared, review_note: note, review_note_by: who?.id ?? null, review_note_at: now })
            .where("id", "=", postId)
            .where("submitted_at", "is not", null)
            .returningAll()
            .executeTakeFirst();
          return row ?? refuse("conflict", NOT_IN_REVIEW);
        },
        "send-back",
        note,
      );
    },
  };
}
