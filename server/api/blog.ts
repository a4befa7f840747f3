import { createHash } from "node:crypto";
import express, { type Response } from "express";
import { z } from "zod";
import type { Services } from "../services.ts";
import { postNotFound, seesDrafts, type PublicRead } from "../services/public-posts.ts";
import { slugPattern } from "../../shared/slugify.ts";
import { isRefusal } from "../../shared/refusal.ts";
import { applyValidator, blogValidator } from "../serving/conditional-get.ts";
import { createVersionedCache, sendSharedAnswer, shareAnswer } from "../serving/shared-answer.ts";
import type { EarlyAnswers } from "../serving/early-answers.ts";
import { getRequestUser } from "./guards.ts";
import { parseBody } from "./validation.ts";
import { sendRefusal } from "./answer.ts";

/** Bumped when the JSON shape of these answers changes, so cached copies are not reused. */
const API_SHAPE = "api4";
const PER_PAGE_DEFAULT = 50;
const PER_PAGE_MAX = 100;
/** A visitor's search text (docs/decisions/042). */
const Q_MAX = 200;
const TAG_MAX = 200;

/** `GET /api/blog`'s query (the OpenAPI document describes it from this schema). */
export const blogListQuerySchema = z.object({
  page: z.coerce.number({ error: "page must be a positive whole number" }).int().positive().max(1_000_000).default(1),
  perPage: z.coerce
    .number({ error: `perPage must be a whole number from 1 to ${PER_PAGE_MAX}` })
    .int()
    .min(1, `perPage must be a whole number from 1 to ${PER_PAGE_MAX}`)
    .max(PER_PAGE_MAX, `perPage must be a whole number from 1 to ${PER_PAGE_MAX}`)
    .default(PER_PAGE_DEFAULT),
  /** Only posts filed under this tag slug; an unknown one lists none (docs/decisions/042). */
  tag: z
    .string({ error: "tag must be one tag slug" })
    .max(TAG_MAX, `tag must be at most ${TAG_MAX} characters`)
    .optional(),
  /** Only this author's posts, by username in any case; an unknown one lists none (docs/decisions/044). */
  author: z
    .string({ error: "author must be one username" })
    .max(TAG_MAX, `author must be at most ${TAG_MAX} characters`)
    .optional(),
  /** Search text: posts ranked by how well they match; empty means no search (docs/decisions/042). */
  q: z
    .string({ error: "q must be one search text" })
    .max(Q_MAX, `q must be at most ${Q_MAX} characters`)
    .optional()
    .transform((value) => value?.trim() || undefined),
}).refine((query) => query.author === undefined || query.q === undefined, {
  error: "author cannot be combined with q: search first, or list an author's posts",
  path: ["author"],
});

type ListQuery = z.output<typeof blogListQuerySchema>;

/** `GET /api/blog/{slug}`'s query: anything but `preview=true` reads as no preview. */
export const previewQuerySchema = z.object({
  preview: z.literal("true").optional().describe("`true`: an administrator's session sees drafts too."),
});

/** The address of another page of the same list (tag and search kept), for `Link: rel="next"`. */
function listPath({ perPage, tag, author, q }: ListQuery, page: number): string {
  const params = new URLSearchParams({ page: String(page), perPage: String(perPage) });
  if (tag !== undefined) params.set("tag", tag);
  if (author !== undefined) params.set("author", author);
  if (q !== undefined) params.set("q", q);
  return `/api/blog?${params}`;
}

/**
 * What tells one list answer from another: the page, and the tag and search text exactly (their
 * JSON in the cache's key, a hash of it in the ETag, which may not carry arbitrary text).
 */
function listScope({ page, perPage, tag, author, q }: ListQuery): { key: string; etag: string } {
  const base = `${page}-${perPage}`;
  if (tag === undefined && author === undefined && q === undefined) return { key: base, etag: base };
  // Usernames are one whatever their case: `?author=Ada` and `?author=ada` are one answer.
  const filter = JSON.stringify([tag ?? null, q ?? null, author?.toLowerCase() ?? null]);
  return { key: `${base}-${filter}`, etag: `${base}-${createHash("sha256").update(filter).digest("base64url").slice(0, 22)}` };
}

const JSON_TYPE: [string, string] = ["content-type", "application/json; charset=utf-8"];
const postPath = (slug: string) => `/api/blog/${slug}`;

/**
 * A post read that is not shared: the post, a 301 to the current slug's own address (decision 040,
 * "The JSON API answers old slugs too"), or the refusal.
 */
function sendRead(res: Response, read: PublicRead) {
  if (isRefusal(read)) return sendRefusal(res, read);
  if ("currentSlug" in read) return void res.status(301).location(postPath(read.currentSlug)).end();
  res.json(read.post);
}

/**
 * The public posts API (docs/product.md §7): GET /api/blog and GET /api/blog/{slug}; with tags and search,
 * GET /api/blog?tag=…&q=… and GET /api/tags (docs/decisions/042).
 */
export function createBlogApi({ posts, tags }: Services, early: EarlyAnswers) {
  const router = express.Router();
  // The same for every client until a post changes: serialised and compressed once per version.
  const answers = createVersionedCache(500);

  /**
   * Published posts, newest first; a tag's (`?tag`); or those matching `?q`, best first, each with a
   * `snippet`. Paged (`?page`, `?perPage`); `X-Total-Count` and `Link` tell the rest.
   */
  router.get("/blog", async (req, res) => {
    const query = parseBody(blogListQuerySchema, req.query, res);
    if (!query) return;
    const scope = listScope(query);
    const version = await posts.blogVersion();
    const validator = blogValidator(version, `${API_SHAPE}-${scope.etag}`);
    if (applyValidator(req, res, validator)) return void res.status(304).end();

    const answer = await answers.getOrMake(String(version.version), `list-${scope.key}`, async () => {
      const list =
        query.q === undefined
          ? await posts.listPage({ ...query, withTotal: true })
          : await posts.searchPage({ ...query, q: query.q });
      const headers: [string, string][] = [JSON_TYPE, ["X-Total-Count", String(list.total)]];
      if (list.hasMore) headers.push(["Link", `<${listPath(query, query.page + 1)}>; rel="next"`]);
      return shareAnswer(headers, Buffer.from(JSON.stringify(list.posts)));
    });
    early.keep(req, res, answer!, version.version);
    sendSharedAnswer(req, res, answer!);
  });

  /** Tags with published posts and their counts, by name (docs/decisions/042). */
  router.get("/tags", async (req, res) => {
    const version = await posts.blogVersion();
    if (applyValidator(req, res, blogValidator(version, `${API_SHAPE}-tags`))) return void res.status(304).end();
    const answer = await answers.getOrMake(String(version.version), "tags", async () =>
      shareAnswer([JSON_TYPE], Buffer.from(JSON.stringify(await tags.listPublic()))),
    );
    early.keep(req, res, answer!, version.version);
    sendSharedAnswer(req, res, answer!);
  });

  /**
   * One published post. `?preview=true` from an administrator also opens a draft; for anyone else
   * a draft is the same 404 as a post that does not exist. An old slug answers 301 (decision 040).
   */
  router.get("/blog/:slug", async (req, res) => {
    const slug = req.params.slug;
    // Checked before the validators: a malformed slug is never a post, so never a 304 or a cache entry.
    if (!slugPattern.test(slug)) return sendRefusal(res, postNotFound());

    const preview = previewQuerySchema.safeParse(req.query).data?.preview === "true";
    // Only a preview needs to know who asks.
    const access = { preview, viewer: preview ? await getRequestUser(req) : null };
    if (seesDrafts(access)) {
      res.set("Cache-Control", "private, no-store");
      return sendRead(res, await posts.readPublic(slug, access));
    }

    const version = await posts.blogVersion();
    // A 304 only once the post is known to exist: a missing one stays a 404 (RFC 9110 §13.2.1).
    const notModified = applyValidator(req, res, blogValidator(version, `${API_SHAPE}-post`));
    // Only a post is kept. A 301 or a 404 answers the read this request made; one that waited on
    // another request's read (which found no post) reads for itself.
    const made: { read?: PublicRead } = {};
    const answer = await answers.getOrMake(String(version.version), `post-${slug}`, async () => {
      const read = (made.read = await posts.readPublic(slug, access));
      return "post" in read ? shareAnswer([JSON_TYPE], Buffer.from(JSON.stringify(read.post))) : null;
    });
    if (answer && notModified) return void res.status(304).end();
    if (answer) {
      // `?preview=true` from someone who may not preview reads as no preview, but an administrator's must not get this copy.
      if (!preview) early.keep(req, res, answer, version.version);
      return sendSharedAnswer(req, res, answer);
    }
    const read = made.read ?? (await posts.readPublic(slug, access));
    if (isRefusal(read)) for (const name of ["ETag", "Last-Modified"]) res.removeHeader(name);
    sendRead(res, read);
  });

  return router;
}
