import { createHash } from "node:crypto";
import type { Response } from "express";
import { z } from "../../../shared/zod.ts";
import { isRefusal, type Refusal } from "../../../shared/refusal.ts";
import { postNotFound } from "../../../shared/not-found.ts";
import { slugPattern } from "../../../shared/slugify.ts";
import { postInputSchema, postUpdateSchema } from "../../../shared/post-schema.ts";
import { CMS_API_PER_PAGE, cmsListQuerySchema, effectiveSort, type CmsListQuery } from "../../../shared/cms-listing.ts";
import { reviewLinkInputSchema } from "../../../shared/review-links.ts";
import { workingCopyInputSchema } from "../../../shared/working-copy-schema.ts";
import { listOwnerOf } from "../../../shared/post-access.ts";
import { sendBackSchema, submitSchema } from "../../../shared/post-review.ts";
import type { Services } from "../../services.ts";
import type { FullPost } from "../../services/posts.ts";
import { seesDrafts, type PublicRead } from "../../services/public-posts.ts";
import { MAX_MEDIA_BYTES } from "../../services/media.ts";
import { applyValidator, blogValidator } from "../../serving/conditional-get.ts";
import { createVersionedCache, sendSharedAnswer, shareAnswer } from "../../serving/shared-answer.ts";
import { sendRefusal } from "../answer.ts";
import { getRequestUser } from "../guards.ts";
import { ANSWERED, staff, anyone, anyoneWithSession, operation, reply } from "../operation.ts";
import { idParams, pathId } from "../validation.ts";
import * as answers from "../openapi/responses.ts";

/**
 * Content (docs/product.md §7): the public blog, and the CMS's posts, tags, images, revisions, working copies
 * and review links. Each entry is the whole operation (docs/decisions/024-operations-declared-once.md).
 */

const error = answers.errorBody;

export const contentTags: { name: string; description: string }[] = [
  { name: "Blog", description: "Published posts and tags, as visitors see them (docs/product.md §7). Cached: ETag and Last-Modified, 304 on a match." },
  { name: "Posts", description: "The CMS's posts, tags and image uploads (docs/product.md §7; docs/api-posts.md)." },
  { name: "Revisions", description: "Every save of a post, and restoring one (docs/decisions/067)." },
  { name: "Working copies", description: "The editor's autosaved working copy of a post, one per writer (docs/decisions/066)." },
  { name: "Review links", description: "Links that show an unpublished post to anyone who has them (docs/decisions/065)." },
  { name: "Review", description: "Submitting drafts for review and sending them back with a note (docs/decisions/032)." },
];

/** Said once for every post operation: a post the caller may not open is a 404, one they may not change so a 403. */
const NOT_YOURS = "A post of someone else's is not found unless your role has posts.edit-any (docs/decisions/032).";

// ——— The public blog ———

/** Bumped when the JSON shape of these answers changes, so cached copies are not reused. */
const API_SHAPE = "api5";
const PER_PAGE_DEFAULT = 50;
const PER_PAGE_MAX = 100;
/** A visitor's search text (docs/decisions/042). */
const Q_MAX = 200;
const TAG_MAX = 200;

/** `GET /api/blog`'s query. */
export const blogListQuerySchema = z
  .object({
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
    /** Only this author's posts, by author slug in any case; an unknown one lists none (docs/decisions/044, 068). */
    author: z
      .string({ error: "author must be one author slug" })
      .max(TAG_MAX, `author must be at most ${TAG_MAX} characters`)
      .optional(),
    /** Search text: posts ranked by how well they match; empty means no search (docs/decisions/042). */
    q: z
      .string({ error: "q must be one search text" })
      .max(Q_MAX, `q must be at most ${Q_MAX} characters`)
      .optional()
      .transform((value) => value?.trim() || undefined),
  })
  .refine((query) => query.author === undefined || query.q === undefined, {
    error: "author cannot be combined with q: search first, or list an author's posts",
    path: ["author"],
  });

type ListQuery = z.output<typeof blogListQuerySchema>;

/** `GET /api/blog/{slug}`'s query: anything but `preview=true` reads as no preview. */
const previewQuerySchema = z
  .object({
    preview: z.string().optional().catch(undefined).describe("`true`: an administrator's session sees drafts too; any other value reads as no preview."),
  })
  .transform(({ preview }) => ({ preview: preview === "true" }));

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
  // Author slugs are one whatever their case: `?author=Ada` and `?author=ada` are one answer.
  const filter = JSON.stringify([tag ?? null, q ?? null, author?.toLowerCase() ?? null]);
  return { key: `${base}-${filter}`, etag: `${base}-${createHash("sha256").update(filter).digest("base64url").slice(0, 22)}` };
}

const JSON_TYPE: [string, string] = ["content-type", "application/json; charset=utf-8"];
const postPath = (slug: string) => `/api/blog/${slug}`;

/** The public answers, the same for every client until a post changes: serialised and compressed once per version, per app. */
const blogAnswers = new WeakMap<Services, ReturnType<typeof createVersionedCache>>();
function answersOf(services: Services) {
  let cache = blogAnswers.get(services);
  if (!cache) blogAnswers.set(services, (cache = createVersionedCache(500)));
  return cache;
}

/** A 304: the client's copy is current. */
function notModified(res: Response): typeof ANSWERED {
  res.status(304).end();
  return ANSWERED;
}

/** A post read that is not shared: the post, a 301 to the current slug's own address (decision 040), or the refusal. */
function sendRead(res: Response, read: PublicRead) {
  if (isRefusal(read)) return sendRefusal(res, read);
  if ("currentSlug" in read) return void res.status(301).location(postPath(read.currentSlug)).end();
  res.json(read.post);
}

// ——— The CMS ———

/** Another page of the same list (filters and order kept), for `Link: rel="next"`. */
function cmsPostsPath(query: CmsListQuery, page: number, perPage: number): string {
  const params = new URLSearchParams({ page: String(page), perPage: String(perPage) });
  if (query.q !== undefined) params.set("q", query.q);
  if (query.status !== "all") params.set("status", query.status);
  if (query.tag !== undefined) params.set("tag", query.tag);
  if (query.sort !== undefined) params.set("sort", query.sort);
  return `/api/cms/posts?${params}`;
}

/** A save's answer: the post, or its refusal. A post saved as scheduled wakes this instance's scheduler (docs/decisions/049). */
function saved(result: FullPost | Refusal, { scheduledPublisher }: Services): FullPost | Refusal {
  if (!isRefusal(result) && result.status === "scheduled") scheduledPublisher.wake();
  return result;
}

const VERSION_INVALID = "Version must be the post's version you are looking at (a positive whole number).";
/** Restoring may name the version the writer saw; an older one is an edit conflict (decision 041). */
const restoreSchema = z
  .object({ version: z.number({ error: VERSION_INVALID }).int(VERSION_INVALID).positive(VERSION_INVALID).optional() })
  .optional()
  .transform((body) => body ?? {});

const IMPORT_URL_INVALID = "Enter the image's address, starting with https://.";
const importImageSchema = z.object({
  url: z.string({ error: IMPORT_URL_INVALID }).trim().max(2048, "The address is longer than 2,048 characters.").pipe(z.url({ error: IMPORT_URL_INVALID, protocol: /^https?$/ })),
});

const BOOKMARK_URL_INVALID = "Enter the page's address, starting with https://.";
const bookmarkSchema = z.object({
  url: z.string({ error: BOOKMARK_URL_INVALID }).trim().max(2048, "The address is longer than 2,048 characters.").pipe(z.url({ error: BOOKMARK_URL_INVALID, protocol: /^https?$/ })),
});

const postParams = idParams("Post");
const revisionParams = z.object({ id: pathId("Post"), revisionId: pathId("Revision") });
const reviewLinkParams = z.object({ id: pathId("Post"), linkId: pathId("Review link") });

export const contentOperations = [
  operation({
    method: "get",
    path: "/api/blog",
    operationId: "listPosts",
    tag: "Blog",
    summary: "List published posts",
    description:
      "Newest first; only a tag's posts with `tag`, an author's with `author`; with `q`, the posts matching every word, best first, each with a `snippet`. `author` cannot be combined with `q`. Paged: `X-Total-Count`, and `Link: <…>; rel=\"next\"` while more follow.",
    access: anyone,
    query: blogListQuerySchema,
    answers: {
      200: { description: "A page of posts.", body: z.array(z.union([answers.publicPost, answers.publicSearchResult])), headers: ["X-Total-Count", "Link", "ETag", "Last-Modified"] },
      304: { description: "Not modified since the copy named by If-None-Match or If-Modified-Since.", headers: ["ETag", "Last-Modified"] },
      400: { description: "A bad `page`, `perPage`, `tag`, `author` or `q`, or `author` with `q`.", body: error },
    },
    async handle({ query }, { services: { posts }, services, req, res, early }) {
      const scope = listScope(query);
      const version = await posts.blogVersion();
      const validator = blogValidator(version, `${API_SHAPE}-${scope.etag}`);
      if (applyValidator(req, res, validator)) return notModified(res);
      const answer = await answersOf(services).getOrMake(String(version.version), `list-${scope.key}`, async () => {
        const list =
          query.q === undefined ? await posts.listPage({ ...query, withTotal: true }) : await posts.searchPage({ ...query, q: query.q });
        const headers: [string, string][] = [JSON_TYPE, ["X-Total-Count", String(list.total)]];
        if (list.hasMore) headers.push(["Link", `<${listPath(query, query.page + 1)}>; rel="next"`]);
        return shareAnswer(headers, Buffer.from(JSON.stringify(list.posts)));
      });
      early.keep(req, res, answer!, version.version);
      sendSharedAnswer(req, res, answer!);
      return ANSWERED;
    },
  }),
  operation({
    method: "get",
    path: "/api/blog/{slug}",
    operationId: "getPost",
    tag: "Blog",
    summary: "Get a published post",
    description:
      "With `preview=true` and an administrator's session, a draft too (answered `Cache-Control: private, no-store`); for anyone else a draft is the same 404 as a post that does not exist. An old slug answers 301 to the current one (decision 040).",
    access: anyoneWithSession,
    params: z.object({ slug: z.string().regex(slugPattern).describe("The post's slug: a-z, 0-9 and -.") }),
    // A malformed slug is never a post: the same 404, never a 304 or a cache entry.
    paramsRefusal: postNotFound,
    query: previewQuerySchema,
    answers: {
      200: { description: "The post.", body: answers.publicPost, headers: ["ETag", "Last-Modified"] },
      301: { description: "The post's slug has changed: `Location` is its address now.", headers: ["Location"] },
      304: { description: "Not modified.", headers: ["ETag", "Last-Modified"] },
      404: { description: "No published post has this slug.", body: error },
    },
    async handle({ params: { slug }, query: { preview } }, { services: { posts }, services, req, res, early }) {
      // Only a preview needs to know who asks.
      const access = { preview, viewer: preview ? await getRequestUser(req) : null };
      if (seesDrafts(access)) {
        res.set("Cache-Control", "private, no-store");
        sendRead(res, await posts.readPublic(slug, access));
        return ANSWERED;
      }
      const version = await posts.blogVersion();
      // A 304 only once the post is known to exist: a missing one stays a 404 (RFC 9110 §13.2.1).
      const matches = applyValidator(req, res, blogValidator(version, `${API_SHAPE}-post`));
      // Only a post is kept. A 301 or a 404 answers the read this request made; one that waited on
      // another request's read (which found no post) reads for itself.
      const made: { read?: PublicRead } = {};
      const answer = await answersOf(services).getOrMake(String(version.version), `post-${slug}`, async () => {
        const read = (made.read = await posts.readPublic(slug, access));
        return "post" in read ? shareAnswer([JSON_TYPE], Buffer.from(JSON.stringify(read.post))) : null;
      });
      if (answer && matches) return notModified(res);
      if (answer) {
        // `?preview=true` from someone who may not preview reads as no preview, but an administrator's must not get this copy.
        if (!preview) early.keep(req, res, answer, version.version);
        sendSharedAnswer(req, res, answer);
        return ANSWERED;
      }
      const read = made.read ?? (await posts.readPublic(slug, access));
      if (isRefusal(read)) for (const name of ["ETag", "Last-Modified"]) res.removeHeader(name);
      sendRead(res, read);
      return ANSWERED;
    },
  }),
  operation({
    method: "get",
    path: "/api/tags",
    operationId: "listTags",
    tag: "Blog",
    summary: "List tags with published posts",
    access: anyone,
    answers: {
      200: { description: "Tags by name, with their published posts' count.", body: answers.publicTag.array(), headers: ["ETag", "Last-Modified"] },
      304: { description: "Not modified.", headers: ["ETag", "Last-Modified"] },
    },
    async handle(_input, { services: { posts, tags }, services, req, res, early }) {
      const version = await posts.blogVersion();
      if (applyValidator(req, res, blogValidator(version, `${API_SHAPE}-tags`))) return notModified(res);
      const answer = await answersOf(services).getOrMake(String(version.version), "tags", async () =>
        shareAnswer([JSON_TYPE], Buffer.from(JSON.stringify(await tags.listPublic()))),
      );
      early.keep(req, res, answer!, version.version);
      sendSharedAnswer(req, res, answer!);
      return ANSWERED;
    },
  }),

  // Posts (CMS)
  operation({
    method: "get",
    path: "/api/cms/posts",
    operationId: "listCmsPosts",
    tag: "Posts",
    summary: "List posts, drafts included",
    description:
      "Without any parameter, every post (docs/product.md §7); with any, one page, filtered and ordered, with `Link: <…>; rel=\"next\"` while more follow (docs/decisions/045). Only your own posts unless your role has posts.edit-any (docs/decisions/032).",
    access: staff("posts.write", "posts:read"),
    query: cmsListQuerySchema,
    answers: {
      200: { description: "Posts, most recently edited first unless `sort` says otherwise.", body: answers.cmsListPost.array(), headers: ["X-Total-Count", "Link"] },
      400: { description: "A bad or repeated parameter.", body: error },
    },
    async handle({ query }, { services: { postListing }, req, user }) {
      const filter = { q: query.q, status: query.status, tag: query.tag, sort: effectiveSort(query), ownerId: listOwnerOf(user!) };
      if (Object.keys(req.query).length === 0) {
        const all = await postListing.listAll(filter);
        return reply(all.posts, { headers: { "X-Total-Count": String(all.total) } });
      }
      const page = query.page ?? 1;
      const perPage = query.perPage ?? CMS_API_PER_PAGE;
      const list = await postListing.listPage({ ...filter, page, perPage });
      const headers: Record<string, string> = { "X-Total-Count": String(list.total) };
      if (page * perPage < list.total) headers.Link = `<${cmsPostsPath(query, page + 1, perPage)}>; rel="next"`;
      return reply(list.posts, { headers });
    },
  }),
  operation({
    method: "post",
    path: "/api/cms/posts",
    operationId: "createPost",
    tag: "Posts",
    summary: "Create a post",
    description:
      "Content is sanitised to what the editor produces. `published: true` with a `publishedAt` still to come schedules the post (docs/decisions/049); only a role with posts.publish may (docs/decisions/032).",
    access: staff("posts.write", "posts:write"),
    body: { kind: "json", schema: postInputSchema, required: true },
    answers: {
      201: { description: "The saved post.", body: answers.fullPost },
      400: { description: "A field is missing or breaks its rule.", body: error },
      403: { description: "Your role cannot publish or schedule: save it as a draft and submit it for review.", body: error },
      409: { description: "The slug is taken: `errors.slug` says so.", body: error },
    },
    async handle({ body }, { services, user }) {
      return saved(await services.posts.create(body, user), services);
    },
  }),
  operation({
    method: "get",
    path: "/api/cms/posts/{id}",
    operationId: "getCmsPost",
    tag: "Posts",
    summary: "Get a post",
    description: NOT_YOURS,
    access: staff("posts.write", "posts:read"),
    params: postParams,
    answers: {
      200: { description: "The whole post.", body: answers.fullPost },
      404: { description: "No such post, or not yours to open.", body: error },
    },
    handle: ({ params }, { services, user }) => services.posts.openFor(params.id, user),
  }),
  operation({
    method: "put",
    path: "/api/cms/posts/{id}",
    operationId: "updatePost",
    tag: "Posts",
    summary: "Save a post",
    description: `Names the \`version\` the edit started from; a post saved since is a 409 with the post as it is now (docs/decisions/041). ${NOT_YOURS}`,
    access: staff("posts.write", "posts:write"),
    params: postParams,
    body: { kind: "json", schema: postUpdateSchema, required: true },
    answers: {
      200: { description: "The saved post.", body: answers.fullPost },
      400: { description: "A field is missing or breaks its rule, or the id is not a positive whole number.", body: error },
      403: { description: "Your role cannot make this change: publish, schedule or unpublish; change a post that is published, scheduled or in review.", body: error },
      404: { description: "No such post, or not yours to open.", body: error },
      409: { description: "The slug is taken, or the post was saved since `version`.", body: [error, answers.editConflict] },
    },
    async handle({ params, body }, { services, user }) {
      return saved(await services.posts.update(params.id, body, user), services);
    },
  }),
  operation({
    method: "delete",
    path: "/api/cms/posts/{id}",
    operationId: "deletePost",
    tag: "Posts",
    summary: "Delete a post",
    description: NOT_YOURS,
    access: staff("posts.write", "posts:write"),
    params: postParams,
    answers: {
      200: { description: "Deleted.", body: answers.postDeleted },
      403: { description: "Your role can delete only your own drafts.", body: error },
      404: { description: "No such post, or not yours to open.", body: error },
    },
    async handle({ params: { id } }, { services, user }) {
      const removed = await services.posts.remove(id, user);
      return isRefusal(removed) ? removed : { message: "Post deleted", id };
    },
  }),
  operation({
    method: "get",
    path: "/api/cms/tags",
    operationId: "listCmsTags",
    tag: "Posts",
    summary: "List every tag",
    description: "With its number of posts, drafts included: the editor's suggestions.",
    access: staff("posts.write", "posts:read"),
    answers: { 200: { description: "Tags by name.", body: answers.cmsTag.array() } },
    handle: (_input, { services }) => services.tags.listAll(),
  }),
  operation<Record<string, never>, Record<string, never>, Buffer>({
    method: "post",
    path: "/api/cms/media",
    operationId: "uploadImage",
    tag: "Posts",
    summary: "Upload an image",
    description:
      "The body is the image file itself, any Content-Type: PNG, JPEG, GIF, WebP, BMP or ICO up to 10 MB, re-encoded and stored (decision 060). SVG is refused. The guard runs before the body is read, so an anonymous upload is refused without being buffered.",
    access: staff("posts.write", "posts:write"),
    body: { kind: "bytes", limit: MAX_MEDIA_BYTES, description: "The image's bytes." },
    answers: {
      201: { description: "The stored image and its address.", body: answers.storedMedia },
      400: { description: "Empty, not a supported image, or too many pixels: `errors.file` says which.", body: error },
      413: { description: "Larger than 10 MB.", body: error },
    },
    handle: ({ body }, { services, user }) => services.media.store(body, user?.id ?? null),
  }),
  operation({
    method: "post",
    path: "/api/cms/media/import",
    operationId: "importImage",
    tag: "Posts",
    summary: "Copy an image from another site",
    description:
      "Fetches the image at `url` and stores it like an upload, so a post never hot-links another site (pasted images, bookmark cards). The address must be public: the webhook rules of docs/decisions/073 apply, redirects included.",
    access: staff("posts.write", "posts:write"),
    body: { kind: "json", schema: importImageSchema, required: true },
    answers: {
      201: { description: "The stored image and its address.", body: answers.storedMedia },
      400: { description: "The address is refused, did not answer, or is not a usable image: `errors.url` says which.", body: error },
    },
    handle: ({ body }, { services, user }) => services.media.importFromUrl(body.url, user?.id ?? null),
  }),
  operation({
    method: "post",
    path: "/api/cms/bookmarks",
    operationId: "previewBookmark",
    tag: "Posts",
    summary: "Read a page for a bookmark card",
    description:
      "Fetches the web page at `url` (HTML only, up to 1 MB, 8 s) and answers its title, description and publisher (Open Graph, else the page's title and meta description); the page's image is copied into the media store, so the card never hot-links (docs/decisions/076). The address must be public: the webhook rules of docs/decisions/073 apply, redirects included.",
    access: staff("posts.write", "posts:write"),
    body: { kind: "json", schema: bookmarkSchema, required: true },
    answers: {
      200: { description: "What the card shows.", body: answers.bookmark },
      400: { description: "The address is refused, did not answer, or is not a web page: `errors.url` says which.", body: error },
    },
    handle: ({ body }, { services, user }) => services.bookmarks.preview(body.url, user?.id ?? null),
  }),

  // Revisions
  operation({
    method: "get",
    path: "/api/cms/posts/{id}/revisions",
    operationId: "listRevisions",
    tag: "Revisions",
    summary: "List a post's revisions",
    description: "Newest first; at most 200 are kept per post.",
    access: staff("posts.write", "posts:read"),
    params: postParams,
    answers: {
      200: { description: "The revisions.", body: answers.revisionSummary.array() },
      404: { description: "No such post.", body: error },
    },
    handle: ({ params }, { services, user }) => services.revisions.list(params.id, user),
  }),
  operation({
    method: "get",
    path: "/api/cms/posts/{id}/revisions/{revisionId}",
    operationId: "getRevision",
    tag: "Revisions",
    summary: "Get a revision and what changed since",
    access: staff("posts.write", "posts:read"),
    params: revisionParams,
    answers: {
      200: { description: "The revision's fields, and the word-level changes from it to the post now.", body: answers.revisionDetail },
      404: { description: "No such post, or no such revision of it.", body: error },
    },
    handle: ({ params }, { services, user }) => services.revisions.get(params.id, params.revisionId, user),
  }),
  operation({
    method: "post",
    path: "/api/cms/posts/{id}/revisions/{revisionId}/restore",
    operationId: "restoreRevision",
    tag: "Revisions",
    summary: "Restore a revision",
    description: "Saves the revision's fields as a new revision. Naming the `version` you saw makes a later save a 409 (docs/decisions/041).",
    access: staff("posts.write", "posts:write"),
    params: revisionParams,
    body: { kind: "json", schema: restoreSchema, required: false },
    answers: {
      200: { description: "The saved post.", body: answers.fullPost },
      400: { description: "A bad id or `version`.", body: error },
      403: { description: "Your role cannot change this post now (published, scheduled or in review).", body: error },
      404: { description: "No such post, or no such revision of it.", body: error },
      409: { description: "The post was saved since `version`, or the revision's slug is now another post's.", body: [error, answers.editConflict] },
    },
    async handle({ params, body }, { services, user }) {
      return saved(await services.revisions.restore(params.id, params.revisionId, user, body.version), services);
    },
  }),

  // Working copies
  operation({
    method: "get",
    path: "/api/cms/posts/{id}/working-copy",
    operationId: "getWorkingCopy",
    tag: "Working copies",
    summary: "Get your working copy of a post",
    access: staff("posts.write"),
    params: postParams,
    answers: {
      200: { description: "Your autosaved copy, newer than the post's last save.", body: answers.workingCopy },
      404: { description: "No copy, or it is older than the post's last save, or no such post.", body: error },
    },
    handle: ({ params }, { services, user }) => services.workingCopies.get(params.id, user!),
  }),
  operation({
    method: "put",
    path: "/api/cms/posts/{id}/working-copy",
    operationId: "saveWorkingCopy",
    tag: "Working copies",
    summary: "Autosave your working copy",
    description: "Never changes the post itself: that happens only on a save (PUT /api/cms/posts/{id}).",
    access: staff("posts.write"),
    params: postParams,
    body: { kind: "json", schema: workingCopyInputSchema, required: true },
    answers: {
      200: { description: "Stored.", body: answers.workingCopySaved },
      400: { description: "A field breaks its rule, or a bad id.", body: error },
      404: { description: "No such post.", body: error },
    },
    handle({ params, body: { baseVersion, ...fields } }, { services, user }) {
      return services.workingCopies.save(params.id, user!, fields, baseVersion);
    },
  }),
  operation({
    method: "delete",
    path: "/api/cms/posts/{id}/working-copy",
    operationId: "deleteWorkingCopy",
    tag: "Working copies",
    summary: "Discard your working copy",
    access: staff("posts.write"),
    params: postParams,
    answers: { 204: { description: "Gone, whether or not there was one." } },
    async handle({ params }, { services, user }) {
      await services.workingCopies.remove(params.id, user!.id);
      return undefined;
    },
  }),

  // Review links
  operation({
    method: "post",
    path: "/api/cms/posts/{id}/review-links",
    operationId: "createReviewLink",
    tag: "Review links",
    summary: "Create a review link",
    description: "The only answer that carries the link's token and address; only its hash is stored.",
    access: staff("posts.write"),
    params: postParams,
    body: { kind: "json", schema: reviewLinkInputSchema, required: false },
    answers: {
      201: { description: "The link.", body: answers.createdReviewLink },
      400: { description: "A bad id or `expiresInDays`.", body: error },
      404: { description: "No such post.", body: error },
      409: { description: "The post is published: it needs no review link.", body: error },
    },
    handle: ({ params, body }, { services, user }) => services.reviewLinks.create(params.id, user, { days: body.expiresInDays }),
  }),
  operation({
    method: "get",
    path: "/api/cms/posts/{id}/review-links",
    operationId: "listReviewLinks",
    tag: "Review links",
    summary: "List a post's active review links",
    access: staff("posts.write"),
    params: postParams,
    answers: {
      200: { description: "Links that still open the post, newest first.", body: answers.reviewLink.array() },
      404: { description: "No such post.", body: error },
    },
    handle: ({ params }, { services, user }) => services.reviewLinks.list(params.id, user),
  }),
  operation({
    method: "delete",
    path: "/api/cms/posts/{id}/review-links/{linkId}",
    operationId: "revokeReviewLink",
    tag: "Review links",
    summary: "Revoke a review link",
    description: "The link answers 404 from the next request on, on every instance.",
    access: staff("posts.write"),
    params: reviewLinkParams,
    answers: {
      200: { description: "Revoked.", body: answers.reviewLinkRevoked },
      404: { description: "Unknown, another post's, or no longer active.", body: error },
    },
    async handle({ params }, { services, user }) {
      const revoked = await services.reviewLinks.revoke(params.id, params.linkId, user);
      return isRefusal(revoked) ? revoked : { message: "Review link revoked", id: revoked.id };
    },
  }),

  // Review (docs/decisions/032)
  operation({
    method: "post",
    path: "/api/cms/posts/{id}/submit",
    operationId: "submitPostForReview",
    tag: "Review",
    summary: "Submit a draft for review",
    description:
      "Puts the draft in the review queue (the dashboard's \"In review\") and clears a note it was sent back with. Until an editor publishes, schedules or sends it back, only editors and administrators can change it. Naming the `version` you saved makes a later save by someone else a 409.",
    access: staff("posts.write", "posts:write"),
    params: postParams,
    body: { kind: "json", schema: submitSchema, required: false },
    answers: {
      200: { description: "The post, in review.", body: answers.fullPost },
      400: { description: "A bad id or `version`.", body: error },
      403: { description: "Your account can no longer write posts.", body: error },
      404: { description: "No such post, or not yours to open.", body: error },
      409: { description: "Not a draft, already in review, or saved since `version`.", body: error },
    },
    handle: ({ params, body }, { services, user }) => services.postReview.submit(params.id, user, body),
  }),
  operation({
    method: "post",
    path: "/api/cms/posts/{id}/send-back",
    operationId: "sendPostBack",
    tag: "Review",
    summary: "Send a draft back with a note",
    description:
      "Takes the draft out of the review queue; its writer sees the note in the editor until they submit it again. To approve it, publish or schedule it with PUT /api/cms/posts/{id}.",
    access: staff("posts.edit-any", "posts:write"),
    params: postParams,
    body: { kind: "json", schema: sendBackSchema, required: true },
    answers: {
      200: { description: "The post, back with its writer.", body: answers.fullPost },
      400: { description: "A bad id, or no `note` (at most 2,000 characters).", body: error },
      404: { description: "No such post.", body: error },
      409: { description: "The post is not waiting for review.", body: error },
    },
    handle: ({ params, body }, { services, user }) => services.postReview.sendBack(params.id, user, body.note),
  }),
];
