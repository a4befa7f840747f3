/**
 * A post's status (docs/product.md §4 "Blog post" states, plus Scheduled: docs/decisions/049). Stored as
 * `published` and `scheduled_at`; a scheduled post is a draft with a time to go live, which the
 * scheduler publishes (server/services/scheduled-publishing.ts). Browser-safe.
 */
export const POST_STATUSES = ["published", "scheduled", "draft"] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

export const postStatusLabels: Record<PostStatus, string> = {
  published: "Published",
  scheduled: "Scheduled",
  draft: "Draft",
};

export function postStatusOf(row: { published: boolean | number; scheduled_at: string | Date | null }): PostStatus {
  if (row.published === true || row.published === 1) return "published";
  return row.scheduled_at === null ? "draft" : "scheduled";
}
