import { text, z } from "./zod.ts";
import { slugify, slugPattern, withoutAccents } from "./slugify.ts";
import { authorIdSchema } from "./author-schema.ts";

/**
 * The post a CMS save sends (docs/product.md §3 "Blog post (editor / full)", §5 "Post save"): one schema for the
 * editor's instant checks and the server's authority. Browser-safe. Unknown fields (id…) are
 * dropped. The server sets publishedAt itself (docs/product.md §4), except that `published: true` with a
 * `publishedAt` still to come schedules the post (docs/decisions/049). `authorId` is read: omitted
 * keeps the author, and only an administrator may name another (docs/decisions/044).
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
export const TAG_NAME_MAX = 40;
export const TAGS_PER_POST_MAX = 10;
export const TAGS_NOT_A_LIST = "Tags must be a list of tag names.";
export const TAG_NAME_INVALID = `Each tag must be a name of 1 to ${TAG_NAME_MAX} characters.`;
export const TAG_NAME_NEEDS_LETTER = "Each tag name needs at least one letter a-z or digit 0-9.";
export const TOO_MANY_TAGS = `A post can have at most ${TAGS_PER_POST_MAX} tags.`;
export const SCHEDULE_MAX_YEARS = 5;
export const PUBLISHED_AT_INVALID = "Publish time must be a date and time with a time zone, e.g. 2026-12-01T09:00:00Z.";
export const PUBLISHED_AT_TOO_LATE = `A post can be scheduled at most ${SCHEDULE_MAX_YEARS} years ahead.`;

const required = (max: number, label: string) =>
  text(label, { error: MISSING_REQUIRED_FIELDS })
    .trim()
    .min(1, MISSING_REQUIRED_FIELDS)
    .max(max, `${label} must be at most ${max} characters.`);

/** Optional text: empty or missing means null (docs/product.md §5: empty optional fields are sent as null). */
export const optionalText = (max: number, label: string) =>
  text(label, { error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * An absolute http(s) URL; `allowMediaPath` also accepts this site's own uploads (`/media/…`).
 * Anything else (javascript:, data:, protocol-relative //host) is refused.
 */
export const optionalUrl = (label: string, { allowMediaPath = false } = {}) =>
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

/** Tag slugs and the search index and queries fold accents the same way (docs/decisions/042). */
export { withoutAccents };

/** A tag's address (`/api/blog?tag=…`): the editor's slugify (docs/product.md §5) of the name without accents. */
export const tagSlug = (name: string): string => slugify(withoutAccents(name));

/**
 * One tag name: trimmed, runs of spaces (and control characters) made one space, 1-40 characters,
 * with a letter or digit its slug can be made of.
 */
export const tagNameText = text("Tag name", { error: TAG_NAME_INVALID })
  .transform((value) => value.replace(/[\s\p{Cc}]+/gu, " ").trim())
  .pipe(z.string().min(1, TAG_NAME_INVALID).max(TAG_NAME_MAX, TAG_NAME_INVALID))
  .refine((value) => tagSlug(value) !== "", TAG_NAME_NEEDS_LETTER);

/**
 * A tag as a client sends it: its name (what the editor sends), or the tag object answers carry
 * (`{ slug, name }`), read as its name, so a post read from the API can be sent back as it is. The
 * object is unwrapped before the name's checks, so both forms get the same messages; the API's
 * document states both forms (the JSON Schema of the input, with the name's limits).
 */
const nameSchema = { type: "string", minLength: 1, maxLength: TAG_NAME_MAX };
const tagName = z
  .preprocess((value) => (typeof value === "object" && value !== null && "name" in value ? value.name : value), tagNameText)
  .meta({
    anyOf: [nameSchema, { type: "object", properties: { name: nameSchema, slug: { type: "string" } }, required: ["name"] }],
  });

/** The first spelling of each tag: names that make the same slug are one tag ("Forecasting", "forecasting"). */
function firstPerSlug(names: string[]): string[] {
  const bySlug = new Map<string, string>();
  for (const name of names) if (!bySlug.has(tagSlug(name))) bySlug.set(tagSlug(name), name);
  return [...bySlug.values()];
}

/** A post's tags by name, de-duplicated case-insensitively, at most 10 (docs/decisions/042). */
export const tagNamesSchema = z
  .array(tagName, { error: TAGS_NOT_A_LIST })
  .transform(firstPerSlug)
  .refine((names) => names.length <= TAGS_PER_POST_MAX, TOO_MANY_TAGS);

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
    /** Omitted (or null): a new post has none, an edit keeps the post's tags (clients without tags send none). */
    tags: tagNamesSchema.nullish().transform((names) => names ?? undefined),
    /** Omitted keeps the author (a new post: the signed-in user's); null is the organisation (docs/decisions/044). */
    authorId: authorIdSchema,
    /**
     * Read only with `published: true`: a time still to come schedules the post; a past one, or none,
     * publishes it now (docs/product.md §4, docs/decisions/049). Normalised to UTC.
     */
    publishedAt: z
      .iso.datetime({ offset: true, error: PUBLISHED_AT_INVALID })
      .nullish()
      .transform((value) => (value ? new Date(value).toISOString() : null))
      .refine(
        (value) => value === null || Date.parse(value) < Date.now() + SCHEDULE_MAX_YEARS * 366 * 24 * 3_600_000,
        PUBLISHED_AT_TOO_LATE,
      ),
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

/**
 * The body the editor sends: every field but `tags`, which only a client that manages tags sends
 * (the editor's payload type requires every key of this one; an omitted `tags` keeps a post's tags).
 */
export type PostInput = Omit<z.input<typeof postInputSchema>, "tags">;
export type PostFields = z.output<typeof postInputSchema>;
export type PostUpdateFields = z.output<typeof postUpdateSchema>;
