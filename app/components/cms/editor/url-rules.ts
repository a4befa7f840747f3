/**
 * What the editor lets a writer link to and embed (docs/product.md §2 post editor): links are http, https,
 * mailto and tel only; images are http, https, this site's /media/ uploads and raster data: URLs.
 * The blog's sanitiser enforces the same on the server; these checks give instant feedback.
 */
export const LINK_PROTOCOL_MESSAGE = "Links must start with http://, https://, mailto: or tel:";
export const IMAGE_URL_MESSAGE = "Image URLs must start with http:// or https://";

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const ALLOWED_LINK_SCHEMES = new Set(["http", "https", "mailto", "tel"]);
const DATA_IMAGE = /^data:image\/(png|gif|jpeg|bmp|x-icon);base64,[A-Za-z0-9+/=\s]+$/i;

export type UrlCheck = { ok: true; url: string } | { ok: false; message: string };

/** Accepts an allowed absolute link or a same-site path; "example.com" becomes "https://example.com". */
export function checkLinkUrl(input: string): UrlCheck {
  // Browsers drop tabs and newlines anywhere in a URL and control characters at its ends, so
  // "java\tscript:" is javascript: to them; check the URL as the browser will read it.
  // eslint-disable-next-line no-control-regex
  const compact = input.replace(/[\t\n\r]/g, "").replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "");
  if (compact === "") return { ok: false, message: "Enter a link address." };
  const scheme = SCHEME.exec(compact)?.[1]?.toLowerCase();
  if (scheme) {
    if (!ALLOWED_LINK_SCHEMES.has(scheme)) return { ok: false, message: LINK_PROTOCOL_MESSAGE };
    if ((scheme === "http" || scheme === "https") && !URL.canParse(compact)) {
      return { ok: false, message: "Enter a valid link address." };
    }
    return { ok: true, url: compact };
  }
  if (compact.startsWith("//")) return { ok: false, message: LINK_PROTOCOL_MESSAGE };
  if (compact.startsWith("/") || compact.startsWith("#")) return { ok: true, url: compact };
  // "example.com/page" or "www.example.com": a web address without its scheme.
  if (/^[^\s/:]+\.[^\s/:]+/.test(compact) && URL.canParse(`https://${compact}`)) {
    return { ok: true, url: `https://${compact}` };
  }
  return { ok: false, message: LINK_PROTOCOL_MESSAGE };
}

export function checkImageUrl(input: string): UrlCheck {
  const value = input.trim();
  if (value === "") return { ok: false, message: "Enter an image address." };
  if (/^\/media\/[A-Za-z0-9._-]+$/.test(value) || DATA_IMAGE.test(value)) return { ok: true, url: value };
  if (/^https?:\/\//i.test(value) && URL.canParse(value)) return { ok: true, url: value };
  return { ok: false, message: IMAGE_URL_MESSAGE };
}
