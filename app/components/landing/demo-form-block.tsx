import type { BlockOf } from "../../../shared/landing-pages.ts";
import { demoAttributionSchema } from "../../../shared/demo-request.ts";
import { BookDemoForm } from "../demo/book-demo-form.tsx";
import { SubmittedNotice } from "../demo/submitted-notice.tsx";

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
}: {
  block: BlockOf<"demoForm">;
  pagePath: string;
  formToken: string;
  /** False in the editor's preview: a test request there is no lead of the page's. */
  credit: boolean;
}) {
  const attribution = demoAttributionSchema.parse({ sourcePage: pagePath, formPage: credit ? pagePath : null });
  return (
    <div id="demo" className="scroll-mt-20 bg-linear-to-b from-white to-brand-50/70 py-10 sm:py-20 lg:py-24">
      <div className="container-page">
        {/* The card is the form's section: after sending, the script shows the confirmation in its place. */}
        <section aria-labelledby="demo-form-title" className="mx-auto max-w-3xl rounded-2xl border border-border bg-white p-6 shadow-card sm:p-10">
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
      </div>
    </div>
  );
}
