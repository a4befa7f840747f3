import { useState } from "react";
import { NavLink, useLocation } from "react-router";
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { ExternalLink, Menu } from "lucide-react";
import { cn } from "../../lib/cn.ts";
import { Button } from "../ui/button.tsx";
import { DialogCloseButton, DialogOverlay, DialogPortal, DialogTitle } from "../ui/dialog.tsx";
import { LogoMark } from "../site/logo.tsx";
import { cmsNavFor } from "../../../shared/cms-pages.ts";
import type { Role } from "../../../shared/roles.ts";
import { roleLabels } from "../../../shared/roles.ts";

/**
 * The CMS sections a role may open (shared/cms-pages.ts), as links. `layout="bar"`: the header's row
 * of tabs on wide screens; `layout="sheet"`: the phone menu's list (docs/decisions/069).
 */
function CmsNavLinks({ role, layout, onNavigate }: { role: Role | null; layout: "bar" | "sheet"; onNavigate?: () => void }) {
  return (
    <nav aria-label="CMS">
      <ul className={layout === "bar" ? "flex flex-wrap items-center gap-1" : "grid gap-1"}>
        {cmsNavFor(role).map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              prefetch="none"
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  "block rounded-md text-sm font-medium whitespace-nowrap outline-none focus-visible:ring-2 focus-visible:ring-ring",
                  layout === "bar" ? "px-3 py-2" : "px-3 py-2.5 text-base",
                  isActive ? "bg-primary-soft text-primary-strong" : "text-muted-foreground hover:bg-muted hover:text-foreground",
                )
              }
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The row of section tabs from the `lg` breakpoint; below it the row is hidden and the menu button
 * opens it as a sheet. Without JavaScript (no sheet) the row stays, wrapping, at every width.
 */
export function CmsNavBar({ role }: { role: Role | null }) {
  return (
    <div className="order-last -mx-1 w-full max-lg:hidden max-lg:[html:not([data-js])_&]:block">
      <CmsNavLinks role={role} layout="bar" />
    </div>
  );
}

/**
 * The phone's navigation: a Menu button (aria-expanded, aria-controls) opening a modal sheet from the
 * right with every section the role may open, the signed-in user and View site. Radix's dialog traps
 * focus, closes on Escape and on the overlay, and gives focus back to the button (docs/decisions/069).
 */
export function CmsNavSheet({ role, username }: { role: Role | null; username: string }) {
  const { pathname } = useLocation();
  // Open on the page it was opened on: a link followed (or the back button) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  return (
    <DialogPrimitive.Root open={openOn === pathname} onOpenChange={(next) => setOpenOn(next ? pathname : null)}>
      <DialogPrimitive.Trigger asChild>
        <Button variant="outline" size="sm" className="js-only lg:hidden" >
          <Menu aria-hidden="true" />
          <span className="max-sm:sr-only">Menu</span>
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
          <CmsNavLinks role={role} layout="sheet" onNavigate={() => setOpenOn(null)} />
          <div className="mt-auto grid gap-3 border-t border-border pt-4 text-sm">
            <p className="leading-tight">
              <span className="block font-medium text-foreground">{username}</span>
              <span className="block text-xs text-muted-foreground">{role ? roleLabels[role] : "No CMS access"}</span>
            </p>
            <ViewSiteLink className="self-start font-medium" />
          </div>
          <DialogCloseButton label="Close menu" className="top-5 right-5" />
        </DialogPrimitive.Content>
      </DialogPortal>
    </DialogPrimitive.Root>
  );
}

/** "View site" in a new tab, said so to screen readers: the CMS bar's and the phone sheet's. */
export function ViewSiteLink({ className }: { className?: string }) {
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
