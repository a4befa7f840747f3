import { isEmptyContent, MISSING_REQUIRED_FIELDS, postInputSchema } from "../../../../shared/post-schema.ts";
import { firstMessagePerField } from "../../../../shared/field-errors.ts";
import type { RevisionFields } from "../../../../server/services/revisions.ts";
import type { EditablePost, FieldErrors, PostPayload } from "./post-api.ts";

/** What the editor's form holds: every field as typed (strings), plus the Published checkbox. */
export interface PostFormFields {
  title: string;
  slug: string;
  content: string;
  excerpt: string;
  coverImage: string;
  coverImageAlt: string;
  coverImageDecorative: boolean;
  metaTitle: string;
  metaDescription: string;
  keywords: string;
  canonicalUrl: string;
  /** The author's user id; null: the organisation (docs/decisions/044). */
  authorId: number | null;
  published: boolean;
  /** Tag names, in the order added (docs/decisions/042, 045). */
  tags: string[];
}

export const emptyFields: PostFormFields = {
  title: "",
  slug: "",
  content: "",
  excerpt: "",
  coverImage: "",
  coverImageAlt: "",
  coverImageDecorative: false,
  metaTitle: "",
  metaDescription: "",
  keywords: "",
  canonicalUrl: "",
  authorId: null,
  published: false,
  tags: [],
};

/** The text fields of a post or of a revision (docs/decisions/067), as the form holds them. */
export function textFieldsOf(source: RevisionFields): Omit<PostFormFields, "authorId" | "published" | "tags"> {
  return {
    title: source.title,
    slug: source.slug,
    content: source.content,
    excerpt: source.excerpt ?? "",
    coverImage: source.coverImage ?? "",
    coverImageAlt: source.coverImageAlt ?? "",
    coverImageDecorative: source.coverImageDecorative,
    metaTitle: source.metaTitle ?? "",
    metaDescription: source.metaDescription ?? "",
    keywords: source.keywords ?? "",
    canonicalUrl: source.canonicalUrl ?? "",
  };
}

export function fieldsFromPost(post: EditablePost): PostFormFields {
  return {
    ...textFieldsOf(post),
    authorId: post.authorId,
    published: post.published,
    tags: post.tags.map((tag) => tag.name),
  };
}

/** Lists (tags) are the same when they hold the same names in the same order. */
const sameValue = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((item, index) => item === b[index]) : a === b;

export const sameFields = (a: PostFormFields, b: PostFormFields) =>
  (Object.keys(emptyFields) as (keyof PostFormFields)[]).every((key) => sameValue(a[key], b[key]));

const orNull = (value: string) => (value.trim() === "" ? null : value.trim());

export type PayloadCheck =
  | { ok: true; payload: PostPayload }
  | { ok: false; title: string; description?: string; errors?: FieldErrors };

/**
 * Builds the save body (docs/product.md §4, §5, §7): empty optional fields are null, authorId is the chosen
 * author (docs/decisions/044; the first specification's client always sent 1). `publishedAt` is the time a
 * scheduled post goes live, else null: the server dates a publication itself, and a live post keeps
 * its date (docs/decisions/049). The shared schema gives the same answer the server would, before
 * anything is sent.
 */
export function buildPayload(fields: PostFormFields, published: boolean, publishedAt: string | null): PayloadCheck {
  if (!fields.title.trim() || !fields.slug.trim() || isEmptyContent(fields.content)) {
    // docs/product.md §8: 'Missing required fields: Please fill in title, slug, and content', as title and description.
    const cut = MISSING_REQUIRED_FIELDS.indexOf(": ");
    return { ok: false, title: MISSING_REQUIRED_FIELDS.slice(0, cut), description: MISSING_REQUIRED_FIELDS.slice(cut + 2) };
  }
  const payload: PostPayload = {
    title: fields.title.trim(),
    slug: fields.slug.trim(),
    content: fields.content,
    excerpt: orNull(fields.excerpt),
    coverImage: orNull(fields.coverImage),
    coverImageAlt: orNull(fields.coverImageAlt),
    coverImageDecorative: fields.coverImageDecorative,
    metaTitle: orNull(fields.metaTitle),
    metaDescription: orNull(fields.metaDescription),
    keywords: orNull(fields.keywords),
    canonicalUrl: orNull(fields.canonicalUrl),
    authorId: fields.authorId,
    published,
    // Always sent, so removing the last tag clears them ([]); omitted would keep them (decision 042).
    tags: fields.tags,
    publishedAt: published ? publishedAt : null,
  };
  const check = postInputSchema.safeParse(payload);
  if (!check.success) {
    const errors = firstMessagePerField(check.error.issues);
    return { ok: false, title: "Save failed", description: check.error.issues[0]?.message, errors };
  }
  return { ok: true, payload };
}
