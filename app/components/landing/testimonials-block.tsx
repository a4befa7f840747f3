import type { BlockOf } from "../../../shared/landing-pages.ts";
import { blockEyebrow, sectionLabel } from "./section-label.ts";
import { Section, SectionHeader } from "../ui/section.tsx";
import { TestimonialCard } from "../marketing/testimonial-card.tsx";
import { cn } from "../../lib/cn.ts";

/**
 * Up to three quotes in the home page's cards, each attributed (name, role, organization); one alone is set larger.
 * Samples carry the site's "Sample quote" mark (docs/brand.md); only quotes the editor says are customers' own go
 * without it. Three: a row on a desktop; at tablet width two, then the third across the row (never half a row empty).
 */
export function TestimonialsBlock({ block, headingId }: { block: BlockOf<"testimonials">; headingId: string }) {
  const count = block.items.length;
  const columns =
    count === 1
      ? "mx-auto max-w-3xl"
      : count === 2
        ? "md:grid-cols-2"
        : "md:grid-cols-2 md:[&>li:last-child]:col-span-2 lg:grid-cols-3 lg:[&>li:last-child]:col-span-1";
  return (
    <Section {...sectionLabel(block.heading, headingId, "Testimonials")} tone="subtle">
      {block.heading && <SectionHeader id={headingId} eyebrow={blockEyebrow("testimonials", block.heading)} decorativeEyebrow title={block.heading} />}
      <ul className={cn("grid gap-5 lg:gap-6", block.heading && "mt-10 sm:mt-14", columns)}>
        {block.items.map((item, index) => (
          <li key={index}>
            <TestimonialCard testimonial={item} sample={block.source === "sample"} featured={count === 1} />
          </li>
        ))}
      </ul>
    </Section>
  );
}
