import express, { type Response } from "express";
import { isRefusal } from "../../shared/refusal.ts";
import { parseId } from "../../shared/ids.ts";
import { workingCopyInputSchema } from "../../shared/working-copy-schema.ts";
import type { Services } from "../services.ts";
import { sendRefusal } from "./answer.ts";
import { requireAdmin } from "./guards.ts";
import { parseBody } from "./validation.ts";

const PATH = "/cms/posts/:id/working-copy";
const INVALID_ID = "Post id must be a positive whole number";
const NO_COPY = { message: "No working copy of this post" };

function idFrom(raw: string, res: Response): number | undefined {
  const id = parseId(raw);
  if (id !== null) return id;
  res.status(400).json({ message: INVALID_ID, errors: { id: INVALID_ID } });
  return undefined;
}

/**
 * The signed-in writer's autosaved working copy of a post (docs/decisions/066), administrators only
 * (the /api/cms guard and CSRF origin check apply). Each writer reads and writes only their own copy.
 * - GET: 200 `{ postId, fields, baseVersion, savedAt }`, or 404 (none, stale, or no such post);
 * - PUT: the form's fields plus `baseVersion`; 200 `{ savedAt }`, 400 with field messages, 404 for an unknown post;
 * - DELETE: 204, whether or not there was a copy.
 */
export function createCmsWorkingCopiesApi({ workingCopies }: Services) {
  const router = express.Router();
  router.use(PATH, requireAdmin);

  router.get(PATH, async (req, res) => {
    const id = idFrom(req.params.id, res);
    if (id === undefined) return;
    const copy = await workingCopies.get(id, res.locals.user!.id);
    if (!copy) return void res.status(404).json(NO_COPY);
    res.json(copy);
  });

  router.put(PATH, async (req, res) => {
    const id = idFrom(req.params.id, res);
    if (id === undefined) return;
    const input = parseBody(workingCopyInputSchema, req.body, res);
    if (!input) return;
    const { baseVersion, ...fields } = input;
    const result = await workingCopies.save(id, res.locals.user!.id, fields, baseVersion);
    if (isRefusal(result)) return sendRefusal(res, result);
    res.json(result);
  });

  router.delete(PATH, async (req, res) => {
    const id = idFrom(req.params.id, res);
    if (id === undefined) return;
    await workingCopies.remove(id, res.locals.user!.id);
    res.status(204).end();
  });

  return router;
}
