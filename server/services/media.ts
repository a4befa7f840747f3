import { randomBytes } from "node:crypto";
import sharp, { type Sharp } from "sharp";
import type { Db } from "../db/connect.ts";
import { toIso } from "../db/rows.ts";
import { decodeBmp, decodeIco, isBmp, isIco } from "./media-legacy-formats.ts";

/** SPEC §2: the image picker accepts png, gif, jpeg, bmp and x-icon; webp is welcome too (issue 6). */
export const MAX_MEDIA_BYTES = 10 * 1024 * 1024;
/** Decompression bombs: a tiny file that claims a huge canvas is refused before it is decoded. */
const MAX_INPUT_PIXELS = 40_000_000;
/** Wider images are scaled down: nothing on the blog is shown wider than this. */
const MAX_OUTPUT_WIDTH = 2400;

const outputs = {
  png: { mimeType: "image/png", ext: "png" },
  jpeg: { mimeType: "image/jpeg", ext: "jpg" },
  gif: { mimeType: "image/gif", ext: "gif" },
  webp: { mimeType: "image/webp", ext: "webp" },
} as const;
type OutputFormat = keyof typeof outputs;

export interface StoredMedia {
  key: string;
  /** Same-site URL the editor inserts: /media/{key}.{ext} */
  url: string;
  mimeType: string;
  byteSize: number;
  width: number;
  height: number;
  createdAt: string;
}

export interface MediaFile {
  mimeType: string;
  ext: string;
  bytes: Uint8Array;
}

/** An upload the service refuses; `status` is the HTTP answer (400 not an image, 413 too large). */
export class MediaRejected extends Error {
  status: 400 | 413;
  constructor(status: 400 | 413, message: string) {
    super(message);
    this.status = status;
  }
}

export const mediaUrl = (key: string, mimeType: string) =>
  `/media/${key}.${Object.values(outputs).find((o) => o.mimeType === mimeType)?.ext ?? "bin"}`;

export function createMediaService({ db, clock }: { db: Db; clock: () => Date }) {
  return {
    /**
     * Trusts nothing about the upload but its bytes: sharp must decode them as one of the allowed
     * formats; the image is then re-encoded from pixels, which drops metadata (EXIF, GPS, comments)
     * and anything appended or embedded (a script after the PNG end chunk, a polyglot payload).
     */
    async store(input: Uint8Array, uploadedBy: number | null): Promise<StoredMedia> {
      if (input.byteLength === 0) throw new MediaRejected(400, "The file is empty.");
      if (input.byteLength > MAX_MEDIA_BYTES) throw new MediaRejected(413, "The image is larger than 10 MB.");
      const { bytes, format, width, height } = await reencode(Buffer.from(input));
      const { mimeType } = outputs[format];
      const key = randomBytes(16).toString("base64url");
      const createdAt = clock().toISOString();
      await db
        .insertInto("media")
        .values({
          key,
          mime_type: mimeType,
          bytes,
          byte_size: bytes.byteLength,
          width,
          height,
          uploaded_by: uploadedBy,
          created_at: createdAt,
        })
        .execute();
      return { key, url: mediaUrl(key, mimeType), mimeType, byteSize: bytes.byteLength, width, height, createdAt: toIso(createdAt) };
    },

    /** The file behind /media/{key}.{ext}; undefined when the key is unknown or the extension is not its own. */
    async find(key: string, ext: string): Promise<MediaFile | undefined> {
      const row = await db
        .selectFrom("media")
        .select(["mime_type", "bytes"])
        .where("key", "=", key)
        .executeTakeFirst();
      if (!row) return undefined;
      const output = Object.values(outputs).find((o) => o.mimeType === row.mime_type);
      if (!output || output.ext !== ext) return undefined;
      return { mimeType: row.mime_type, ext: output.ext, bytes: new Uint8Array(row.bytes) };
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom("media")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;

const notAnImage = () =>
  new MediaRejected(400, "The file is not a supported image. Upload a PNG, JPEG, GIF, WebP, BMP or ICO file.");

async function reencode(input: Buffer): Promise<{ bytes: Buffer; format: OutputFormat; width: number; height: number }> {
  // BMP and ICO are not formats libvips reads; they are decoded here to pixels and stored as PNG.
  if (isBmp(input) || isIco(input)) {
    const decoded = isBmp(input) ? decodeBmp(input) : await decodeIco(input);
    if (!decoded) throw notAnImage();
    if (decoded.width * decoded.height > MAX_INPUT_PIXELS) throw notAnImage();
    const pipeline = sharp(decoded.rgba, { raw: { width: decoded.width, height: decoded.height, channels: 4 } });
    return finish(pipeline, "png");
  }

  let format: string | undefined;
  try {
    ({ format } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata());
  } catch {
    throw notAnImage();
  }
  // SVG is refused outright: it is a document that can carry scripts, not a bitmap.
  if (format !== "png" && format !== "jpeg" && format !== "gif" && format !== "webp") throw notAnImage();
  const animated = format === "gif" || format === "webp";
  const pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated, failOn: "error" }).rotate();
  return finish(pipeline, format);
}

async function finish(pipeline: Sharp, format: OutputFormat) {
  pipeline.resize({ width: MAX_OUTPUT_WIDTH, withoutEnlargement: true });
  if (format === "png") pipeline.png({ compressionLevel: 9 });
  else if (format === "jpeg") pipeline.jpeg({ quality: 85, mozjpeg: true });
  else if (format === "gif") pipeline.gif();
  else pipeline.webp({ quality: 85 });
  try {
    // sharp writes no metadata unless asked to (withMetadata/keepExif), so EXIF and GPS are gone.
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { bytes: data, format, width: info.width, height: info.pageHeight ?? info.height };
  } catch {
    throw notAnImage();
  }
}
