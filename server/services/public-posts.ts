import { can, type Role } from "../../shared/roles.ts";
import { postNotFound } from "../../shared/not-found.ts";
import type { FullPost } from "./posts.ts";
import type { PostCore } from "./post-core.ts";
import type { PostTag, TagService } from "./tags.ts";
import type { SearchService } from "./search.ts";
import type { AuthorService } from "./authors.ts";
import type { PostAuthor } from "../../shared/authors.ts";
import { searchSnippet, searchTerms } from "./search-text.ts";
import { coverImageAltText } from "../../shared/post-schema.ts";
import { slugPattern } from "../../shared/slugify.ts";
import { type Refusal } from "../../shared/refusal.ts";
import { postRights } from "../../shared/post-access.ts";

/**
 * What visitors may read of the blog, decided once for the JSON API (server/api/blog.ts) and the
 * pages (app/routes/blog/*): the public view of a post, which posts a page holds (all, a tag's, a
 * search's), who sees drafts, and where an old slug leads. The post service (server/services/posts.ts)
 * owns the queries and every write; these rules are made of its queries, and of the tag and search
 * services' (docs/decisions/042), and reach both through it (`posts.readPublic`, `posts.listPage`,
 * `posts.searchPage`).
 */

/**
 * A post as visitors see it: docs/product.md §3 "Blog post (public view)" plus `coverImageAlt` and `tags`. The
 * only public projection (`toPublicPost`).
 */
export type PublicPost = Omit<PostCore, "coverImageAlt" | "coverImageDecorative"> & {
  /** The cover image's alt attribute (`coverImageAltText`): "" for a decorative one, null without a cover. */
  coverImageAlt: string | null;
  /** Sorted by name (docs/decisions/042). */
  tags: PostTag[];
  /** Author slug, display name and avatar; null: the organisation (docs/decisions/044, 068). */
  author: PostAuthor | null;
};

/** A search result: the public view, and a passage where the words were found (`<mark>`ed, HTML-escaped). */
export type PublicSearchResult = PublicPost & { snippet: string };

/** The public view of any post read, whatever else the service read with it (SEO fields, versions). */
export function toPublicPost(post: PostCore & { tags: PostTag[]; author?: PostAuthor | null }): PublicPost {
  return {
    id: post.id,
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    content: post.content,
    coverImage: post.coverImage,
    coverImageAlt: coverImageAltText(post),
    publishedAt: post.publishedAt,
    createdAt: post.createdAt,
    tags: post.tags,
    // Without an author read (or with none), the organisation's byline (docs/decisions/044).
    author: post.author ? { slug: post.author.slug, name: post.author.name, avatar: post.author.avatar } : null,
  };
}

/** Who reads, and whether they asked for a preview (`?preview=true`). */
export interface PostAccess {
  viewer: { id: number; role: Role | null } | null;
  preview: boolean;
}

/**
 * Drafts are shown only to staff who write posts and ask for a preview (docs/product.md §2 route table), and
 * only the drafts they may open (shared/post-access.ts, docs/decisions/032: a contributor their own); to
 * anyone else a draft is the same not-found as a post that does not exist. An answer that saw drafts
 * is that viewer's alone: never shared, never cached (decision 040).
 */
export const seesDrafts = ({ viewer, preview }: PostAccess): boolean => preview && can(viewer?.role, "posts.write");

/** The refusal for a post a reader may not see, or that does not exist (no hint which). */
export { postNotFound };

/**
 * One post for a reader: its public view with the whole post it was made from (for what the page
 * adds: SEO fields, the draft notice; never sent as it is), or the current slug of the published
 * post an old slug belongs to (a 301, decision 040), or not found.
 */
export type PublicRead = { post: PublicPost; full: FullPost } | { currentSlug: string } | Refusal;

/** One page of published posts, newest first, in the public view. */
export interface PostPage {
  posts: PublicPost[];
  /** Whether a later page holds posts. */
  hasMore: boolean;
}

export interface PageQuery {
  /** 1 for the newest posts. */
  page: number;
  perPage: number;
  /** Only posts filed under this tag slug; an unknown tag has none (docs/decisions/042). */
  tag?: string;
  /** Only this author's posts (their author slug, any case); an unknown author has none (docs/decisions/044, 068). */
  author?: string;
}

/** One page of search results, best first, with how many there are in all (`X-Total-Count`). */
export interface SearchPage {
  posts: PublicSearchResult[];
  hasMore: boolean;
  total: number;
}

/** The post service's queries these rules are made of. */
export interface PublicPostQueries {
  listPublished(query: { limit: number; offset?: number }): Promise<PostCore[]>;
  countPublished(): Promise<number>;
  findPublishedBySlug(slug: string): Promise<FullPost | undefined>;
  findBySlugForPreview(slug: string): Promise<FullPost | undefined>;
  findRedirect(oldSlug: string): Promise<string | undefined>;
}

/** What the tag and search services add to these reads (docs/decisions/042). */
export interface PublicReadServices {
  tags: Pick<TagService, "ofPosts" | "listPublishedWithTag" | "countPublishedWithTag">;
  search: Pick<SearchService, "searchPublished" | "countPublished">;
  authors: Pick<AuthorService, "ofPosts" | "listPublishedBy" | "countPublishedBy">;
}

/**
 * The public reads, calling `queries` when they run (the post service passes itself, so its
 * methods stay the one place each query lives).
 */
export function createPublicReads(queries: PublicPostQueries, { tags, search, authors }: PublicReadServices) {
  /** The public view of a page of posts, with the tags and the authors of all of them read in one query each. */
  async function publicViews(posts: PostCore[]): Promise<PublicPost[]> {
    const ids = posts.map((post) => post.id);
    const [tagsByPost, authorsByPost] = await Promise.all([tags.ofPosts(ids), authors.ofPosts(ids)]);
    return posts.map((post) =>
      toPublicPost({ ...post, tags: tagsByPost.get(post.id) ?? [], author: authorsByPost.get(post.id) ?? null }),
    );
  }

  /**
   * Published posts of one page, all or a tag's; `withTotal` also counts them (X-Total-Count,
   * docs/product.md §7).
   */
  function listPage(query: PageQuery & { withTotal: true }): Promise<PostPage & { total: number }>;
  function listPage(query: PageQuery & { withTotal?: false }): Promise<PostPage>;
  async function listPage({ page, perPage, tag, author, withTotal = false }: PageQuery & { withTotal?: boolean }) {
    // One row more than a page tells whether more exist, without counting thousands of rows.
    const window = { limit: perPage + 1, offset: (page - 1) * perPage };
    const [rows, total] = await Promise.all([
      author !== undefined
        ? authors.listPublishedBy(author, { tag }, window)
        : tag === undefined
          ? queries.listPublished(window)
          : tags.listPublishedWithTag(tag, window),
      !withTotal
        ? undefined
        : author !== undefined
          ? authors.countPublishedBy(author, { tag })
          : tag === undefined
            ? queries.countPublished()
            : tags.countPublishedWithTag(tag),
    ]);
    const result: PostPage = { posts: await publicViews(rows.slice(0, perPage)), hasMore: rows.length > perPage };
    return total === undefined ? result : { ...result, total };
  }

  return {
    listPage,

    /**
     * Published posts matching the visitor's words (`q`), best first, in a tag when one is given
     * (docs/decisions/042). Words are reduced to plain terms first: a query with no letter or digit
     * finds nothing, and never reaches the database.
     */
    async searchPage({ q, page, perPage, tag }: PageQuery & { q: string }): Promise<SearchPage> {
      const terms = searchTerms(q);
      if (terms.length === 0) return { posts: [], hasMore: false, total: 0 };
      const [rows, total] = await Promise.all([
        search.searchPublished({ terms, tag }, { limit: perPage + 1, offset: (page - 1) * perPage }),
        search.countPublished({ terms, tag }),
      ]);
      const pagePosts = rows.slice(0, perPage);
      const views = await publicViews(pagePosts);
      const posts = views.map((view, index) => ({ ...view, snippet: searchSnippet(pagePosts[index]!, terms) }));
      return { posts, hasMore: rows.length > perPage, total };
    },

    /** The post at `slug` for this reader (docs/product.md §2 route table, §7 GET /api/blog/{slug}; decision 040). */
    async readPublic(slug: string, access: PostAccess): Promise<PublicRead> {
      if (!slugPattern.test(slug)) return postNotFound();
      const post = seesDrafts(access)
        ? await queries.findBySlugForPreview(slug)
        : await queries.findPublishedBySlug(slug);
      const visible =
        post !== undefined &&
        (post.status === "published" ||
          (access.viewer !== null &&
            postRights(access.viewer, { authorId: post.authorId, status: post.status, inReview: post.review.submittedAt !== null }).open));
      if (visible) return { post: toPublicPost(post), full: post };
      const currentSlug = await queries.findRedirect(slug);
      return currentSlug ? { currentSlug } : postNotFound();
    },
  };
}
