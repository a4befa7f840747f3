import { cn } from "../../lib/cn.ts";

/** One illustration as app/assets/illustrations/index.ts exports it (`dashboardIllustration`, …). */
export interface IllustrationImage {
  /** The wide composition's <title>: what the picture shows. */
  alt: string;
  wide: ImageFile;
  narrow?: ImageFile;
}

/** Below this width the narrow composition is shown (Tailwind's `sm` breakpoint). */
const NARROW_MEDIA = "(max-width: 639.98px)";

/**
 * A product illustration as an SVG image (docs/decisions/017): no bytes in the page's HTML or
 * JavaScript, cached for good under its hashed URL, the narrow composition on phones, and width and
 * height on both so the box never shifts. `priority` for one in the first screen; others load lazily.
 */
export function Illustration({
  image,
  priority = false,
  className,
}: {
  image: IllustrationImage;
  priority?: boolean;
  className?: string;
}) {
  // The text alternative is the illustration's own <title> (render.tsx), written once.
  const { alt, wide, narrow } = image;
  return (
    <picture className={cn("block", className)}>
      {narrow && <source media={NARROW_MEDIA} srcSet={narrow.src} width={narrow.width} height={narrow.height} />}
      <img
        src={wide.src}
        width={wide.width}
        height={wide.height}
        alt={alt}
        className="h-auto w-full"
        decoding="async"
        {...(priority ? { fetchPriority: "high" as const } : { loading: "lazy" as const })}
      />
    </picture>
  );
}

interface ImageFile {
  src: string;
  width: number;
  height: number;
}
