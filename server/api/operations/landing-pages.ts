import { z } from "../../../shared/zod.ts";
import { isRefusal } from "../../../shared/refusal.ts";
import { LANDING_VERSION_INVALID, landingPageFieldErrors, landingPageInputSchema, landingScheduleSchema } from "../../../shared/landing-pages.ts";
import { operation, reply, staff } from "../operation.ts";
import { idParams, pathId } from "../validation.ts";
import * as answers from "../openapi/responses.ts";
import { landingPage, landingPageConflict, landingPageDeleted, landingPageRevision, landingPageSummary } from "../openapi/landing-page-responses.ts";

/**
 * Landing pages (docs/decisions/037-landing-pages.md; docs/api-landing-pages.md): the CMS's pages at
 * /l/{slug}, for roles with `pages` (editors and administrators), by session only: no API token scope
 * opens them. Each call is one service call (server/services/landing-pages.ts), which judges the
 * role again in its transaction.
 */

const error = answers.errorBody;
const TAG = "Landing pages";

export const landingPagesTags: { name: string; description: string }[] = [
  {
    name: TAG,
    description:
      "Pages composed of designed blocks, served at /l/{slug} (docs/decisions/037; docs/api-landing-pages.md). Editors and administrators, by session only.",
  },
];

const access = staff("pages");
const pageParams = idParams("Landing page");
const revisionParams = z.object({ id: pathId("Landing page"), revisionId: pathId("Revision") });
const linkParams = z.object({ id: pathId("Landing page"), linkId: pathId("Review link") });

const versionSchema = z.number({ error: LANDING_VERSION_INVALID }).int(LANDING_VERSION_INVALID).min(1, LANDING_VERSION_INVALID);
const updateSchema = landingPageInputSchema.extend({ version: versionSchema });

/** A refused block names its block and field: `errors["blocks.2.headline"]` = "Block 3 (Hero): Headline is required." */
const bodyErrors = landingPageFieldErrors;
const fieldsRefused = "A field breaks its rule: `errors` names it, a block's field as `blocks.{index}.{field}` with the block named in the message.";
const notFound = { description: "No such landing page.", body: error };
const publishRefused = "A block misses a field a live page needs: `errors` names each (`blocks.{index}.{field}`), the message the first.";

export const landingPagesOperations = [
  operation({
    method: "get",
    path: "/api/cms/landing-pages",
    operationId: "listLandingPages",
    tag: TAG,
    summary: "List landing pages",
    description: "Every page, newest updated first, without its blocks.",
    access,
    answers: { 200: { description: "The pages.", body: landingPageSummary.array() } },
    handle: (_input, { services }) => services.landingPages.list(),
  }),
  operation({
    method: "post",
    path: "/api/cms/landing-pages",
    operationId: "createLandingPage",
    tag: TAG,
    summary: "Create a landing page",
    description: "A draft. Rich-text blocks are sanitized like a post's; required block fields may stay empty until it is published.",
    access,
    body: { kind: "json", schema: landingPageInputSchema, required: true },
    bodyErrors,
    answers: {
      201: { description: "The draft.", body: landingPage },
      400: { description: `${fieldsRefused} A slug another page uses is \`errors.slug\`.`, body: error },
    },
    async handle({ body }, { services, user }) {
      const created = await services.landingPages.create(user, body);
      return isRefusal(created) ? created : reply(created, { status: 201 });
    },
  }),
  operation({
    method: "get",
    path: "/api/cms/landing-pages/{id}",
    operationId: "getLandingPage",
    tag: TAG,
    summary: "Get a landing page",
    access,
    params: pageParams,
    answers: { 200: { description: "The page with its blocks and `version`.", body: landingPage }, 404: notFound },
    handle: ({ params }, { services }) => services.landingPages.get(params.id),
  }),
  operation({
    method: "put",
    path: "/api/cms/landing-pages/{id}",
    operationId: "updateLandingPage",
    tag: TAG,
    summary: "Save a landing page",
    description:
      "Every field, and the `version` you edited. A published page changes at once; a published or scheduled page must still pass the publish check.",
    access,
    params: pageParams,
    body: { kind: "json", schema: updateSchema, required: true },
    bodyErrors,
    answers: {
      200: { description: "The page as saved.", body: landingPage },
      400: { description: `${fieldsRefused} On a live or scheduled page, also a field it needs.`, body: error },
      404: notFound,
      409: { description: "Saved by someone else since `version`: `current` is the page now.", body: landingPageConflict },
    },
    handle: ({ params, body }, { services, user }) => services.landingPages.update(user, params.id, body),
  }),
  operation({
    method: "delete",
    path: "/api/cms/landing-pages/{id}",
    operationId: "deleteLandingPage",
    tag: TAG,
    summary: "Delete a landing page",
    description: "With its revisions and review links; its address answers 404 at once.",
    access,
    params: pageParams,
    answers: { 200: { description: "Deleted.", body: landingPageDeleted }, 404: notFound },
    async handle({ params }, { services, user }) {
      const removed = await services.landingPages.remove(user, params.id);
      return isRefusal(removed) ? removed : { message: "Landing page deleted" as const, id: params.id };
    },
  }),
  operation({
    method: "post",
    path: "/api/cms/landing-pages/{id}/publish",
    operationId: "publishLandingPage",
    tag: TAG,
    summary: "Publish a landing page",
    description: "Live at /l/{slug} on every instance from the next request. A published page stays as it is.",
    access,
    params: pageParams,
    answers: { 200: { description: "The published page.", body: landingPage }, 400: { description: publishRefused, body: error }, 404: notFound },
    handle: ({ params }, { services, user }) => services.landingPages.publish(user, params.id),
  }),
  operation({
    method: "post",
    path: "/api/cms/landing-pages/{id}/unpublish",
    operationId: "unpublishLandingPage",
    tag: TAG,
    summary: "Unpublish a landing page",
    description: "A draft again (a scheduled page loses its time); its address answers 404. A draft stays as it is.",
    access,
    params: pageParams,
    answers: { 200: { description: "The draft.", body: landingPage }, 404: notFound },
    handle: ({ params }, { services, user }) => services.landingPages.unpublish(user, params.id),
  }),
  operation({
    method: "post",
    path: "/api/cms/landing-pages/{id}/schedule",
    operationId: "scheduleLandingPage",
    tag: TAG,
    summary: "Schedule a landing page",
    description: "`at`: an ISO date-time to come, at most 5 years ahead. Published then by the background job, once across instances.",
    access,
    params: pageParams,
    body: { kind: "json", schema: landingScheduleSchema, required: true },
    answers: {
      200: { description: "The scheduled page.", body: landingPage },
      400: { description: `\`errors.at\` for a time that is not one, past or too far; else: ${publishRefused}`, body: error },
      404: notFound,
      409: { description: "Already published.", body: error },
    },
    handle: ({ params, body }, { services, user }) => services.landingPages.schedule(user, params.id, body.at),
  }),
  operation({
    method: "post",
    path: "/api/cms/landing-pages/{id}/unschedule",
    operationId: "unscheduleLandingPage",
    tag: TAG,
    summary: "Unschedule a landing page",
    description: "A scheduled page back to a draft; a draft stays as it is.",
    access,
    params: pageParams,
    answers: {
      200: { description: "The draft.", body: landingPage },
      404: notFound,
      409: { description: "Published, not scheduled: unpublish it instead.", body: error },
    },
    handle: ({ params }, { services, user }) => services.landingPages.unschedule(user, params.id),
  }),
  operation({
    method: "post",
    path: "/api/cms/landing-pages/{id}/duplicate",
    operationId: "duplicateLandingPage",
    tag: TAG,
    summary: "Duplicate a landing page",
    description: "A new draft with the same blocks and SEO fields, titled “… (copy)” at the first free `{slug}-copy`, `{slug}-copy-2`…",
    access,
    params: pageParams,
    answers: { 201: { description: "The copy.", body: landingPage }, 404: notFound },
    async handle({ params }, { services, user }) {
      const copy = await services.landingPages.duplicate(user, params.id);
      return isRefusal(copy) ? copy : reply(copy, { status: 201 });
    },
  }),
  operation({
    method: "get",
    path: "/api/cms/landing-pages/{id}/revisions",
    operationId: "listLandingPageRevisions",
    tag: TAG,
    summary: "List a landing page's revisions",
    description: "Newest first: each save and each publication; the last 50 are kept.",
    access,
    params: pageParams,
    answers: { 200: { description: "The revisions.", body: landingPageRevision.array() }, 404: notFound },
    handle: ({ params }, { services }) => services.landingPages.revisions(params.id),
  }),
  operation({
    method: "post",
    path: "/api/cms/landing-pages/{id}/revisions/{revisionId}/restore",
    operationId: "restoreLandingPageRevision",
    tag: TAG,
    summary: "Restore a landing page revision",
    description: "Saves the revision's content as the page's, a new version; the page keeps its status.",
    access,
    params: revisionParams,
    answers: {
      200: { description: "The page as restored.", body: landingPage },
      400: { description: "Its slug is another page's now, or the page is live and the revision misses a field it needs.", body: error },
      404: { description: "No such landing page, or no such revision of it.", body: error },
    },
    handle: ({ params }, { services, user }) => services.landingPages.restoreRevision(user, params.id, params.revisionId),
  }),
  operation({
    method: "get",
    path: "/api/cms/landing-pages/{id}/review-links",
    operationId: "listLandingPageReviewLinks",
    tag: TAG,
    summary: "List a landing page's review links",
    access,
    params: pageParams,
    answers: { 200: { description: "Links that still open the page, newest first.", body: answers.reviewLink.array() }, 404: notFound },
    handle: ({ params }, { services }) => services.landingPages.reviewLinks(params.id),
  }),
  operation({
    method: "post",
    path: "/api/cms/landing-pages/{id}/review-links",
    operationId: "createLandingPageReviewLink",
    tag: TAG,
    summary: "Create a landing page review link",
    description: "Shows the page as it is now at /preview/page/{token} for 7 days. The only answer that carries the token; only its hash is stored.",
    access,
    params: pageParams,
    answers: { 201: { description: "The link.", body: answers.createdReviewLink }, 404: notFound },
    async handle({ params }, { services, user }) {
      const link = await services.landingPages.createReviewLink(user, params.id);
      return isRefusal(link) ? link : reply(link, { status: 201 });
    },
  }),
  operation({
    method: "delete",
    path: "/api/cms/landing-pages/{id}/review-links/{linkId}",
    operationId: "revokeLandingPageReviewLink",
    tag: TAG,
    summary: "Revoke a landing page review link",
    description: "The link answers 404 from the next request on, on every instance.",
    access,
    params: linkParams,
    answers: {
      200: { description: "Revoked.", body: answers.reviewLinkRevoked },
      404: { description: "No such page, or the link is unknown, another page's, or no longer active.", body: error },
    },
    async handle({ params }, { services, user }) {
      const revoked = await services.landingPages.revokeReviewLink(user, params.id, params.linkId);
      return isRefusal(revoked) ? revoked : { message: "Review link revoked" as const, id: revoked.id };
    },
  }),
];
