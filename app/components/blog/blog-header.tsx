import { Rss } from "lucide-react";
import { siteConfig } from "../../lib/site-config.ts";
import { RSS_PATH } from "../../lib/blog.ts";

/** The blog's opening band: the heading of SPEC §2 ('Zuri Intelligence Blog') and the feed link. */
export function BlogHeader() {
  return (
    <section className="border-b border-border bg-linear-to-b from-brand-50/80 via-white to-white">
      <div className="container-page py-14 sm:py-20">
        <p className="text-sm font-semibold tracking-wide text-primary-strong uppercase">Insights</p>
        <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance text-foreground sm:text-5xl">
          {siteConfig.blogName}
        </h1>
        <p className="mt-5 max-w-2xl text-lg leading-8 text-pretty text-muted-foreground">
          Practical ideas on decision intelligence: forecasting, automated insights and turning everyday business data
          into confident decisions.
        </p>
        <a
          href={RSS_PATH}
          className="mt-6 inline-flex items-center gap-2 rounded-sm text-sm font-semibold text-primary-strong hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <Rss aria-hidden="true" className="size-4" />
          Subscribe via RSS
        </a>
      </div>
    </section>
  );
}
