import { useLocation } from "react-router";
import { ChevronDown, Menu, X } from "lucide-react";
import { buttonVariants } from "../ui/button.tsx";
import { cn } from "../../lib/cn.ts";
import { siteConfig } from "../../../shared/site-config.ts";
import { Logo } from "./logo.tsx";
import { primaryLinks, productLinks } from "./site-nav.ts";

const navItem =
  "inline-flex h-10 items-center gap-1 rounded-lg px-3 text-sm font-medium text-slate-700 transition-colors hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none";

/**
 * The fixed site header: Product menu and links from md up, a menu panel below; Get Started at every width
 * (docs/product.md §2). Server HTML only: the menus are <details> disclosures of real links, which open, close and
 * navigate with no script at all; the page's script (app/site/menus.ts) adds Escape, a click outside, one
 * menu at a time and arrow keys, without replacing anything (docs/decisions/019).
 */
export function SiteHeader() {
  const { pathname } = useLocation();
  const inProduct = productLinks.some((link) => pathname === link.to);
  return (
    <header className="fixed inset-x-0 top-0 z-40 h-header border-b border-border/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="container-page flex h-full items-center justify-between gap-6">
        <a
          href="/"
          aria-label={`${siteConfig.productName} home`}
          className="-m-1 rounded-lg p-1 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <Logo />
        </a>

        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          <ProductMenu className={cn(inProduct && "text-primary-strong")} />
          {primaryLinks.map((link) => (
            <a
              key={link.to}
              href={link.to}
              aria-current={isCurrent(pathname, link.to) ? "page" : undefined}
              className={cn(navItem, isCurrent(pathname, link.to) && "text-primary-strong")}
            >
              {link.label}
            </a>
          ))}
        </nav>

        <div className="flex items-center gap-2">
          {/* In the bar at every width (a phone's visitor sees the main call to action without opening
              the menu); the menu panel keeps its full-width one too (docs/product.md §2). */}
          <a href={siteConfig.demoPath} className={cn(buttonVariants({ size: "sm" }), "md:h-10 md:px-4")}>
            Get Started
          </a>
          <MobileMenu pathname={pathname} />
        </div>
      </div>
    </header>
  );
}

/** A header link is current on its page and, for Blog, on every page of the blog. */
const isCurrent = (pathname: string, to: string) => pathname === to || (to === "/blog" && pathname.startsWith("/blog/"));

const drawerLink =
  "flex items-center rounded-lg px-3 py-3 text-base font-medium text-slate-800 transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none aria-[current=page]:bg-primary-soft aria-[current=page]:text-primary-strong";

const disclosureSummary = "cursor-pointer list-none [&::-webkit-details-marker]:hidden";

function ProductLinkText({ link }: { link: (typeof productLinks)[number] }) {
  return (
    <>
      <span className="font-semibold text-foreground">{link.label}</span>
      <span className="text-muted-foreground">{link.description}</span>
    </>
  );
}

function ProductMenu({ className }: { className?: string }) {
  return (
    <details data-menu="" className="group relative">
      <summary className={cn(navItem, disclosureSummary, "group-open:bg-muted", className)}>
        Product
        <ChevronDown className="size-4 transition-transform group-open:rotate-180" aria-hidden="true" />
      </summary>
      <ul className="absolute top-full left-0 z-50 mt-2 w-72 rounded-xl border border-border bg-white p-1.5 shadow-overlay">
        {productLinks.map((link) => (
          <li key={link.to}>
            <a href={link.to} className="flex flex-col gap-0.5 rounded-lg px-3 py-2.5 text-sm hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
              <ProductLinkText link={link} />
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

function MobileMenu({ pathname }: { pathname: string }) {
  return (
    <details data-menu="drawer" className="group md:hidden">
      <summary
        aria-label="Menu"
        className={cn(
          disclosureSummary,
          "-mr-2 inline-flex size-10 items-center justify-center rounded-lg text-slate-800 hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
        )}
      >
        <Menu className="size-6 group-open:hidden" aria-hidden="true" />
        <X className="hidden size-6 group-open:block" aria-hidden="true" />
      </summary>
      <nav
        aria-label="Mobile"
        // Absolute, not fixed: the header's backdrop filter makes it the containing block either way.
        className="absolute inset-x-0 top-full z-50 flex h-[calc(100dvh-var(--spacing-header))] flex-col gap-1 overflow-y-auto border-t border-border bg-white p-6"
      >
        <p className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">Product</p>
        {[...productLinks, ...primaryLinks].map((link, index) => (
          <a
            key={link.to}
            href={link.to}
            aria-current={isCurrent(pathname, link.to) ? "page" : undefined}
            className={cn(drawerLink, index === productLinks.length && "mt-3")}
          >
            {link.label}
          </a>
        ))}
        <a href={siteConfig.demoPath} className={cn(buttonVariants({ size: "lg" }), "mt-4 w-full")}>
          Get Started
        </a>
      </nav>
    </details>
  );
}
