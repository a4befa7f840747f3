import type { BlockOf } from "../../../shared/landing-pages.ts";
import { sectionLabel } from "./section-label.ts";
import { responsiveMedia } from "../../../shared/media-sizes.ts";
import { cn } from "../../lib/cn.ts";

/** Customers' names as wordmarks, or their uploaded logos with the name as alt text, in one quiet row. */
export function LogosBlock({ block, headingId }: { block: BlockOf<"logos">; headingId: string }) {
  const logos = block.logos.filter((logo) => logo.name || logo.image);
  return (
    <section {...sectionLabel(block.heading, headingId, "Customers")} className="border-b border-border bg-background py-10 sm:py-14">
      <div className="container-page">
        {block.heading && (
          <h2 id={headingId} className="text-center text-sm font-semibold tracking-wide text-muted-foreground uppercase">
            {block.heading}
          </h2>
        )}
        {/* On a phone an even number of logos is rows of two, never three and a lone fourth; a row from sm. */}
        <ul
          className={cn(
            "mt-6 items-center justify-center gap-x-8 gap-y-4 sm:mt-8 sm:flex sm:flex-wrap sm:gap-x-12 lg:gap-x-16",
            logos.length % 2 === 0 ? "grid grid-cols-2" : "flex flex-wrap",
          )}
        >
          {logos.map((logo, index) => (
            <li key={`${logo.name}-${index}`} className="flex h-10 items-center justify-center sm:h-12">
              {logo.image ? (
                <img
                  src={logo.image}
                  {...responsiveMedia(logo.image, { sizes: "160px", upTo: 480 })}
                  alt={logo.name}
                  width={160}
                  height={40}
                  loading="lazy"
                  className="h-8 w-auto max-w-40 object-contain opacity-70 grayscale sm:h-10"
                />
              ) : (
                // A name without its logo is a monochrome wordmark in the logos' grey, like them: text, never a pill
                // that reads as a button (it is a name typed in the CMS, so it stays text).
                <span className="text-xl font-bold tracking-tight whitespace-nowrap text-slate-500 grayscale sm:text-2xl">
                  {logo.name}
                </span>
              )}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
