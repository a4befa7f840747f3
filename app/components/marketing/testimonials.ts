/**
 * SAMPLE CONTENT: these testimonials are placeholders written for the design, not quotes from real
 * customers. Replace every entry with an approved customer quote (name, role, company and written
 * consent) before launch. See docs/decisions/020-marketing-content-and-claims.md.
 */
export interface Testimonial {
  quote: string;
  name: string;
  role: string;
  /** The kind of organisation, until a real, consented company name replaces it. */
  company: string;
  /** Star rating out of five (docs/product.md §1: all three are five-star). */
  rating: 5;
}

export const sampleTestimonials: readonly Testimonial[] = [
  {
    quote:
      "We used to find out about stock problems when the shelves were already empty. Now Zuri tells us which stores are at risk a week ahead, and our sales are up 37% since we started acting on it.",
    name: "Amara Okafor",
    role: "Head of Operations",
    company: "Multi-site retail and e-commerce group",
    rating: 5,
  },
  {
    quote:
      "Our finance team asks questions in plain English and gets answers in seconds, with the figures behind them. Month-end reviews are now about decisions, not about reconciling spreadsheets.",
    name: "James Whitfield",
    role: "Finance Director",
    company: "Financial services firm",
    rating: 5,
  },
  {
    quote:
      "We connected our survey data and our databases in an afternoon. For the first time, every team looks at the same dashboards, and nobody has to wait for an analyst to build a report.",
    name: "Priya Raman",
    role: "VP of Customer Experience",
    company: "B2B technology scaleup",
    rating: 5,
  },
];
