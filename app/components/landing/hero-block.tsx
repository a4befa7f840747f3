import type { BlockOf } from "../../../shared/landing-pages.ts";
import { responsiveMedia } from "../../../shared/media-sizes.ts";
import { PageHero } from "../marketing/page-hero.tsx";
import { Illustration } from "../marketing/illustration.tsx";
import { BlockButtonLink } from "./block-button.tsx";
import { heroIllustrations } from "./block-visuals.ts";

/**
 * A landing page's hero: the marketing pages' PageHero with the editor's eyebrow, headline, text, up to two
 * buttons and a product illustration or an uploaded image beside the text. The page's first hero is its h1.
 */
export function HeroBlock({ block, headingId, first }: { block: BlockOf<"hero">; headingId: string; first: boolean }) {
  const { visual } = block;
  const picture =
    visual.kind === "illustration" ? (
      <Illustration image={heroIllustrations[visual.name]} priority={first} />
    ) : visual.kind === "image" && visual.src ? (
      // The upload's own width variants; the hero's column is at most about 640 px wide (decision 047).
      <img
        src={visual.src}
        {...responsiveMedia(visual.src, { sizes: "(min-width: 1024px) 640px, 100vw" })}
        alt={visual.alt}
        width={1200}
        height={800}
        className="aspect-3/2 w-full rounded-2xl border border-border bg-muted object-cover shadow-card"
        {...(first ? { fetchPriority: "high" as const } : { loading: "lazy" as const })}
      />
    ) : undefined;
  const hasButtons = Boolean((block.primary.label && block.primary.href) || (block.secondary.label && block.secondary.href));
  return (
    <PageHero
      eyebrow={block.eyebrow || undefined}
      title={block.headline}
      description={block.text || undefined}
      headingLevel={first ? "h1" : "h2"}
      headingId={headingId}
      visual={picture}
      actions={
        hasButtons ? (
          <div className={picture ? "flex flex-col gap-3 sm:flex-row" : "flex flex-col justify-center gap-3 sm:flex-row"}>
            <BlockButtonLink button={block.primary} />
            <BlockButtonLink button={block.secondary} variant="outline" />
          </div>
        ) : null
      }
    />
  );
}
