import { cn } from "../../lib/cn.ts";
import { responsiveMedia } from "../../../shared/media-sizes.ts";
import { artPosition, cardMedia, phoneThumbnail, phoneThumbnailText, PostTitleLink, type PostCardData } from "./post-card.tsx";

/**
 * Up to three related posts (docs/decisions/046), in the article's column (docs/decisions/059): compact cards
 * of the cover (or the post's generated art), the first tag, the title and the date, three across from `sm` up;
 * on phones a list, each cover a thumbnail as on the blog's cards.
 * Covers are lazy (far below the fold) in boxes of the cards' shape, sized before they load. One post alone is a
 * horizontal card: its cover framed beside the text, as a lone card on the blog (PostCard's `side`).
 */
export function RelatedPosts({
  posts,
  title = "Related posts",
  headingId = "related-posts-heading",
  className,
}: {
  posts: PostCardData[];
  /** The row's heading: a tag page with few posts shows the latest others as "More from the blog" (docs/decisions/043). */
  title?: string;
  headingId?: string;
  className?: string;
}) {
  if (posts.length === 0) return null;
  const single = posts.length === 1;
  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="text-2xl font-bold tracking-tight text-foreground">
        {title}
      </h2>
      <ul className={cn("mt-6 grid gap-5", posts.length > 1 && "sm:grid-cols-3")}>
        {posts.map((post) => (
          <li key={post.slug} className="flex">
            <article
              className={cn(
                "group relative flex w-full flex-col overflow-hidden rounded-2xl border border-border bg-white shadow-card transition-shadow hover:shadow-card-hover has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-ring",
                single && "sm:flex-row sm:items-center",
              )}
            >
              <div
                className={cn(
                  cardMedia,
                  "w-full shrink-0 border-b border-border",
                  single && "sm:m-4 sm:mr-0 sm:w-2/5 sm:rounded-xl sm:border",
                  phoneThumbnail,
                )}
              >
                <img
                  src={post.cover?.src ?? post.art}
                  {...(post.cover ? responsiveMedia(post.cover.src, { sizes: `(min-width: 640px) ${single ? 320 : 270}px, 100vw` }) : {})}
                  // A cover keeps its alt text; generated art is decorative (docs/decisions/059).
                  alt={post.cover?.alt ?? ""}
                  width={1200}
                  height={630}
                  decoding="async"
                  loading="lazy"
                  className={cn(
                    "absolute inset-0 size-full object-cover transition-transform duration-300 group-hover:scale-[1.02]",
                    !post.cover && artPosition,
                  )}
                />
              </div>
              <div className={cn("flex flex-1 flex-col self-stretch p-5", single && "sm:justify-center sm:px-6")}>
                {/* As on the blog's cards: the first tag and the reading time above the title, the date below it. */}
                <div className={phoneThumbnailText}>
                <p className="flex flex-wrap items-center gap-x-3 text-xs font-medium text-muted-foreground">
                  {post.tags[0] && <span className="font-semibold text-primary-strong">{post.tags[0].name}</span>}
                  <span className="whitespace-nowrap">{post.readingMinutes} min read</span>
                </p>
                <h3 className={cn("mt-1.5 leading-snug font-semibold text-pretty text-foreground", single && "sm:text-lg")}>
                  <PostTitleLink slug={post.slug} title={post.title} />
                </h3>
                </div>
                <p className={cn("pt-3 text-sm text-muted-foreground max-sm:pt-1", !single && "sm:mt-auto")}>
                  <time dateTime={post.date}>{post.dateLabel}</time>
                </p>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
