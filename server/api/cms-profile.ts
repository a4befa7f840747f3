import express from "express";
import type { Services } from "../services.ts";
import { profileSchema } from "../../shared/author-schema.ts";
import { isRefusal } from "../../shared/refusal.ts";
import { sendRefusal } from "./answer.ts";
import { requireAdmin } from "./guards.ts";
import { parseBody } from "./validation.ts";

/**
 * The signed-in user's own author profile (docs/decisions/044): `GET /api/cms/profile` and
 * `PUT /api/cms/profile { displayName, bio, avatar }`. Nobody edits anyone else's; bad input is a
 * 400 with a message per field and writes nothing.
 */
export function createCmsProfileApi({ authors }: Services) {
  const router = express.Router();
  router.use("/cms/profile", requireAdmin);

  router.get("/cms/profile", async (_req, res) => {
    const profile = await authors.ownProfile(res.locals.user!.id);
    if (!profile) return void res.status(404).json({ message: "User not found" });
    res.json(profile);
  });

  router.put("/cms/profile", async (req, res) => {
    const input = parseBody(profileSchema, req.body, res);
    if (!input) return;
    const result = await authors.updateProfile(res.locals.user!.id, input);
    if (isRefusal(result)) return sendRefusal(res, result);
    res.json(result);
  });

  return router;
}
