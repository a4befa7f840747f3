/**
 * Minimal, bounds-checked decoders for the two picker formats libvips cannot read (docs/product.md §2 accepts
 * bmp and x-icon): uncompressed or bit-field BMPs of 1/4/8/16/24/32 bits, and ICO files whose
 * largest image is a PNG or such a BMP. Anything else (RLE, JPEG-in-BMP, cursors) is refused.
 * They only produce pixels (or hand an ICO's embedded PNG back as it is); media.ts re-encodes them.
 *
 * Decoder limits (decision 060): every image's width × height is read from its header and compared
 * with `maxPixels` before a single pixel is decoded or a pixel buffer allocated, so a small file
 * that declares a huge canvas costs nothing but the header read.
 */
export interface RgbaImage {
  width: number;
  height: number;
  rgba: Buffer;
}

/** An ICO's largest image when it is a PNG: handed back undecoded, for sharp to check and decode. */
export interface EmbeddedPng {
  png: Buffer;
}

/** Thrown when a header declares more than `maxPixels`; media.ts turns it into a 400 refusal. */
export class ImageTooLarge extends Error {
  width: number;
  height: number;
  constructor(width: number, height: number) {
    super(`Image of ${width} x ${height} pixels exceeds the pixel limit`);
    this.width = width;
    this.height = height;
  }
}

export const isBmp = (b: Buffer) => b.length >= 26 && b[0] === 0x42 && b[1] === 0x4d;
export const isIco = (b: Buffer) => b.length >= 22 && b.readUInt16LE(0) === 0 && b.readUInt16LE(2) === 1 && b.readUInt16LE(4) > 0;

const PNG_SIGNATURE = 0x89504e47;

/** Throws ImageTooLarge for a header that declares too many pixels; undefined for anything malformed. */
export function decodeBmp(file: Buffer, maxPixels: number): RgbaImage | undefined {
  try {
    return decodeDib(file, 14, file.readUInt32LE(10), false, maxPixels);
  } catch (error) {
    if (error instanceof ImageTooLarge) throw error;
    return undefined;
  }
}

/** Throws ImageTooLarge for an embedded image whose header declares too many pixels. */
export function decodeIco(file: Buffer, maxPixels: number): RgbaImage | EmbeddedPng | undefined {
  try {
    const count = file.readUInt16LE(4);
    let best: { size: number; bits: number; offset: number; length: number } | undefined;
    for (let i = 0; i < count; i++) {
      const entry = 6 + i * 16;
      const side = (file[entry] || 256) * (file[entry + 1] || 256);
      const bits = file.readUInt16LE(entry + 6);
      const length = file.readUInt32LE(entry + 8);
      const offset = file.readUInt32LE(entry + 12);
      if (offset + length > file.length || length < 40) continue;
      if (!best || side > best.size || (side === best.size && bits > best.bits)) best = { size: side, bits, offset, length };
    }
    if (!best) return undefined;
    const image = file.subarray(best.offset, best.offset + best.length);
    if (image.readUInt32BE(0) === PNG_SIGNATURE) {
      // The directory's size byte says at most 256, but only the PNG's own IHDR (width, height at
      // bytes 16 and 20) says what it decodes to. media.ts checks it again through sharp's metadata.
      if (image.toString("latin1", 12, 16) !== "IHDR") return undefined;
      const width = image.readUInt32BE(16);
      const height = image.readUInt32BE(20);
      if (width * height > maxPixels) throw new ImageTooLarge(width, height);
      return { png: image };
    }
    return decodeDib(image, 0, -1, true, maxPixels);
  } catch (error) {
    if (error instanceof ImageTooLarge) throw error;
    return undefined;
  }
}

/** Decodes a device-independent bitmap whose info header starts at `at` (throws on anything out of bounds). */
function decodeDib(buf: Buffer, at: number, pixelOffset: number, icon: boolean, maxPixels: number): RgbaImage | undefined {
  const headerSize = buf.readUInt32LE(at);
  if (headerSize < 40) return undefined;
  const width = buf.readInt32LE(at + 4);
  const rawHeight = buf.readInt32LE(at + 8);
  const bits = buf.readUInt16LE(at + 14);
  const compression = buf.readUInt32LE(at + 16);
  const colorsUsed = buf.readUInt32LE(at + 32);
  const topDown = rawHeight < 0;
  // An icon's DIB height covers the colour bitmap and the 1-bit transparency mask below it.
  const height = Math.abs(rawHeight) / (icon ? 2 : 1);
  if (width <= 0 || height <= 0 || !Number.isInteger(height)) return undefined;
  // Decision 060 (decoder limits): refused from the header, before the bounds check and the pixel buffer.
  if (width * height > maxPixels) throw new ImageTooLarge(width, height);
  if (![1, 4, 8, 16, 24, 32].includes(bits)) return undefined;
  if (compression !== 0 && !(compression === 3 && (bits === 16 || bits === 32))) return undefined;

  let masks: [number, number, number, number] | undefined;
  if (bits === 16 || bits === 32) {
    if (compression === 3) {
      const m = at + 40;
      const alpha = headerSize >= 56 ? buf.readUInt32LE(m + 12) : 0;
      masks = [buf.readUInt32LE(m), buf.readUInt32LE(m + 4), buf.readUInt32LE(m + 8), alpha];
    } else {
      masks = bits === 16 ? [0x7c00, 0x03e0, 0x001f, 0] : [0x00ff0000, 0x0000ff00, 0x000000ff, 0];
    }
  }
  const paletteAt = at + headerSize + (compression === 3 && headerSize === 40 ? 12 : 0);
  const paletteSize = bits <= 8 ? colorsUsed || 1 << bits : 0;
  const stride = Math.ceil((width * bits) / 32) * 4;
  const start = pixelOffset >= 0 ? pixelOffset : paletteAt + paletteSize * 4;
  if (start + stride * height > buf.length) return undefined;
  const maskStride = Math.ceil(width / 32) * 4;
  const maskAt = start + stride * height;
  const hasMask = icon && maskAt + maskStride * height <= buf.length;

  // Every offset below is inside the buffer (checked above); `?? 0` only satisfies the type checker.
  const byte = (offset: number) => buf[offset] ?? 0;
  const rgba = Buffer.alloc(width * height * 4);
  let anyAlpha = false;
  for (let y = 0; y < height; y++) {
    const row = start + (topDown ? y : height - 1 - y) * stride;
    for (let x = 0; x < width; x++) {
      const out = (y * width + x) * 4;
      let r: number, g: number, b: number;
      let a = 255;
      if (bits <= 8) {
        const bitPos = x * bits;
        const index = (byte(row + (bitPos >> 3)) >> (8 - bits - (bitPos & 7))) & ((1 << bits) - 1);
        if (index >= paletteSize) return undefined;
        const p = paletteAt + index * 4;
        [b, g, r] = [byte(p), byte(p + 1), byte(p + 2)];
      } else if (bits === 24) {
        const p = row + x * 3;
        [b, g, r] = [byte(p), byte(p + 1), byte(p + 2)];
      } else {
        const value = bits === 16 ? buf.readUInt16LE(row + x * 2) : buf.readUInt32LE(row + x * 4);
        const [rm, gm, bm, am] = masks!;
        [r, g, b] = [channel(value, rm), channel(value, gm), channel(value, bm)];
        const alphaMask = am || (icon && bits === 32 ? 0xff000000 : 0);
        if (alphaMask) {
          a = channel(value, alphaMask);
          if (a !== 0) anyAlpha = true;
        }
      }
      rgba[out] = r;
      rgba[out + 1] = g;
      rgba[out + 2] = b;
      rgba[out + 3] = a;
      if (hasMask && !(icon && bits === 32)) {
        const maskRow = maskAt + (topDown ? y : height - 1 - y) * maskStride;
        if ((byte(maskRow + (x >> 3)) >> (7 - (x & 7))) & 1) rgba[out + 3] = 0;
      }
    }
  }
  // A 32-bit image whose alpha is zero everywhere means "no alpha", not "invisible".
  if (bits === 32 && !anyAlpha) for (let i = 3; i < rgba.length; i += 4) rgba[i] = 255;
  return { width, height, rgba };
}

function channel(value: number, mask: number): number {
  if (mask === 0) return 0;
  const unsigned = mask >>> 0;
  let shift = 0;
  while (((unsigned >>> shift) & 1) === 0) shift++;
  const max = unsigned >>> shift;
  return Math.round((((value >>> 0) & unsigned) >>> shift) * (255 / max));
}
