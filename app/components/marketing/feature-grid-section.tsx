import type { ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { cn } from "../../lib/cn.ts";
import { FeatureCard } from "../ui/feature-card.tsx";
import { Section, SectionHeader } from "../ui/section.tsx";

export interface FeatureCardContent {
  icon: LucideIcon;
  title: string;
  description: string;
  points?: readonly string[];
}

const columnClasses = {
  2: "md:grid-cols-2",
  3: "sm:grid-cols-2 lg:grid-cols-3",
  4: "sm:grid-cols-2 lg:grid-cols-4",
};

/**
 * The most common band of the marketing pages: a section heading over a grid of feature cards.
 * Three cards sit in one row from the medium breakpoint, so a row never ends with a lone card.
 */
export function FeatureGridSection({
  id,
  eyebrow,
  title,
  description,
  cards,
  columns,
  tone = "default",
  cardTone = "primary",
  gridClassName,
  children,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  description?: string;
  cards: readonly FeatureCardContent[];
  columns: keyof typeof columnClasses;
  tone?: "default" | "subtle";
  cardTone?: "primary" | "accent";
  gridClassName?: string;
  /** Anything after the grid, such as a link to a related page. */
  children?: ReactNode;
}) {
  return (
    <Section aria-labelledby={id} tone={tone}>
      <SectionHeader id={id} eyebrow={eyebrow} title={title} description={description} />
      <div
        className={cn(
          "mt-14 grid gap-6",
          columns === 3 && cards.length === 3 ? "md:grid-cols-3" : columnClasses[columns],
          gridClassName,
        )}
      >
        {cards.map((card) => (
          <FeatureCard key={card.title} {...card} tone={cardTone} />
        ))}
      </div>
      {children}
    </Section>
  );
}
