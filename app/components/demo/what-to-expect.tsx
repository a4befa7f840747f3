import { CircleDollarSign, Lightbulb, MessagesSquare, MonitorPlay, type LucideIcon } from "lucide-react";
import { TestimonialCard } from "../marketing/testimonial-card.tsx";
import { sampleTestimonials } from "../marketing/testimonials.ts";
import { cn } from "../../lib/cn.ts";

/** docs/product.md §2: the four items, each with a line of text. */
const expectations: { icon: LucideIcon; title: string; rest: string; text: string }[] = [
  {
    icon: MonitorPlay,
    title: "Personalized Tour",
    rest: "of the platform",
    text: "Natural-language queries, automated insights and dashboards, shown on questions like yours.",
  },
  {
    icon: Lightbulb,
    title: "Custom Insights",
    rest: "specific to your industry",
    text: "The trends, risks and opportunities that matter in your sector.",
  },
  {
    icon: MessagesSquare,
    title: "Q&A Session",
    rest: "with a product expert",
    text: "Bring your questions on data sources, security and rollout.",
  },
  {
    icon: CircleDollarSign,
    title: "Pricing Information",
    rest: "tailored to your needs",
    text: "Cloud-hosted or private deployment, with the services your team needs.",
  },
];

/**
 * The side panel of the demo page (docs/product.md §2): what the demo covers and a customer's words. A landing page's
 * demo form shows it without the quote (the page has its own, app/components/landing/demo-form-block.tsx).
 */
export function WhatToExpect({ quote = true, className }: { quote?: boolean; className?: string }) {
  const testimonial = quote ? sampleTestimonials[0] : undefined;
  return (
    <aside aria-label="About your demo" className={cn("grid content-start gap-6", className)}>
      <section aria-labelledby="what-to-expect" className="rounded-2xl border border-border bg-white p-6 shadow-card sm:p-8">
        <h2 id="what-to-expect" className="text-lg font-semibold tracking-tight text-foreground">
          What to expect
        </h2>
        <ul className="mt-6 grid gap-5">
          {expectations.map(({ icon: Icon, title, rest, text }) => (
            <li key={title} className="flex gap-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-strong">
                <Icon aria-hidden="true" className="size-5" strokeWidth={2} />
              </span>
              <div className="pt-0.5">
                <p className="text-base leading-6 text-foreground">
                  <strong className="font-semibold">{title}</strong> {rest}
                </p>
                <p className="mt-1 text-sm leading-6 text-muted-foreground">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
      {testimonial && <TestimonialCard testimonial={testimonial} />}
    </aside>
  );
}
