import type { ReactNode } from "react";
import { BookDemoButton, FreeTrialNote } from "./book-demo-button.tsx";
import { cn } from "../../lib/cn.ts";

/**
 * The closing call to action of a page: a dark panel with a heading, one sentence and the
 * primary button to /book-demo. `actions` replaces the default button (for example to add Contact Sales).
 */
export function CtaBand({
  id,
  title,
  description,
  ctaLabel = "Book a Demo",
  showFreeTrialNote = false,
  actions,
  className,
}: {
  id: string;
  title: string;
  description: string;
  ctaLabel?: string;
  showFreeTrialNote?: boolean;
  actions?: ReactNode;
  /** Added to the section's (a landing page drops its top padding under a white block, app/components/landing/). */
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={cn("py-12 sm:py-20 lg:py-24", className)}>
      <div className="container-page">
        <div className="relative isolate overflow-hidden rounded-3xl bg-brand-950 px-6 py-12 text-center shadow-overlay sm:px-12 sm:py-20">
          <div
            aria-hidden="true"
            className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_left,var(--color-brand-700),transparent_55%),radial-gradient(ellipse_at_bottom_right,var(--color-accent-700),transparent_50%)] opacity-70"
          />
          <h2 id={id} className="mx-auto max-w-2xl text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
            {title}
          </h2>
          {description && (
            <p className="mx-auto mt-4 max-w-2xl text-base leading-7 text-pretty text-brand-100 sm:text-lg sm:leading-8">{description}</p>
          )}
          <div className="mt-8 flex flex-col sm:mt-10 items-center justify-center gap-3 sm:flex-row [&>*]:w-full [&>*]:max-w-xs sm:[&>*]:w-auto">
            {actions ?? <BookDemoButton className="ring-1 ring-white/20">{ctaLabel}</BookDemoButton>}
          </div>
          {showFreeTrialNote && <FreeTrialNote className="mt-4 text-sm text-brand-100" />}
        </div>
      </div>
    </section>
  );
}
