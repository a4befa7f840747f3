import { Link } from "react-router";
import {
  ArrowLeft,
  ArrowRight,
  Building2,
  CalendarCheck,
  LayoutDashboard,
  LifeBuoy,
  ListChecks,
  Newspaper,
  ShieldCheck,
  Sparkles,
  type LucideIcon,
} from "lucide-react";
import { Button } from "../ui/button.tsx";
import { cn } from "../../lib/cn.ts";
import { siteConfig } from "../../../shared/site-config.ts";
import { useSiteDetails } from "../../lib/site-details.ts";
import { BlogSearchForm } from "../blog/blog-search-form.tsx";

import { errorTitle, isNotFound, notFoundTitle } from "./error-titles.ts";

interface Destination {
  to: string;
  label: string;
  description: string;
  icon: LucideIcon;
}

/** The main pages of docs/product.md §2's route table, offered when the address led nowhere. */
const destinations: Destination[] = [
  { to: "/product", label: "Product", description: "How Zuri turns your data into decisions.", icon: LayoutDashboard },
  { to: "/zuri-ai", label: siteConfig.aiName, description: "Ask questions of your data in plain English.", icon: Sparkles },
  { to: "/industries", label: "Industries", description: "Decision intelligence for your sector.", icon: Building2 },
  { to: "/enterprise", label: "Enterprise", description: "Single sign-on, audit logs and deployment options.", icon: ShieldCheck },
  { to: "/features", label: "Features", description: "Every capability, from data hub to dashboards.", icon: ListChecks },
  { to: "/blog", label: "Blog", description: "Practical ideas on turning data into decisions.", icon: Newspaper },
];

const bookDemo: Destination = {
  to: siteConfig.demoPath,
  label: "Book a Demo",
  description: "See Zuri on your own data, with a product expert to answer your questions.",
  icon: CalendarCheck,
};

/** After an error the visitor is more likely to try again than to browse: the product pages and the demo. */
const afterError = [...destinations.filter((page) => page.to === "/product" || page.to === "/zuri-ai"), bookDemo];

/**
 * The body of the 404 and error pages inside the site's header and footer (docs/product.md §2, decision 011):
 * the heading, a way home, a way to support, and link cards to the main pages (all of them for a 404,
 * fewer after an error).
 */
export function ErrorContent({ error }: { error: unknown }) {
  const notFound = isNotFound(error);
  const { supportEmail } = useSiteDetails();
  return (
    <div className="relative isolate overflow-hidden bg-linear-to-b from-brand-50/80 via-white to-white">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-40 left-1/2 -z-10 h-96 w-3xl -translate-x-1/2 rounded-full bg-brand-200/40 blur-3xl"
      />
      <div className="container-page py-12 sm:py-24">
        <div className="mx-auto flex max-w-2xl flex-col items-center text-center">
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white/80 px-3 py-1 text-xs font-semibold text-primary-strong sm:text-sm">
            <span aria-hidden="true" className="size-1.5 rounded-full bg-accent" />
            {notFound ? "Error 404" : "Error"}
          </p>
          <h1 className="mt-6 text-4xl font-bold tracking-tight text-balance text-foreground sm:text-5xl">
            {notFound ? notFoundTitle : errorTitle}
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-8 text-pretty text-muted-foreground">
            {notFound
              ? "The page you are looking for does not exist or has moved. Check the address, or pick up from one of the pages below."
              : "An unexpected error occurred on our side. Please try again in a moment."}
          </p>
          <div className="mt-10 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
            <Button asChild size="lg">
              <Link to="/">
                <ArrowLeft aria-hidden="true" />
                Back to home
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <a href={`mailto:${supportEmail}`}>
                <LifeBuoy aria-hidden="true" />
                Contact support
              </a>
            </Button>
          </div>
        </div>

        <section
          aria-labelledby="error-destinations"
          className={cn("mx-auto mt-12 sm:mt-20", notFound ? "max-w-6xl" : "max-w-5xl")}
        >
          <h2 id="error-destinations" className="text-center text-sm font-semibold tracking-wide text-muted-foreground uppercase">
            {notFound ? "Popular pages" : "In the meantime"}
          </h2>
          {/* Two columns even on a phone: compact links there (no descriptions but the demo's), cards from `sm` up. */}
          <ul className={cn("mt-6 grid grid-cols-2 gap-3 sm:gap-4", notFound ? "lg:grid-cols-4" : "lg:grid-cols-3")}>
            {(notFound ? [...destinations, bookDemo] : afterError).map((page) => (
              <li key={page.to} className={cn("flex", page === bookDemo && "col-span-2", !notFound && "lg:col-span-1")}>
                <DestinationCard page={page} highlight={page === bookDemo} />
              </li>
            ))}
          </ul>
        </section>

        {notFound && (
          // After the page cards, so Tab still goes from the buttons to the cards (docs/decisions/043).
          // As wide as the cards above it, the words beside the form from lg up, so the page ends on one edge.
          <section
            aria-labelledby="error-search"
            className="mx-auto mt-4 grid max-w-6xl gap-5 rounded-2xl border border-border bg-white/90 p-5 shadow-card sm:mt-6 sm:p-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,32rem)] lg:items-end lg:gap-12"
          >
            <div className="flex items-start gap-4">
              <span aria-hidden="true" className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-strong ring-1 ring-brand-100">
                <Newspaper className="size-5" strokeWidth={2} />
              </span>
              <div>
                <h2 id="error-search" className="text-lg font-semibold text-foreground">
                  Looking for an article?
                </h2>
                <p className="mt-1 text-sm leading-6 text-muted-foreground">Search our posts by topic or keyword.</p>
              </div>
            </div>
            <BlogSearchForm id="not-found-search" className="max-w-none" />
          </section>
        )}
      </div>
    </div>
  );
}

function DestinationCard({ page, highlight }: { page: Destination; highlight: boolean }) {
  const Icon = page.icon;
  return (
    <Link
      to={page.to}
      className={cn(
        "group flex w-full items-center gap-3 rounded-xl border p-3 shadow-card transition-shadow sm:items-start sm:gap-4 sm:rounded-2xl sm:p-5 outline-none hover:shadow-card-hover focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2",
        highlight ? "border-brand-200 bg-primary-soft" : "border-border bg-white",
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          "inline-flex size-8 shrink-0 items-center justify-center rounded-lg ring-1 sm:size-10 sm:rounded-xl",
          highlight ? "bg-primary text-white ring-brand-600" : "bg-primary-soft text-primary-strong ring-brand-100",
        )}
      >
        <Icon className="size-4 sm:size-5" strokeWidth={2} />
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-1.5 text-sm font-semibold text-foreground group-hover:text-primary-strong sm:text-base">
          {page.label}
          <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5" />
        </span>
        <span className={cn("mt-1 text-sm leading-6 text-muted-foreground", highlight ? "block" : "max-sm:hidden sm:block")}>
          {page.description}
        </span>
      </span>
    </Link>
  );
}
