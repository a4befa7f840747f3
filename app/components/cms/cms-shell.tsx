import type { ReactNode } from "react";
import { Link } from "react-router";
import { LogoMark } from "../site/logo.tsx";
import type { SessionUser } from "../../../shared/auth-schemas.ts";
import { LogoutButton } from "./logout-button.tsx";
import { cmsHomeFor } from "../../../shared/cms-pages.ts";
import { CmsNavBar, CmsNavSheet, ViewSiteLink } from "./cms-nav.tsx";
import { roleLabels } from "../../../shared/roles.ts";


/**
 * The frame of every CMS page: 'Zuri CMS' header with the section links, the signed-in user and
 * Logout (on phones a Menu button opens the sections as a sheet: docs/decisions/069), then the page
 * heading (`title`, also the document title) with an optional `description` and `actions`, and content.
 */
export function CmsShell({
  user,
  title,
  description,
  actions,
  wide = false,
  children,
}: {
  user: SessionUser;
  title: string;
  /** A sentence or two under the heading: what the page is for. */
  description?: ReactNode;
  actions?: ReactNode;
  /** The whole window's width up to 100 rem instead of 80: for a screen that shows a page beside its editor (docs/decisions/039). */
  wide?: boolean;
  children: ReactNode;
}) {
  const width = wide ? "max-w-[100rem]" : "max-w-7xl";
  return (
    <div className="min-h-screen bg-subtle">
      <title>{`${title} | Zuri CMS`}</title>
      <a
        href="#cms-main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 text-sm font-semibold text-primary-strong shadow-card focus:not-sr-only focus:absolute focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <header className="border-b border-border bg-white">
        <div className={`mx-auto flex ${width} flex-wrap items-center gap-x-8 gap-y-2 px-4 py-3 sm:px-6 lg:px-8`}>
          <Link
            to={cmsHomeFor(user.role)}
            className="flex items-center gap-2.5 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <LogoMark className="size-7" />
            <span className="text-lg font-bold tracking-tight text-foreground">Zuri CMS</span>
          </Link>
          <CmsNavBar role={user.role} />
          <div className="ml-auto flex items-center gap-3">
            <ViewSiteLink className="hidden px-2 py-1 text-sm font-medium lg:inline-flex" />
            <span className="hidden text-right text-sm leading-tight sm:block">
              <span className="block font-medium text-foreground">{user.username}</span>
              <span className="block text-xs text-muted-foreground">{user.role ? roleLabels[user.role] : "No CMS access"}</span>
            </span>
            <LogoutButton />
            <CmsNavSheet role={user.role} username={user.username} />
          </div>
        </div>
      </header>
      <main id="cms-main" className={`mx-auto ${width} px-4 py-8 sm:px-6 lg:px-8`}>
        <div className="mb-8 flex flex-wrap items-end justify-between gap-x-6 gap-y-4">
          <div className="min-w-0 max-w-3xl">
            <h1 className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl">{title}</h1>
            {description && <div className="mt-2 text-sm leading-relaxed text-muted-foreground sm:text-[0.9375rem]">{description}</div>}
          </div>
          {actions && <div className="flex flex-wrap items-center gap-3">{actions}</div>}
        </div>
        {children}
      </main>
    </div>
  );
}
