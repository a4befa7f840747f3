import type sanitizeHtml from "sanitize-html";
import { embedPageUrl, isValidEmbed, type EmbedProvider } from "../../shared/embed.ts";
import { CALLOUT_TYPES } from "../../shared/post-cards.ts";

/**
 * The post cards' markup (docs/decisions/076-post-cards.md), added to the post allowlist of sanitize-html.ts:
 * exactly what the editor's card nodes write, nothing else. An embed keeps its provider and id only when the id
 * matches the provider's pattern (shared/embed.ts), and its link is rebuilt from them after sanitising.
 */
export const CARD_TAGS = ["figure", "figcaption", "aside", "div"];

export const CARD_CLASSES: Record<string, string[]> = {
  figure: ["embed-card", "bookmark-card"],
  aside: ["callout", ...CALLOUT_TYPES.map((type) => `callout--${type}`)],
  p: ["button-card"],
  a: ["button-card__link"],
  span: ["bookmark-card__title", "bookmark-card__description", "bookmark-card__publisher"],
  div: ["html-card"],
};

export const CARD_ATTRIBUTES: Record<string, string[]> = { figure: ["data-provider", "data-id"] };

type Attributes = sanitizeHtml.Attributes;
const none = (): Attributes => ({});
const only = (attributes: Attributes): Attributes => attributes;

const classesOf = (attribs: Attributes) => (attribs.class ?? "").split(/\s+/).filter(Boolean);

export const cardTransforms: Record<string, sanitizeHtml.Transformer> = {
  figure: (tagName, attribs) => {
    const classes = classesOf(attribs);
    if (classes.includes("embed-card")) {
      const provider = attribs["data-provider"] ?? "";
      const id = attribs["data-id"] ?? "";
      // A fake provider or id: the figure stays, plain, and its link is an ordinary link.
      return { tagName, attribs: isValidEmbed(provider, id) ? only({ class: "embed-card", "data-provider": provider, "data-id": id }) : none() };
    }
    if (classes.includes("bookmark-card")) return { tagName, attribs: { class: "bookmark-card" } };
    return { tagName, attribs: none() };
  },
  aside: (tagName, attribs) => {
    const classes = classesOf(attribs);
    if (!classes.includes("callout")) return { tagName, attribs: none() };
    const type = CALLOUT_TYPES.find((t) => classes.includes(`callout--${t}`)) ?? "info";
    return { tagName, attribs: { class: `callout callout--${type}` } };
  },
  p: (tagName, attribs) => ({ tagName, attribs: classesOf(attribs).includes("button-card") ? only({ class: "button-card" }) : none() }),
  div: (tagName, attribs) => ({ tagName, attribs: classesOf(attribs).includes("html-card") ? only({ class: "html-card" }) : none() }),
};

/** The button card's link keeps its one class; every other link has none. */
export const buttonLinkClass = (attribs: Attributes): Attributes =>
  classesOf(attribs).includes("button-card__link") ? { class: "button-card__link" } : none();

/** An aside or div that is not a card keeps its content but not the tag. */
export function cardFilter(frame: sanitizeHtml.IFrame): boolean | "excludeTag" {
  if ((frame.tag === "aside" || frame.tag === "div") && !frame.attribs.class) return "excludeTag";
  return false;
}

const EMBED_CARD = /(<figure class="embed-card" data-provider="(youtube|vimeo|x)" data-id="([A-Za-z0-9_-]+)">)([\s\S]*?)(<figcaption>|<\/figure>)/g;

/**
 * After sanitising: an embed card's body is one link to the provider's own page for its id, whatever link
 * (or none) was sent; its text is kept (already escaped) as the link's text.
 */
export function finishCards(html: string, externalRel: string): string {
  return html.replace(EMBED_CARD, (_match, open: string, provider: EmbedProvider, id: string, body: string, end: string) => {
    const href = embedPageUrl({ provider, id });
    const text = body.replace(/<[^>]*>/g, "").trim() || href;
    return `${open}<a href="${href}" rel="${externalRel}">${text}</a>${end}`;
  });
}
