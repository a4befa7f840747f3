import type { LandingBlock } from "../../../shared/landing-pages.ts";

/**
 * A block's section is labelled by its heading, or, when the editor left the heading empty (it is optional in
 * some blocks), by a fixed name, so every landmark still has one.
 */
export const sectionLabel = (heading: string, headingId: string, fallback: string) =>
  heading ? { "aria-labelledby": headingId } : { "aria-label": fallback };

/** The small uppercase label over a block's heading, as the marketing pages set theirs (docs/decisions/038). */
const eyebrows = { features: "Features", stats: "By the numbers", testimonials: "In their words", faq: "FAQ" } satisfies Partial<
  Record<LandingBlock["type"], string>
>;

/**
 * A block's eyebrow: fixed per block type (the editor has no field for it), shown only over a heading, and not when
 * the heading already says it ("In their words" under "In their words").
 */
export const blockEyebrow = (type: keyof typeof eyebrows, heading: string) =>
  heading && heading.trim().toLowerCase() !== eyebrows[type].toLowerCase() ? eyebrows[type] : undefined;
