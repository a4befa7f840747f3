import express from "express";
import type { Services } from "../services.ts";
import { MAX_MEDIA_BYTES } from "../services/media.ts";
import { isRefusal } from "../../app/lib/refusal.ts";
import { sendRefusal } from "./answer.ts";
import { requireAdmin } from "./guards.ts";

/**
 * POST /api/cms/media: the image file itself is the request body (any Content-Type; the bytes
 * decide what it is). Admins only; the guard runs before the body is read, so an anonymous
 * upload is refused without being buffered. Answers 201 with the stored image and its /media URL.
 */
export function createMediaApi({ media }: Services) {
  const router = express.Router();

  router.post(
    "/cms/media",
    requireAdmin,
    express.raw({ type: () => true, limit: MAX_MEDIA_BYTES }),
    async (req, res) => {
      const body: unknown = req.body;
      const stored = await media.store(Buffer.isBuffer(body) ? body : Buffer.alloc(0), res.locals.user?.id ?? null);
      if (isRefusal(stored)) return sendRefusal(res, stored);
      res.status(201).json(stored);
    },
  );

  return router;
}

const MEDIA_FILE = /^([A-Za-z0-9_-]{22})\.([a-z]{3,4})$/;

/**
 * GET /media/{key}.{ext}: uploaded images, straight from the database so every instance serves
 * every upload. A key is never reused, so the answer is cacheable forever.
 */
export function createMediaFileRouter({ media }: Services) {
  const router = express.Router();

  router.get("/:file", async (req, res) => {
    const match = MEDIA_FILE.exec(req.params.file);
    const [, key, ext] = match ?? [];
    const file = key && ext ? await media.find(key, ext) : undefined;
    res.set("X-Content-Type-Options", "nosniff");
    if (!file) {
      return res.status(404).set("Cache-Control", "no-store").type("text/plain").send("Not found");
    }
    res.set({
      "Content-Type": file.mimeType,
      "Cache-Control": "public, max-age=31536000, immutable",
      // Even if a browser were talked into rendering it as a document, it could run nothing.
      "Content-Security-Policy": "default-src 'none'; sandbox",
    });
    res.send(Buffer.from(file.bytes));
  });

  return router;
}
