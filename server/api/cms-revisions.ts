import express from "express";
import { isRefusal } from "../../shared/refusal.ts";
import { z } from "../../shared/zod.ts";
import type { Services } from "../services.ts";
import { sendRefusal } from "./answer.ts";
import { answerSave } from "./cms-posts.ts";
import { idParam, parseBody } from "./validation.ts";

const VERSION_INVALID = "Version must be the post's version you are looking at (a positive whole number).";
/** Restoring may name the version the writer saw; an older one is an edit conflict (decision 041). */
export const restoreSchema = z
  .object({ version: z.number({ error: VERSION_INVALID }).int(VERSION_INVALID).positive(VERSION_INVALID).optional() })
  .optional()
  .transform((body) => body ?? {});

/**
 * A post's revisions (docs/decisions/067), administrators only like every /api/cms call: the list,
 * newest first; one revision with what changed from it to the post now; and restore, which saves
 * the revision's fields as a new revision and answers the saved post as PUT does.
 */
export function createCmsRevisionsApi(services: Services) {
  const { revisions } = services;
  const router = express.Router();

  router.get("/cms/posts/:id/revisions", async (req, res) => {
    const id = idParam(req.params.id, res);
    if (id === undefined) return;
    const list = await revisions.list(id);
    if (!list) return void res.status(404).json({ message: "Post not found" });
    res.json(list);
  });

  router.get("/cms/posts/:id/revisions/:revisionId", async (req, res) => {
    const id = idParam(req.params.id, res);
    const revisionId = id === undefined ? undefined : idParam(req.params.revisionId, res, "Revision", "revisionId");
    if (id === undefined || revisionId === undefined) return;
    const revision = await revisions.get(id, revisionId);
    if (isRefusal(revision)) return sendRefusal(res, revision);
    res.json(revision);
  });

  router.post("/cms/posts/:id/revisions/:revisionId/restore", async (req, res) => {
    const id = idParam(req.params.id, res);
    const revisionId = id === undefined ? undefined : idParam(req.params.revisionId, res, "Revision", "revisionId");
    if (id === undefined || revisionId === undefined) return;
    const body = parseBody(restoreSchema, req.body, res);
    if (!body) return;
    answerSave(res, await revisions.restore(id, revisionId, res.locals.user ?? null, body.version), 200, services);
  });

  return router;
}
