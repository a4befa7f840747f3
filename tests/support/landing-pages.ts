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

/**
 * A landing page with every block type (docs/decisions/038), as the editor would save it: the HTML checker, the
 * browser tests and the screenshots render it. Claims are those docs/product.md §1 allows (docs/decisions/020).
 */
export function allBlocksPage(slug: string, overrides: Partial<LandingPageInput> = {}): LandingPageInput {
  return {
    title: "Retail forecasting with Zuri",
    slug,
    metaTitle: "Retail demand forecasting",
    metaDescription: "See which stores will run out of stock next week, in plain English, without a data-science team.",
    ogImage: "",
    noindex: false,
    blocks: [
      {
        id: "hero",
        type: "hero",
        eyebrow: "For retail and e-commerce",
        headline: "Know which shelves will be empty before your customers do",
        text: "Zuri joins your sales, stock and supplier data and tells your buyers, in plain English, what to reorder, move or discount each week.",
        primary: { label: "Book a Demo", href: "/book-demo" },
        secondary: { label: "See the product", href: "/product" },
        visual: { kind: "illustration", name: "dashboard" },
      },
      {
        id: "logos",
        type: "logos",
        heading: "Built for teams like these",
        logos: [
          { name: "Northwind", image: "" },
          { name: "Contoso", image: "" },
          { name: "Fabrikam", image: "" },
          { name: "Tailspin", image: "" },
        ],
      },
      {
        id: "features",
        type: "features",
        heading: "Everything a buyer needs on Monday morning",
        intro: "One place for the data, the forecast and the next step.",
        items: [
          { icon: "chart", title: "Demand forecasts", text: "Forecasts by product and location, refreshed as new sales arrive." },
          { icon: "brain", title: "Plain-English answers", text: "Ask why margin fell in the North region and get the reason with the figures behind it." },
          { icon: "database", title: "One data hub", text: "Spreadsheets, surveys and databases joined and kept in sync without code." },
        ],
      },
      {
        id: "stats",
        type: "stats",
        heading: "What one retailer saw",
        items: [
          { value: "37%", label: "increase in sales" },
          { value: "65%", label: "fewer stockouts" },
        ],
      },
      {
        id: "quotes",
        type: "testimonials",
        heading: "In their words",
        // docs/brand.md: these are the site's sample quotes, so the page marks them as samples.
        source: "sample",
        items: [
          {
            quote: "Now Zuri tells us which stores are at risk a week ahead.",
            name: "Amara Okafor",
            role: "Head of Operations",
            company: "Multi-site retail and e-commerce group",
          },
          {
            quote: "Month-end reviews are now about decisions, not about reconciling spreadsheets.",
            name: "James Whitfield",
            role: "Finance Director",
            company: "Financial services firm",
          },
        ],
      },
      {
        id: "faq",
        type: "faq",
        heading: "Questions buyers ask",
        items: [
          { question: "Do we need a data-science team?", answer: "No. Zuri reads your columns for you, and you ask questions in plain English." },
          { question: "Which data can we bring?", answer: "CSV and Excel files, surveys and your databases, kept in sync." },
        ],
      },
      {
        id: "story",
        type: "richText",
        html: "<h2>Why stockouts happen</h2><p>Sales, stock and supplier data sit in <strong>separate spreadsheets</strong>. By the time anyone has combined them, the moment to act has passed. <a href=\"/product\">See how Zuri joins them</a>.</p><ul><li><p>Forecast demand</p></li><li><p>Reorder in time</p></li></ul>",
      },
      {
        id: "cta",
        type: "cta",
        headline: "See Zuri on your own data",
        text: "A short demo with a product expert, on questions like yours.",
        button: { label: "Get Started", href: "/book-demo" },
      },
      { id: "form", type: "demoForm", heading: "Book your retail demo", text: "Tell us about your stores. We reply within 24 hours." },
    ],
    ...overrides,
  };
}
