import type { Selectable } from "kysely";
import { postNotFound } from "../../shared/not-found.ts";
import { refuse, type Refusal } from "../../shared/refusal.ts";
import { postStatusOf } from "../../shared/post-status.ts";
import { CANNOT_WRITE, postRights, type PostRights, type PostStanding, type PostViewer } from "../../shared/post-access.ts";
import { can } from "../../shared/roles.ts";
import type { Db } from "../db/connect.ts";
import type { DatabaseKind } from "../db/portable-types.ts";
import type { PostsTable } from "../db/schema.ts";
import type { ActivityActor } from "./activity-log.ts";
import { roleNow } from "./actor-role.ts";

/**
 * "May this actor do X to this post" (docs/decisions/032-post-permissions-and-review.md), for the post
 * services: the rules are shared/post-access.ts; this module reads what they need from the database.
 * A post the actor may not open is "Post not found" (404), whatever they asked, so nobody learns
 * that someone else's draft exists; a post they may open but not change in that way is 403 with
 * the reason. A null actor is tooling (scripts, tests of other services): it may do anything.
 */

/** A writer as the write's transaction sees them: their role now, and their name for the activity log. */
export interface ActorNow extends PostViewer {
  username: string;
}

export type PostRow = Pick<Selectable<PostsTable>, "author_id" | "published" | "scheduled_at" | "submitted_at">;

export const standingOf = (row: PostRow): PostStanding => ({
  authorId: row.author_id === null ? null : Number(row.author_id),
  status: postStatusOf(row),
  inReview: row.submitted_at !== null,
});

/** Every right: what tooling (a null actor) has. */
const ALL: PostRights = { open: true, edit: true, editRefusal: null, publish: true, delete: true, submit: true, review: true };

/** The rights of `viewer` (null: tooling) on a post row. */
export const rightsOn = (viewer: PostViewer | null, row: PostRow): PostRights => (viewer ? postRights(viewer, standingOf(row)) : ALL);

/** The activity log's actor of a write. */
export const activityActorOf = (actor: ActorNow | null): ActivityActor => (actor ? { id: actor.id, username: actor.username } : null);

export function createPostAccess({ kind }: { kind: DatabaseKind }) {
  return {
    /**
     * The actor's role as it is now, read in the write's transaction (docs/decisions/027, "a role change
     * racing a save"): on PostgreSQL the user row is locked for share until the write commits, so a
     * demotion either commits first (and this write is judged by the new role) or waits for it. A
     * deleted, disabled or demoted account may write no post: 403. Null stays null (tooling).
     */
    async actorNow(trx: Db, actor: PostViewer | null): Promise<ActorNow | null | Refusal> {
      if (actor === null) return null;
      const now = await roleNow(trx, kind, actor.id);
      if (!now || !can(now.role, "posts.write")) return refuse("forbidden", CANNOT_WRITE);
      return { id: actor.id, username: now.username, role: now.role };
    },

    /** The row of a post the viewer may open, or "Post not found" (none, or not theirs to see). */
    async openable(executor: Db, postId: number, viewer: PostViewer | null): Promise<Selectable<PostsTable> | Refusal> {
      const row = await executor.selectFrom("posts").selectAll().where("id", "=", postId).executeTakeFirst();
      return row && rightsOn(viewer, row).open ? row : postNotFound();
    },
  };
}

export type PostAccess = ReturnType<typeof createPostAccess>;
