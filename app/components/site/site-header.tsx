import { useEffect } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { ChevronDown, Menu, X } from "lucide-react";
import { Button } from "../ui/button.tsx";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "../ui/dropdown-menu.tsx";
import { Sheet, SheetClose, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from "../ui/sheet.tsx";
import { cn } from "../../lib/cn.ts";
import { siteConfig } from "../../lib/site-config.ts";
import { Logo } from "./logo.tsx";
import { primaryLinks, productLinks } from "./site-nav.ts";

const navItem =
  "inline-flex h-10 items-center gap-1 rounded-lg px-3 text-sm font-medium text-slate-700 transition-colors hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none";

/** The fixed site header: Product dropdown and links from md up, a side drawer below; Get Started at every width (SPEC §2). */
export function SiteHeader() {
  const { pathname } = useLocation();
  const inProduct = productLinks.some((link) => pathname === link.to);
  // The header's code is the last of a public page to arrive (deferred in SiteChrome): once it has
  // hydrated, the page is interactive, and browser tests wait for this mark instead of sleeping.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <header className="fixed inset-x-0 top-0 z-40 h-header border-b border-border/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="container-page flex h-full items-center justify-between gap-6">
        <Link
          to="/"
          aria-label={`${siteConfig.productName} home`}
          className="-m-1 rounded-lg p-1 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <Logo />
        </Link>

        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          <ProductDisclosure className={cn(inProduct && "text-primary-strong")} />
          <DropdownMenu modal={false}>
            <DropdownMenuTrigger
              className={cn(navItem, "when-hydrated group data-[state=open]:bg-muted", inProduct && "text-primary-strong")}
            >
              Product
              <ChevronDown
                className="size-4 transition-transform group-data-[state=open]:rotate-180"
                aria-hidden="true"
              />
            </DropdownMenuTrigger>
            <DropdownMenuContent inline align="start" className="w-72">
              {productLinks.map((link) => (
                <DropdownMenuItem key={link.to} asChild>
                  <Link to={link.to}>
                    <span className="flex flex-col gap-0.5">
                      <ProductLinkText link={link} />
                    </span>
                  </Link>
                </DropdownMenuItem>
              ))}
            </DropdownMenuContent>
          </DropdownMenu>
          {primaryLinks.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              className={({ isActive }) => cn(navItem, isActive && "text-primary-strong")}
            >
              {link.label}
            </NavLink>
          ))}
        </nav>

        <div className="flex items-center gap-2">
          {/* In the bar at every width (a phone's visitor sees the main call to action without opening
              the menu); the drawer keeps its full-width one too (SPEC §2). */}
          <Button asChild size="sm" className="md:h-10 md:px-4">
            <Link to={siteConfig.demoPath}>Get Started</Link>
          </Button>
          <MobileDisclosure pathname={pathname} />
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}

const drawerLink =
  "flex items-center rounded-lg px-3 py-3 text-base font-medium text-slate-800 transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none aria-[current=page]:bg-primary-soft aria-[current=page]:text-primary-strong";

function MobileMenu() {
  return (
    <Sheet>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="when-hydrated -mr-2 md:hidden [&_svg]:size-6" aria-label="Open menu">
          <Menu aria-hidden="true" />
        </Button>
      </SheetTrigger>
      <SheetContent aria-describedby={undefined}>
        <SheetTitle className="sr-only">Menu</SheetTitle>
        <SheetDescription className="sr-only">Site navigation</SheetDescription>
        <SheetClose asChild>
          <Link to="/" aria-label={`${siteConfig.productName} home`} className="self-start rounded-lg focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
            <Logo />
          </Link>
        </SheetClose>
        <nav aria-label="Mobile" className="mt-4 flex flex-1 flex-col gap-1 overflow-y-auto">
          <p className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">Product</p>
          {[...productLinks, ...primaryLinks].map((link, index) => (
            <SheetClose asChild key={link.to}>
              <NavLink to={link.to} end className={cn(drawerLink, index === productLinks.length && "mt-3")}>
                {link.label}
              </NavLink>
            </SheetClose>
          ))}
        </nav>
        <SheetClose asChild>
          <Button asChild size="lg" className="w-full">
            <Link to={siteConfig.demoPath}>Get Started</Link>
          </Button>
        </SheetClose>
      </SheetContent>
    </Sheet>
  );
}

/*
 * Until the header has hydrated (and for visitors without JavaScript) its menus are plain
 * <details> disclosures of real links: they open, close and navigate with no script at all.
 * Hydration swaps them for the Radix menu and drawer, which look the same (docs/decisions/016).
 */
const disclosureSummary = "cursor-pointer list-none [&::-webkit-details-marker]:hidden";

function ProductLinkText({ link }: { link: (typeof productLinks)[number] }) {
  return (
    <>
      <span className="font-semibold text-foreground">{link.label}</span>
      <span className="text-muted-foreground">{link.description}</span>
    </>
  );
}

function ProductDisclosure({ className }: { className?: string }) {
  return (
    <details className="until-hydrated group relative">
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

function MobileDisclosure({ pathname }: { pathname: string }) {
  return (
    <details className="until-hydrated group md:hidden">
      <summary
        aria-label="Open menu"
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
            aria-current={pathname === link.to ? "page" : undefined}
            className={cn(drawerLink, index === productLinks.length && "mt-3")}
          >
            {link.label}
          </a>
        ))}
        <Button asChild size="lg" className="mt-4 w-full">
          <a href={siteConfig.demoPath}>Get Started</a>
        </Button>
      </nav>
    </details>
  );
}
