import sanitizeHtml from "sanitize-html";
import { DEFAULT_LINK_RELATIONS, linkRel, relationsOf } from "../../shared/link-relations.ts";
import { IMAGE_CARD_CLASSES, imageCardClass, imageCardLayoutOf } from "../../shared/image-card.ts";
import { buttonLinkClass, CARD_ATTRIBUTES, CARD_CLASSES, CARD_TAGS, cardFilter, cardTransforms, finishCards } from "./card-html.ts";

/**
 * The allowlist is exactly what the CMS editor can produce (Tiptap 3 StarterKit + Link + Image +
 * TextStyle with the three text-size classes, superscript, subscript and tables), nothing more. Everything else is dropped on every
 * save, so stored content is safe to render as raw HTML (docs/product.md §2 blog post).
 */
const TEXT_SIZE_CLASSES = ["text-size-small", "text-size-large", "text-size-huge"];

/**
 * Same-site uploads, and absolute http(s) images for API clients. data: images are not stored: the editor
 * uploads them to /media first, so a post's HTML never carries an image inline (docs/decisions/055).
 */
const MEDIA_PATH = /^\/media\/[A-Za-z0-9._-]+$/;
const ABSOLUTE_HTTP = /^https?:\/\/[^\s/]/i;

function isAllowedImageSource(src: string): boolean {
  return ABSOLUTE_HTTP.test(src) || MEDIA_PATH.test(src);
}

/** A cell's colspan/rowspan: digits only, 1–999 (docs/decisions/055). */
const SPAN = /^[1-9]\d{0,2}$/;

function tableCell(tagName: string, attribs: sanitizeHtml.Attributes) {
  const next: sanitizeHtml.Attributes = {};
  if (attribs.colspan && SPAN.test(attribs.colspan) && attribs.colspan !== "1") next.colspan = attribs.colspan;
  if (attribs.rowspan && SPAN.test(attribs.rowspan) && attribs.rowspan !== "1") next.rowspan = attribs.rowspan;
  return { tagName, attribs: next };
}

const DIMENSION = /^\d{1,5}$/;

/** Any figure is stored as an image card, with its layout's classes only (docs/decisions/056). */
const imageCardFigure: sanitizeHtml.Transformer = (tagName, attribs) => ({
  tagName,
  attribs: { class: imageCardClass(imageCardLayoutOf(attribs.class ?? "")) },
});

/** rel of a link that leaves the site by default: no window.opener, no referrer, no endorsement (docs/decisions/063). */
export const EXTERNAL_LINK_REL = linkRel(DEFAULT_LINK_RELATIONS);

/**
 * True when a link's href, resolved the way a browser resolves it on one of the site's pages, stays
 * on the site's own origin (SITE_URL): relative paths, fragments, queries, and absolute URLs on that
 * origin. Protocol-relative (`//host`), other hosts, another scheme or port of our host, mailto:,
 * tel: and anything unparseable are not the site's (docs/decisions/063).
 */
export function isSiteLink(href: string, siteUrl: string): boolean {
  const site = new URL(siteUrl);
  try {
    // The WHATWG parser reads the href as browsers do: it trims, drops tabs and newlines, and
    // takes a backslash as "/" in http(s) URLs, so "/\evil.example" is another host here too.
    return new URL(href, new URL("/", site)).origin === site.origin;
  } catch {
    return false;
  }
}

const baseOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    "p", "br", "hr",
    "h1", "h2", "h3", "h4", "h5", "h6",
    "strong", "em", "u", "s", "sup", "sub", "code", "pre", "blockquote",
    "ul", "ol", "li",
    "a", "img", "span",
    // Tables (docs/decisions/055): the editor's colgroup/col widths are not kept.
    "table", "thead", "tbody", "tr", "th", "td",
    ...CARD_TAGS,
  ],
  allowedAttributes: {
    a: ["href", { name: "target", multiple: false, values: ["_blank"] }, "rel"],
    img: ["src", "alt", "title", "width", "height"],
    ol: ["start", { name: "type", multiple: false, values: ["1", "a", "A", "i", "I"] }],
    th: ["colspan", "rowspan"],
    td: ["colspan", "rowspan"],
    ...CARD_ATTRIBUTES,
  },
  allowedClasses: {
    ...CARD_CLASSES,
    span: [...TEXT_SIZE_CLASSES, ...CARD_CLASSES.span!],
    code: [/^language-[a-z0-9+#-]{1,32}$/],
    figure: [...CARD_CLASSES.figure!, ...IMAGE_CARD_CLASSES],
  },
  // Links: http, https, mailto and tel (docs/product.md §2 post editor); images http and https (and /media).
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  parseStyleAttributes: false,
  transformTags: {
    ...cardTransforms,
    // An embed or bookmark card (docs/decisions/076), else an image card (docs/decisions/056).
    figure: (tagName, attribs) =>
      /\b(embed|bookmark)-card\b/.test(attribs.class ?? "") ? cardTransforms.figure!(tagName, attribs) : imageCardFigure(tagName, attribs),
    img: (tagName, attribs) => {
      const next: sanitizeHtml.Attributes = {};
      const src = (attribs.src ?? "").trim();
      if (isAllowedImageSource(src)) next.src = src;
      if (attribs.alt !== undefined) next.alt = attribs.alt;
      if (attribs.title !== undefined) next.title = attribs.title;
      if (attribs.width && DIMENSION.test(attribs.width)) next.width = attribs.width;
      if (attribs.height && DIMENSION.test(attribs.height)) next.height = attribs.height;
      return { tagName, attribs: next };
    },
    th: tableCell,
    td: tableCell,
    ol: (tagName, attribs) => {
      const next: sanitizeHtml.Attributes = {};
      if (attribs.start && /^\d{1,6}$/.test(attribs.start)) next.start = attribs.start;
      if (attribs.type) next.type = attribs.type;
      return { tagName, attribs: next };
    },
  },
  exclusiveFilter: (frame) => {
    // An image whose source was refused is dropped; a link or span that lost its only
    // attribute keeps its text but not the tag.
    if (frame.tag === "img") return !frame.attribs.src;
    // An image card without its image, or an empty caption, is nothing to show (docs/decisions/056).
    if (frame.tag === "figure" && frame.attribs.class?.startsWith("image-card")) return !frame.mediaChildren.includes("img");
    if (frame.tag === "figcaption") return !frame.text.trim();
    if (frame.tag === "a" && !frame.attribs.href) return "excludeTag";
    if (frame.tag === "span" && !frame.attribs.class) return "excludeTag";
    return cardFilter(frame);
  },
};

/**
 * A caption belongs to an image card: a `<figcaption>` outside a `<figure>` becomes a paragraph
 * (docs/decisions/056). Counts the figures open around the tag, once per sanitised document.
 */
function imageCardCaptions() {
  let openFigures = 0;
  return {
    onOpenTag: (name: string) => void (name === "figure" && openFigures++),
    onCloseTag: (name: string) => void (name === "figure" && openFigures > 0 && openFigures--),
    figcaption: ((tagName) => ({ tagName: openFigures > 0 ? tagName : "p", attribs: {} })) satisfies sanitizeHtml.Transformer,
  };
}

/** The allowlist plus the link rule, which depends on the site's origin. */
function optionsFor(siteUrl: string): sanitizeHtml.IOptions {
  const captions = imageCardCaptions();
  return {
    ...baseOptions,
    onOpenTag: captions.onOpenTag,
    onCloseTag: captions.onCloseTag,
    transformTags: {
      ...baseOptions.transformTags,
      figcaption: captions.figcaption,
      // Links to the site itself carry no rel and open in the same tab, so search engines follow
      // them; links elsewhere keep the editor's target and get noopener noreferrer (docs/decisions/063).
      a: (tagName, attribs) => {
        const href = attribs.href ?? "";
        if (isSiteLink(href, siteUrl)) return { tagName, attribs: { ...buttonLinkClass(attribs), href } };
        const next: sanitizeHtml.Attributes = { ...buttonLinkClass(attribs), href };
        if (attribs.target === "_blank") next.target = "_blank";
        // The writer's nofollow and sponsored choices are kept (docs/decisions/058); no rel at all is the default.
        next.rel = linkRel(relationsOf(attribs.rel));
        return { tagName, attribs: next };
      },
    },
  };
}

/**
 * Sanitises rich-text HTML from the editor (or anyone calling the API) before it is stored.
 * `siteUrl` is SITE_URL: it tells the site's own links from external ones.
 */
export function sanitizePostHtml(dirty: string, siteUrl: string): string {
  return finishCards(sanitizeHtml(dirty, optionsFor(siteUrl)), EXTERNAL_LINK_REL).trim();
}

/**
 * Plain-text fields (title, excerpt, meta fields, keywords) are stored as typed and escaped on
 * output; only control characters are removed here (they are invalid in XML feeds and sitemaps).
 */
export function toPlainText(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]/g, "");
}
