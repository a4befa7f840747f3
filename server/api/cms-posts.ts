import express, { type Response } from "express";
import { isRefusal, type Refusal } from "../../app/lib/refusal.ts";
import type { FullPost } from "../services/posts.ts";
import { sendRefusal } from "./answer.ts";
import { parseId } from "../../app/lib/ids.ts";
import type { Services } from "../services.ts";
import { postInputSchema, postUpdateSchema } from "../../app/lib/post-schema.ts";
import { requireAdmin } from "./guards.ts";
import { parseBody } from "./validation.ts";

const NOT_FOUND = { message: "Post not found" };
const INVALID_ID = "Post id must be a positive whole number";

/** Ids are positive integers that fit the database's integer column; anything else is a 400. */
function idFrom(raw: string, res: Response): number | undefined {
  const id = parseId(raw);
  if (id !== null) return id;
  res.status(400).json({ message: INVALID_ID, errors: { id: INVALID_ID } });
  return undefined;
}

/** A save's answer: the saved post, or its refusal (404; 409 for a taken slug or an edit conflict). */
function answerSave(res: Response, result: FullPost | Refusal, successStatus: number) {
  if (isRefusal(result)) return sendRefusal(res, result);
  res.status(successStatus).json(result);
}

/**
 * The CMS posts API (SPEC §7), administrators only. Answers carry the whole post with `version`
 * and `updatedAt`; a PUT names the `version` it was based on and is refused with 409 when the
 * post has been saved since (docs/decisions/041-edit-conflicts-by-version.md).
 */
export function createCmsPostsApi({ posts }: Services) {
  const router = express.Router();
  router.use("/cms/posts", requireAdmin);

  router.get("/cms/posts", async (_req, res) => {
    res.json(await posts.listForCms());
  });

  router.get("/cms/posts/:id", async (req, res) => {
    const id = idFrom(req.params.id, res);
    if (id === undefined) return;
    const post = await posts.getById(id);
    if (!post) return void res.status(404).json(NOT_FOUND);
    res.json(post);
  });

  router.post("/cms/posts", async (req, res) => {
    const fields = parseBody(postInputSchema, req.body, res);
    if (!fields) return;
    answerSave(res, await posts.create(fields, res.locals.user?.id ?? null), 201);
  });

  router.put("/cms/posts/:id", async (req, res) => {
    const id = idFrom(req.params.id, res);
    if (id === undefined) return;
    const fields = parseBody(postUpdateSchema, req.body, res);
    if (!fields) return;
    answerSave(res, await posts.update(id, fields, res.locals.user?.id ?? null), 200);
  });

  router.delete("/cms/posts/:id", async (req, res) => {
    const id = idFrom(req.params.id, res);
    if (id === undefined) return;
    if (!(await posts.remove(id))) return void res.status(404).json(NOT_FOUND);
    res.json({ message: "Post deleted", id });
  });

  return router;
}
