import type { ReactNode } from "react";
import { cn } from "../../lib/cn.ts";
import { BookDemoAction } from "./book-demo-button.tsx";

/**
 * The opening band of a marketing page: eyebrow, the page's h1, a lead paragraph, the demo button and an
 * optional visual beside the text from the large breakpoint up. A landing page's hero
 * (app/components/landing/hero-block.tsx) gives its own buttons as `actions`, and a second hero is an h2.
 */
export function PageHero({
  eyebrow,
  title,
  description,
  cta = "Book a Demo",
  freeTrialNote = true,
  visual,
  visualPlacement = "side",
  actions,
  headingLevel: Heading = "h1",
  headingId = "page-title",
  className,
}: {
  eyebrow?: string;
  title: string;
  description: ReactNode;
  /** The label of the hero's demo button. */
  cta?: string;
  freeTrialNote?: boolean;
  visual?: ReactNode;
  /** Beside the text from the large breakpoint up, or centred below it. */
  visualPlacement?: "side" | "below";
  /** Replaces the demo button and its note; null: no buttons. */
  actions?: ReactNode;
  headingLevel?: "h1" | "h2";
  headingId?: string;
  className?: string;
}) {
  const side = Boolean(visual) && visualPlacement === "side";
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        "relative isolate overflow-hidden border-b border-border bg-linear-to-b from-brand-50/80 via-white to-white",
        className,
      )}
    >
      <HeroBackdrop />
      <div
        className={cn(
          "container-page grid items-center gap-10 py-12 sm:gap-12 sm:py-24",
          side ? "lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] lg:gap-16" : "text-center",
        )}
      >
        <div className={cn(!side && "mx-auto max-w-3xl")}>
          {eyebrow && (
            <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white/80 px-3 py-1 text-xs font-semibold text-primary-strong sm:text-sm">
              <span aria-hidden="true" className="size-1.5 rounded-full bg-accent" />
              {eyebrow}
            </p>
          )}
          <Heading
            id={headingId}
            className={cn(
              "text-4xl font-bold tracking-tight text-balance text-foreground sm:text-5xl lg:text-[3.5rem] lg:leading-[1.08]",
              eyebrow && "mt-6",
            )}
          >
            {title}
          </Heading>
          {description && (
            <p className={cn("mt-6 text-lg leading-8 text-pretty text-muted-foreground sm:text-xl", !side && "mx-auto max-w-2xl")}>
              {description}
            </p>
          )}
          {actions !== null && (
            <div className={cn("mt-8 sm:mt-10", !side && "flex justify-center")}>
              {actions ?? <BookDemoAction label={cta} freeTrialNote={freeTrialNote} stacked={!side} />}
            </div>
          )}
        </div>
        {visual && (
          <div className={cn("mx-auto w-full", side ? "max-w-2xl lg:max-w-none" : "max-w-4xl")}>{visual}</div>
        )}
      </div>
    </section>
  );
}

/** A faint grid and a soft glow behind the hero; decorative only. */
function HeroBackdrop() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
      <div className="absolute inset-0 bg-[linear-gradient(to_right,var(--color-slate-200)_1px,transparent_1px),linear-gradient(to_bottom,var(--color-slate-200)_1px,transparent_1px)] mask-[radial-gradient(ellipse_at_top,black_20%,transparent_70%)] bg-size-[48px_48px] opacity-50" />
      <div className="absolute -top-40 left-1/2 h-96 w-3xl -translate-x-1/2 rounded-full bg-brand-200/40 blur-3xl" />
    </div>
  );
}
