/**
 * The editor's Preview (docs/decisions/034-preview-what-you-see.md): the editor posts its form to this page,
 * in a new tab, and the page shows the post as the editor holds it, unsaved changes included. Browser-safe:
 * the editor's button and the page's route share these names.
 */
export const PREVIEW_PATH = "/cms/preview";

/** The form's fields: the saved post's id ("" for a new post) and the editor's fields as JSON (shared/working-copy-schema.ts). */
export const PREVIEW_POST_ID_FIELD = "postId";
export const PREVIEW_FIELDS_FIELD = "fields";

/**
 * The largest form the page reads: a post's content may be 1,000,000 characters (shared/post-schema.ts), up to
 * 3 bytes each in UTF-8, a little more once written as JSON; the schema then holds every field to its limit.
 */
export const PREVIEW_MAX_BYTES = 4 * 1024 * 1024;
