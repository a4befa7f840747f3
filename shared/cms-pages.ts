import type { Permission, Role } from "./roles.ts";
import { can } from "./roles.ts";

/**
 * Every CMS page behind sign-in and the permission it needs (docs/decisions/027-staff-roles.md): the
 * staff layout's guard (app/routes/cms/staff-layout.tsx), the CMS navigation and the access test all
 * read this one table. A page missing here is refused to everyone. Browser-safe.
 */
export const CMS_PAGES = [
  { path: "/cms/control", permission: "posts.write", nav: "Posts" },
  { path: "/cms/editor", permission: "posts.write" },
  // The editor's Preview, which wears the public site's chrome (docs/decisions/034).
  { path: "/cms/preview", permission: "posts.write" },
  // The landing page editor's preview, in the public site's chrome, framed by the editor (docs/decisions/038).
  { path: "/cms/page-preview", permission: "pages" },
  // Managing tags: who may edit any post (docs/decisions/035).
  { path: "/cms/tags", permission: "posts.edit-any", nav: "Tags" },
  // Landing pages, their editor (/cms/pages/new, /cms/pages/{id}): docs/decisions/039-landing-page-editor.md.
  { path: "/cms/pages", permission: "pages", nav: "Landing pages" },
  { path: "/cms/demo-requests", permission: "leads", nav: "Demo Requests" },
  { path: "/cms/demo-requests.csv", permission: "leads" },
  { path: "/cms/demo-requests/subject-access", permission: "leads" },
  { path: "/cms/insights", permission: "administration", nav: "Insights" },
  { path: "/cms/insights.csv", permission: "administration" },
  { path: "/cms/users", permission: "administration", nav: "Users" },
  { path: "/cms/activity", permission: "administration", nav: "Activity" },
  { path: "/cms/activity.csv", permission: "administration" },
  { path: "/cms/settings", permission: "administration", nav: "Settings" },
  { path: "/cms/tokens", permission: "administration", nav: "API Tokens" },
  { path: "/cms/webhooks", permission: "administration", nav: "Webhooks" },
  { path: "/cms/api", permission: "administration", nav: "API Reference" },
  { path: "/cms/profile", permission: "cms", nav: "Profile" },
] as const satisfies readonly { path: string; permission: Permission; nav?: string }[];

type CmsPage = (typeof CMS_PAGES)[number];

/** The table's entry for a path: the page itself or one under it (`/cms/editor/12`); undefined when none. */
export function cmsPageOf(pathname: string): CmsPage | undefined {
  const path = pathname.replace(/\.data$/, "").replace(/\/+$/, "");
  return CMS_PAGES.find((page) => path === page.path) ?? CMS_PAGES.find((page) => path.startsWith(`${page.path}/`));
}

/** Whether a role may open a CMS page. */
export function mayOpen(role: Role | null, pathname: string): boolean {
  const page = cmsPageOf(pathname);
  return page !== undefined && can(role, page.permission);
}

/** The pages of the CMS navigation a role may open, in order. */
export const cmsNavFor = (role: Role | null): { to: string; label: string }[] =>
  CMS_PAGES.flatMap((page) => ("nav" in page && can(role, page.permission) ? [{ to: page.path, label: page.nav }] : []));

/** Where a role starts: the dashboard for those who write, the inbox for sales. */
export const cmsHomeFor = (role: Role | null): string => cmsNavFor(role)[0]?.to ?? "/cms/unauthorized";
