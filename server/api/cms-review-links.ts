import express, { type Response } from "express";
import { isRefusal } from "../../shared/refusal.ts";
import { parseId } from "../../shared/ids.ts";
import { reviewLinkInputSchema } from "../../shared/review-links.ts";
import type { Services } from "../services.ts";
import { sendRefusal } from "./answer.ts";
import { requireAdmin } from "./guards.ts";
import { parseBody } from "./validation.ts";

const INVALID_POST_ID = "Post id must be a positive whole number";
const INVALID_LINK_ID = "Review link id must be a positive whole number";

/** A path id, or a 400 naming the field (`id`, `linkId`) and undefined. */
function idFrom(raw: unknown, field: "id" | "linkId", res: Response): number | undefined {
  const id = parseId(raw);
  if (id !== null) return id;
  const message = field === "id" ? INVALID_POST_ID : INVALID_LINK_ID;
  res.status(400).json({ message, errors: { [field]: message } });
  return undefined;
}

/**
 * Review links of a post (docs/decisions/065-review-links.md), administrators only:
 * - `POST /api/cms/posts/{id}/review-links` `{ expiresInDays?: 1…30 }` (default 7): 201 with the link,
 *   its token and address (the only answer that has them); 409 for a published post.
 * - `GET …/review-links`: the links that still open the post, newest first.
 * - `DELETE …/review-links/{linkId}`: revokes it; 404 if it is unknown, another post's, or no longer active.
 */
export function createCmsReviewLinksApi({ reviewLinks }: Services) {
  const router = express.Router();
  const path = "/cms/posts/:id/review-links";

  router.post(path, requireAdmin, async (req, res) => {
    const postId = idFrom(req.params.id, "id", res);
    if (postId === undefined) return;
    const input = parseBody(reviewLinkInputSchema, req.body, res);
    if (!input) return;
    const link = await reviewLinks.create(postId, res.locals.user ?? null, { days: input.expiresInDays });
    if (isRefusal(link)) return sendRefusal(res, link);
    res.status(201).json(link);
  });

  router.get(path, requireAdmin, async (req, res) => {
    const postId = idFrom(req.params.id, "id", res);
    if (postId === undefined) return;
    const links = await reviewLinks.list(postId);
    if (isRefusal(links)) return sendRefusal(res, links);
    res.json(links);
  });

  router.delete(`${path}/:linkId`, requireAdmin, async (req, res) => {
    const postId = idFrom(req.params.id, "id", res);
    if (postId === undefined) return;
    const linkId = idFrom(req.params.linkId, "linkId", res);
    if (linkId === undefined) return;
    const revoked = await reviewLinks.revoke(postId, linkId);
    if (isRefusal(revoked)) return sendRefusal(res, revoked);
    res.json({ message: "Review link revoked", id: revoked.id });
  });

  return router;
}
