import { text, z } from "./zod.ts";
import { META_DESCRIPTION_MAX, META_TITLE_MAX, TAG_NAME_MAX, optionalText, tagNameText, tagSlug } from "./post-schema.ts";

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

/**
 * A slug as typed: written the way tag slugs are (`tagSlug`: lower case, accents dropped, hyphens);
 * empty or missing is the name's own slug.
 */
const slug = text("Slug", { error: TAG_SLUG_INVALID })
  .trim()
  .nullish()
  .transform((value) => (value ? tagSlug(value) : null))
  .refine((value) => value === null || (value !== "" && value.length <= TAG_NAME_MAX), TAG_SLUG_INVALID);

/** Creating or editing a tag: every field, as the form sends them (POST and PUT /api/cms/tags). */
export const tagInputSchema = z
  .object({
    name: tagNameText,
    slug,
    description: optionalText(TAG_DESCRIPTION_MAX, "Description"),
    metaTitle: optionalText(META_TITLE_MAX, "Meta title"),
    metaDescription: optionalText(META_DESCRIPTION_MAX, "Meta description"),
  })
  .transform((input) => ({ ...input, slug: input.slug ?? tagSlug(input.name) }));
export type TagInput = z.output<typeof tagInputSchema>;

/** Merging a tag: the slug of the tag its posts move to. */
export const tagMergeSchema = z.object({
  into: text("Merge into", { error: MERGE_TARGET_INVALID }).trim().min(1, MERGE_TARGET_INVALID),
});
