import type { BlockOf } from "../../../shared/landing-pages.ts";
import { Section, SectionHeader } from "../ui/section.tsx";
import { FeatureCard } from "../ui/feature-card.tsx";
import { cn } from "../../lib/cn.ts";
import { featureIcons } from "./block-visuals.ts";

/** A heading, an introduction and up to six feature cards, as the marketing pages lay them out. */
export function FeaturesBlock({ block, headingId }: { block: BlockOf<"features">; headingId: string }) {
  const columns = block.items.length % 3 === 0 || block.items.length > 4 ? "lg:grid-cols-3" : "lg:grid-cols-2";
  return (
    <Section aria-labelledby={headingId}>
      <SectionHeader id={headingId} title={block.heading} description={block.intro || undefined} />
      <ul className={cn("mt-10 grid gap-5 sm:mt-14 md:grid-cols-2 lg:gap-6", columns)}>
        {block.items.map((item, index) => (
          <li key={index}>
            <FeatureCard icon={featureIcons[item.icon]} title={item.title} description={item.text} />
          </li>
        ))}
      </ul>
    </Section>
  );
}
