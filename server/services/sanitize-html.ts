import sanitizeHtml from "sanitize-html";
import { buttonLinkClass, CARD_ATTRIBUTES, CARD_CLASSES, CARD_TAGS, cardFilter, cardTransforms, finishCards } from "./card-html.ts";

/**
 * The allowlist is exactly what the CMS editor can produce (Tiptap 3 StarterKit + Link + Image +
 * TextStyle with the three text-size classes), nothing more. Everything else is dropped on every
 * save, so stored content is safe to render as raw HTML (docs/product.md §2 blog post).
 */
const TEXT_SIZE_CLASSES = ["text-size-small", "text-size-large", "text-size-huge"];

/** Same-site uploads and the raster data: images the editor's picker accepts (docs/product.md §2 post editor). */
const MEDIA_PATH = /^\/media\/[A-Za-z0-9._-]+$/;
const DATA_IMAGE = /^data:image\/(png|gif|jpeg|bmp|x-icon);base64,[A-Za-z0-9+/=\s]+$/i;
const ABSOLUTE_HTTP = /^https?:\/\/[^\s/]/i;

export function isAllowedImageSource(src: string): boolean {
  return ABSOLUTE_HTTP.test(src) || MEDIA_PATH.test(src) || DATA_IMAGE.test(src);
}

const DIMENSION = /^\d{1,5}$/;

/** rel of a link that leaves the site: no window.opener, no referrer, no endorsement (docs/decisions/063). */
export const EXTERNAL_LINK_REL = "noopener noreferrer nofollow";

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
    "strong", "em", "u", "s", "code", "pre", "blockquote",
    "ul", "ol", "li",
    "a", "img", "span",
    ...CARD_TAGS,
  ],
  allowedAttributes: {
    a: ["href", { name: "target", multiple: false, values: ["_blank"] }, "rel"],
    img: ["src", "alt", "title", "width", "height"],
    ol: ["start", { name: "type", multiple: false, values: ["1", "a", "A", "i", "I"] }],
    ...CARD_ATTRIBUTES,
  },
  allowedClasses: {
    ...CARD_CLASSES,
    span: [...TEXT_SIZE_CLASSES, ...CARD_CLASSES.span!],
    code: [/^language-[a-z0-9+#-]{1,32}$/],
  },
  // Links: http, https, mailto and tel (docs/product.md §2 post editor). Images add data:, narrowed below.
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https", "data"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  parseStyleAttributes: false,
  transformTags: {
    ...cardTransforms,
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
    if (frame.tag === "a" && !frame.attribs.href) return "excludeTag";
    if (frame.tag === "span" && !frame.attribs.class) return "excludeTag";
    return cardFilter(frame);
  },
};

/** The allowlist plus the link rule, which depends on the site's origin. */
function optionsFor(siteUrl: string): sanitizeHtml.IOptions {
  return {
    ...baseOptions,
    transformTags: {
      ...baseOptions.transformTags,
      // Links to the site itself carry no rel and open in the same tab, so search engines follow
      // them; links elsewhere keep the editor's target and get EXTERNAL_LINK_REL (docs/decisions/063).
      a: (tagName, attribs) => {
        const href = attribs.href ?? "";
        if (isSiteLink(href, siteUrl)) return { tagName, attribs: { ...buttonLinkClass(attribs), href } };
        const next: sanitizeHtml.Attributes = { ...buttonLinkClass(attribs), href };
        if (attribs.target === "_blank") next.target = "_blank";
        next.rel = EXTERNAL_LINK_REL;
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
