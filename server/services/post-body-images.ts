import { imageCardLayoutOf, type ImageCardLayout } from "../../shared/image-card.ts";
import { parseMediaFileName, responsiveMedia } from "../../shared/media-sizes.ts";

/**
 * Body images on the post page (docs/decisions/056): the stored HTML stays what the editor made, and each
 * render gives its images the uploads' width variants (srcset, sizes), their own width and height (the
 * browser reserves the box: no layout shift), lazy loading and off-thread decoding.
 *
 * The HTML is the sanitiser's own output (server/services/sanitize-html.ts), in its one spelling: double-quoted
 * attributes with `"`, `<` and `>` escaped inside them and in text. So an image is exactly a `<img …>` tag whose
 * attributes match `name="value"`, and a card is the `<figure class="…">` just before it; no other text can look
 * like one. The tags are rewritten in place, nothing else is touched.
 */

export interface ImageSize {
  width: number;
  height: number;
}

/** How wide each card is drawn (app/app.css, "image cards"): the text column, 1024 px, or the viewport. */
const SIZES: Record<ImageCardLayout, string> = {
  normal: "(min-width: 52rem) 768px, 100vw",
  wide: "(min-width: 64rem) 1024px, 100vw",
  full: "100vw",
};

const IMAGE = /(<figure class="([^"]*)">\s*)?<img\b([^>]*?)\s*\/?>/g;
const ATTRIBUTE = /([a-z-]+)="([^"]*)"/g;

/** The key of an upload's own URL `/media/{key}.{ext}`; none for a variant or any other address. */
function uploadKeyOf(src: string): string | undefined {
  const file = /^\/media\/([^/?#]+)$/.exec(src)?.[1];
  const parts = file ? parseMediaFileName(file) : undefined;
  return parts && parts.width === undefined ? parts.key : undefined;
}

const attributesOf = (tag: string) => new Map([...tag.matchAll(ATTRIBUTE)].map(([, name, value]) => [name!, value!]));

/** The upload keys of a body's images, to look their sizes up in one query. */
export function uploadKeysIn(html: string): string[] {
  return [...html.matchAll(IMAGE)].flatMap((match) => uploadKeyOf(attributesOf(match[3]!).get("src") ?? "") ?? []);
}

/**
 * The body with its images made responsive (srcset: the narrower variants and the upload at its own width). `sizes` are the stored uploads' sizes by key; an image from
 * elsewhere keeps the width and height it was saved with, if any. With `eagerFirst` (a post without a
 * cover, whose first image may be in the first screen) the first image loads at once; every other waits
 * until it nears the viewport.
 */
export function responsiveBodyImages(html: string, sizes: ReadonlyMap<string, ImageSize>, { eagerFirst }: { eagerFirst: boolean }): string {
  let index = 0;
  return html.replace(IMAGE, (_tag, figure: string | undefined, figureClass: string | undefined, attributeText: string) => {
    const attributes = attributesOf(attributeText);
    const src = attributes.get("src") ?? "";
    const layout = imageCardLayoutOf(figureClass ?? "");
    const key = uploadKeyOf(src);
    const size = key ? sizes.get(key) : undefined;
    const responsive = size ? responsiveMedia(src, { sizes: SIZES[layout], ownWidth: size.width }) : {};
    const next: [string, string | undefined][] = [
      ["src", src],
      ["srcset", responsive.srcSet],
      ["sizes", responsive.sizes],
      ["alt", attributes.get("alt")],
      ["title", attributes.get("title")],
      ["width", size ? String(size.width) : attributes.get("width")],
      ["height", size ? String(size.height) : attributes.get("height")],
      ["loading", eagerFirst && index === 0 ? undefined : "lazy"],
      ["decoding", "async"],
    ];
    index++;
    const tag = `<img ${next.flatMap(([name, value]) => (value === undefined ? [] : [`${name}="${value}"`])).join(" ")} />`;
    return `${figure ?? ""}${tag}`;
  });
}

/** The post page's body, as readers get it (the post page, a review link, the editor's preview). */
export function createPostBodyImages({ media }: { media: { sizesOf(keys: readonly string[]): Promise<ReadonlyMap<string, ImageSize>> } }) {
  return {
    /** One query for the sizes of every upload in the body, then the images rewritten. */
    async forPage(html: string, { hasCover }: { hasCover: boolean }): Promise<string> {
      const sizes = await media.sizesOf(uploadKeysIn(html));
      return responsiveBodyImages(html, sizes, { eagerFirst: !hasCover });
    },
  };
}
