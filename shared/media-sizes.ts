/**
 * Width variants of uploaded images (docs/decisions/047-responsive-media-variants.md). Browser-safe:
 * the server parses the same file names (server/api/media.ts) and makes the same widths
 * (server/services/media.ts), so the set and the spelling are written once, here.
 *
 * An upload is `/media/{key}.{ext}`; its variant `w` pixels wide is `/media/{key}.w{w}.{ext}`.
 */

/** The only widths made: a few, so the table and every cache hold a handful of files per image. */
export const MEDIA_WIDTHS = [160, 320, 480, 640, 960, 1280, 1920] as const;
export type MediaWidth = (typeof MEDIA_WIDTHS)[number];

export const isMediaWidth = (width: number): width is MediaWidth => (MEDIA_WIDTHS as readonly number[]).includes(width);

/** The random 128-bit key (22 base64url characters), an optional `.w{digits…}` and the extension. */
const MEDIA_FILE = /^([A-Za-z0-9_-]{22})(?:\.w([^./]*))?\.([a-z]{3,4})$/;
const MEDIA_PATH = /^\/media\/([^/?#]+)$/;

export interface MediaFileName {
  key: string;
  ext: string;
  /** Absent for the upload itself; the digits after `.w` as written (checked by the caller), else. */
  width?: string;
}

/** The parts of a `/media/` file name, or undefined when it cannot be one. */
export function parseMediaFileName(name: string): MediaFileName | undefined {
  const match = MEDIA_FILE.exec(name);
  if (!match) return undefined;
  const [, key, width, ext] = match;
  return width === undefined ? { key: key!, ext: ext! } : { key: key!, ext: ext!, width };
}

/** `/media/{key}.w{width}.{ext}` for an upload's own URL `/media/{key}.{ext}`. */
export function mediaVariantUrl(src: string, width: MediaWidth): string | undefined {
  const file = MEDIA_PATH.exec(src)?.[1];
  const parts = file ? parseMediaFileName(file) : undefined;
  if (!parts || parts.width !== undefined) return undefined;
  return `/media/${parts.key}.w${width}.${parts.ext}`;
}

/**
 * `srcSet` and `sizes` for an `<img>` showing `src` at the layout width `sizes` describes, to spread
 * onto it; nothing for an external URL (it has no variants). Widths up to `upTo` are offered (the
 * largest the slot can need at 3× density); the server never enlarges, so a width beyond the upload's
 * own is answered with the upload. `src` stays the upload: the fallback for any browser that
 * ignores `srcset`.
 */
export function responsiveMedia(
  src: string,
  { sizes, upTo = MEDIA_WIDTHS.at(-1)!, ownWidth }: { sizes: string; upTo?: number; ownWidth?: number },
): { srcSet?: string; sizes?: string } {
  // The upload's own width known (body images, docs/decisions/056): the narrower variants and the upload
  // itself at its true width, so no candidate claims a width its file does not have (the browser derives the
  // image's natural size from it); nothing when no variant is narrower than the upload.
  if (ownWidth !== undefined) {
    const narrower = MEDIA_WIDTHS.filter((width) => width < ownWidth).map((width) => ({ width, url: mediaVariantUrl(src, width) }));
    if (narrower.length === 0 || narrower.some((c) => c.url === undefined)) return {};
    return { srcSet: [...narrower, { width: ownWidth, url: src }].map((c) => `${c.url} ${c.width}w`).join(", "), sizes };
  }
  // Every width up to `upTo`, and the first one at or above it.
  const widths = MEDIA_WIDTHS.filter((_, index) => index === 0 || MEDIA_WIDTHS[index - 1]! < upTo);
  const candidates = widths.map((width) => ({ width, url: mediaVariantUrl(src, width) }));
  if (candidates.some((c) => c.url === undefined)) return {};
  return { srcSet: candidates.map((c) => `${c.url} ${c.width}w`).join(", "), sizes };
}
