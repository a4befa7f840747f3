import { isRefusal, refuse, type Refusal } from "../../shared/refusal.ts";
import { fetchPublicResource } from "./outbound-fetch.ts";
import type { AddressPolicy, ResolvedAddress } from "./webhook-address.ts";

/**
 * Bookmark cards (docs/decisions/076-post-cards.md): the server reads a page's title, description, image and
 * publisher (Open Graph first, then <title> and the meta description) within the outbound rules of
 * docs/decisions/073, and copies the image into the media store, so the card never hot-links.
 */
export interface Bookmark {
  /** The page's address, after redirects. */
  url: string;
  title: string;
  description: string;
  /** /media/… when the page named an image that could be copied, else null. */
  image: string | null;
  publisher: string;
}

const MAX_PAGE_BYTES = 1024 * 1024;
const PAGE_TIMEOUT_MS = 8_000;
const HTML_TYPES = new Set(["text/html", "application/xhtml+xml"]);
const TITLE_MAX = 300;
const DESCRIPTION_MAX = 500;
const PUBLISHER_MAX = 100;

export function createBookmarkService({
  remote,
  importImage,
}: {
  remote: { policy: AddressPolicy; resolve?: (hostname: string) => Promise<ResolvedAddress[]> };
  /** media.importFromUrl: the og:image copied into the media store. */
  importImage: (url: string, uploadedBy: number | null) => Promise<{ url: string } | Refusal>;
}) {
  return {
    async preview(url: string, uploadedBy: number | null): Promise<Bookmark | Refusal> {
      const fetched = await fetchPublicResource(url, {
        ...remote,
        maxBytes: MAX_PAGE_BYTES,
        timeoutMs: PAGE_TIMEOUT_MS,
        accept: "text/html,application/xhtml+xml;q=0.9",
        userAgent: "Zuri-Bookmarks/1",
      });
      if ("refused" in fetched) {
        const message = fetched.refused.replace("The file is larger than", "The page is larger than");
        return refuse("invalid", message, { fields: { url: message } });
      }
      if (!HTML_TYPES.has(fetched.contentType)) {
        const message = `This address is not a web page (it answered ${fetched.contentType || "with no type"}).`;
        return refuse("invalid", message, { fields: { url: message } });
      }
      const meta = readPageMeta(fetched.body.toString("utf8"));
      const imageUrl = meta.image ? absoluteHttp(meta.image, fetched.url) : null;
      const image = imageUrl ? await importImage(imageUrl, uploadedBy) : null;
      return {
        url: fetched.url.href,
        title: clip(meta.title, TITLE_MAX) || fetched.url.hostname,
        description: clip(meta.description, DESCRIPTION_MAX),
        image: image && !isRefusal(image) ? image.url : null,
        publisher: clip(meta.publisher, PUBLISHER_MAX) || fetched.url.hostname.replace(/^www\./, ""),
      };
    },
  };
}

interface PageMeta {
  title: string;
  description: string;
  image: string;
  publisher: string;
}

/**
 * The few head fields a bookmark needs, read with a small tokenizer rather than an HTML parser: <meta> tags
 * (property or name, then content, in any order and quoting) and the first <title>. Comments and scripts are
 * skipped so their text cannot pose as a tag.
 */
export function readPageMeta(html: string): PageMeta {
  const text = html.replace(/<!--[\s\S]*?-->/g, "").replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, "");
  const found = new Map<string, string>();
  for (const tag of text.matchAll(/<meta\b([^>]*)>/gi)) {
    const attributes = readAttributes(tag[1]!);
    const key = (attributes.get("property") ?? attributes.get("name") ?? "").toLowerCase();
    const content = attributes.get("content");
    if (key && content !== undefined && !found.has(key)) found.set(key, decodeEntities(content));
  }
  const title = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(text)?.[1];
  return {
    title: found.get("og:title") ?? found.get("twitter:title") ?? (title === undefined ? "" : decodeEntities(title)),
    description: found.get("og:description") ?? found.get("description") ?? found.get("twitter:description") ?? "",
    image: found.get("og:image:secure_url") ?? found.get("og:image") ?? found.get("twitter:image") ?? "",
    publisher: found.get("og:site_name") ?? found.get("application-name") ?? "",
  };
}

function readAttributes(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of source.matchAll(/([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    const name = match[1]!.toLowerCase();
    if (!attributes.has(name)) attributes.set(name, match[2] ?? match[3] ?? match[4] ?? "");
  }
  return attributes;
}

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", ndash: "–", mdash: "—", hellip: "…", rsquo: "’", lsquo: "‘", rdquo: "”", ldquo: "“" };

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});/gi, (entity, body: string) => {
    if (body[0] !== "#") return NAMED[body.toLowerCase()] ?? entity;
    const code = body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : "";
  });
}

/** One line of plain text: tags a page put in its title dropped, space collapsed, at most `max` characters. */
function clip(value: string, max: number): string {
  // eslint-disable-next-line no-control-regex
  const line = value.replace(/<[^>]*>/g, "").replace(/[\u0000-\u001F\u007F\s]+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

function absoluteHttp(value: string, base: URL): string | null {
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}
