import type { BlockOf } from "../../../shared/landing-pages.ts";
import { demoAttributionSchema } from "../../../shared/demo-request.ts";
import { BookDemoForm } from "../demo/book-demo-form.tsx";
import { SubmittedNotice } from "../demo/submitted-notice.tsx";
import { WhatToExpect } from "../demo/what-to-expect.tsx";
import { cn } from "../../lib/cn.ts";

/** The demo form block's id: a call to action on the same page links to it (ctaButtonOnPage). */
export const DEMO_FORM_ANCHOR = "demo";

/**
 * The demo form itself (the one /book-demo shows, with its script: app/site/demo-form.ts), crediting the page
 * it is on (`formPage`, docs/decisions/038). Without JavaScript it posts to /book-demo, whose action takes it
 * and shows the confirmation there. The card's heading labels the form (`demo-form-title`), so a page shows one
 * demo form: LandingBlocks renders the first.
 */
export function DemoFormBlock({
  block,
  pagePath,
  formToken,
  credit,
  className,
}: {
  block: BlockOf<"demoForm">;
  pagePath: string;
  formToken: string;
  /** False in the editor's preview: a test request there is no lead of the page's. */
  credit: boolean;
  className?: string;
}) {
  const attribution = demoAttributionSchema.parse({ sourcePage: pagePath, formPage: credit ? pagePath : null });
  return (
    <div id={DEMO_FORM_ANCHOR} className={cn("scroll-mt-20 bg-linear-to-b from-white to-brand-50/70 py-10 sm:py-20 lg:py-24", className)}>
      {/* On a desktop what the demo covers stands beside the form, as on /book-demo; on smaller screens the form alone. */}
      <div className="container-page grid items-start gap-8 lg:grid-cols-[minmax(0,1.45fr)_minmax(0,1fr)] lg:gap-10">
        {/* The card is the form's section: after sending, the script shows the confirmation in its place. */}
        <section aria-labelledby="demo-form-title" className="mx-auto w-full max-w-3xl rounded-2xl border border-border bg-white p-6 shadow-card sm:p-10 lg:max-w-none">
          <h2 id="demo-form-title" className="text-2xl font-bold tracking-tight text-balance text-foreground sm:text-3xl">
            {block.heading}
          </h2>
          {block.text && <p className="mt-3 text-base leading-7 text-pretty text-muted-foreground sm:text-lg">{block.text}</p>}
          <div className="mt-6 sm:mt-8">
            <BookDemoForm formToken={formToken} attribution={attribution} action="/book-demo" />
          </div>
          <template data-demo-confirmation="">
            <SubmittedNotice againHref={pagePath} />
          </template>
        </section>
        <WhatToExpect quote={false} className="hidden lg:grid" />
      </div>
    </div>
  );
}
