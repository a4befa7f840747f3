/**
 * A block's section is labelled by its heading, or, when the editor left the heading empty (it is optional in
 * some blocks), by a fixed name, so every landmark still has one.
 */
export const sectionLabel = (heading: string, headingId: string, fallback: string) =>
  heading ? { "aria-labelledby": headingId } : { "aria-label": fallback };
