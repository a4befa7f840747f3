import type { BlockOf } from "../../../shared/landing-pages.ts";
import { sectionLabel } from "./section-label.ts";
import { cn } from "../../lib/cn.ts";

/** Up to four figures on the site's dark panel, as the success story shows its results. */
export function StatsBlock({ block, headingId }: { block: BlockOf<"stats">; headingId: string }) {
  return (
    <section {...sectionLabel(block.heading, headingId, "Figures")} className="py-10 sm:py-16">
      <div className="container-page">
        {block.heading && (
          <h2 id={headingId} className="mx-auto max-w-3xl text-center text-3xl font-bold tracking-tight text-balance text-foreground sm:text-4xl">
            {block.heading}
          </h2>
        )}
        <dl
          className={cn(
            "grid grid-cols-2 gap-3 sm:gap-4",
            block.heading && "mt-10 sm:mt-12",
            // The row is as wide as its figures: two side by side in the narrow blocks' column (max-w-3xl, as the FAQ,
            // text and form), three in a row from sm, four in a row on a desktop.
            { 1: "mx-auto max-w-xs grid-cols-1", 2: "mx-auto max-w-3xl", 3: "mx-auto max-w-4xl sm:grid-cols-3", 4: "lg:grid-cols-4" }[block.items.length],
          )}
        >
          {block.items.map((item, index) => (
            <div key={index} className="flex flex-col rounded-2xl bg-brand-950 px-5 py-6 sm:px-7 sm:py-8">
              <dt className="mt-2 text-sm font-medium text-brand-100 sm:text-base">{item.label}</dt>
              <dd className="order-first text-4xl font-bold tracking-tight text-white sm:text-5xl">{item.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
