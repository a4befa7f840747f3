import { useId, useState } from "react";
import { NavLink, useLocation } from "react-router";
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { ExternalLink, Menu } from "lucide-react";
import { cn } from "../../lib/cn.ts";
import { Button } from "../ui/button.tsx";
import { DialogCloseButton, DialogOverlay, DialogPortal, DialogTitle } from "../ui/dialog.tsx";
import { LogoMark } from "../site/logo.tsx";
import { cmsNavGroupsFor } from "../../../shared/cms-pages.ts";
import type { SessionUser } from "../../../shared/auth-schemas.ts";
import type { Role } from "../../../shared/roles.ts";
import { roleLabels } from "../../../shared/roles.ts";
import { LogoutButton } from "./logout-button.tsx";

/**
 * The CMS sections a role may open (shared/cms-pages.ts), by group under small labels; Settings and Profile
 * at the foot without one. `layout="sidebar"`: the sidebar from `lg`; `layout="sheet"`: the phone menu's
 * roomier list (docs/decisions/069, "The sidebar").
 */
function CmsNavLinks({ role, layout, onNavigate }: { role: Role | null; layout: "sidebar" | "sheet"; onNavigate?: () => void }) {
  const id = useId();
  return (
    <nav aria-label="CMS" className="flex flex-1 flex-col gap-5">
      {cmsNavGroupsFor(role).map(({ group, items }) => {
        const labelled = group !== "Account";
        return (
          <div key={group} className={labelled ? undefined : "mt-auto"}>
            {labelled && (
              <p id={`${id}-${group}`} className="mb-1 px-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                {group}
              </p>
            )}
            <ul className="grid gap-0.5" aria-labelledby={labelled ? `${id}-${group}` : undefined}>
              {items.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    prefetch="none"
                    onClick={onNavigate}
                    className={({ isActive }) =>
                      cn(
                        "block rounded-md px-3 font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring",
                        layout === "sidebar" ? "py-1.5 text-sm" : "py-2 text-base",
                        isActive ? "bg-primary-soft text-primary-strong" : "text-foreground/80 hover:bg-muted hover:text-foreground",
                      )
                    }
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}

/** Under the sections: View site, then the signed-in user (name, role) with Logout. */
function CmsNavFooter({ user }: { user: SessionUser }) {
  return (
    <div className="grid gap-3 border-t border-border pt-4 text-sm">
      <ViewSiteLink className="justify-self-start px-3 font-medium" />
      <div className="flex items-center justify-between gap-3 px-3">
        <p className="min-w-0 leading-tight">
          <span className="block truncate font-medium text-foreground">{user.username}</span>
          <span className="block text-xs text-muted-foreground">{user.role ? roleLabels[user.role] : "No CMS access"}</span>
        </p>
        <LogoutButton />
      </div>
    </div>
  );
}

/**
 * The sidebar's sections and footer, from the `lg` breakpoint. Below it they are hidden and the Menu
 * button opens them as a sheet; without JavaScript (no sheet) they stay, in the page's flow, at every width.
 */
export function CmsSidebar({ user }: { user: SessionUser }) {
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-6 overflow-y-auto px-3 pt-2 pb-4 max-lg:hidden max-lg:[html:not([data-js])_&]:flex">
      <CmsNavLinks role={user.role} layout="sidebar" />
      <CmsNavFooter user={user} />
    </div>
  );
}

/**
 * The phone's navigation: a Menu button (aria-expanded, aria-controls) opening a modal sheet from the
 * right with the sidebar's groups, View site, the signed-in user and Logout. Radix's dialog traps focus,
 * closes on Escape and on the overlay, and gives focus back to the button (docs/decisions/069).
 */
export function CmsNavSheet({ user }: { user: SessionUser }) {
  const { pathname } = useLocation();
  // Open on the page it was opened on: a link followed (or the back button, or Logout) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  return (
    <DialogPrimitive.Root open={openOn === pathname} onOpenChange={(next) => setOpenOn(next ? pathname : null)}>
      <DialogPrimitive.Trigger asChild>
        <Button variant="outline" size="sm" className="js-only lg:hidden">
          <Menu aria-hidden="true" />
          Menu
        </Button>
      </DialogPrimitive.Trigger>
      <DialogPortal>
        <DialogOverlay />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-50 flex w-[min(20rem,calc(100%-3rem))] flex-col gap-6 overflow-y-auto border-l border-border bg-white p-5 shadow-overlay outline-none data-[state=closed]:animate-slide-out-right data-[state=open]:animate-slide-in-right"
        >
          <div className="flex items-center gap-2.5 pr-8">
            <LogoMark className="size-7" />
            <DialogTitle className="text-lg font-bold tracking-tight">Zuri CMS</DialogTitle>
          </div>
          <CmsNavLinks role={user.role} layout="sheet" onNavigate={() => setOpenOn(null)} />
          <CmsNavFooter user={user} />
          <DialogCloseButton label="Close menu" className="top-5 right-5" />
        </DialogPrimitive.Content>
      </DialogPortal>
    </DialogPrimitive.Root>
  );
}

/** "View site" in a new tab, said so to screen readers. */
function ViewSiteLink({ className }: { className?: string }) {
  return (
    <a
      href="/"
      target="_blank"
      rel="noopener"
      className={cn(
        "inline-flex items-center gap-1.5 rounded-md text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring",
        className,
      )}
    >
      View site
      <ExternalLink className="size-3.5" aria-hidden="true" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}
