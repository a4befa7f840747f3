import { isRefusal, type Refusal } from "../../shared/refusal.ts";
import type { PostAuthor } from "../../shared/authors.ts";
import type { PostViewer } from "../../shared/post-access.ts";
import type { PostStatus } from "../../shared/post-status.ts";
import { coverImageAltText, isSafeUrl, tagSlug } from "../../shared/post-schema.ts";
import type { WorkingCopyFields } from "../../shared/working-copy-schema.ts";
import type { Db } from "../db/connect.ts";
import { nowIso } from "../db/rows.ts";
import type { AuthorService } from "./authors.ts";
import type { PostService } from "./posts.ts";
import { sortByName, type PostTag } from "./tags.ts";
import { cleanedFields } from "./working-copies.ts";

/**
 * A post as the editor holds it now, unsaved changes included, in the shape the post page renders
 * (docs/decisions/034-preview-what-you-see.md). Nothing is stored: the fields come with the request.
 */
export interface PostPreview {
  /** The saved post's id and status; null for a post never saved. */
  postId: number | null;
  status: PostStatus | null;
  title: string;
  slug: string;
  excerpt: string | null;
  /** Sanitised exactly as a save stores it (server/services/sanitize-html.ts). */
  content: string;
  coverImage: string | null;
  /** The alt attribute the blog would give the cover ("" for a decorative one). */
  coverImageAlt: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
  tags: PostTag[];
  author: PostAuthor | null;
  /** The saved post's dates; a post never published is dated now, as publishing it now would. */
  publishedAt: string;
  createdAt: string;
}

export interface PostPreviewDeps {
  db: Db;
  posts: PostService;
  authors: AuthorService;
  clock: () => Date;
  /** SITE_URL, for the sanitiser's own-site links (docs/decisions/063). */
  siteUrl: string;
}

const orNull = (value: string) => (value.trim() === "" ? null : value.trim());

/** Each name once, by the slug a save would give it; names with no slug are left out, as a save refuses them. */
function previewTags(names: string[]): PostTag[] {
  const bySlug = new Map<string, PostTag>();
  for (const name of names.map((value) => value.trim())) {
    const slug = tagSlug(name);
    if (slug && !bySlug.has(slug)) bySlug.set(slug, { slug, name });
  }
  return sortByName([...bySlug.values()]);
}

export function createPostPreviewService({ db, posts, authors, clock, siteUrl }: PostPreviewDeps) {
  /**
   * The byline a save of these fields would record (authors.resolveForSave, docs/decisions/044); when the save
   * would refuse the change of author, the post's own (a new post's: the viewer's), so a preview names nobody
   * the writer could not.
   */
  async function bylineOf(requested: number | null, current: number | null | undefined, viewer: PostViewer): Promise<PostAuthor | null> {
    const resolved = await authors.resolveForSave(db, { actor: viewer, requested, current });
    return authors.ofPost(isRefusal(resolved) ? (current === undefined ? viewer.id : current) : resolved);
  }

  return {
    /**
     * The preview of `fields` for `postId` (null: a new post). Only a post the viewer may open
     * (docs/decisions/032); any other is "Post not found", as for one that does not exist.
     */
    async build(postId: number | null, fields: WorkingCopyFields, viewer: PostViewer): Promise<PostPreview | Refusal> {
      const post = postId === null ? null : await posts.openFor(postId, viewer);
      if (isRefusal(post)) return post;
      const clean = cleanedFields(fields, siteUrl);
      const now = nowIso(clock);
      const title = clean.title.trim();
      const coverImage = isSafeUrl(clean.coverImage.trim(), true) ? clean.coverImage.trim() : null;
      return {
        postId: post?.id ?? null,
        status: post?.status ?? null,
        title,
        slug: clean.slug.trim(),
        excerpt: orNull(clean.excerpt),
        content: clean.content,
        coverImage,
        coverImageAlt: coverImageAltText({
          title,
          coverImage,
          coverImageAlt: orNull(clean.coverImageAlt),
          coverImageDecorative: clean.coverImageDecorative,
        }),
        metaTitle: orNull(clean.metaTitle),
        metaDescription: orNull(clean.metaDescription),
        tags: previewTags(clean.tags),
        author: await bylineOf(clean.authorId, post ? post.authorId : undefined, viewer),
        publishedAt: post?.publishedAt ?? now,
        createdAt: post?.createdAt ?? now,
      };
    },
  };
}
