import { randomBytes } from "node:crypto";
import { isRefusal, refuse, type Refusal } from "../../shared/refusal.ts";
import sharp, { type Metadata, type Sharp } from "sharp";
import type { Db } from "../db/connect.ts";
import { toIso } from "../db/rows.ts";
import { decodeBmp, decodeIco, ImageTooLarge, isBmp, isIco } from "./media-legacy-formats.ts";
import type { MediaWidth } from "../../shared/media-sizes.ts";
import { fetchPublicResource } from "./outbound-fetch.ts";
import type { AddressPolicy, ResolvedAddress } from "./webhook-address.ts";

/** docs/product.md §2: the image picker accepts png, gif, jpeg, bmp and x-icon; webp is welcome too (decision 060). */
export const MAX_MEDIA_BYTES = 10 * 1024 * 1024;
/**
 * Decoder limits (decision 060): a tiny file can claim a huge canvas (a decompression bomb), so
 * width × height (× frames for an animation) is read from the header and refused over this, for
 * every format, before anything is decoded. 40 megapixels is 160 MB as RGBA, far above anything
 * the blog shows (MAX_OUTPUT_WIDTH) and above a 7000 × 5000 camera photo.
 */
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
  /** When the upload was stored: every file made from it is the same ever since. */
  createdAt: string;
}

/** A refusal of the upload, about its `file` field (docs/decisions/015). */
const refuseFile = (code: "invalid" | "too-large", message: string) => refuse(code, message, { fields: { file: message } });

/** Thrown inside the decoders, answered by `store` as its refusal. */
class UnusableImage extends Error {
  readonly refusal: Refusal;
  constructor(refusal: Refusal) {
    super(refusal.message);
    this.refusal = refusal;
  }
}

const outputOf = (mimeType: string) => Object.values(outputs).find((o) => o.mimeType === mimeType);
const formatOf = (mimeType: string) => (Object.keys(outputs) as OutputFormat[]).find((f) => outputs[f].mimeType === mimeType);

export const mediaUrl = (key: string, mimeType: string) => `/media/${key}.${outputOf(mimeType)?.ext ?? "bin"}`;

/** How the server fetches images from other sites: the webhook address rules (docs/decisions/073), and a resolver for tests. */
interface RemoteImages {
  policy: AddressPolicy;
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
}

/** An image fetched from another site is given up after this long. */
const REMOTE_IMAGE_TIMEOUT_MS = 10_000;

export function createMediaService({ db, clock, remote }: { db: Db; clock: () => Date; remote: RemoteImages }) {
  /**
   * Variants being made by this process, by `{media id}:{width}`: simultaneous requests for a new one
   * share one encode. Only a saving: the table is what every instance shares (decision 047).
   */
  const making = new Map<string, Promise<Uint8Array | undefined>>();

  /**
   * Makes the variant and stores it unless another instance stored it first (`on conflict do
   * nothing`), then answers what the table holds, so a URL means the same bytes on every instance.
   * Undefined when the upload was deleted meanwhile.
   */
  async function makeVariant(mediaId: number, format: OutputFormat, width: MediaWidth): Promise<Uint8Array | undefined> {
    const original = await db.selectFrom("media").select("bytes").where("id", "=", mediaId).executeTakeFirst();
    if (!original) return undefined;
    const animated = format === "gif" || format === "webp";
    // The upload passed the decoder limits (decision 060); the pixel limit stays as a guard all the same.
    const pipeline = sharp(Buffer.from(original.bytes), { limitInputPixels: MAX_INPUT_PIXELS, animated, failOn: "error" });
    const variant = await finish(pipeline, format, width);
    try {
      await db
        .insertInto("media_variants")
        .values({
          media_id: mediaId,
          width,
          height: variant.height,
          bytes: variant.bytes,
          byte_size: variant.bytes.byteLength,
          created_at: clock().toISOString(),
        })
        .onConflict((conflict) => conflict.columns(["media_id", "width"]).doNothing())
        .execute();
    } catch (error) {
      // A foreign-key refusal: the upload was deleted while this variant was being made.
      const stillThere = await db.selectFrom("media").select("id").where("id", "=", mediaId).executeTakeFirst();
      if (stillThere) throw error;
      return undefined;
    }
    const stored = await db
      .selectFrom("media_variants")
      .select("bytes")
      .where("media_id", "=", mediaId)
      .where("width", "=", width)
      .executeTakeFirst();
    return stored && new Uint8Array(stored.bytes);
  }

  /** The file behind /media/{key}.{ext}; undefined when the key is unknown or the extension is not its own. */
  async function find(key: string, ext: string): Promise<MediaFile | undefined> {
    const row = await db
      .selectFrom("media")
      .select(["mime_type", "bytes", "created_at"])
      .where("key", "=", key)
      .executeTakeFirst();
    if (!row) return undefined;
    const output = outputOf(row.mime_type);
    if (!output || output.ext !== ext) return undefined;
    return { mimeType: row.mime_type, ext: output.ext, bytes: new Uint8Array(row.bytes), createdAt: toIso(row.created_at) };
  }

  const service = {
    /**
     * Trusts nothing about the upload but its bytes: sharp must decode them as one of the allowed
     * formats; the image is then re-encoded from pixels, which drops metadata (EXIF, GPS, comments)
     * and anything appended or embedded (a script after the PNG end chunk, a polyglot payload).
     */
    async store(input: Uint8Array, uploadedBy: number | null): Promise<StoredMedia | Refusal> {
      if (input.byteLength === 0) return refuseFile("invalid", "The file is empty.");
      if (input.byteLength > MAX_MEDIA_BYTES) return refuseFile("too-large", "The image is larger than 10 MB.");
      let image: Awaited<ReturnType<typeof reencode>>;
      try {
        // A view of the same bytes, not a copy: a 10 MB upload is held once.
        image = await reencode(Buffer.from(input.buffer, input.byteOffset, input.byteLength));
      } catch (error) {
        if (error instanceof UnusableImage) return error.refusal;
        throw error;
      }
      const { bytes, format, width, height } = image;
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

    /**
     * Copies an image from another site into the media store, so a post never hot-links it: fetched
     * within the webhook address rules (server/services/outbound-fetch.ts), then stored like an upload
     * (re-encoded, or refused when it is not an image). Refusals are about the `url` field.
     */
    async importFromUrl(url: string, uploadedBy: number | null): Promise<StoredMedia | Refusal> {
      const fetched = await fetchPublicResource(url, {
        ...remote,
        maxBytes: MAX_MEDIA_BYTES,
        timeoutMs: REMOTE_IMAGE_TIMEOUT_MS,
        accept: "image/avif,image/webp,image/png,image/jpeg,image/gif,image/*;q=0.8",
        userAgent: "Zuri-Media/1",
      });
      if ("refused" in fetched) {
        const message = fetched.refused.replace("The file is larger than 10 MB.", "The image is larger than 10 MB.");
        return refuse("invalid", message, { fields: { url: message } });
      }
      const stored = await service.store(new Uint8Array(fetched.body), uploadedBy);
      if (!isRefusal(stored)) return stored;
      const message = `${stored.fields?.file ?? stored.message} (from ${new URL(url).host})`;
      return refuse(stored.code, message, { fields: { url: message } });
    },

    find,

    /**
     * The file behind /media/{key}.w{width}.{ext} (decision 047): the upload scaled down to `width`,
     * in its own format (an animation stays animated, transparency stays), made on first request and
     * stored in `media_variants`; later requests, on any instance, read it from there. Never
     * enlarged: at or above the upload's own width, the upload itself. Undefined like `find`.
     */
    async findVariant(key: string, ext: string, width: MediaWidth): Promise<MediaFile | undefined> {
      const row = await db
        .selectFrom("media")
        .leftJoin("media_variants", (join) =>
          join.onRef("media_variants.media_id", "=", "media.id").on("media_variants.width", "=", width),
        )
        .select(["media.id", "media.mime_type", "media.width", "media.created_at", "media_variants.bytes as variant"])
        .where("media.key", "=", key)
        .executeTakeFirst();
      if (!row) return undefined;
      const output = outputOf(row.mime_type);
      const format = formatOf(row.mime_type);
      if (!output || !format || output.ext !== ext) return undefined;
      if (width >= row.width) return find(key, ext);
      let bytes: Uint8Array | undefined = row.variant ? new Uint8Array(row.variant) : undefined;
      if (!bytes) {
        const task = `${row.id}:${width}`;
        let made = making.get(task);
        if (!made) {
          made = makeVariant(row.id, format, width).finally(() => making.delete(task));
          making.set(task, made);
        }
        bytes = await made;
      }
      return bytes && { mimeType: row.mime_type, ext: output.ext, bytes, createdAt: toIso(row.created_at) };
    },

    /** The stored width and height of each known upload key, in one query (docs/decisions/056). */
    async sizesOf(keys: readonly string[]): Promise<Map<string, { width: number; height: number }>> {
      const unique = [...new Set(keys)];
      if (unique.length === 0) return new Map();
      const rows = await db.selectFrom("media").select(["key", "width", "height"]).where("key", "in", unique).execute();
      return new Map(rows.map((row) => [row.key, { width: Number(row.width), height: Number(row.height) }]));
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom("media")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
  return service;
}


const notAnImage = () =>
  new UnusableImage(refuseFile("invalid", "The file is not a supported image. Upload a PNG, JPEG, GIF, WebP, BMP or ICO file."));

/** Decision 060 (decoder limits): the refusal of an image whose header declares too many pixels. */
const tooLarge = (width: number, height: number, frames = 1) =>
  new UnusableImage(
    refuseFile(
      "invalid",
      `The image is too large: ${width} × ${height} pixels${frames > 1 ? ` × ${frames} frames` : ""} is over the limit of ${
        MAX_INPUT_PIXELS / 1_000_000
      } megapixels.`,
    ),
  );

async function reencode(input: Buffer): Promise<{ bytes: Buffer; format: OutputFormat; width: number; height: number }> {
  // BMP and ICO are not formats libvips reads; they are decoded here to pixels and stored as PNG.
  if (isBmp(input) || isIco(input)) {
    let decoded: ReturnType<typeof decodeIco>;
    try {
      // Both decoders compare the header's width × height with the limit before decoding anything.
      decoded = isBmp(input) ? decodeBmp(input, MAX_INPUT_PIXELS) : decodeIco(input, MAX_INPUT_PIXELS);
    } catch (error) {
      if (error instanceof ImageTooLarge) throw tooLarge(error.width, error.height);
      throw error;
    }
    if (!decoded) throw notAnImage();
    // An ICO's PNG goes through the same header check and streaming decode as an uploaded PNG.
    if ("png" in decoded) return reencodeWithSharp(decoded.png, ["png"]);
    const pipeline = sharp(decoded.rgba, {
      raw: { width: decoded.width, height: decoded.height, channels: 4 },
      limitInputPixels: MAX_INPUT_PIXELS,
    });
    return finish(pipeline, "png");
  }
  return reencodeWithSharp(input, ["png", "jpeg", "gif", "webp"]);
}

async function reencodeWithSharp(input: Buffer, allowed: readonly OutputFormat[]) {
  // metadata() reads the header only (no pixel data is decompressed), so the limit is applied here
  // with a clear message; limitInputPixels on the decoding pipeline below stays as a second guard.
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage();
  }
  const { width, height } = metadata;
  const format = allowed.find((f) => f === metadata.format);
  // SVG is refused outright: it is a document that can carry scripts, not a bitmap.
  if (!format || !width || !height) throw notAnImage();
  const animated = format === "gif" || format === "webp";
  // Every frame of an animation is decoded to the full canvas, so frames count towards the limit.
  const frames = animated ? Math.max(1, metadata.pages ?? 1) : 1;
  if (width * height * frames > MAX_INPUT_PIXELS) throw tooLarge(width, height, frames);
  const pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated, failOn: "error" }).rotate();
  return finish(pipeline, format);
}

/** Scales down to `maxWidth` (never up) and encodes: one set of encoder settings for uploads and their variants. */
async function finish(pipeline: Sharp, format: OutputFormat, maxWidth = MAX_OUTPUT_WIDTH) {
  pipeline.resize({ width: maxWidth, withoutEnlargement: true });
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
