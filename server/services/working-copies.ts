import { POST_NOT_FOUND, WORKING_COPY_NOT_FOUND } from "../../shared/not-found.ts";
import { refuse, type Refusal } from "../../shared/refusal.ts";
import { workingCopyFieldsSchema, type WorkingCopyFields } from "../../shared/working-copy-schema.ts";
import type { Db } from "../db/connect.ts";
import { nowIso, toIso } from "../db/rows.ts";
import { sanitizePostHtml, toPlainText } from "./sanitize-html.ts";
import { isRefusal } from "../../shared/refusal.ts";
import type { PostViewer } from "../../shared/post-access.ts";
import type { PostAccess } from "./post-access.ts";

/**
 * Working copies: what the post editor autosaves while a writer types
 * (docs/decisions/066-server-autosave-working-copies.md). One copy per post and writer, rewritten in
 * place, never the post itself: the post (and the blog) changes only on Save Draft, Publish or
 * Update Published. A copy is only answered while it is newer than the post's last save.
 */
export interface WorkingCopy {
  postId: number;
  /** The editor's form fields, as the writer left them (content sanitised, control characters removed). */
  fields: WorkingCopyFields;
  /** The post version the copy started from: restoring it and saving meets the edit-conflict check (decision 041). */
  baseVersion: number;
  /** When the server stored it (ISO). */
  savedAt: string;
}

/** Saving a copy of a post that does not exist. */
export const WORKING_COPY_POST_NOT_FOUND = POST_NOT_FOUND;

/**
 * Stored like a post's fields (server/services/posts.ts): HTML through the post sanitiser, text without control
 * characters. A preview cleans what it shows the same way (server/services/post-preview.ts).
 */
export function cleanedFields(fields: WorkingCopyFields, siteUrl: string): WorkingCopyFields {
  return {
    ...fields,
    title: toPlainText(fields.title),
    slug: toPlainText(fields.slug),
    content: sanitizePostHtml(fields.content, siteUrl),
    excerpt: toPlainText(fields.excerpt),
    coverImage: toPlainText(fields.coverImage),
    coverImageAlt: toPlainText(fields.coverImageAlt),
    metaTitle: toPlainText(fields.metaTitle),
    metaDescription: toPlainText(fields.metaDescription),
    keywords: toPlainText(fields.keywords),
    canonicalUrl: toPlainText(fields.canonicalUrl),
    tags: fields.tags.map(toPlainText),
  };
}

/** Foreign-key violations, as node:sqlite and pg report them: the post (or the writer) was deleted meanwhile. */
function isForeignKeyViolation(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return code === "23503" || /FOREIGN KEY constraint failed/i.test(message ?? "");
}

function parseFields(json: string): WorkingCopyFields | undefined {
  try {
    const parsed = workingCopyFieldsSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export interface WorkingCopyServiceDeps {
  db: Db;
  clock: () => Date;
  /** SITE_URL, for the sanitiser's own-site links (docs/decisions/063). */
  siteUrl: string;
  /** A writer's copies are only of posts they may open (docs/decisions/032). */
  access: PostAccess;
}

const noCopy = (): Refusal => refuse("not-found", WORKING_COPY_NOT_FOUND);

/**
 * Copies are the writer's own (`writer.id`), of posts they may open: for any other, a save is "Post not
 * found" and a read "No working copy of this post", as for a post that does not exist.
 */
export function createWorkingCopyService({ db, clock, siteUrl, access }: WorkingCopyServiceDeps) {
  const remove = async (postId: number, userId: number): Promise<boolean> => {
    const result = await db
      .deleteFrom("post_working_copies")
      .where("post_id", "=", postId)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  };

  return {
    /** Writes the writer's copy of the post (fields already checked with workingCopyInputSchema); 404 for an unknown post. */
    async save(
      postId: number,
      writer: PostViewer,
      fields: WorkingCopyFields,
      baseVersion: number,
    ): Promise<{ savedAt: string } | Refusal> {
      const userId = writer.id;
      if (isRefusal(await access.openable(db, postId, writer))) return refuse("not-found", WORKING_COPY_POST_NOT_FOUND);
      const savedAt = nowIso(clock);
      const stored = { fields: JSON.stringify(cleanedFields(fields, siteUrl)), base_version: baseVersion, updated_at: savedAt };
      try {
        await db
          .insertInto("post_working_copies")
          .values({ post_id: postId, user_id: userId, ...stored })
          .onConflict((conflict) => conflict.columns(["post_id", "user_id"]).doUpdateSet(stored))
          .execute();
      } catch (error) {
        if (isForeignKeyViolation(error)) return refuse("not-found", WORKING_COPY_POST_NOT_FOUND);
        throw error;
      }
      return { savedAt };
    },

    /**
     * The writer's copy, or "No working copy of this post": none, an unknown post, or a copy the post's last save made
     * stale (not newer than its `updatedAt`), which is deleted on the way unless it was rewritten meanwhile.
     */
    async get(postId: number, writer: PostViewer): Promise<WorkingCopy | Refusal> {
      const userId = writer.id;
      if (isRefusal(await access.openable(db, postId, writer))) return noCopy();
      const row = await db
        .selectFrom("post_working_copies as copy")
        .innerJoin("posts", "posts.id", "copy.post_id")
        .select(["copy.fields", "copy.base_version", "copy.updated_at", "posts.updated_at as post_updated_at"])
        .where("copy.post_id", "=", postId)
        .where("copy.user_id", "=", userId)
        .executeTakeFirst();
      if (!row) return noCopy();
      const savedAt = toIso(row.updated_at);
      const postSavedAt = toIso(row.post_updated_at);
      if (Date.parse(savedAt) <= Date.parse(postSavedAt)) {
        await db
          .deleteFrom("post_working_copies")
          .where("post_id", "=", postId)
          .where("user_id", "=", userId)
          .where("updated_at", "<=", postSavedAt)
          .execute();
        return noCopy();
      }
      const fields = parseFields(row.fields);
      return fields ? { postId, fields, baseVersion: Number(row.base_version), savedAt } : noCopy();
    },

    /** Deletes the writer's copy (after a save of the post, or when they discard it); true when there was one. */
    remove,
  };
}

