import { CMS_PER_PAGE_MAX } from "./cms-listing.ts";
import { parseId } from "./ids.ts";
import { can, type Role } from "./roles.ts";

/**
 * The dashboard's bulk actions (docs/decisions/036-dashboard-bulk-actions.md): what they are called,
 * how many posts one request may name and how their answer reads. Browser-safe: the dashboard's form
 * and the action that runs it share these words.
 */

export const BULK_ACTIONS = ["publish", "unpublish", "add-tag", "remove-tag", "delete"] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
export const isBulkAction = (value: string): value is BulkAction => (BULK_ACTIONS as readonly string[]).includes(value);

/** The actions that change a post's tags: they need the tag's name (the form's `tag` field). */
export const TAG_ACTIONS: readonly BulkAction[] = ["add-tag", "remove-tag"];

/** The actions the dashboard offers a role: only what the server could accept of some post (docs/decisions/032). */
export const bulkActionsFor = (role: Role | null): BulkAction[] =>
  BULK_ACTIONS.filter((action) => action === "delete" || TAG_ACTIONS.includes(action) || can(role, "posts.publish"));

/** At most a page of the largest list (`perPage` 100): what one form can check. */
export const BULK_MAX = CMS_PER_PAGE_MAX;

export const bulkLabels: Record<BulkAction, string> = {
  publish: "Publish",
  unpublish: "Unpublish",
  "add-tag": "Add tag",
  "remove-tag": "Remove tag",
  delete: "Delete",
};
const done: Record<BulkAction, string> = {
  publish: "published",
  unpublish: "unpublished",
  "add-tag": "tagged",
  "remove-tag": "untagged",
  delete: "deleted",
};

export const ALREADY_PUBLISHED = "It is already published.";
export const ALREADY_DRAFT = "It is already a draft.";
export const ALREADY_TAGGED = "It already has this tag.";
export const NOT_TAGGED = "It does not have this tag.";
export const TAG_NEEDED = "Enter the tag to add or remove.";
export const NONE_SELECTED = "Select at least one post.";
export const TOO_MANY_SELECTED = `Select at most ${BULK_MAX} posts at a time.`;

/** One post an action left as it was, and why (the reason a single action would have given). */
export interface BulkRefusal {
  id: number;
  /** Null when the post is not found (someone else's is not found either: docs/decisions/032). */
  title: string | null;
  reason: string;
}

export interface BulkResult {
  action: BulkAction;
  /** How many posts the action changed. */
  done: number;
  refused: BulkRefusal[];
}

const posts = (count: number) => `${count.toLocaleString("en-US")} ${count === 1 ? "post" : "posts"}`;

/** "2 posts published", "1 post deleted, 3 not". */
export const bulkSummary = ({ action, done: count, refused }: BulkResult): string =>
  `${posts(count)} ${done[action]}${refused.length > 0 ? `, ${refused.length.toLocaleString("en-US")} not` : ""}`;

/** The toast's title: "Posts published", or "Nothing deleted" when none was. */
export const bulkTitle = ({ action, done: count }: BulkResult): string =>
  count === 0 ? `Nothing ${done[action]}` : `Posts ${done[action]}`;

/** The actions that ask once, naming the count, before they run: taking posts off the blog, or deleting them. */
export const CONFIRMED_ACTIONS = ["unpublish", "delete"] as const;
export type ConfirmedAction = (typeof CONFIRMED_ACTIONS)[number];
export const isConfirmedAction = (action: BulkAction): action is ConfirmedAction => (CONFIRMED_ACTIONS as readonly string[]).includes(action);

const blogPosts = (count: number) => `${count.toLocaleString("en-US")} ${count === 1 ? "Blog Post" : "Blog Posts"}`;
const these = (count: number) => (count === 1 ? "this blog post" : `these ${count.toLocaleString("en-US")} blog posts`);

/** "Delete 3 Blog Posts", "Unpublish 20 Blog Posts": the confirmation's title. */
export const bulkConfirmTitle = (action: ConfirmedAction, count: number) => `${bulkLabels[action]} ${blogPosts(count)}`;
export const bulkConfirmText = (action: ConfirmedAction, count: number) =>
  action === "delete"
    ? `Are you sure you want to delete ${these(count)}? This action cannot be undone.`
    : `Take ${these(count)} off the blog? ${count === 1 ? "It becomes a draft" : "They become drafts"} and ${count === 1 ? "keeps its" : "keep their"} first publication date.`;

/** The ids a form checked, each once, in the order given; null when one is not an id. */
export function bulkIdsOf(values: unknown[]): number[] | null {
  const ids = values.map(parseId);
  return ids.every((id): id is number => id !== null) ? [...new Set(ids)] : null;
}
