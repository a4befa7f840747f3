import type { ReactNode } from "react";
import { ChevronDown } from "lucide-react";
import { formattedAddress, type SiteDetails } from "../../../shared/site-details.ts";
import { useSiteDetails } from "../../lib/site-details.ts";

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** When a legal text last changed: update its page's date with every change to privacy.tsx or terms.tsx. */
export interface LegalDate {
  iso: string;
  label: string;
}

/** The table of contents' column and the text's measure, shared by the header so the title lines up with the text. */
const COLUMNS = "lg:grid lg:grid-cols-[15rem_minmax(0,46rem)] lg:justify-center lg:gap-16";

/**
 * A legal page: title, date, introduction, a table of contents and numbered sections in readable
 * prose. Static text, complete without JavaScript. On large screens the contents stay beside the text (sticky) and
 * the pair is centered; below, they fold into an "On this page" disclosure so the text starts on the first screen.
 */
export function LegalDocument({
  title,
  intro,
  sections,
  lastUpdated,
}: {
  title: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
  lastUpdated: LegalDate;
}) {
  return (
    <article aria-labelledby="page-title">
      <header className="border-b border-border bg-linear-to-b from-brand-50/80 to-white">
        <div className={`container-page py-14 sm:py-20 ${COLUMNS}`}>
          <div className="lg:col-start-2">
          <p className="text-sm font-semibold tracking-wide text-primary-strong uppercase">Legal</p>
          <h1 id="page-title" className="mt-2 text-4xl font-bold tracking-tight text-foreground sm:text-5xl">
            {title}
          </h1>
          <p className="mt-4 text-muted-foreground">
            Last updated <time dateTime={lastUpdated.iso}>{lastUpdated.label}</time>
          </p>
          </div>
        </div>
      </header>
      <div className={`container-page py-8 sm:py-12 lg:py-16 ${COLUMNS}`}>
        {/* Phones and tablets: folded, so the first paragraph is on the first screen. */}
        <details className="group mb-8 rounded-xl border border-border bg-subtle lg:hidden">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-xl px-4 py-3 text-sm font-semibold text-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
            On this page
            <span className="text-xs font-medium text-muted-foreground">
              {sections.length} sections
              <ChevronDown aria-hidden="true" className="ml-1.5 inline size-4 align-[-3px] transition-transform group-open:rotate-180" />
            </span>
          </summary>
          <nav aria-label="On this page" className="px-4 pb-4">
            <Contents sections={sections} />
          </nav>
        </details>
        <nav aria-label="On this page" className="max-lg:hidden lg:sticky lg:top-[calc(var(--spacing-header)+2rem)] lg:self-start">
          <p className="text-sm font-semibold text-foreground">On this page</p>
          <Contents sections={sections} className="mt-4" />
        </nav>
        <div className="max-w-3xl text-base leading-7 text-slate-700 [&_a]:font-medium [&_a]:text-primary-strong [&_a]:underline [&_a]:underline-offset-2 [&_h3]:mt-6 [&_h3]:font-semibold [&_h3]:text-foreground [&_li]:mt-2 [&_p]:mt-4 [&_strong]:font-semibold [&_strong]:text-foreground [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6">
          <div className="text-lg leading-8 [&>p:first-child]:mt-0">{intro}</div>
          {sections.map((section, index) => (
            <section key={section.id} aria-labelledby={section.id} className="mt-12 border-t border-border pt-10">
              <h2 id={section.id} className="text-2xl font-semibold tracking-tight text-foreground">
                {index + 1}. {section.title}
              </h2>
              {section.body}
            </section>
          ))}
        </div>
      </div>
    </article>
  );
}

/** The numbered links to each section. */
function Contents({ sections, className }: { sections: readonly LegalSection[]; className?: string }) {
  return (
    <ol className={`space-y-2 border-l border-border text-sm ${className ?? ""}`}>
      {sections.map((section, index) => (
        <li key={section.id}>
          <a
            href={`#${section.id}`}
            className="-ml-px block border-l border-transparent py-0.5 pl-4 text-muted-foreground hover:border-brand-400 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            {index + 1}. {section.title}
          </a>
        </li>
      ))}
    </ol>
  );
}

type Mailbox = keyof Pick<SiteDetails, "supportEmail" | "salesEmail" | "privacyEmail">;

/** A mailbox of the site's details as a mailto link (docs/decisions/054). */
export function MailLink({ box }: { box: Mailbox }) {
  const address = useSiteDetails()[box];
  return <a href={`mailto:${address}`}>{address}</a>;
}

/** The company's registered name, from the site's details. */
export function LegalName() {
  return <>{useSiteDetails().legalName}</>;
}

/** The company's identity and mailboxes, as every legal text states them. */
export function CompanyDetails() {
  const details = useSiteDetails();
  return (
    <ul>
      <li>
        <strong>{details.legalName}</strong>, a company registered in England and Wales (company number{" "}
        {details.companyNumber})
      </li>
      <li>Registered office: {formattedAddress(details)}</li>
      <li>
        Privacy: <MailLink box="privacyEmail" />
      </li>
      <li>
        Support: <MailLink box="supportEmail" />
      </li>
      <li>
        Sales: <MailLink box="salesEmail" />
      </li>
    </ul>
  );
}
