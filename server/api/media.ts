import express from "express";
import type { Services } from "../services.ts";
import { isMediaWidth, MEDIA_WIDTHS, parseMediaFileName } from "../../shared/media-sizes.ts";
import { isNotModified } from "../serving/conditional-get.ts";

/**
 * GET /media/{key}.{ext}: uploaded images, straight from the database so every instance serves
 * every upload. A key is never reused, so the answer is cacheable forever.
 * GET /media/{key}.w{width}.{ext}: the same image at one of MEDIA_WIDTHS, made on first request and
 * stored (decision 047); any other width is a 400, so each image has a handful of URLs, never one
 * per pixel. Both carry an ETag (the file name: its bytes never change) for revalidation.
 */
export function createMediaFileRouter({ media }: Services) {
  const router = express.Router();

  router.get("/:file", async (req, res) => {
    const name = parseMediaFileName(req.params.file);
    res.set("X-Content-Type-Options", "nosniff");
    const width = name?.width === undefined ? undefined : Number(name.width);
    // One spelling per width: `w0640` or `w1e3` would be a second URL for the same bytes.
    if (width !== undefined && (!isMediaWidth(width) || String(width) !== name?.width)) {
      return res
        .status(400)
        .set("Cache-Control", "no-store")
        .type("text/plain")
        .send(`Bad request: the width must be one of ${MEDIA_WIDTHS.join(", ")}.`);
    }
    const file = !name
      ? undefined
      : width === undefined
        ? await media.find(name.key, name.ext)
        : await media.findVariant(name.key, name.ext, width);
    if (!name || !file) {
      return res.status(404).set("Cache-Control", "no-store").type("text/plain").send("Not found");
    }
    const validator = { etag: `"${req.params.file}"`, lastModified: new Date(file.createdAt).toUTCString() };
    res.set({
      "Content-Type": file.mimeType,
      "Cache-Control": "public, max-age=31536000, immutable",
      ETag: validator.etag,
      "Last-Modified": validator.lastModified,
      // Even if a browser were talked into rendering it as a document, it could run nothing.
      "Content-Security-Policy": "default-src 'none'; sandbox",
    });
    if (isNotModified(req, validator)) return res.status(304).end();
    res.send(Buffer.from(file.bytes));
  });

  return router;
}
