import type { BlockOf } from "../../../shared/landing-pages.ts";
import { blockEyebrow, sectionLabel } from "./section-label.ts";
import { SectionHeader } from "../ui/section.tsx";
import { cn } from "../../lib/cn.ts";

/**
 * Up to four figures on one dark panel, hairlines between them, as wide as its figures need: two side by side in
 * the narrow blocks' column (max-w-3xl, as the FAQ, text and form), three in a row from sm, four in two rows of two
 * on a phone and one row on a desktop. Never a half-empty row.
 */
export function StatsBlock({ block, headingId, className }: { block: BlockOf<"stats">; headingId: string; className?: string }) {
  const count = block.items.length;
  return (
    <section {...sectionLabel(block.heading, headingId, "Figures")} className={cn("py-10 sm:py-16 lg:py-20", className)}>
      <div className="container-page">
        {block.heading && <SectionHeader id={headingId} eyebrow={blockEyebrow("stats", block.heading)} decorativeEyebrow title={block.heading} />}
        {/* The panel's own colour shows through the 1 px gaps as the lines between the figures. */}
        <dl
          className={cn(
            "mx-auto grid gap-px overflow-hidden rounded-3xl bg-brand-800 shadow-card ring-1 ring-brand-900",
            block.heading && "mt-10 sm:mt-12",
            { 1: "max-w-xs grid-cols-1", 2: "max-w-3xl grid-cols-2", 3: "max-w-4xl grid-cols-1 sm:grid-cols-3", 4: "max-w-5xl grid-cols-2 lg:grid-cols-4" }[count],
          )}
        >
          {block.items.map((item, index) => (
            <div key={index} className="flex flex-col items-center bg-brand-950 px-4 py-8 text-center sm:px-8 sm:py-10">
              <dt className="mt-2 text-sm font-medium text-pretty text-brand-100 sm:text-base">{item.label}</dt>
              <dd className="order-first text-4xl font-bold tracking-tight text-white tabular-nums sm:text-5xl">{item.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
