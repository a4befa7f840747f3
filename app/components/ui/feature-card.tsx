import type { ComponentProps } from "react";
import { Check, type LucideIcon } from "lucide-react";
import { cn } from "../../lib/cn.ts";

export interface FeatureCardProps extends Omit<ComponentProps<"div">, "title"> {
  icon: LucideIcon;
  title: string;
  description: string;
  /** Optional short list of points under the description. */
  points?: readonly string[];
  /** Heading level that fits the surrounding outline (h3 under a section's h2 by default). */
  headingLevel?: "h2" | "h3" | "h4";
  tone?: "primary" | "accent";
}

/** The reusable feature card of docs/product.md §2: an icon, a title and a description. */
export function FeatureCard({
  icon: Icon,
  title,
  description,
  points,
  headingLevel: Heading = "h3",
  tone = "primary",
  className,
  children,
  ...props
}: FeatureCardProps) {
  return (
    <div
      data-slot="feature-card"
      className={cn(
        "flex h-full flex-col rounded-2xl border border-border bg-white p-5 shadow-card transition-shadow hover:shadow-card-hover sm:p-7",
        className,
      )}
      {...props}
    >
      {/* On a phone the icon sits beside the title, so a column of cards stays short. */}
      <div className="flex items-center gap-4 sm:block">
      <span
        className={cn(
          "inline-flex size-11 shrink-0 items-center justify-center rounded-xl ring-1",
          tone === "primary"
            ? "bg-primary-soft text-primary-strong ring-brand-100"
            : "bg-accent-soft text-accent-strong ring-accent-100",
        )}
        aria-hidden="true"
      >
        <Icon className="size-5" strokeWidth={2} />
      </span>
      <Heading className="text-lg leading-snug font-semibold tracking-tight text-foreground sm:mt-5">{title}</Heading>
      </div>
      <p className="mt-3 leading-7 text-muted-foreground sm:mt-2">{description}</p>
      {points && points.length > 0 && (
        <ul className="mt-5 space-y-2.5 border-t border-border pt-5 text-sm text-slate-700">
          {points.map((point) => (
            <li key={point} className="flex gap-2.5">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-strong" strokeWidth={2} />
              <span>{point}</span>
            </li>
          ))}
        </ul>
      )}
      {children}
    </div>
  );
}
