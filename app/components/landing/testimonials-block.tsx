import type { BlockOf } from "../../../shared/landing-pages.ts";
import { sectionLabel } from "./section-label.ts";
import { Section, SectionHeader } from "../ui/section.tsx";
import { TestimonialCard } from "../marketing/testimonial-card.tsx";
import { cn } from "../../lib/cn.ts";

/** Up to three quotes in the home page's cards; one alone is set larger. */
export function TestimonialsBlock({ block, headingId }: { block: BlockOf<"testimonials">; headingId: string }) {
  const count = block.items.length;
  return (
    <Section {...sectionLabel(block.heading, headingId, "Testimonials")} tone="subtle">
      {block.heading && <SectionHeader id={headingId} title={block.heading} />}
      <ul className={cn("grid gap-5 lg:gap-6", block.heading && "mt-10 sm:mt-14", count === 1 ? "mx-auto max-w-3xl" : count === 2 ? "md:grid-cols-2" : "md:grid-cols-3")}>
        {block.items.map((item, index) => (
          <li key={index}>
            <TestimonialCard testimonial={item} sample={false} featured={count === 1} />
          </li>
        ))}
      </ul>
    </Section>
  );
}
