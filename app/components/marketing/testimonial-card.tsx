import { Star } from "lucide-react";
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

/** A customer quote with its five-star rating and the person's name, role and organisation. */
export function TestimonialCard({ testimonial, className }: { testimonial: Testimonial; className?: string }) {
  return (
    <figure
      data-slot="testimonial-card"
      className={cn("flex h-full flex-col rounded-2xl border border-border bg-background p-6 shadow-card sm:p-8", className)}
    >
      <StarRating rating={testimonial.rating} />
      <blockquote className="mt-5 flex-1 text-base leading-7 text-slate-700">
        <p>“{testimonial.quote}”</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3 border-t border-border pt-6">
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-sm font-semibold text-primary-strong"
        >
          {initials(testimonial.name)}
        </span>
        <span className="text-sm">
          <span className="block font-semibold text-foreground">{testimonial.name}</span>
          <span className="block text-muted-foreground">
            {testimonial.role}, {testimonial.company}
          </span>
        </span>
      </figcaption>
    </figure>
  );
}
