import type { ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { cn } from "../../lib/cn.ts";
import { IconBadge } from "../ui/icon-badge.tsx";

export interface FeatureItem {
  icon: LucideIcon;
  title: string;
  description: string;
}

/**
 * A feature row: the copy on one side, a product illustration on the other, alternating with `reverse`.
 * On a phone the picture follows the copy.
 */
export function FeatureRow({
  id,
  eyebrow,
  title,
  description,
  visual,
  reverse = false,
  children,
  className,
}: {
  id: string;
  eyebrow: ReactNode;
  title: string;
  description: string;
  visual?: ReactNode;
  reverse?: boolean;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        "grid items-center gap-10 lg:gap-16",
        visual && (reverse ? "lg:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)]" : "lg:grid-cols-[minmax(0,1fr)_minmax(0,1.15fr)]"),
        className,
      )}
    >
      <div className={cn(reverse && visual && "lg:order-last")}>
        <p className="flex items-center gap-3 text-sm font-semibold tracking-wide text-primary-strong uppercase">{eyebrow}</p>
        <h2 id={id} className="mt-3 text-3xl font-bold tracking-tight text-balance text-foreground sm:text-4xl">
          {title}
        </h2>
        <p className="mt-4 text-base leading-7 text-pretty text-muted-foreground sm:text-lg sm:leading-8">{description}</p>
        {children}
      </div>
      {visual}
    </div>
  );
}

/** Features as a compact list: a small icon, a title and a sentence, without a card around each. */
export function FeatureList({
  items,
  columns = 1,
  heading: Heading = "h3",
  className,
}: {
  items: readonly FeatureItem[];
  columns?: 1 | 2 | 3 | 4;
  heading?: "h3" | "h4";
  className?: string;
}) {
  return (
    <ul
      className={cn(
        "grid gap-x-8 gap-y-6",
        columns === 2 && "sm:grid-cols-2",
        columns === 3 && "sm:grid-cols-2 lg:grid-cols-3",
        columns === 4 && "sm:grid-cols-2 lg:grid-cols-4",
        className,
      )}
    >
      {items.map(({ icon: Icon, title, description }) => (
        <li key={title} className="flex gap-4">
          <IconBadge icon={Icon} size="sm" />
          <div>
            <Heading className="leading-snug font-semibold text-foreground">{title}</Heading>
            <p className="mt-1 text-sm leading-6 text-muted-foreground">{description}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
