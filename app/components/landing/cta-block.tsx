import type { BlockButton, BlockOf } from "../../../shared/landing-pages.ts";
import { CtaBand } from "../marketing/cta-band.tsx";
import { BlockButtonLink } from "./block-button.tsx";
import { DEMO_FORM_ANCHOR } from "./demo-form-block.tsx";

/**
 * Where a call to action's button goes (docs/decisions/038): on a page with the demo form, a button to /book-demo
 * goes to that form instead (`#demo`), so the band leads to the form below it rather than away to the same form on
 * another page. Any other target is the editor's.
 */
export function ctaButtonOnPage(button: BlockButton, pageHasForm: boolean): BlockButton {
  const toDemoPage = /^\/book-demo\/?(?:[?#]|$)/.test(button.href);
  return pageHasForm && toDemoPage ? { ...button, href: `#${DEMO_FORM_ANCHOR}` } : button;
}

/** The site's closing call to action (CtaBand) with the editor's headline, text and button. */
export function CtaBlock({
  block,
  headingId,
  pageHasForm,
  className,
}: {
  block: BlockOf<"cta">;
  headingId: string;
  /** Whether the page shows the demo form: a button to /book-demo then goes to it (ctaButtonOnPage). */
  pageHasForm: boolean;
  className?: string;
}) {
  return (
    <CtaBand
      id={headingId}
      className={className}
      title={block.headline}
      description={block.text}
      actions={<BlockButtonLink button={ctaButtonOnPage(block.button, pageHasForm)} className="ring-1 ring-white/20" />}
    />
  );
}
