/**
 * 'Generate from title' (docs/product.md §5): lower-case the title, turn every run of characters other than
 * a-z and 0-9 into one hyphen, and trim leading and trailing hyphens.
 */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** The slug alphabet (docs/product.md §5): a-z, 0-9 and hyphen. */
export const slugPattern = /^[a-z0-9-]+$/;

/**
 * Text without its accents ("Café résumé" -> "Cafe resume"): compatibility decomposition, then every
 * combining mark dropped. Tag slugs, author slugs and the search index and queries use it (docs/decisions/042).
 */
export const withoutAccents = (value: string): string => value.normalize("NFKD").replace(/\p{M}/gu, "");
