/**
 * Staff roles and what each may do (docs/decisions/027-staff-roles.md). One table, read by the API
 * guard (server/api/guards.ts), the CMS pages (shared/cms-pages.ts), the services that judge a single
 * post (server/services/post-access.ts) and the users page. Browser-safe.
 */
export const ROLES = ["contributor", "author", "editor", "sales", "administrator"] as const;
export type Role = (typeof ROLES)[number];

/**
 * - `cms`: sign in to the CMS at all: their profile, password, sessions and second factors.
 * - `posts.write`: write and edit their own drafts, submit them for review, upload images for them.
 * - `posts.publish`: publish, schedule and unpublish their own posts.
 * - `posts.edit-any`: every post, whoever wrote it; tags and bylines; the review queue.
 * - `pages`: landing pages: compose, publish, schedule and delete them (docs/decisions/037).
 * - `leads`: the demo inbox and its CSV.
 * - `administration`: users and invitations, API tokens, webhooks, insights, settings, the activity log.
 */
export const PERMISSIONS = ["cms", "posts.write", "posts.publish", "posts.edit-any", "pages", "leads", "administration"] as const;
export type Permission = (typeof PERMISSIONS)[number];

const GRANTS: Record<Role, readonly Permission[]> = {
  contributor: ["cms", "posts.write"],
  author: ["cms", "posts.write", "posts.publish"],
  editor: ["cms", "posts.write", "posts.publish", "posts.edit-any", "pages"],
  sales: ["cms", "leads"],
  administrator: PERMISSIONS,
};

export const roleLabels: Record<Role, string> = {
  contributor: "Contributor",
  author: "Author",
  editor: "Editor",
  sales: "Sales",
  administrator: "Administrator",
};

export const roleDescriptions: Record<Role, string> = {
  contributor: "Writes their own drafts and submits them for review. Cannot publish.",
  author: "Writes, publishes and schedules their own posts.",
  editor: "Edits, publishes and schedules every post, manages tags, reviews submitted drafts and builds landing pages.",
  sales: "Works the demo inbox and exports its CSV. No posts, users or integrations.",
  administrator: "Everything: users, invitations, API tokens, webhooks, insights, settings and the activity log.",
};

export const isRole = (value: unknown): value is Role => typeof value === "string" && (ROLES as readonly string[]).includes(value);

/** Whether a role (null: a signed-in account without CMS access) grants a permission. */
export function can(role: Role | null | undefined, permission: Permission): boolean {
  return role ? GRANTS[role].includes(permission) : false;
}

/** The roles that grant a permission, for messages and the OpenAPI document. */
export const rolesWith = (permission: Permission): Role[] => ROLES.filter((role) => can(role, permission));
