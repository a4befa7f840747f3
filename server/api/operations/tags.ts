import { z } from "../../../shared/zod.ts";
import { isRefusal } from "../../../shared/refusal.ts";
import { slugPattern } from "../../../shared/slugify.ts";
import { tagInputSchema, tagMergeSchema } from "../../../shared/tags.ts";
import { operation, reply, staff } from "../operation.ts";
import * as answers from "../openapi/responses.ts";

/**
 * Managing tags (docs/decisions/035-tag-management.md): the Tags page's writes, for roles with
 * posts.edit-any (editors and administrators, docs/decisions/032) and tokens with posts:write. The
 * list is GET /api/cms/tags (server/api/operations/content.ts), which every writer reads.
 */

const error = answers.errorBody;
const TAGS = "Tags";

export const tagsTags: { name: string; description: string }[] = [
  {
    name: TAGS,
    description:
      "Creating, editing, merging and deleting tags (docs/decisions/035). Each change refreshes the blog's cached pages; an old slug answers 301 from its tag page.",
  },
];

const tagParams = z.object({ slug: z.string().regex(slugPattern).describe("The tag's slug: a-z, 0-9 and -.") });
const access = staff("posts.edit-any", "posts:write");
const fieldsRefused = "A field is missing or breaks its rule (an image without `imageAlt` or `imageDecorative: true` too): `errors` names it.";
const fieldTaken = "Another tag has this name (or one that makes the same slug) or this slug: `errors.name` or `errors.slug`.";

export const tagsOperations = [
  operation({
    method: "post",
    path: "/api/cms/tags",
    operationId: "createTag",
    tag: TAGS,
    summary: "Create a tag",
    description:
      "`name`, and optionally `slug` (the name's own when empty), `description`, `metaTitle`, `metaDescription` and `image` (an http(s) URL or an uploaded /media/ path, from `POST /api/cms/media`) with `imageAlt` or `imageDecorative: true`.",
    access,
    body: { kind: "json", schema: tagInputSchema, required: true },
    answers: {
      201: { description: "The tag.", body: answers.cmsTag },
      400: { description: fieldsRefused, body: error },
      409: { description: fieldTaken, body: error },
    },
    async handle({ body }, { services }) {
      const created = await services.tagManagement.create(body);
      return isRefusal(created) ? created : reply(created, { status: 201 });
    },
  }),
  operation({
    method: "put",
    path: "/api/cms/tags/{slug}",
    operationId: "updateTag",
    tag: TAGS,
    summary: "Edit a tag",
    description:
      "Every field, as for creating one: a field left out is cleared, `image` included, so send back what the tag's answer carries. A new slug keeps the old one answering 301 from its tag page.",
    access,
    params: tagParams,
    body: { kind: "json", schema: tagInputSchema, required: true },
    answers: {
      200: { description: "The tag as saved.", body: answers.cmsTag },
      400: { description: fieldsRefused, body: error },
      404: { description: "No tag at this slug.", body: error },
      409: { description: fieldTaken, body: error },
    },
    handle: ({ params, body }, { services }) => services.tagManagement.update(params.slug, body),
  }),
  operation({
    method: "post",
    path: "/api/cms/tags/{slug}/merge",
    operationId: "mergeTag",
    tag: TAGS,
    summary: "Merge a tag into another",
    description: "Its posts are filed under the tag at `into` and it is deleted; its slug answers 301 to the other's tag page.",
    access,
    params: tagParams,
    body: { kind: "json", schema: tagMergeSchema, required: true },
    answers: {
      200: { description: "The tag merged into, with its new counts.", body: answers.cmsTag },
      400: { description: "`into` is missing, this tag itself, or no tag (`errors.into`).", body: error },
      404: { description: "No tag at this slug.", body: error },
    },
    handle: ({ params, body }, { services }) => services.tagManagement.merge(params.slug, body.into),
  }),
  operation({
    method: "delete",
    path: "/api/cms/tags/{slug}",
    operationId: "deleteTag",
    tag: TAGS,
    summary: "Delete a tag",
    description: "Its posts keep everything else; its tag page answers 404.",
    access,
    params: tagParams,
    answers: {
      200: { description: "Deleted.", body: answers.done },
      400: { description: "The slug is not a-z, 0-9 and -.", body: error },
      404: { description: "No tag at this slug.", body: error },
    },
    async handle({ params }, { services }) {
      const removed = await services.tagManagement.remove(params.slug);
      return isRefusal(removed) ? removed : { success: true as const, message: "The tag is deleted." };
    },
  }),
];
