import type { ComponentProps, ReactNode } from "react";
import { cn } from "../../lib/cn.ts";

const tones = {
  default: "bg-background",
  subtle: "border-y border-border bg-subtle",
};

/** A marketing page section: one vertical rhythm and max width everywhere. Label it with `aria-labelledby`. */
export function Section({
  className,
  tone = "default",
  children,
  ...props
}: ComponentProps<"section"> & { tone?: keyof typeof tones }) {
  return (
    <section className={cn("py-10 sm:py-20 lg:py-24", tones[tone], className)} {...props}>
      <div className="container-page">{children}</div>
    </section>
  );
}

/**
 * Eyebrow, heading and lead paragraph that open a section. Give `id` to label the section with it. `decorativeEyebrow`:
 * the eyebrow only names the kind of section (a landing page's blocks), so assistive technology skips it.
 */
export function SectionHeader({
  eyebrow,
  decorativeEyebrow = false,
  title,
  description,
  id,
  align = "center",
  as: Heading = "h2",
  className,
}: {
  eyebrow?: string;
  decorativeEyebrow?: boolean;
  title: ReactNode;
  description?: ReactNode;
  id?: string;
  align?: "center" | "left";
  as?: "h1" | "h2";
  className?: string;
}) {
  return (
    <div className={cn("max-w-3xl", align === "center" && "mx-auto text-center", className)}>
      {eyebrow && (
        <p aria-hidden={decorativeEyebrow || undefined} className="text-sm font-semibold tracking-wide text-primary-strong uppercase">
          {eyebrow}
        </p>
      )}
      <Heading
        id={id}
        className={cn(
          "mt-2 font-bold tracking-tight text-balance text-foreground",
          Heading === "h1" ? "text-4xl sm:text-5xl lg:text-6xl" : "text-3xl sm:text-4xl",
        )}
      >
        {title}
      </Heading>
      {description && <p className="mt-4 text-base leading-7 text-pretty text-muted-foreground sm:text-lg sm:leading-8">{description}</p>}
    </div>
  );
}
