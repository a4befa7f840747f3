import { REVISION_NOT_FOUND } from "../../shared/not-found.ts";
import { diffWords } from "diff";
import type { Selectable } from "kysely";
import { isRefusal, refuse, type Refusal } from "../../shared/refusal.ts";
import { htmlToText } from "../../shared/html-text.ts";
import type { PostStatus } from "../../shared/post-status.ts";
import type { Db } from "../db/connect.ts";
import type { PostRevisionsTable } from "../db/schema.ts";
import { toBoolean, toIso } from "../db/rows.ts";
import { nameOf } from "./authors.ts";
import type { FullPost, PostService, SavePostResult } from "./posts.ts";
import type { RevisionEvent } from "./revision-log.ts";
import type { PostActor } from "./authors.ts";
import type { PostAccess } from "./post-access.ts";

/** A revision in the History list: when, by whom, why, and the title it had (docs/decisions/067). */
export interface RevisionSummary {
  id: number;
  createdAt: string;
  event: RevisionEvent;
  /** The post's status after this save. */
  status: PostStatus;
  title: string;
  /** Null: the scheduler, or a user deleted since. */
  savedBy: { id: number; name: string } | null;
}

/** The editable fields a revision keeps (docs/product.md §3 "Blog post (editor / full)", the post's part of it). */
export interface RevisionFields {
  title: string;
  slug: string;
  content: string;
  excerpt: string | null;
  coverImage: string | null;
  coverImageAlt: string | null;
  coverImageDecorative: boolean;
  metaTitle: string | null;
  metaDescription: string | null;
  keywords: string | null;
  canonicalUrl: string | null;
}

/** A run of words in a comparison: in both, only in the revision ("removed" since), or only now ("added"). */
export interface DiffPart {
  text: string;
  change: "same" | "added" | "removed";
}

/** One field that differs between a revision and the post now; content is compared as its readable text. */
export interface FieldChange {
  field: keyof RevisionFields;
  label: string;
  parts: DiffPart[];
  /** Content only: the text is the same, the markup (formatting, links, images) is not. */
  formattingOnly?: boolean;
}

export interface RevisionDetail extends RevisionSummary, RevisionFields {
  /** From this revision to the post as it is now; empty when they are the same. */
  changes: FieldChange[];
}

const fieldLabels: Record<keyof RevisionFields, string> = {
  title: "Title",
  slug: "Slug",
  content: "Content",
  excerpt: "Excerpt",
  coverImage: "Cover image URL",
  coverImageAlt: "Alt text",
  coverImageDecorative: "Decorative image",
  metaTitle: "Meta title",
  metaDescription: "Meta description",
  keywords: "Keywords",
  canonicalUrl: "Canonical URL",
};



/** Paragraphs stay paragraphs in a comparison: the readable text, one block per line. */
const BLOCK_END = /<\/(?:p|h[1-6]|li|blockquote|pre)>|<br\s*\/?>/gi;
const BLOCK_MARK = "\uE000";
export const readableText = (html: string): string =>
  htmlToText(html.replace(BLOCK_END, (tag) => `${tag}${BLOCK_MARK}`))
    .replace(new RegExp(` ?${BLOCK_MARK} ?`, "g"), "\n")
    .trim();

/** Word by word, from `before` (a revision) to `after` (the post now). */
export function wordDiff(before: string, after: string): DiffPart[] {
  return diffWords(before, after).map((part) => ({
    text: part.value,
    change: part.added ? "added" : part.removed ? "removed" : "same",
  }));
}

const fieldsOfRevision = (row: Selectable<PostRevisionsTable>): RevisionFields => ({
  title: row.title,
  slug: row.slug,
  content: row.content,
  excerpt: row.excerpt,
  coverImage: row.cover_image,
  coverImageAlt: row.cover_image_alt,
  coverImageDecorative: toBoolean(row.cover_image_decorative),
  metaTitle: row.meta_title,
  metaDescription: row.meta_description,
  keywords: row.keywords,
  canonicalUrl: row.canonical_url,
});

/** A post's editable fields (what a revision keeps): a save of them leaves the post as it is. */
export const fieldsOfPost = (post: FullPost): RevisionFields => ({
  title: post.title,
  slug: post.slug,
  content: post.content,
  excerpt: post.excerpt,
  coverImage: post.coverImage,
  coverImageAlt: post.coverImageAlt,
  coverImageDecorative: post.coverImageDecorative,
  metaTitle: post.metaTitle,
  metaDescription: post.metaDescription,
  keywords: post.keywords,
  canonicalUrl: post.canonicalUrl,
});

/** What changed from a revision to the post now, field by field (docs/decisions/067). */
export function compareWithPost(revision: RevisionFields, post: RevisionFields): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of Object.keys(fieldLabels) as (keyof RevisionFields)[]) {
    const before = revision[field];
    const after = post[field];
    if (before === after) continue;
    if (field === "content") {
      const [beforeText, afterText] = [readableText(String(before)), readableText(String(after))];
      changes.push(
        beforeText === afterText
          ? { field, label: fieldLabels[field], parts: [{ text: afterText, change: "same" }], formattingOnly: true }
          : { field, label: fieldLabels[field], parts: wordDiff(beforeText, afterText) },
      );
    } else {
      const show = (value: unknown) => (typeof value === "boolean" ? (value ? "Yes" : "No") : String(value ?? ""));
      changes.push({ field, label: fieldLabels[field], parts: wordDiff(show(before), show(after)) });
    }
  }
  return changes;
}

/**
 * Reading, comparing and restoring a post's revisions (docs/decisions/067-revisions.md). They are
 * written by every save (server/services/revision-log.ts, from the post-change step); restoring one is
 * another save, through the post service (`update`, `restore: true`), so it goes through the same
 * post-change step (docs/decisions/025), makes a revision of its own and nothing is ever lost.
 */
export function createRevisionService({ db, posts, access }: { db: Db; posts: PostService; access: PostAccess }) {
  const summaryColumns = [
    "post_revisions.id",
    "post_revisions.created_at",
    "post_revisions.event",
    "post_revisions.status",
    "post_revisions.title",
    "post_revisions.saved_by",
    "users.username",
    "users.display_name",
  ] as const;

  const withSaver = () => db.selectFrom("post_revisions").leftJoin("users", "users.id", "post_revisions.saved_by");

  type SummaryRow = {
    id: number;
    created_at: string;
    event: RevisionEvent;
    status: PostStatus;
    title: string;
    saved_by: number | null;
    username: string | null;
    display_name: string | null;
  };
  const toSummary = (row: SummaryRow): RevisionSummary => ({
    id: Number(row.id),
    createdAt: toIso(row.created_at),
    event: row.event,
    status: row.status,
    title: row.title,
    savedBy:
      row.saved_by !== null && row.username !== null
        ? { id: Number(row.saved_by), name: nameOf({ username: row.username, display_name: row.display_name }) }
        : null,
  });

  const findRow = (postId: number, revisionId: number) =>
    withSaver()
      .selectAll("post_revisions")
      .select(["users.username", "users.display_name"])
      .where("post_revisions.post_id", "=", postId)
      .where("post_revisions.id", "=", revisionId)
      .executeTakeFirst();

  return {
    /**
     * A post's revisions, newest first (at most REVISIONS_PER_POST); "Post not found" for an unknown post
     * or one the viewer may not open (docs/decisions/032; null: tooling).
     */
    async list(postId: number, viewer: PostActor | null = null): Promise<RevisionSummary[] | Refusal> {
      const post = await access.openable(db, postId, viewer);
      if (isRefusal(post)) return post;
      const rows = await withSaver()
        .select(summaryColumns)
        .where("post_revisions.post_id", "=", postId)
        .orderBy("post_revisions.id", "desc")
        .execute();
      return rows.map(toSummary);
    },

    /** One revision with its fields and what changed from it to the post now. */
    async get(postId: number, revisionId: number, viewer: PostActor | null = null): Promise<RevisionDetail | Refusal> {
      const post = await posts.openFor(postId, viewer);
      if (isRefusal(post)) return post;
      const row = await findRow(postId, revisionId);
      if (!row) return refuse("not-found", REVISION_NOT_FOUND);
      const fields = fieldsOfRevision(row);
      return { ...toSummary(row), ...fields, changes: compareWithPost(fields, fieldsOfPost(post)) };
    },

    /**
     * Makes the revision's fields the post's again, as a new save (a "restore" revision): the post
     * keeps its status (a live post stays live with its date, a scheduled one its time), tags and
     * author. `version`, when given, is the version the writer saw: an older one is an edit conflict
     * (decision 041), as for any save.
     */
    async restore(postId: number, revisionId: number, actor: PostActor | null, version?: number): Promise<SavePostResult> {
      // Whether they may change it is the save's to judge, in its transaction; not to see it is "Post not found" first.
      const post = await posts.openFor(postId, actor);
      if (isRefusal(post)) return post;
      const row = await findRow(postId, revisionId);
      if (!row) return refuse("not-found", REVISION_NOT_FOUND);
      return posts.update(
        postId,
        {
          ...fieldsOfRevision(row),
          published: post.status !== "draft",
          publishedAt: post.status === "scheduled" ? post.publishedAt : null,
          tags: undefined,
          authorId: undefined,
          version: version ?? post.version,
          publishAsNew: false,
        },
        actor,
        { restore: true },
      );
    },
  };
}
