import express from "express";
import { parseId } from "../../shared/ids.ts";
import type { Services } from "../services.ts";
import { setAdminSchema } from "../../shared/auth-schemas.ts";
import { isRefusal } from "../../shared/refusal.ts";
import { sendRefusal } from "./answer.ts";
import { requireAdmin } from "./guards.ts";
import { parseBody } from "./validation.ts";


/** User management for admins (decision 031): list, grant or revoke admin, delete. */
export function createCmsUsersApi({ auth }: Services) {
  const router = express.Router();
  router.use("/cms/users", requireAdmin);

  router.get("/cms/users", async (_req, res) => {
    res.json(await auth.listUsers());
  });

  router.patch("/cms/users/:id", async (req, res) => {
    const id = parseId(req.params.id);
    if (id === null) return void res.status(404).json({ message: "User not found" });
    const input = parseBody(setAdminSchema, req.body, res);
    if (!input) return;
    const result = await auth.setAdmin(res.locals.user!, id, input.isAdmin);
    if (isRefusal(result)) return sendRefusal(res, result);
    res.json(result);
  });

  router.delete("/cms/users/:id", async (req, res) => {
    const id = parseId(req.params.id);
    if (id === null) return void res.status(404).json({ message: "User not found" });
    const result = await auth.deleteUser(res.locals.user!, id);
    if (isRefusal(result)) return sendRefusal(res, result);
    res.json({ success: true, message: "User deleted" });
  });

  return router;
}
