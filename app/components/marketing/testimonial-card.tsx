import { Quote, Star } from "lucide-react";
import { cn } from "../../lib/cn.ts";
import type { Testimonial } from "./testimonials.ts";

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part[0])
    .join("")
    .slice(0, 2);

/** Five stars, read out as one phrase ('Rated 5 out of 5'). */
export function StarRating({ rating, className }: { rating: number; className?: string }) {
  return (
    <div role="img" aria-label={`Rated ${rating} out of 5`} className={cn("flex gap-0.5 text-amber-500", className)}>
      {Array.from({ length: 5 }, (_, index) => (
        <Star key={index} aria-hidden="true" className="size-4" fill={index < rating ? "currentColor" : "none"} strokeWidth={2} />
      ))}
    </div>
  );
}

/**
 * The visible mark on every sample quote (docs/brand.md: testimonials are sample content until approved,
 * consented quotes replace them), so no visitor mistakes them for a customer's words.
 */
export function SampleBadge({ className }: { className?: string }) {
  return (
    <span className={cn("rounded-full bg-muted px-2.5 py-0.5 text-xs font-medium text-slate-600 ring-1 ring-border", className)}>
      Sample quote
    </span>
  );
}

/**
 * A quote with its five-star rating, the person's name, role and organization type, marked as a sample.
 * `featured` sets the quote larger, for the lead quote of a section. A landing page's quotes
 * (app/components/landing/testimonials-block.tsx) are the editor's, without a rating, and samples unless the editor
 * says they are customers' own words.
 */
export function TestimonialCard({
  testimonial,
  featured = false,
  sample = true,
  className,
}: {
  testimonial: Pick<Testimonial, "quote" | "name" | "role"> & Partial<Pick<Testimonial, "company" | "rating">>;
  featured?: boolean;
  sample?: boolean;
  className?: string;
}) {
  const byline = [testimonial.role, testimonial.company].filter(Boolean).join(", ");
  return (
    <figure
      data-slot="testimonial-card"
      className={cn(
        "flex h-full flex-col rounded-2xl border border-border bg-background p-6 shadow-card",
        featured ? "sm:p-10" : "sm:p-7",
        className,
      )}
    >
      {testimonial.rating !== undefined || sample ? (
        <div className="mb-5 flex items-center justify-between gap-3">
          {testimonial.rating !== undefined && <StarRating rating={testimonial.rating} />}
          {sample && <SampleBadge />}
        </div>
      ) : (
        <Quote aria-hidden="true" className="mb-4 size-7 fill-brand-100 text-primary-strong" strokeWidth={1.5} />
      )}
      <blockquote
        className={cn(
          "flex-1",
          featured && "sm:flex sm:items-center",
          featured
            ? "text-base leading-7 text-slate-700 sm:text-2xl sm:leading-10 sm:font-medium sm:tracking-tight sm:text-foreground"
            : "text-base leading-7 text-slate-700",
        )}
      >
        <p>“{testimonial.quote}”</p>
      </blockquote>
      <figcaption className={cn("mt-6 flex items-center gap-3 border-t border-border pt-5", featured && "sm:mt-8")}>
        <span
          aria-hidden="true"
          className={cn(
            "flex shrink-0 items-center justify-center rounded-full bg-primary-soft font-semibold text-primary-strong",
            featured ? "size-12 text-base" : "size-10 text-sm",
          )}
        >
          {initials(testimonial.name)}
        </span>
        <span className="text-sm">
          <span className="block font-semibold text-foreground">{testimonial.name}</span>
          {byline && <span className="block text-muted-foreground">{byline}</span>}
        </span>
      </figcaption>
    </figure>
  );
}
