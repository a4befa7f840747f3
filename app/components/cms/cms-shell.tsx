import type { ReactNode } from "react";
import { Link } from "react-router";
import { LogoMark } from "../site/logo.tsx";
import type { SessionUser } from "../../../shared/auth-schemas.ts";
import { cmsHomeFor } from "../../../shared/cms-pages.ts";
import { CmsNavSheet, CmsSidebar } from "./cms-nav.tsx";


/**
 * The frame of every CMS page: from `lg` a sticky sidebar with the 'Zuri CMS' logo, the sections by group, View
 * site and the signed-in user with Logout; below it a slim bar whose Menu button opens the same as a sheet
 * (docs/decisions/069, "The sidebar"). Beside it the page heading (`title`, also the document title) with an
 * optional `description` and `actions`, and content.
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
  /** The whole width beside the sidebar, up to 100 rem instead of 80: for a screen that shows a page beside its editor (docs/decisions/039). */
  wide?: boolean;
  children: ReactNode;
}) {
  const width = wide ? "max-w-[100rem]" : "max-w-7xl";
  return (
    <div className="min-h-screen bg-subtle lg:flex">
      <title>{`${title} | Zuri CMS`}</title>
      <a
        href="#cms-main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 text-sm font-semibold text-primary-strong shadow-card focus:not-sr-only focus:absolute focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <header className="border-b border-border bg-white lg:sticky lg:top-0 lg:flex lg:h-dvh lg:w-60 lg:shrink-0 lg:flex-col lg:border-r lg:border-b-0">
        <div className="flex items-center justify-between gap-4 px-4 py-3 sm:px-6 lg:px-6 lg:pt-5 lg:pb-4">
          <Link
            to={cmsHomeFor(user.role)}
            className="flex items-center gap-2.5 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <LogoMark className="size-7" />
            <span className="text-lg font-bold tracking-tight text-foreground">Zuri CMS</span>
          </Link>
          <CmsNavSheet user={user} />
        </div>
        <CmsSidebar user={user} />
      </header>
      <main id="cms-main" className="min-w-0 flex-1">
        <div className={`mx-auto ${width} px-4 py-8 sm:px-6 lg:px-8`}>
          <div className="mb-8 flex flex-wrap items-end justify-between gap-x-6 gap-y-4">
            <div className="min-w-0 max-w-3xl">
              <h1 className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl">{title}</h1>
              {description && <div className="mt-2 text-sm leading-relaxed text-muted-foreground sm:text-[0.9375rem]">{description}</div>}
            </div>
            {actions && <div className="flex flex-wrap items-center gap-3">{actions}</div>}
          </div>
          {children}
        </div>
      </main>
    </div>
  );
}
