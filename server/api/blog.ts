import express from "express";
import { z } from "zod";
import type { Services } from "../services.ts";
import type { FullPost, PublicPost } from "../services/posts.ts";
import { slugPattern } from "../../app/lib/slugify.ts";
import { applyValidator, blogValidator } from "../http-cache.ts";
import { createVersionedCache, sendSharedAnswer, shareAnswer } from "../shared-answer.ts";
import { getRequestUser } from "./guards.ts";
import { parseBody } from "./validation.ts";

/** Bumped when the JSON shape of these answers changes, so cached copies are not reused. */
const API_SHAPE = "api1";
const PER_PAGE_DEFAULT = 50;
const PER_PAGE_MAX = 100;

const listQuerySchema = z.object({
  page: z.coerce.number({ error: "page must be a positive whole number" }).int().positive().max(1_000_000).default(1),
  perPage: z.coerce
    .number({ error: `perPage must be a whole number from 1 to ${PER_PAGE_MAX}` })
    .int()
    .min(1, `perPage must be a whole number from 1 to ${PER_PAGE_MAX}`)
    .max(PER_PAGE_MAX, `perPage must be a whole number from 1 to ${PER_PAGE_MAX}`)
    .default(PER_PAGE_DEFAULT),
});

const NOT_FOUND = { message: "Post not found" };
const JSON_TYPE: [string, string] = ["content-type", "application/json; charset=utf-8"];

/** Only the public fields (SPEC §3 "Blog post (public view)"), whatever the service returns. */
const publicFields = (post: PublicPost | FullPost): PublicPost => ({
  id: post.id,
  slug: post.slug,
  title: post.title,
  excerpt: post.excerpt,
  content: post.content,
  coverImage: post.coverImage,
  publishedAt: post.publishedAt,
  createdAt: post.createdAt,
});

/** The public posts API (SPEC §7): GET /api/blog and GET /api/blog/{slug}. */
export function createBlogApi({ posts }: Services) {
  const router = express.Router();
  // The same for every client until a post changes: serialised and compressed once per version.
  const answers = createVersionedCache(500);

  /** Published posts, newest first. Paged (`?page`, `?perPage`); `X-Total-Count` and `Link` tell the rest. */
  router.get("/blog", async (req, res) => {
    const query = parseBody(listQuerySchema, req.query, res);
    if (!query) return;
    const version = await posts.blogVersion();
    const validator = blogValidator(version, `${API_SHAPE}-${query.page}-${query.perPage}`);
    if (applyValidator(req, res, validator)) return void res.status(304).end();

    const answer = await answers.getOrMake(String(version.version), `list-${query.page}-${query.perPage}`, async () => {
      const [list, total] = await Promise.all([
        posts.listPublished({ limit: query.perPage, offset: (query.page - 1) * query.perPage }),
        posts.countPublished(),
      ]);
      const headers: [string, string][] = [JSON_TYPE, ["X-Total-Count", String(total)]];
      if (query.page * query.perPage < total) {
        headers.push(["Link", `</api/blog?page=${query.page + 1}&perPage=${query.perPage}>; rel="next"`]);
      }
      return shareAnswer(headers, Buffer.from(JSON.stringify(list.map(publicFields))));
    });
    sendSharedAnswer(req, res, answer!);
  });

  /**
   * One published post. `?preview=true` from an administrator also opens a draft; for anyone else
   * a draft is the same 404 as a post that does not exist.
   */
  router.get("/blog/:slug", async (req, res) => {
    const slug = req.params.slug;
    if (!slugPattern.test(slug)) return void res.status(404).json(NOT_FOUND);

    if (req.query.preview === "true") {
      const user = await getRequestUser(req);
      if (user?.isAdmin) {
        res.set("Cache-Control", "private, no-store");
        const post = await posts.findBySlugForPreview(slug);
        return void (post ? res.json(publicFields(post)) : res.status(404).json(NOT_FOUND));
      }
    }

    const version = await posts.blogVersion();
    if (applyValidator(req, res, blogValidator(version, `${API_SHAPE}-post`))) return void res.status(304).end();
    const answer = await answers.getOrMake(String(version.version), `post-${slug}`, async () => {
      const post = await posts.findPublishedBySlug(slug);
      return post ? shareAnswer([JSON_TYPE], Buffer.from(JSON.stringify(publicFields(post)))) : null;
    });
    if (!answer) return void res.status(404).json(NOT_FOUND);
    sendSharedAnswer(req, res, answer);
  });

  return router;
}
