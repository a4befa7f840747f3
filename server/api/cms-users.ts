import express from "express";
import { z } from "zod";
import type { Services } from "../services.ts";
import { setAdminSchema } from "../../app/lib/auth-schemas.ts";
import { sendAuthFailure } from "./auth.ts";
import { requireAdmin } from "./guards.ts";
import { parseBody } from "./validation.ts";

const idSchema = z.coerce.number().int().positive().max(2_147_483_647);

/** User management for admins (issue 4 §8): list, grant or revoke admin, delete. */
export function createCmsUsersApi({ auth }: Services) {
  const router = express.Router();
  router.use("/cms/users", requireAdmin);

  router.get("/cms/users", async (_req, res) => {
    res.json(await auth.listUsers());
  });

  router.patch("/cms/users/:id", async (req, res) => {
    const id = idSchema.safeParse(req.params.id);
    if (!id.success) return void res.status(404).json({ message: "User not found" });
    const input = parseBody(setAdminSchema, req.body, res);
    if (!input) return;
    const result = await auth.setAdmin(res.locals.user!, id.data, input.isAdmin);
    if (!result.ok) return sendAuthFailure(res, result);
    res.json(result.user);
  });

  router.delete("/cms/users/:id", async (req, res) => {
    const id = idSchema.safeParse(req.params.id);
    if (!id.success) return void res.status(404).json({ message: "User not found" });
    const result = await auth.deleteUser(res.locals.user!, id.data);
    if (!result.ok) return sendAuthFailure(res, result);
    res.json({ success: true, message: "User deleted" });
  });

  return router;
}
