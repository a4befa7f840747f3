import type { PostAuthor } from "../../../shared/authors.ts";
import { responsiveMedia } from "../../../shared/media-sizes.ts";
import { cn } from "../../lib/cn.ts";
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
  // The cover, else the generated art (decorative: the title is above it), in the cards' shape (docs/decisions/059).
  const cover = post.coverImage
    ? { src: post.coverImage, alt: post.coverImageAlt ?? "", art: false }
    : post.art
      ? { src: post.art, alt: "", art: true }
      : null;
  return (
    <>
      <header className="mt-6 sm:mt-8">
        <h1 className="text-3xl leading-tight font-bold tracking-tight text-balance text-foreground sm:text-4xl lg:text-5xl lg:leading-[1.1]">
          {post.title}
        </h1>
        <PostByline author={post.author} date={post.date} dateLabel={post.dateLabel} readingMinutes={post.readingMinutes} />
        <PostTags tags={post.tags} className="mt-5" />
      </header>
      {cover && (
        // Its box (1200 × 630, 403 px high in the 768 px column, the body text's width; at most 500 px, docs/product.md §2) is reserved before it loads: no layout shift.
        <img
          src={cover.src}
          // At most the 52rem article less its padding: 784 px (768 from 64rem up; decision 047).
          {...(cover.art ? {} : responsiveMedia(cover.src, { sizes: "(min-width: 52rem) 784px, 100vw" }))}
          alt={cover.alt}
          width={1200}
          height={630}
          fetchPriority="high"
          className={cn(
            "mt-8 aspect-[1200/630] h-auto max-h-[500px] w-full rounded-2xl border border-border bg-brand-950 object-cover sm:mt-10",
            cover.art && "object-left-top",
          )}
        />
      )}
      <PostContent html={post.content} className="post-article-body mt-10" />
    </>
  );
}
