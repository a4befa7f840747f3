import { z } from "../../../shared/zod.ts";
import { loginSchema, registerSchema, setAdminSchema } from "../../../shared/auth-schemas.ts";
import { profileSchema } from "../../../shared/author-schema.ts";
import { cmsListQuerySchema } from "../../../shared/cms-listing.ts";
import { demoAttributionSchema, demoRequestSchema, demoSpamSignalsSchema } from "../../../shared/demo-request.ts";
import { postInputSchema, postUpdateSchema } from "../../../shared/post-schema.ts";
import { reviewLinkInputSchema } from "../../../shared/review-links.ts";
import { webhookInputSchema, webhookUpdateSchema } from "../../../shared/webhooks.ts";
import { workingCopyInputSchema } from "../../../shared/working-copy-schema.ts";
import { pageViewSchema } from "../../services/analytics-ingestion.ts";
import { blogListQuerySchema, previewQuerySchema } from "../blog.ts";
import { demoRequestsQuerySchema } from "../cms-demo-requests.ts";
import { demoNoteSchema, demoPersonSchema, demoRequestPatchSchema } from "../../../shared/demo-inbox.ts";
import { restoreSchema } from "../cms-revisions.ts";
import { deliveriesQuerySchema } from "../cms-webhooks.ts";
import * as answers from "./responses.ts";
import { loginNeedsSecondFactor } from "./second-factor-responses.ts";
import { secondFactorOperations, secondFactorTag } from "./second-factor-operations.ts";
import type { HttpMethod } from "./types.ts";

/** Response headers the operations name; described once in ./document.ts. */
export type HeaderName = "X-Total-Count" | "Link" | "ETag" | "Last-Modified" | "Location" | "Set-Cookie" | "Retry-After" | "WWW-Authenticate";

export interface Answer {
  description: string;
  /** The JSON body; none for an empty answer (204, 301, 304, an empty 202). */
  body?: z.ZodType | z.ZodType[];
  headers?: HeaderName[];
}

export interface RequestBody {
  /** JSON bodies: the schema that validates it. `parts` are validated separately and read as one object. */
  schema?: z.ZodType;
  parts?: z.ZodType[];
  /** Media types other than JSON, described by words (an image upload). */
  raw?: { contentType: string; description: string };
  /** Also read as JSON when sent as text/plain (navigator.sendBeacon). */
  alsoTextPlain?: boolean;
  required: boolean;
}

/**
 * One operation of the API. The document adds what every operation of a kind answers (./document.ts):
 * administrators' calls their 401/403/429; writes the cross-origin 403; JSON bodies the malformed-JSON
 * 400 and the 413; database reads the 503.
 */
export interface Operation {
  method: HttpMethod;
  /** OpenAPI path: `{name}` for a path parameter. */
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  /** "admin": an administrator's session, or an API token with the scope the call needs (server/api/guards.ts). */
  access: "public" | "admin";
  pathParams?: Record<string, string>;
  query?: z.ZodObject;
  body?: RequestBody;
  answers: Record<number, Answer>;
  /** False for the two calls that read no database: they never answer 503. */
  readsDatabase?: false;
}

const error = answers.errorBody;
const postId = { id: "The post's id." };
const demoRequestId = { id: "The demo request's id." };
const INVALID_ID = "An id that is not a positive whole number: `errors` names it.";

export const tags: { name: string; description: string }[] = [
  { name: "Blog", description: "Published posts and tags, as visitors see them (docs/product.md §7). Cached: ETag and Last-Modified, 304 on a match." },
  { name: "Accounts", description: "Registration, sign-in and sign-out with a session cookie (docs/product.md §7, decisions 030 and 031)." },
  { name: "Demo requests", description: "The demo form's endpoint, and leads for other software (docs/decisions/072)." },
  { name: "Analytics", description: "Page views from the consent-gated beacon (docs/decisions/070)." },
  { name: "Posts", description: "The CMS's posts, tags and image uploads (docs/product.md §7; docs/api-posts.md)." },
  { name: "Revisions", description: "Every save of a post, and restoring one (docs/decisions/067)." },
  { name: "Working copies", description: "The editor's autosaved working copy of a post, one per writer (docs/decisions/066)." },
  { name: "Review links", description: "Links that show an unpublished post to anyone who has them (docs/decisions/065)." },
  { name: "Users", description: "Accounts and the administrator role (decision 031)." },
  { name: "Profile", description: "The signed-in user's own author profile (docs/decisions/044)." },
  { name: "Webhooks", description: "Signed event notifications to other software (docs/decisions/073; docs/integrations.md)." },
  secondFactorTag,
  { name: "API", description: "This description of the API." },
];

export const operations: Operation[] = [
  // Blog (public)
  {
    method: "get",
    path: "/api/blog",
    operationId: "listPosts",
    tag: "Blog",
    summary: "List published posts",
    description:
      "Newest first; only a tag's posts with `tag`, an author's with `author`; with `q`, the posts matching every word, best first, each with a `snippet`. `author` cannot be combined with `q`. Paged: `X-Total-Count`, and `Link: <…>; rel=\"next\"` while more follow.",
    access: "public",
    query: blogListQuerySchema,
    answers: {
      200: { description: "A page of posts.", body: z.array(z.union([answers.publicPost, answers.publicSearchResult])), headers: ["X-Total-Count", "Link", "ETag", "Last-Modified"] },
      304: { description: "Not modified since the copy named by If-None-Match or If-Modified-Since.", headers: ["ETag", "Last-Modified"] },
      400: { description: "A bad `page`, `perPage`, `tag`, `author` or `q`, or `author` with `q`.", body: error },
    },
  },
  {
    method: "get",
    path: "/api/blog/{slug}",
    operationId: "getPost",
    tag: "Blog",
    summary: "Get a published post",
    description:
      "With `preview=true` and an administrator's session, a draft too (answered `Cache-Control: private, no-store`); for anyone else a draft is the same 404 as a post that does not exist. An old slug answers 301 to the current one (decision 040).",
    access: "public",
    pathParams: { slug: "The post's slug: a-z, 0-9 and -." },
    query: previewQuerySchema,
    answers: {
      200: { description: "The post.", body: answers.publicPost, headers: ["ETag", "Last-Modified"] },
      301: { description: "The post's slug has changed: `Location` is its address now.", headers: ["Location"] },
      304: { description: "Not modified.", headers: ["ETag", "Last-Modified"] },
      404: { description: "No published post has this slug.", body: error },
    },
  },
  {
    method: "get",
    path: "/api/tags",
    operationId: "listTags",
    tag: "Blog",
    summary: "List tags with published posts",
    access: "public",
    answers: {
      200: { description: "Tags by name, with their published posts' count.", body: answers.publicTag.array(), headers: ["ETag", "Last-Modified"] },
      304: { description: "Not modified.", headers: ["ETag", "Last-Modified"] },
    },
  },

  // Accounts
  {
    method: "post",
    path: "/api/register",
    operationId: "register",
    tag: "Accounts",
    summary: "Create an account",
    description: "Makes an ordinary user (never an administrator) and signs them in with a session cookie.",
    access: "public",
    body: { schema: registerSchema, required: true },
    answers: {
      201: { description: "Registered and signed in.", body: answers.user, headers: ["Set-Cookie"] },
      400: { description: "A field is missing or breaks its rule.", body: error },
      409: { description: "The username is taken.", body: error },
      429: { description: "Too many registrations from this address.", body: error, headers: ["Retry-After"] },
    },
  },
  {
    method: "post",
    path: "/api/login",
    operationId: "login",
    tag: "Accounts",
    summary: "Sign in",
    access: "public",
    body: { schema: loginSchema, required: true },
    answers: {
      200: {
        description:
          "Signed in: the session cookie is set. Or, for an account with a second factor, no session yet: `secondFactor` holds the ticket for POST /api/login/second-factor (docs/decisions/075).",
        body: [answers.loginSuccess, loginNeedsSecondFactor],
        headers: ["Set-Cookie"],
      },
      400: { description: "A field is missing or too long.", body: error },
      401: { description: "Wrong username or password.", body: answers.loginRefusal },
      429: { description: "Too many attempts for this account or address.", body: answers.loginRefusal, headers: ["Retry-After"] },
    },
  },
  {
    method: "post",
    path: "/api/logout",
    operationId: "logout",
    tag: "Accounts",
    summary: "Sign out",
    description: "Ends the session, if there is one, and clears the cookie.",
    access: "public",
    answers: { 200: { description: "Signed out.", body: answers.done, headers: ["Set-Cookie"] } },
  },
  {
    method: "get",
    path: "/api/user",
    operationId: "getCurrentUser",
    tag: "Accounts",
    summary: "Who is signed in",
    access: "public",
    answers: {
      200: { description: "The signed-in user.", body: answers.currentUser },
      401: { description: "Nobody is signed in: `{ authenticated: false, user: null }`.", body: answers.currentUser },
    },
  },

  // Demo requests
  {
    method: "post",
    path: "/api/book-demo",
    operationId: "bookDemo",
    tag: "Demo requests",
    summary: "Request a demo",
    description:
      "docs/product.md §7. Optional attribution fields (`sourcePage`, UTM parameters; with the visitor's analytics consent `referrer`, `landingPage` and `visitId`) say where the visitor came from (docs/decisions/052); a value that does not fit is stored as null, never refused. Suspected spam is stored and answered alike.",
    access: "public",
    body: { parts: [demoRequestSchema, demoAttributionSchema, demoSpamSignalsSchema], required: true },
    answers: {
      201: { description: "Received.", body: answers.messageOnly },
      400: { description: "A field is missing or breaks its rule.", body: error },
      429: { description: "Too many requests from this address.", body: error, headers: ["Retry-After"] },
    },
  },
  {
    method: "get",
    path: "/api/cms/demo-requests",
    operationId: "listDemoRequests",
    tag: "Demo requests",
    summary: "List leads",
    description:
      "Leads received at or after `since`, oldest first, for a CRM to pull (docs/integrations.md). Suspected spam is left out until marked Not spam.",
    access: "admin",
    query: demoRequestsQuerySchema,
    answers: {
      200: { description: "A page of leads.", body: answers.demoRequestLead.array(), headers: ["X-Total-Count", "Link"] },
      400: { description: "A bad `page`, `perPage` or `since`.", body: error },
    },
  },
  {
    method: "get",
    path: "/api/cms/demo-requests/{id}",
    operationId: "getDemoRequest",
    tag: "Demo requests",
    summary: "Get a demo request with its triage",
    description: "Status (Spam included), owner, the sales e-mail's state, notes and history (docs/decisions/053).",
    access: "admin",
    pathParams: demoRequestId,
    answers: {
      200: { description: "The request.", body: answers.demoRequestTriaged },
      400: { description: INVALID_ID, body: error },
      404: { description: "No such request (never received, or erased).", body: error },
    },
  },
  {
    method: "patch",
    path: "/api/cms/demo-requests/{id}",
    operationId: "updateDemoRequest",
    tag: "Demo requests",
    summary: "Change a demo request's status or owner",
    description:
      "`status` is one of new, contacted, qualified, won, lost or spam: spam takes the request out of the leads (its pending e-mail and webhook deliveries are held back or cancelled); any other status on a spam request brings it back as a lead (Not spam). `ownerId` is an administrator's id, or null. Each change is kept in the history.",
    access: "admin",
    pathParams: demoRequestId,
    body: { schema: demoRequestPatchSchema, required: true },
    answers: {
      200: { description: "The request as it is now.", body: answers.demoRequestTriaged },
      400: { description: "A bad status or owner, or the id is not a positive whole number: `errors` names the field.", body: error },
      404: { description: "No such request.", body: error },
    },
  },
  {
    method: "delete",
    path: "/api/cms/demo-requests/{id}",
    operationId: "deleteDemoRequest",
    tag: "Demo requests",
    summary: "Erase a demo request",
    description:
      "Deletes the request with its notes and history, its webhook deliveries (pending ones are cancelled), its sales e-mail if unsent, and the page views of its analytics visit. Idempotent: 204 also when it is gone already.",
    access: "admin",
    pathParams: demoRequestId,
    answers: {
      204: { description: "Erased, or not there." },
      400: { description: INVALID_ID, body: error },
    },
  },
  {
    method: "post",
    path: "/api/cms/demo-requests/{id}/notes",
    operationId: "addDemoRequestNote",
    tag: "Demo requests",
    summary: "Add an internal note",
    access: "admin",
    pathParams: demoRequestId,
    body: { schema: demoNoteSchema, required: true },
    answers: {
      201: { description: "The note, with its author and time.", body: answers.demoRequestNote },
      400: { description: "An empty or over-long note, or a bad id.", body: error },
      404: { description: "No such request.", body: error },
    },
  },
  {
    method: "post",
    path: "/api/cms/demo-requests/erasure",
    operationId: "eraseDemoRequester",
    tag: "Demo requests",
    summary: "Honour an erasure request",
    description:
      "Erases every request from the address (case aside) as `DELETE …/{id}` does, and any webhook delivery that names it. The address goes in the body, never in the URL. Idempotent: `erased: 0` when nothing is left.",
    access: "admin",
    body: { schema: demoPersonSchema, required: true },
    answers: {
      200: { description: "How many requests were erased.", body: answers.demoErasure },
      400: { description: "Not an e-mail address.", body: error },
    },
  },
  {
    method: "post",
    path: "/api/cms/demo-requests/subject-access",
    operationId: "exportDemoRequester",
    tag: "Demo requests",
    summary: "Export one person's data (subject access)",
    description: "Every request from the address, with owner, sales e-mail state, notes, history and webhook delivery records.",
    access: "admin",
    body: { schema: demoPersonSchema, required: true },
    answers: {
      200: { description: "The person's data; `requests` is empty when there is none.", body: answers.demoSubjectAccess },
      400: { description: "Not an e-mail address.", body: error },
    },
  },

  // Analytics
  {
    method: "post",
    path: "/api/events",
    operationId: "recordPageView",
    tag: "Analytics",
    summary: "Record a page view",
    description:
      "Sent only with the visitor's Analytics consent. Answered 202 whether the view was kept or dropped (Global Privacy Control, a prefetch, a bot, a page that is not the site's, a visit past its limit). Read as JSON also when sent as text/plain. Body at most 4 KB.",
    access: "public",
    body: { schema: pageViewSchema, required: true, alsoTextPlain: true },
    readsDatabase: false,
    answers: {
      202: { description: "Accepted." },
      400: { description: "Not one page view, or a field breaks its rule; nothing is stored.", body: error },
    },
  },

  // Posts (CMS)
  {
    method: "get",
    path: "/api/cms/posts",
    operationId: "listCmsPosts",
    tag: "Posts",
    summary: "List posts, drafts included",
    description:
      "Without any parameter, every post (docs/product.md §7); with any, one page, filtered and ordered, with `Link: <…>; rel=\"next\"` while more follow (docs/decisions/045).",
    access: "admin",
    query: cmsListQuerySchema,
    answers: {
      200: { description: "Posts, most recently edited first unless `sort` says otherwise.", body: answers.cmsListPost.array(), headers: ["X-Total-Count", "Link"] },
      400: { description: "A bad or repeated parameter.", body: error },
    },
  },
  {
    method: "post",
    path: "/api/cms/posts",
    operationId: "createPost",
    tag: "Posts",
    summary: "Create a post",
    description:
      "Content is sanitised to what the editor produces. `published: true` with a `publishedAt` still to come schedules the post (docs/decisions/049).",
    access: "admin",
    body: { schema: postInputSchema, required: true },
    answers: {
      201: { description: "The saved post.", body: answers.fullPost },
      400: { description: "A field is missing or breaks its rule.", body: error },
      409: { description: "The slug is taken: `errors.slug` says so.", body: error },
    },
  },
  {
    method: "get",
    path: "/api/cms/posts/{id}",
    operationId: "getCmsPost",
    tag: "Posts",
    summary: "Get a post",
    access: "admin",
    pathParams: postId,
    answers: {
      200: { description: "The whole post.", body: answers.fullPost },
      400: { description: INVALID_ID, body: error },
      404: { description: "No such post.", body: error },
    },
  },
  {
    method: "put",
    path: "/api/cms/posts/{id}",
    operationId: "updatePost",
    tag: "Posts",
    summary: "Save a post",
    description: "Names the `version` the edit started from; a post saved since is a 409 with the post as it is now (docs/decisions/041).",
    access: "admin",
    pathParams: postId,
    body: { schema: postUpdateSchema, required: true },
    answers: {
      200: { description: "The saved post.", body: answers.fullPost },
      400: { description: "A field is missing or breaks its rule, or the id is not a positive whole number.", body: error },
      404: { description: "No such post.", body: error },
      409: { description: "The slug is taken, or the post was saved since `version`.", body: [error, answers.editConflict] },
    },
  },
  {
    method: "delete",
    path: "/api/cms/posts/{id}",
    operationId: "deletePost",
    tag: "Posts",
    summary: "Delete a post",
    access: "admin",
    pathParams: postId,
    answers: {
      200: { description: "Deleted.", body: answers.postDeleted },
      400: { description: INVALID_ID, body: error },
      404: { description: "No such post.", body: error },
    },
  },
  {
    method: "get",
    path: "/api/cms/tags",
    operationId: "listCmsTags",
    tag: "Posts",
    summary: "List every tag",
    description: "With its number of posts, drafts included: the editor's suggestions.",
    access: "admin",
    answers: { 200: { description: "Tags by name.", body: answers.cmsTag.array() } },
  },
  {
    method: "post",
    path: "/api/cms/media",
    operationId: "uploadImage",
    tag: "Posts",
    summary: "Upload an image",
    description:
      "The body is the image file itself, any Content-Type: PNG, JPEG, GIF, WebP, BMP or ICO up to 10 MB, re-encoded and stored (decision 060). SVG is refused.",
    access: "admin",
    body: { raw: { contentType: "application/octet-stream", description: "The image's bytes." }, required: true },
    answers: {
      201: { description: "The stored image and its address.", body: answers.storedMedia },
      400: { description: "Empty, not a supported image, or too many pixels: `errors.file` says which.", body: error },
      413: { description: "Larger than 10 MB.", body: error },
    },
  },

  // Revisions
  {
    method: "get",
    path: "/api/cms/posts/{id}/revisions",
    operationId: "listRevisions",
    tag: "Revisions",
    summary: "List a post's revisions",
    description: "Newest first; at most 200 are kept per post.",
    access: "admin",
    pathParams: postId,
    answers: {
      200: { description: "The revisions.", body: answers.revisionSummary.array() },
      400: { description: INVALID_ID, body: error },
      404: { description: "No such post.", body: error },
    },
  },
  {
    method: "get",
    path: "/api/cms/posts/{id}/revisions/{revisionId}",
    operationId: "getRevision",
    tag: "Revisions",
    summary: "Get a revision and what changed since",
    access: "admin",
    pathParams: { ...postId, revisionId: "The revision's id." },
    answers: {
      200: { description: "The revision's fields, and the word-level changes from it to the post now.", body: answers.revisionDetail },
      400: { description: INVALID_ID, body: error },
      404: { description: "No such post, or no such revision of it.", body: error },
    },
  },
  {
    method: "post",
    path: "/api/cms/posts/{id}/revisions/{revisionId}/restore",
    operationId: "restoreRevision",
    tag: "Revisions",
    summary: "Restore a revision",
    description: "Saves the revision's fields as a new revision. Naming the `version` you saw makes a later save a 409 (docs/decisions/041).",
    access: "admin",
    pathParams: { ...postId, revisionId: "The revision's id." },
    body: { schema: restoreSchema, required: false },
    answers: {
      200: { description: "The saved post.", body: answers.fullPost },
      400: { description: "A bad id or `version`.", body: error },
      404: { description: "No such post, or no such revision of it.", body: error },
      409: { description: "The post was saved since `version`, or the revision's slug is now another post's.", body: [error, answers.editConflict] },
    },
  },

  // Working copies
  {
    method: "get",
    path: "/api/cms/posts/{id}/working-copy",
    operationId: "getWorkingCopy",
    tag: "Working copies",
    summary: "Get your working copy of a post",
    access: "admin",
    pathParams: postId,
    answers: {
      200: { description: "Your autosaved copy, newer than the post's last save.", body: answers.workingCopy },
      400: { description: INVALID_ID, body: error },
      404: { description: "No copy, or it is older than the post's last save, or no such post.", body: error },
    },
  },
  {
    method: "put",
    path: "/api/cms/posts/{id}/working-copy",
    operationId: "saveWorkingCopy",
    tag: "Working copies",
    summary: "Autosave your working copy",
    description: "Never changes the post itself: that happens only on a save (PUT /api/cms/posts/{id}).",
    access: "admin",
    pathParams: postId,
    body: { schema: workingCopyInputSchema, required: true },
    answers: {
      200: { description: "Stored.", body: answers.workingCopySaved },
      400: { description: "A field breaks its rule, or a bad id.", body: error },
      404: { description: "No such post.", body: error },
    },
  },
  {
    method: "delete",
    path: "/api/cms/posts/{id}/working-copy",
    operationId: "deleteWorkingCopy",
    tag: "Working copies",
    summary: "Discard your working copy",
    access: "admin",
    pathParams: postId,
    answers: {
      204: { description: "Gone, whether or not there was one." },
      400: { description: INVALID_ID, body: error },
    },
  },

  // Review links
  {
    method: "post",
    path: "/api/cms/posts/{id}/review-links",
    operationId: "createReviewLink",
    tag: "Review links",
    summary: "Create a review link",
    description: "The only answer that carries the link's token and address; only its hash is stored.",
    access: "admin",
    pathParams: postId,
    body: { schema: reviewLinkInputSchema, required: false },
    answers: {
      201: { description: "The link.", body: answers.createdReviewLink },
      400: { description: "A bad id or `expiresInDays`.", body: error },
      404: { description: "No such post.", body: error },
      409: { description: "The post is published: it needs no review link.", body: error },
    },
  },
  {
    method: "get",
    path: "/api/cms/posts/{id}/review-links",
    operationId: "listReviewLinks",
    tag: "Review links",
    summary: "List a post's active review links",
    access: "admin",
    pathParams: postId,
    answers: {
      200: { description: "Links that still open the post, newest first.", body: answers.reviewLink.array() },
      400: { description: INVALID_ID, body: error },
      404: { description: "No such post.", body: error },
    },
  },
  {
    method: "delete",
    path: "/api/cms/posts/{id}/review-links/{linkId}",
    operationId: "revokeReviewLink",
    tag: "Review links",
    summary: "Revoke a review link",
    description: "The link answers 404 from the next request on, on every instance.",
    access: "admin",
    pathParams: { ...postId, linkId: "The link's id." },
    answers: {
      200: { description: "Revoked.", body: answers.reviewLinkRevoked },
      400: { description: INVALID_ID, body: error },
      404: { description: "Unknown, another post's, or no longer active.", body: error },
    },
  },

  // Users
  {
    method: "get",
    path: "/api/cms/users",
    operationId: "listUsers",
    tag: "Users",
    summary: "List users",
    access: "admin",
    answers: { 200: { description: "Every account, oldest first.", body: answers.user.array() } },
  },
  {
    method: "patch",
    path: "/api/cms/users/{id}",
    operationId: "setUserRole",
    tag: "Users",
    summary: "Grant or revoke the administrator role",
    access: "admin",
    pathParams: { id: "The user's id." },
    body: { schema: setAdminSchema, required: true },
    answers: {
      200: { description: "The user with the new role.", body: answers.user },
      400: { description: "`isAdmin` is missing or not true or false.", body: error },
      404: { description: "No such user.", body: error },
      409: { description: "Your own role, or the last administrator.", body: error },
    },
  },
  {
    method: "delete",
    path: "/api/cms/users/{id}",
    operationId: "deleteUser",
    tag: "Users",
    summary: "Delete a user",
    access: "admin",
    pathParams: { id: "The user's id." },
    answers: {
      200: { description: "Deleted; their posts keep their content and show the organisation as author.", body: answers.done },
      404: { description: "No such user.", body: error },
      409: { description: "Your own account, or the last administrator.", body: error },
    },
  },

  // Profile
  {
    method: "get",
    path: "/api/cms/profile",
    operationId: "getProfile",
    tag: "Profile",
    summary: "Get your author profile",
    access: "admin",
    answers: { 200: { description: "Your profile.", body: answers.ownProfile } },
  },
  {
    method: "put",
    path: "/api/cms/profile",
    operationId: "updateProfile",
    tag: "Profile",
    summary: "Update your author profile",
    access: "admin",
    body: { schema: profileSchema, required: true },
    answers: {
      200: { description: "Your profile as saved.", body: answers.ownProfile },
      400: { description: "A field breaks its rule, or the avatar is not an uploaded image.", body: error },
    },
  },

  // Webhooks
  {
    method: "get",
    path: "/api/cms/webhooks",
    operationId: "listWebhooks",
    tag: "Webhooks",
    summary: "List webhooks",
    access: "admin",
    answers: { 200: { description: "Every webhook, without secrets.", body: answers.webhook.array() } },
  },
  {
    method: "post",
    path: "/api/cms/webhooks",
    operationId: "createWebhook",
    tag: "Webhooks",
    summary: "Add a webhook",
    description:
      "An https URL whose name does not resolve to a loopback, private or link-local address (server-side request forgery); `WEBHOOKS_ALLOW_PRIVATE_URLS` lifts that for local development.",
    access: "admin",
    body: { schema: webhookInputSchema, required: true },
    answers: {
      201: { description: "The webhook, with its signing secret: shown only here.", body: answers.createdWebhook },
      400: { description: "A bad or refused URL, no event, or a description too long.", body: error },
    },
  },
  {
    method: "patch",
    path: "/api/cms/webhooks/{id}",
    operationId: "updateWebhook",
    tag: "Webhooks",
    summary: "Change or pause a webhook",
    access: "admin",
    pathParams: { id: "The webhook's id." },
    body: { schema: webhookUpdateSchema, required: true },
    answers: {
      200: { description: "The webhook as saved.", body: answers.webhook },
      400: { description: "A bad field or id.", body: error },
      404: { description: "No such webhook.", body: error },
    },
  },
  {
    method: "delete",
    path: "/api/cms/webhooks/{id}",
    operationId: "deleteWebhook",
    tag: "Webhooks",
    summary: "Delete a webhook",
    access: "admin",
    pathParams: { id: "The webhook's id." },
    answers: {
      200: { description: "Deleted, with its delivery log.", body: answers.done },
      400: { description: INVALID_ID, body: error },
      404: { description: "No such webhook.", body: error },
    },
  },
  {
    method: "get",
    path: "/api/cms/webhooks/{id}/deliveries",
    operationId: "listWebhookDeliveries",
    tag: "Webhooks",
    summary: "A webhook's delivery log",
    access: "admin",
    pathParams: { id: "The webhook's id." },
    query: deliveriesQuerySchema,
    answers: {
      200: { description: "A page of deliveries, newest first.", body: answers.webhookDeliveryPage },
      400: { description: "A bad id or `page`.", body: error },
      404: { description: "No such webhook.", body: error },
    },
  },
  {
    method: "post",
    path: "/api/cms/webhooks/{id}/test",
    operationId: "sendWebhookTest",
    tag: "Webhooks",
    summary: "Send a test event",
    access: "admin",
    pathParams: { id: "The webhook's id." },
    answers: {
      202: { description: "Queued: sent in the background, shown in the delivery log.", body: answers.webhookDelivery },
      400: { description: INVALID_ID, body: error },
      404: { description: "No such webhook.", body: error },
      409: { description: "The webhook is paused.", body: error },
    },
  },
  {
    method: "post",
    path: "/api/cms/webhooks/deliveries/{id}/redeliver",
    operationId: "redeliverWebhookDelivery",
    tag: "Webhooks",
    summary: "Redeliver an event",
    access: "admin",
    pathParams: { id: "The delivery's id." },
    answers: {
      202: { description: "Queued again as a new delivery of the same message.", body: answers.webhookDelivery },
      400: { description: INVALID_ID, body: error },
      404: { description: "No such delivery, or its webhook is gone.", body: error },
      409: { description: "The delivery is still pending, or the webhook is paused.", body: error },
    },
  },

  // API
  {
    method: "get",
    path: "/api/openapi.json",
    operationId: "getOpenApiDocument",
    tag: "API",
    summary: "This description",
    description: "OpenAPI 3.1, generated from the schemas that validate the requests.",
    access: "public",
    readsDatabase: false,
    answers: { 200: { description: "The OpenAPI document.", body: answers.openApiJson } },
  },

  // Two-step sign-in (docs/decisions/075)
  ...secondFactorOperations,
];
