import { text, z } from "./zod.ts";
import { MAX_ID } from "./ids.ts";
import { authorIdSchema } from "./author-schema.ts";
import {
  CONTENT_MAX,
  COVER_IMAGE_ALT_MAX,
  EXCERPT_MAX,
  KEYWORDS_MAX,
  META_DESCRIPTION_MAX,
  META_TITLE_MAX,
  SLUG_MAX,
  TAG_NAME_MAX,
  TAGS_PER_POST_MAX,
  TITLE_MAX,
  TOO_MANY_TAGS,
  URL_MAX,
} from "./post-schema.ts";

/**
 * A writer's working copy of a post, as the editor autosaves it
 * (docs/decisions/066-server-autosave-working-copies.md). Lenient where a save is strict: a copy is
 * work in progress, so any field may be empty or unfinished (no required fields, no slug alphabet,
 * no URL or alt-text rule); those rules apply when the post itself is saved (post-schema.ts). Every
 * field is still bounded by the same limits, so a copy can never be bigger than a post.
 * Browser-safe: the editor sends exactly these fields (its form, post-form.ts).
 */
const bounded = (max: number, label: string) =>
  text(label, { error: `${label} must be text.` })
    .max(max, `${label} must be at most ${max} characters.`)
    .default("");

export const BASE_VERSION_INVALID = "Base version must be the version of the post the copy started from.";

export const workingCopyFieldsSchema = z.object({
  title: bounded(TITLE_MAX, "Title"),
  slug: bounded(SLUG_MAX, "Slug"),
  content: bounded(CONTENT_MAX, "Content"),
  excerpt: bounded(EXCERPT_MAX, "Excerpt"),
  coverImage: bounded(URL_MAX, "Cover image URL"),
  coverImageAlt: bounded(COVER_IMAGE_ALT_MAX, "Alt text"),
  coverImageDecorative: z.boolean({ error: "Decorative image must be true or false." }).default(false),
  metaTitle: bounded(META_TITLE_MAX, "Meta title"),
  metaDescription: bounded(META_DESCRIPTION_MAX, "Meta description"),
  keywords: bounded(KEYWORDS_MAX, "Keywords"),
  canonicalUrl: bounded(URL_MAX, "Canonical URL"),
  /** null: the organisation (docs/decisions/044); who may be named is checked when the post is saved. */
  authorId: authorIdSchema.transform((value) => value ?? null),
  published: z.boolean({ error: "Published must be true or false." }).default(false),
  tags: z
    .array(text("Tag name").max(TAG_NAME_MAX, `Each tag must be a name of at most ${TAG_NAME_MAX} characters.`), {
      error: "Tags must be a list of tag names.",
    })
    .max(TAGS_PER_POST_MAX, TOO_MANY_TAGS)
    .default([]),
});

/** `PUT /api/cms/posts/{id}/working-copy`: the form's fields and the version of the post they started from. */
export const workingCopyInputSchema = workingCopyFieldsSchema.extend({
  baseVersion: z
    .number({ error: BASE_VERSION_INVALID })
    .int(BASE_VERSION_INVALID)
    .positive(BASE_VERSION_INVALID)
    .max(MAX_ID, BASE_VERSION_INVALID),
});

export type WorkingCopyFields = z.output<typeof workingCopyFieldsSchema>;
export type WorkingCopyInput = z.input<typeof workingCopyInputSchema>;
