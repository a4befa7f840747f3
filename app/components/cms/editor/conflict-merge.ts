import { htmlToText } from "../../../../shared/html-text.ts";
import { emptyFields, type PostFormFields } from "./post-form.ts";

/**
 * "Keep my version" in an edit conflict (docs/decisions/058): a field by field three-way merge of what the
 * writer opened (base), what they sent (mine) and what the other save holds (theirs). A field only they
 * changed keeps their change; a field the writer changed is theirs to keep; where both changed one, the
 * writer's replaces it, and the other save stays in the post's history (every save is a revision,
 * docs/decisions/067). The dialog lists what the other save changed and which of its changes stay.
 */

/** Merged fields: the status is the writer's own action, not a field to merge. */
type MergedField = Exclude<keyof PostFormFields, "published">;

const LABELS: Record<MergedField, string> = {
  title: "Title",
  slug: "Slug",
  content: "Content",
  excerpt: "Excerpt",
  coverImage: "Cover image",
  coverImageAlt: "Cover image alt text",
  coverImageDecorative: "Decorative cover image",
  metaTitle: "Meta title",
  metaDescription: "Meta description",
  keywords: "Keywords",
  canonicalUrl: "Canonical URL",
  authorId: "Author",
  tags: "Tags",
};

const FIELDS = (Object.keys(emptyFields) as (keyof PostFormFields)[]).filter((key): key is MergedField => key !== "published");

export interface TheirChange {
  field: MergedField;
  label: string;
  /** Their value, as a person reads it (content as text, cut to about 160 characters). */
  theirs: string;
  /** The writer changed this field too: their change is replaced by the writer's. */
  replaced: boolean;
}

export interface ConflictReview {
  /** What "Keep my version" saves. */
  merged: PostFormFields;
  /** What the other save changed since the writer opened the post, in form order. */
  theirChanges: TheirChange[];
}

const same = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((item, index) => item === b[index]) : a === b;

const cut = (text: string, max = 160) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

function shown(field: MergedField, value: PostFormFields[MergedField], base: PostFormFields[MergedField]): string {
  if (field === "content") {
    const text = htmlToText(String(value));
    return text === htmlToText(String(base)) ? "Formatting changed" : cut(text) || "(empty)";
  }
  if (field === "tags") return (value as string[]).join(", ") || "(none)";
  if (field === "authorId") return value === null ? "The organization" : "Another author";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return cut(String(value)) || "(empty)";
}

export function reviewConflict(base: PostFormFields, mine: PostFormFields, theirs: PostFormFields): ConflictReview {
  const merged: PostFormFields = { ...mine };
  const theirChanges: TheirChange[] = [];
  for (const field of FIELDS) {
    if (same(theirs[field], base[field])) continue;
    const replaced = !same(mine[field], base[field]);
    if (!replaced) (merged as unknown as Record<string, unknown>)[field] = theirs[field];
    theirChanges.push({ field, label: LABELS[field], theirs: shown(field, theirs[field], base[field]), replaced });
  }
  return { merged, theirChanges };
}
