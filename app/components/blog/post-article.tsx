import type { PostAuthor } from "../../../shared/authors.ts";
import { responsiveMedia } from "../../../shared/media-sizes.ts";
import { PostByline } from "./post-byline.tsx";
import { PostContent } from "./post-content.tsx";
import { PostTags, type TagLink } from "./post-tags.tsx";

/** What a post page shows of a post (docs/product.md §2 blog post). */
export interface PostArticleData {
  title: string;
  author: PostAuthor | null;
  /** publishedAt, else createdAt (docs/product.md §2), and its label ('March 05, 2025'). */
  date: string;
  dateLabel: string;
  readingMinutes: number;
  tags: TagLink[];
  coverImage: string | null;
  /** The cover image's alt attribute: "" for a decorative one. */
  coverImageAlt: string | null;
  /** The generated cover shown when there is no cover (docs/decisions/059); none on previews that do not pass it. */
  art?: string;
  /** Sanitised on save (server/services/sanitize-html.ts). */
  content: string;
}

/**
 * A post as the blog shows it: title, byline and tags, the cover image, the content. The post page
 * (app/routes/blog/post.tsx) and a review link's page (app/routes/blog/review.tsx, docs/decisions/065)
 * both render it, so a reviewer sees the post exactly as it will look.
 */
export function PostArticle({ post }: { post: PostArticleData }) {
  return (
    <>
      <header className="mt-8">
        <h1 className="text-4xl font-bold tracking-tight text-balance text-foreground sm:text-5xl">{post.title}</h1>
        <PostByline author={post.author} date={post.date} dateLabel={post.dateLabel} readingMinutes={post.readingMinutes} />
        <PostTags tags={post.tags} className="mt-5" />
      </header>
      {!post.coverImage && post.art && (
        // Decorative, in the shape it was drawn in (1200 × 630), its box reserved before it loads.
        <img
          src={post.art}
          alt=""
          width={1200}
          height={630}
          fetchPriority="high"
          className="mt-8 aspect-[1200/630] w-full rounded-2xl border border-border bg-brand-950 object-cover"
        />
      )}
      {post.coverImage && (
        // A fixed box (16:9, at most 500 px high) is reserved before the image loads: no layout shift.
        <img
          src={post.coverImage}
          // At most the 56rem article less its padding: 832 px (decision 047).
          {...responsiveMedia(post.coverImage, { sizes: "(min-width: 56rem) 832px, 100vw" })}
          alt={post.coverImageAlt ?? ""}
          width={1200}
          height={675}
          fetchPriority="high"
          className="mt-8 aspect-video max-h-[500px] w-full rounded-2xl border border-border bg-muted object-cover"
        />
      )}
      <PostContent html={post.content} className="post-article-body mt-10" />
    </>
  );
}
