import { text, z } from "./zod.ts";

/**
 * The review workflow's input (docs/decisions/032-post-permissions-and-review.md): the note an editor
 * sends a draft back with. Browser-safe: the editor's dialog checks the same rule.
 */
export const REVIEW_NOTE_MAX = 2000;
export const REVIEW_NOTE_REQUIRED = `Write a note saying what to change (at most ${REVIEW_NOTE_MAX.toLocaleString("en-US")} characters).`;

export const sendBackSchema = z.object({
  note: text("note", { error: REVIEW_NOTE_REQUIRED })
    .transform((value) => value.trim())
    .pipe(z.string().min(1, REVIEW_NOTE_REQUIRED).max(REVIEW_NOTE_MAX, REVIEW_NOTE_REQUIRED)),
});

const VERSION_INVALID = "Version must be the post's version you saved (a positive whole number).";
export const submitSchema = z
  .object({ version: z.number({ error: VERSION_INVALID }).int(VERSION_INVALID).positive(VERSION_INVALID).optional() })
  .optional()
  .transform((body) => body ?? {});
