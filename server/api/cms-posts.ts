import express, { type Response } from "express";
import type { Services } from "../services.ts";
import type { SavePostResult } from "../services/posts.ts";
import { postInputSchema, postUpdateSchema } from "../../app/lib/post-schema.ts";
import { requireAdmin } from "./guards.ts";
import { parseBody } from "./validation.ts";

const NOT_FOUND = { message: "Post not found" };
const INVALID_ID = "Post id must be a positive whole number";
export const EDIT_CONFLICT =
  "This post was changed by someone else after you opened it. Reload it to see their changes, then save again.";

/** Ids are positive integers that fit the database's integer column; anything else is a 400. */
function parseId(raw: string, res: Response): number | undefined {
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : Number.NaN;
  if (Number.isSafeInteger(id) && id <= 2_147_483_647) return id;
  res.status(400).json({ message: INVALID_ID, errors: { id: INVALID_ID } });
  return undefined;
}

/** Expected outcomes of a save, as answers: 404, 409 (slug taken / edit conflict), or the saved post. */
function answerSave(res: Response, result: SavePostResult, successStatus: number) {
  switch (result.status) {
    case "saved":
      return void res.status(successStatus).json(result.post);
    case "not-found":
      return void res.status(404).json(NOT_FOUND);
    case "slug-taken": {
      const message = `The slug "${result.slug}" is already used by another post. Choose a different slug.`;
      return void res.status(409).json({ message, errors: { slug: message } });
    }
    case "conflict":
      return void res.status(409).json({ message: EDIT_CONFLICT, conflict: true, current: result.current });
  }
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
    const id = parseId(req.params.id, res);
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
    const id = parseId(req.params.id, res);
    if (id === undefined) return;
    const fields = parseBody(postUpdateSchema, req.body, res);
    if (!fields) return;
    answerSave(res, await posts.update(id, fields, res.locals.user?.id ?? null), 200);
  });

  router.delete("/cms/posts/:id", async (req, res) => {
    const id = parseId(req.params.id, res);
    if (id === undefined) return;
    if (!(await posts.remove(id))) return void res.status(404).json(NOT_FOUND);
    res.json({ message: "Post deleted", id });
  });

  return router;
}
