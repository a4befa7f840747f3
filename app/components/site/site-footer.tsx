import type { ReactNode } from "react";
import { Link } from "react-router";
import { ArrowUp, ExternalLink } from "lucide-react";
import { siteConfig } from "../../../shared/site-config.ts";
import { formattedAddress } from "../../../shared/site-details.ts";
import { useSiteDetails } from "../../lib/site-details.ts";
import { cn } from "../../lib/cn.ts";
import { Logo } from "./logo.tsx";
import { LinkedInIcon, XIcon } from "./social-icons.tsx";

const pageLinks = [
  { to: "/", label: "Home" },
  { to: "/features", label: "Features" },
  { to: "/industries", label: "Industries" },
  { to: "/zuri-ai", label: "Zuri AI" },
  { to: "/enterprise", label: "Enterprise" },
  { to: "/blog", label: "Blog" },
  { to: siteConfig.demoPath, label: "Book Demo" },
] as const;

const footerLink =
  "rounded text-sm text-slate-300 transition-colors hover:text-white focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none";

/** The shared footer of docs/product.md §2. */
export function SiteFooter() {
  const year = new Date().getFullYear();
  const details = useSiteDetails();
  return (
    <footer className="bg-slate-950 text-slate-300">
      <div className="container-page grid gap-10 py-12 sm:py-16 lg:grid-cols-[1.6fr_3fr] lg:gap-12">
        <div className="grid grid-cols-[1fr_auto] items-start gap-x-6 lg:block lg:max-w-sm">
          <Link
            to="/"
            aria-label={`${siteConfig.productName} home`}
            className="inline-block rounded-lg focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none"
          >
            <Logo inverted />
          </Link>
          <p className="col-span-2 row-start-2 mt-4 text-sm leading-relaxed text-slate-300">{siteConfig.tagline}</p>
          {/* Beside the logo on a phone, under the tagline from the large breakpoint. */}
          <ul className="col-start-2 row-start-1 flex gap-3 lg:mt-6" aria-label="Social media">
            <li>
              <SocialLink href={details.xUrl} label={`${siteConfig.productName} on X`}>
                <XIcon className="size-4" />
              </SocialLink>
            </li>
            <li>
              <SocialLink href={details.linkedInUrl} label={`${siteConfig.productName} on LinkedIn`}>
                <LinkedInIcon className="size-4" />
              </SocialLink>
            </li>
          </ul>
        </div>

        <div className="grid grid-cols-2 gap-10 sm:grid-cols-3">
          <FooterColumn title="Pages" className="row-span-2 sm:row-span-1">
            {pageLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={footerLink}>
                  {link.label}
                </Link>
              </li>
            ))}
          </FooterColumn>

          <FooterColumn title="Tools">
            <li>
              <a
                href={details.spreadsheetAnalyzerUrl}
                target="_blank"
                rel="noopener noreferrer"
                className={footerLink}
              >
                Spreadsheet{" "}
                {/* The icon stays with the last word, so it never wraps onto a line of its own. */}
                <span className="whitespace-nowrap">
                  Analyzer
                  <ExternalLink className="ml-1.5 inline-block size-3.5 align-[-2px]" aria-hidden="true" />
                </span>
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </li>
          </FooterColumn>

          <FooterColumn title="Contact">
            <li>
              <a href={`mailto:${details.supportEmail}`} className={footerLink}>
                Support
              </a>
            </li>
            <li>
              <a href={`mailto:${details.salesEmail}`} className={footerLink}>
                Sales
              </a>
            </li>
          </FooterColumn>
        </div>
      </div>

      <div className="border-t border-white/10">
        <div className="container-page flex flex-col gap-4 py-6 text-sm text-slate-400 md:flex-row md:items-center md:justify-between">
          <div>
            <p>
              © {year} {details.legalName}. All rights reserved.
            </p>
            <p className="mt-1 text-xs text-slate-400">
              Registered in England and Wales. Registered office: {formattedAddress(details)}.
            </p>
          </div>
          <ul className="flex flex-wrap items-center gap-x-6 gap-y-2" aria-label="Legal">
            <li>
              <Link to="/privacy" className={footerLink}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/terms" className={footerLink}>
                Terms of Service
              </Link>
            </li>
            <li>
              {/* Without JavaScript, the cookie policy, which says how to choose; with it, the preferences
                  dialog, opened by the page's inline consent script from the first paint (docs/decisions/019). */}
              <a href="/privacy#cookies" className={cn(footerLink, "no-js-only")}>
                Cookie Settings
              </a>
              <button type="button" data-consent="manage" className={cn(footerLink, "js-only")}>
                Cookie Settings
              </button>
            </li>
            <li>
              {/* Long pages on a phone: one tap back to the top, focus on the main content (no script needed). */}
              <a href="#main-content" className={cn(footerLink, "inline-flex items-center gap-1.5")}>
                <ArrowUp aria-hidden="true" className="size-3.5" />
                Back to top
              </a>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}

function FooterColumn({
  title,
  className,
  listClassName,
  children,
}: {
  title: string;
  className?: string;
  listClassName?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <h2 className="text-sm font-semibold text-white">{title}</h2>
      <ul className={cn("mt-4 space-y-3", listClassName)}>{children}</ul>
    </div>
  );
}

function SocialLink({ href, label, children }: { href: string; label: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${label} (opens in a new tab)`}
      className="inline-flex size-9 items-center justify-center rounded-lg border border-white/15 text-slate-300 transition-colors hover:border-white/30 hover:text-white focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none"
    >
      {children}
    </a>
  );
}
