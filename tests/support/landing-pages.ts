import type { LandingBlock, LandingPageInput } from "../../shared/landing-pages.ts";

let counter = 0;

/** Five blocks that pass the publish check: hero, features, FAQ, rich text and the demo form. */
export function publishableBlocks(): LandingBlock[] {
  return [
    {
      id: "hero",
      type: "hero",
      eyebrow: "Retail",
      headline: "See stockouts before they happen",
      text: "Zuri reads your sales and supply data and says what to order.",
      primary: { label: "Book a demo", href: "/book-demo" },
      secondary: { label: "", href: "" },
      visual: { kind: "illustration", name: "dashboard" },
    },
    {
      id: "features",
      type: "features",
      heading: "What it does",
      intro: "",
      items: [{ icon: "chart", title: "Forecasts", text: "Weekly demand per store." }],
    },
    {
      id: "faq",
      type: "faq",
      heading: "Questions",
      items: [{ question: "How long does set-up take?", answer: "About two weeks." }],
    },
    { id: "text", type: "richText", html: "<p>Built for <strong>retail</strong> teams.</p>" },
    { id: "demo", type: "demoForm", heading: "Book your demo", text: "" },
  ];
}

/** A valid landing page body for the service and the API; override any field, with anything (bad input too). */
export function landingPageBody(overrides: Partial<Record<keyof LandingPageInput, unknown>> & Record<string, unknown> = {}): LandingPageInput {
  const n = ++counter;
  return {
    title: `Retail campaign ${n}`,
    slug: `retail-campaign-${n}-${process.pid}`,
    blocks: publishableBlocks(),
    metaTitle: "",
    metaDescription: "",
    ogImage: "",
    noindex: false,
    ...overrides,
  } as LandingPageInput;
}
