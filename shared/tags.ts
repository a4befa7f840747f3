import { text, z } from "./zod.ts";
import {
  COVER_IMAGE_ALT_MAX,
  META_DESCRIPTION_MAX,
  META_TITLE_MAX,
  TAG_NAME_MAX,
  optionalText,
  optionalUrl,
  tagNameText,
  tagSlug,
} from "./post-schema.ts";

/**
 * Managing tags on /cms/tags (docs/decisions/035-tag-management.md): what the page, the tag service
 * and the API share. Browser-safe.
 */

export const TAG_DESCRIPTION_MAX = 500;
export const TAG_SLUG_INVALID = `A slug needs a letter a-z or digit 0-9, at most ${TAG_NAME_MAX} characters.`;
export const TAG_NAME_TAKEN = "Another tag already has this name (or one that makes the same slug).";
export const TAG_SLUG_TAKEN = "Another tag already has this slug.";
export const MERGE_TARGET_INVALID = "Choose another tag to merge into.";
export const TAG_NOT_FOUND = "Tag not found";
export const TAG_IMAGE_ALT_MAX = COVER_IMAGE_ALT_MAX;
export const TAG_IMAGE_ALT_REQUIRED = "Alt text is required for a tag image: describe the image, or mark it as decorative.";

/**
 * A slug as typed: written the way tag slugs are (`tagSlug`: lower case, accents dropped, hyphens);
 * empty or missing is the name's own slug.
 */
const slug = text("Slug", { error: TAG_SLUG_INVALID })
  .trim()
  .nullish()
  .transform((value) => (value ? tagSlug(value) : null))
  .refine((value) => value === null || (value !== "" && value.length <= TAG_NAME_MAX), TAG_SLUG_INVALID);

/**
 * Creating or editing a tag: every field, as the form sends them (POST and PUT /api/cms/tags). The
 * image follows a post cover's rules (shared/post-schema.ts): an http(s) address or an upload's
 * `/media/…` path, and alt text unless it is marked decorative (WCAG 1.1.1); without an image, no rule.
 */
export const tagInputSchema = z
  .object({
    name: tagNameText,
    slug,
    description: optionalText(TAG_DESCRIPTION_MAX, "Description"),
    metaTitle: optionalText(META_TITLE_MAX, "Meta title"),
    metaDescription: optionalText(META_DESCRIPTION_MAX, "Meta description"),
    image: optionalUrl("Image URL", { allowMediaPath: true }),
    imageAlt: optionalText(TAG_IMAGE_ALT_MAX, "Alt text"),
    imageDecorative: z.boolean({ error: "Decorative image must be true or false." }).default(false),
  })
  .refine((tag) => tag.image === null || tag.imageDecorative || tag.imageAlt !== null, {
    error: TAG_IMAGE_ALT_REQUIRED,
    path: ["imageAlt"],
  })
  .transform((input) => ({ ...input, slug: input.slug ?? tagSlug(input.name) }));
export type TagInput = z.output<typeof tagInputSchema>;

/** The alt attribute of a tag's image: null without one, "" for a decorative one. */
export function tagImageAltText(tag: { name: string; image: string | null; imageAlt: string | null; imageDecorative: boolean }): string | null {
  if (tag.image === null) return null;
  if (tag.imageDecorative) return "";
  // The schema asks for alt text; the name stands in should a row ever lack it.
  return tag.imageAlt ?? tag.name;
}

/** Merging a tag: the slug of the tag its posts move to. */
export const tagMergeSchema = z.object({
  into: text("Merge into", { error: MERGE_TARGET_INVALID }).trim().min(1, MERGE_TARGET_INVALID),
});
