import type { BlockOf } from "../../../shared/landing-pages.ts";
import { Section, SectionHeader } from "../ui/section.tsx";
import { FeatureCard } from "../ui/feature-card.tsx";
import { cn } from "../../lib/cn.ts";
import { featureIcons } from "./block-visuals.ts";
import { blockEyebrow } from "./section-label.ts";

/** A heading, an introduction and up to six feature cards, as the marketing pages lay them out. */
export function FeaturesBlock({ block, headingId, className }: { block: BlockOf<"features">; headingId: string; className?: string }) {
  const count = block.items.length;
  // Rows of two from md, the last odd card across the row (never half a row empty); rows of three on a desktop
  // when the count divides by three or passes four.
  const columns = cn(
    "md:grid-cols-2 md:[&>li:last-child:nth-child(odd)]:col-span-2",
    (count % 3 === 0 || count > 4) && "lg:grid-cols-3 lg:[&>li:last-child:nth-child(odd)]:col-span-1",
  );
  return (
    <Section aria-labelledby={headingId} className={className}>
      <SectionHeader
        id={headingId}
        eyebrow={blockEyebrow("features", block.heading)}
        decorativeEyebrow
        title={block.heading}
        description={block.intro || undefined}
      />
      <ul className={cn("mt-10 grid gap-5 sm:mt-14 lg:gap-6", columns)}>
        {block.items.map((item, index) => (
          <li key={index}>
            <FeatureCard icon={featureIcons[item.icon]} title={item.title} description={item.text} />
          </li>
        ))}
      </ul>
    </Section>
  );
}
