import { ChevronDown } from "lucide-react";
import type { BlockOf } from "../../../shared/landing-pages.ts";
import { Section, SectionHeader } from "../ui/section.tsx";
import { JsonLd } from "../site/json-ld.tsx";
import { blockEyebrow } from "./section-label.ts";

/** schema.org FAQPage of the block's questions and plain-text answers (Google's FAQ structured data). */
export function faqJsonLd(items: BlockOf<"faq">["items"]): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}

/**
 * Questions as native `<details>`: they open and close without any script (docs/decisions/019), and the
 * same questions go to search engines as FAQPage structured data (`withJsonLd` false on the preview).
 */
export function FaqBlock({ block, headingId, withJsonLd, className }: { block: BlockOf<"faq">; headingId: string; withJsonLd: boolean; className?: string }) {
  const items = block.items.filter((item) => item.question);
  return (
    <Section aria-labelledby={headingId} className={className}>
      <SectionHeader id={headingId} eyebrow={blockEyebrow("faq", block.heading)} decorativeEyebrow title={block.heading} />
      {/* At most 720 px from md: questions read as one column, not as a stretched table. */}
      <div className="mx-auto mt-10 max-w-3xl md:max-w-[45rem] divide-y divide-border rounded-2xl border border-border bg-white shadow-card sm:mt-14">
        {items.map((item, index) => (
          <details key={index} className="group px-5 sm:px-7">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-5 text-left font-semibold text-foreground marker:hidden focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:text-lg [&::-webkit-details-marker]:hidden">
              {item.question}
              <ChevronDown aria-hidden="true" className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180" />
            </summary>
            <p className="-mt-1 pb-5 leading-7 whitespace-pre-line text-muted-foreground">{item.answer}</p>
          </details>
        ))}
      </div>
      {withJsonLd && items.length > 0 && <JsonLd data={faqJsonLd(items)} />}
    </Section>
  );
}
