import { text, z } from "./zod.ts";
import { slugPattern } from "./slugify.ts";

/**
 * The post a CMS save sends (SPEC §3 "Blog post (editor / full)", §5 "Post save"): one schema for the
 * editor's instant checks and the server's authority. Browser-safe. Unknown fields (authorId,
 * publishedAt, id…) are dropped: the server takes the author from the session and sets
 * publishedAt itself (SPEC §4).
 */
export const MISSING_REQUIRED_FIELDS = "Missing required fields: Please fill in title, slug, and content";

export const META_TITLE_MAX = 70;
export const META_DESCRIPTION_MAX = 160;
export const TITLE_MAX = 200;
export const SLUG_MAX = 200;
export const EXCERPT_MAX = 1000;
export const KEYWORDS_MAX = 500;
export const URL_MAX = 2048;
export const COVER_IMAGE_ALT_MAX = 250;
export const COVER_IMAGE_ALT_REQUIRED =
  "Alt text is required for a cover image: describe the image, or mark it as decorative.";
/** Content may carry small data: images; the JSON body limit (1 MB) is the real ceiling. */
export const CONTENT_MAX = 1_000_000;

const required = (max: number, label: string) =>
  text(label, { error: MISSING_REQUIRED_FIELDS })
    .trim()
    .min(1, MISSING_REQUIRED_FIELDS)
    .max(max, `${label} must be at most ${max} characters.`);

/** Optional text: empty or missing means null (SPEC §5: empty optional fields are sent as null). */
const optionalText = (max: number, label: string) =>
  text(label, { error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * An absolute http(s) URL; `allowMediaPath` also accepts this site's own uploads (`/media/…`).
 * Anything else (javascript:, data:, protocol-relative //host) is refused.
 */
const optionalUrl = (label: string, { allowMediaPath = false } = {}) =>
  optionalText(URL_MAX, label).refine((value) => value === null || isSafeUrl(value, allowMediaPath), {
    error: allowMediaPath
      ? `${label} must be an http(s) URL or an uploaded /media/ image.`
      : `${label} must be an http(s) URL.`,
  });

export function isSafeUrl(value: string, allowMediaPath = false): boolean {
  if (allowMediaPath && /^\/media\/[A-Za-z0-9._-]+$/.test(value)) return true;
  // Characters a URL never carries unencoded (RFC 3986): spaces, quotes, angle brackets, backslashes.
  if (!/^https?:\/\/[^\s"'<>\\^`{|}]+$/i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** Content counts as empty when it has no text and no image, e.g. the editor's empty `<p></p>`. */
export function isEmptyContent(html: string): boolean {
  if (/<img\b/i.test(html)) return false;
  return html.replace(/<[^>]*>/g, "").replace(/&nbsp;|&#160;|\s/g, "") === "";
}

/** A cover image needs alt text unless it is marked decorative (WCAG 1.1.1); without a cover, no rule. */
export const postInputSchema = z
  .object({
    title: required(TITLE_MAX, "Title"),
    slug: required(SLUG_MAX, "Slug").regex(slugPattern, "Slug may only contain lowercase letters a-z, digits 0-9 and hyphens."),
    content: text("Content", { error: MISSING_REQUIRED_FIELDS })
      .max(CONTENT_MAX, `Content must be at most ${CONTENT_MAX} characters.`)
      .refine((value) => !isEmptyContent(value), MISSING_REQUIRED_FIELDS),
    excerpt: optionalText(EXCERPT_MAX, "Excerpt"),
    coverImage: optionalUrl("Cover image URL", { allowMediaPath: true }),
    coverImageAlt: optionalText(COVER_IMAGE_ALT_MAX, "Alt text"),
    coverImageDecorative: z.boolean({ error: "Decorative image must be true or false." }).default(false),
    metaTitle: optionalText(META_TITLE_MAX, "Meta title"),
    metaDescription: optionalText(META_DESCRIPTION_MAX, "Meta description"),
    keywords: optionalText(KEYWORDS_MAX, "Keywords"),
    canonicalUrl: optionalUrl("Canonical URL"),
    published: z.boolean({ error: "Published must be true or false." }).default(false),
  })
  .refine((post) => post.coverImage === null || post.coverImageDecorative || post.coverImageAlt !== null, {
    error: COVER_IMAGE_ALT_REQUIRED,
    path: ["coverImageAlt"],
  });

/**
 * PUT carries the version the edit was based on; an older one is an edit conflict (409).
 * `publishAsNew` re-dates a draft that was published before with the save time instead of its
 * first publication date (docs/decisions/062-unpublishing-keeps-the-first-date.md).
 */
export const postUpdateSchema = postInputSchema.extend({
  version: z
    .number({ error: "Version is required: reload the post and try again." })
    .int("Version is required: reload the post and try again.")
    .positive("Version is required: reload the post and try again."),
  publishAsNew: z.boolean({ error: "Publish as new must be true or false." }).default(false),
});

/**
 * The alt attribute of a post's cover image: null without one, "" only for a decorative one.
 * Posts saved before alt text existed (migration 006) fall back to their title.
 */
export function coverImageAltText(post: {
  title: string;
  coverImage: string | null;
  coverImageAlt: string | null;
  coverImageDecorative: boolean;
}): string | null {
  if (post.coverImage === null) return null;
  if (post.coverImageDecorative) return "";
  return post.coverImageAlt ?? post.title;
}

export type PostInput = z.input<typeof postInputSchema>;
export type PostFields = z.output<typeof postInputSchema>;
export type PostUpdateFields = z.output<typeof postUpdateSchema>;
