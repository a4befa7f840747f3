import type { BlockOf } from "../../../shared/landing-pages.ts";
import { CtaBand } from "../marketing/cta-band.tsx";
import { BlockButtonLink } from "./block-button.tsx";

/** The site's closing call to action (CtaBand) with the editor's headline, text and button. */
export function CtaBlock({ block, headingId, className }: { block: BlockOf<"cta">; headingId: string; className?: string }) {
  return (
    <CtaBand
      id={headingId}
      className={className}
      title={block.headline}
      description={block.text}
      actions={<BlockButtonLink button={block.button} className="ring-1 ring-white/20" />}
    />
  );
}
