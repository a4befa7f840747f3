import type { Permission, Role } from "./roles.ts";
import { can } from "./roles.ts";

/**
 * The navigation's groups in the order the sidebar shows them (docs/decisions/069, "The sidebar"); "Account"
 * (Settings, Profile) sits at its foot without a heading.
 */
const CMS_NAV_GROUPS = ["Content", "Audience", "Team", "Developers", "Account"] as const;
type CmsNavGroup = (typeof CMS_NAV_GROUPS)[number];

/**
 * Every CMS page behind sign-in and the permission it needs (docs/decisions/027-staff-roles.md): the
 * staff layout's guard (app/routes/cms/staff-layout.tsx), the CMS navigation and the access test all
 * read this one table. A page missing here is refused to everyone. Browser-safe.
 */
export const CMS_PAGES = [
  { path: "/cms/control", permission: "posts.write", nav: "Posts", group: "Content" },
  { path: "/cms/editor", permission: "posts.write" },
  // The editor's Preview, which wears the public site's chrome (docs/decisions/034).
  { path: "/cms/preview", permission: "posts.write" },
  // The landing page editor's preview, in the public site's chrome, framed by the editor (docs/decisions/038).
  { path: "/cms/page-preview", permission: "pages" },
  // Managing tags: who may edit any post (docs/decisions/035).
  { path: "/cms/tags", permission: "posts.edit-any", nav: "Tags", group: "Content" },
  // Landing pages, their editor (/cms/pages/new, /cms/pages/{id}): docs/decisions/039-landing-page-editor.md.
  { path: "/cms/pages", permission: "pages", nav: "Landing pages", group: "Content" },
  { path: "/cms/demo-requests", permission: "leads", nav: "Demo Requests", group: "Audience" },
  { path: "/cms/demo-requests.csv", permission: "leads" },
  { path: "/cms/demo-requests/subject-access", permission: "leads" },
  { path: "/cms/insights", permission: "administration", nav: "Insights", group: "Audience" },
  { path: "/cms/insights.csv", permission: "administration" },
  { path: "/cms/users", permission: "administration", nav: "Users", group: "Team" },
  { path: "/cms/activity", permission: "administration", nav: "Activity", group: "Team" },
  { path: "/cms/activity.csv", permission: "administration" },
  { path: "/cms/settings", permission: "administration", nav: "Settings", group: "Account" },
  { path: "/cms/tokens", permission: "administration", nav: "API Tokens", group: "Developers" },
  { path: "/cms/webhooks", permission: "administration", nav: "Webhooks", group: "Developers" },
  { path: "/cms/api", permission: "administration", nav: "API Reference", group: "Developers" },
  { path: "/cms/profile", permission: "cms", nav: "Profile", group: "Account" },
] as const satisfies readonly { path: string; permission: Permission; nav?: string; group?: CmsNavGroup }[];

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

type CmsNavItem = { to: string; label: string; group: CmsNavGroup };

/** The pages of the CMS navigation a role may open, in the table's order. */
export const cmsNavFor = (role: Role | null): CmsNavItem[] =>
  CMS_PAGES.flatMap((page) => ("nav" in page && can(role, page.permission) ? [{ to: page.path, label: page.nav, group: page.group }] : []));

/** The same pages by group, in the groups' order; a group with none the role may open is left out. */
export const cmsNavGroupsFor = (role: Role | null): { group: CmsNavGroup; items: CmsNavItem[] }[] => {
  const items = cmsNavFor(role);
  return CMS_NAV_GROUPS.flatMap((group) => {
    const inGroup = items.filter((item) => item.group === group);
    return inGroup.length > 0 ? [{ group, items: inGroup }] : [];
  });
};

/** Where a role starts: the dashboard for those who write, the inbox for sales. */
export const cmsHomeFor = (role: Role | null): string => cmsNavFor(role)[0]?.to ?? "/cms/unauthorized";
