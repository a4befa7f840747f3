import type { LandingBlock } from "../../../shared/landing-pages.ts";
import { HeroBlock } from "./hero-block.tsx";
import { LogosBlock } from "./logos-block.tsx";
import { FeaturesBlock } from "./features-block.tsx";
import { StatsBlock } from "./stats-block.tsx";
import { TestimonialsBlock } from "./testimonials-block.tsx";
import { FaqBlock } from "./faq-block.tsx";
import { RichTextBlock } from "./rich-text-block.tsx";
import { CtaBlock } from "./cta-block.tsx";
import { DemoFormBlock } from "./demo-form-block.tsx";

/**
 * A landing page's blocks, in order (docs/decisions/038): the first hero's headline is the page's h1, every other
 * block heading an h2. Server HTML only, like every public page (docs/decisions/019); the demo form and the
 * FAQ's questions work without JavaScript. One demo form per page (its ids and script are the form's): a second is
 * left out. `preview`: no structured data (a preview is nobody's to index, docs/decisions/034) and, unless
 * `credit`, no credit for a request sent from it.
 */
export function LandingBlocks({
  blocks,
  pagePath,
  title,
  formToken = "",
  preview = false,
  credit = !preview,
}: {
  blocks: LandingBlock[];
  pagePath: string;
  /** The page's title: its h1, for assistive technology, when no hero gives one. */
  title?: string;
  /** The demo form's signed "form shown at" token (docs/decisions/050), rendered per request. */
  formToken?: string;
  preview?: boolean;
  /** Whether a demo request sent from the page credits it (docs/decisions/038): not from the editor's preview. */
  credit?: boolean;
}) {
  const firstHero = blocks.find((block) => block.type === "hero");
  const firstForm = blocks.find((block) => block.type === "demoForm");
  // One demo form per page: a second is left out before the rhythm below is worked out.
  const shown = blocks.filter((block) => block.type !== "demoForm" || block === firstForm);
  return (
    <>
      {!firstHero && title && <h1 className="sr-only">{title}</h1>}
      {shown.map((block, index) => {
        const headingId = block === firstHero ? "page-title" : `block-${block.id}`;
        // Two white blocks in a row are one section gap apart, not two: the second drops its top padding.
        const previous = shown[index - 1];
        const className = previous && endsWhite.has(previous.type) && startsWhite.has(block.type) ? "pt-6 sm:pt-0 lg:pt-0" : undefined;
        switch (block.type) {
          case "hero":
            return <HeroBlock key={block.id} block={block} headingId={headingId} first={block === firstHero} />;
          case "logos":
            return <LogosBlock key={block.id} block={block} headingId={headingId} />;
          case "features":
            return <FeaturesBlock key={block.id} block={block} headingId={headingId} className={className} />;
          case "stats":
            return <StatsBlock key={block.id} block={block} headingId={headingId} className={className} />;
          case "testimonials":
            return <TestimonialsBlock key={block.id} block={block} headingId={headingId} />;
          case "faq":
            return <FaqBlock key={block.id} block={block} headingId={headingId} withJsonLd={!preview} className={className} />;
          case "richText":
            return <RichTextBlock key={block.id} block={block} className={className} />;
          case "cta":
            return <CtaBlock key={block.id} block={block} headingId={headingId} pageHasForm={firstForm !== undefined} className={className} />;
          case "demoForm":
            return <DemoFormBlock key={block.id} block={block} pagePath={pagePath} formToken={formToken} credit={credit} className={className} />;
        }
      })}
    </>
  );
}

/**
 * The blocks on the page's white ground at their bottom and at their top (the hero, logos and testimonials have a
 * tint or a rule of their own; the demo form's tint starts white and ends tinted).
 */
const endsWhite = new Set<LandingBlock["type"]>(["features", "stats", "faq", "richText", "cta"]);
const startsWhite = new Set<LandingBlock["type"]>([...endsWhite, "demoForm"]);

/** Whether a page shows the demo form, whose token makes each rendering its own (docs/decisions/050). */
export const hasDemoForm = (blocks: readonly LandingBlock[]) => blocks.some((block) => block.type === "demoForm");
