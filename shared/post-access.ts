import { can, type Role } from "./roles.ts";
import type { PostStatus } from "./post-status.ts";

/**
 * Who may do what to one post (docs/decisions/032-post-permissions-and-review.md), as pure rules on
 * the role, the post's author, its status and whether it waits for review. The post services judge
 * every read and write by them (server/services/post-access.ts); the editor and the dashboard read the
 * same rules to offer only what the server would accept. Browser-safe.
 */

/** Who asks: a user and their role (for a write, the role as re-read in the write's transaction). */
export interface PostViewer {
  id: number;
  role: Role | null;
}

/** What the rules read of a post. */
export interface PostStanding {
  authorId: number | null;
  status: PostStatus;
  /** Submitted for review and not yet published or sent back. */
  inReview: boolean;
}

export interface PostRights {
  /** See it in the list, open it in the editor, its revisions, working copy, review links and preview. */
  open: boolean;
  /** Save its fields (a restored revision is a save). */
  edit: boolean;
  /** Why `edit` is false for a post they may open; null otherwise. */
  editRefusal: string | null;
  /** Publish, schedule, unpublish or unschedule it. */
  publish: boolean;
  delete: boolean;
  /** Put it in the review queue (a draft not already there). */
  submit: boolean;
  /** Approve it or send it back with a note. */
  review: boolean;
}

export const CANNOT_PUBLISH = "Your role cannot publish, schedule or unpublish posts. Submit the draft for review instead.";
export const LOCKED_IN_REVIEW =
  "This draft is waiting for review: an editor will publish it or send it back with a note. You can change it again once it is sent back.";
export const LOCKED_LIVE = "Your role cannot change a published or scheduled post. Ask an editor to change it.";
export const CANNOT_DELETE = "Your role can delete only your own drafts.";
export const CANNOT_WRITE = "Your account can no longer write posts.";
export const CANNOT_REVIEW = "Only an editor or an administrator can review drafts.";

/** What `viewer` may do to `post`. Someone else's post is not even openable without posts.edit-any. */
export function postRights(viewer: PostViewer, post: PostStanding): PostRights {
  const any = can(viewer.role, "posts.edit-any");
  const own = can(viewer.role, "posts.write") && post.authorId === viewer.id;
  const publishOwn = own && can(viewer.role, "posts.publish");
  const open = any || own;
  let editRefusal: string | null = null;
  if (open && !any) {
    if (post.inReview) editRefusal = LOCKED_IN_REVIEW;
    else if (post.status !== "draft" && !publishOwn) editRefusal = LOCKED_LIVE;
  }
  return {
    open,
    edit: open && editRefusal === null,
    editRefusal,
    publish: any || publishOwn,
    delete: any || publishOwn || (own && post.status === "draft"),
    submit: open && post.status === "draft" && !post.inReview,
    review: any,
  };
}

/** The posts a viewer's lists hold: everyone's with posts.edit-any, else only their own (the author id). */
export const listOwnerOf = (viewer: PostViewer): number | undefined => (can(viewer.role, "posts.edit-any") ? undefined : viewer.id);
