import { text, z } from "./zod.ts";

/**
 * Author profiles and post authorship (docs/decisions/044-authors.md): one schema for the profile
 * form (/cms/profile), `PUT /api/cms/profile` and the `authorId` of a post save, and the public
 * author objects' shapes. Browser-safe.
 */
export const DISPLAY_NAME_MAX = 60;
/**
 * A bio is a line or two under the author's name: 280 characters fit beside the avatar on the
 * author page at every width, and reads as one short paragraph (the length of a social profile).
 */
export const BIO_MAX = 280;

export const DISPLAY_NAME_INVALID = "Display name must be text.";
export const DISPLAY_NAME_TOO_LONG = `Display name must be at most ${DISPLAY_NAME_MAX} characters.`;
export const BIO_TOO_LONG = `Bio must be at most ${BIO_MAX} characters.`;
export const AVATAR_INVALID = "Avatar must be an image uploaded here (a /media/ address).";
export const AUTHOR_ID_INVALID = "Author must be a user id, or null for the organisation.";

/** An upload's address as the media pipeline gives it (decision 060): `/media/{22-character key}.{ext}`. */
export const AVATAR_PATH = /^\/media\/([A-Za-z0-9_-]{22})\.(png|jpg|gif|webp)$/;

/** Control characters never belong in a name; in a bio only line breaks survive. */
const collapseName = (value: string) => value.replace(/[\s\p{Cc}]+/gu, " ").trim();
const cleanBio = (value: string) =>
  value
    .replace(/\r\n?/g, "\n")
    .replace(/[^\P{Cc}\n]/gu, "")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();

export const profileSchema = z.object({
  // Empty or missing: no display name (null); the author is signed "Zuri Team" until they set one (docs/decisions/068).
  displayName: text("Display name", { error: DISPLAY_NAME_INVALID })
    .nullish()
    .transform((value) => (value ? collapseName(value) : ""))
    .pipe(z.string().max(DISPLAY_NAME_MAX, DISPLAY_NAME_TOO_LONG))
    .transform((value) => value || null),
  bio: text("Bio", { error: "Bio must be text." })
    .nullish()
    .transform((value) => (value ? cleanBio(value) : ""))
    .pipe(z.string().max(BIO_MAX, BIO_TOO_LONG))
    .transform((value) => value || null),
  avatar: text("Avatar", { error: AVATAR_INVALID })
    .nullish()
    .transform((value) => value?.trim() || null)
    .refine((value) => value === null || AVATAR_PATH.test(value), AVATAR_INVALID),
});

export type ProfileInput = z.output<typeof profileSchema>;

/**
 * A post body's `authorId` (docs/product.md §3): omitted keeps the author (a new post: the signed-in user),
 * null is the organisation, a number names a user; who may name whom is the server's rule
 * (server/services/authors.ts).
 */
export const authorIdSchema = z
  .number({ error: AUTHOR_ID_INVALID })
  .int(AUTHOR_ID_INVALID)
  .positive(AUTHOR_ID_INVALID)
  .max(2_147_483_647, AUTHOR_ID_INVALID)
  .nullable()
  .optional();
