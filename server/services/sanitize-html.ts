import sanitizeHtml from "sanitize-html";

/**
 * The allowlist is exactly what the CMS editor can produce (Tiptap 3 StarterKit + Link + Image +
 * TextStyle with the three text-size classes), nothing more. Everything else is dropped on every
 * save, so stored content is safe to render as raw HTML (SPEC §2 blog post, issue 5 item 3).
 */
const TEXT_SIZE_CLASSES = ["text-size-small", "text-size-large", "text-size-huge"];

/** Same-site uploads and the raster data: images the editor's picker accepts (SPEC §2 post editor). */
const MEDIA_PATH = /^\/media\/[A-Za-z0-9._-]+$/;
const DATA_IMAGE = /^data:image\/(png|gif|jpeg|bmp|x-icon);base64,[A-Za-z0-9+/=\s]+$/i;
const ABSOLUTE_HTTP = /^https?:\/\/[^\s/]/i;

export function isAllowedImageSource(src: string): boolean {
  return ABSOLUTE_HTTP.test(src) || MEDIA_PATH.test(src) || DATA_IMAGE.test(src);
}

const DIMENSION = /^\d{1,5}$/;

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    "p", "br", "hr",
    "h1", "h2", "h3", "h4", "h5", "h6",
    "strong", "em", "u", "s", "code", "pre", "blockquote",
    "ul", "ol", "li",
    "a", "img", "span",
  ],
  allowedAttributes: {
    a: ["href", { name: "target", multiple: false, values: ["_blank"] }, "rel"],
    img: ["src", "alt", "title", "width", "height"],
    ol: ["start", { name: "type", multiple: false, values: ["1", "a", "A", "i", "I"] }],
  },
  allowedClasses: {
    span: TEXT_SIZE_CLASSES,
    code: [/^language-[a-z0-9+#-]{1,32}$/],
  },
  // Links: http, https, mailto and tel (SPEC §2 post editor). Images add data:, narrowed below.
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https", "data"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  parseStyleAttributes: false,
  transformTags: {
    a: (tagName, attribs) => {
      const next: sanitizeHtml.Attributes = { href: attribs.href ?? "" };
      if (attribs.target === "_blank") next.target = "_blank";
      // The editor's own rel, and never a window.opener for the linked page.
      next.rel = "noopener noreferrer nofollow";
      return { tagName, attribs: next };
    },
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
    return false;
  },
};

/** Sanitises rich-text HTML from the editor (or anyone calling the API) before it is stored. */
export function sanitizePostHtml(dirty: string): string {
  return sanitizeHtml(dirty, options).trim();
}

/**
 * Plain-text fields (title, excerpt, meta fields, keywords) are stored as typed and escaped on
 * output; only control characters are removed here (they are invalid in XML feeds and sitemaps).
 */
export function toPlainText(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]/g, "");
}
