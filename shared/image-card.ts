/**
 * The post editor's image card (docs/decisions/056): `<figure class="image-card">` around one `<img>` and an
 * optional plain-text `<figcaption>`, drawn at one of three widths. The editor writes these classes, the
 * sanitiser keeps exactly them, and the post page sizes its images by them.
 */
export const IMAGE_CARD_LAYOUTS = ["normal", "wide", "full"] as const;
export type ImageCardLayout = (typeof IMAGE_CARD_LAYOUTS)[number];

/** `image-card`, plus `image-card--wide` or `image-card--full`. */
export const imageCardClass = (layout: ImageCardLayout) => (layout === "normal" ? "image-card" : `image-card image-card--${layout}`);

/** Every class a card may carry. */
export const IMAGE_CARD_CLASSES = ["image-card", "image-card--wide", "image-card--full"];

/** The layout a figure's class names (normal when it names none). */
export function imageCardLayoutOf(className: string): ImageCardLayout {
  const classes = className.split(/\s+/);
  return classes.includes("image-card--full") ? "full" : classes.includes("image-card--wide") ? "wide" : "normal";
}
