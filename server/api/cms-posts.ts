import express, { type Response } from "express";
import { isRefusal, type Refusal } from "../../shared/refusal.ts";
import type { FullPost } from "../services/posts.ts";
import { sendRefusal } from "./answer.ts";
import type { Services } from "../services.ts";
import { postInputSchema, postUpdateSchema } from "../../shared/post-schema.ts";
import { CMS_API_PER_PAGE, cmsListQuerySchema, effectiveSort, type CmsListQuery } from "../../shared/cms-listing.ts";
import { requireAdmin } from "./guards.ts";
import { idParam, parseBody } from "./validation.ts";

const NOT_FOUND = { message: "Post not found" };

/** Another page of the same list (filters and order kept), for `Link: rel="next"`. */
function cmsPostsPath(query: CmsListQuery, page: number, perPage: number): string {
  const params = new URLSearchParams({ page: String(page), perPage: String(perPage) });
  if (query.q !== undefined) params.set("q", query.q);
  if (query.status !== "all") params.set("status", query.status);
  if (query.tag !== undefined) params.set("tag", query.tag);
  if (query.sort !== undefined) params.set("sort", query.sort);
  return `/api/cms/posts?${params}`;
}

/**
 * A save's answer: the saved post, or its refusal (404; 409 for a taken slug or an edit conflict).
 * A post saved as scheduled wakes this instance's scheduler, so its time is kept to the second
 * (docs/decisions/049).
 */
export function answerSave(res: Response, result: FullPost | Refusal, successStatus: number, { scheduledPublisher }: Services) {
  if (isRefusal(result)) return sendRefusal(res, result);
  if (result.status === "scheduled") scheduledPublisher.wake();
  res.status(successStatus).json(result);
}

/**
 * The CMS posts API (docs/product.md §7), administrators only. Answers carry the whole post with `version`
 * and `updatedAt`; a PUT names the `version` it was based on and is refused with 409 when the
 * post has been saved since (docs/decisions/041-edit-conflicts-by-version.md).
 */
export function createCmsPostsApi(services: Services) {
  const { posts, postListing, tags } = services;
  const router = express.Router();
  router.use("/cms/posts", requireAdmin);
  router.use("/cms/tags", requireAdmin);

  /**
   * The CMS list (docs/decisions/045): without any parameter, every post as docs/product.md §7 clients expect;
   * with any (`page`, `perPage`, `q`, `status`, `tag`, `sort`), one page, so no new client's query reads
   * thousands of rows. Both send `X-Total-Count`.
   */
  router.get("/cms/posts", async (req, res) => {
    const query = parseBody(cmsListQuerySchema, req.query, res);
    if (!query) return;
    const filter = { q: query.q, status: query.status, tag: query.tag, sort: effectiveSort(query) };
    if (Object.keys(req.query).length === 0) {
      const all = await postListing.listAll(filter);
      return void res.set("X-Total-Count", String(all.total)).json(all.posts);
    }
    const page = query.page ?? 1;
    const perPage = query.perPage ?? CMS_API_PER_PAGE;
    const list = await postListing.listPage({ ...filter, page, perPage });
    res.set("X-Total-Count", String(list.total));
    if (page * perPage < list.total) res.set("Link", `<${cmsPostsPath(query, page + 1, perPage)}>; rel="next"`);
    res.json(list.posts);
  });

  /** Every tag with its post count, drafts included: the editor's suggestions (docs/decisions/045). */
  router.get("/cms/tags", async (_req, res) => {
    res.json(await tags.listAll());
  });

  router.get("/cms/posts/:id", async (req, res) => {
    const id = idParam(req.params.id, res);
    if (id === undefined) return;
    const post = await posts.getById(id);
    if (!post) return void res.status(404).json(NOT_FOUND);
    res.json(post);
  });

  router.post("/cms/posts", async (req, res) => {
    const fields = parseBody(postInputSchema, req.body, res);
    if (!fields) return;
    answerSave(res, await posts.create(fields, res.locals.user ?? null), 201, services);
  });

  router.put("/cms/posts/:id", async (req, res) => {
    const id = idParam(req.params.id, res);
    if (id === undefined) return;
    const fields = parseBody(postUpdateSchema, req.body, res);
    if (!fields) return;
    answerSave(res, await posts.update(id, fields, res.locals.user ?? null), 200, services);
  });

  router.delete("/cms/posts/:id", async (req, res) => {
    const id = idParam(req.params.id, res);
    if (id === undefined) return;
    if (!(await posts.remove(id))) return void res.status(404).json(NOT_FOUND);
    res.json({ message: "Post deleted", id });
  });

  return router;
}
