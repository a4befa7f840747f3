import { Clock } from "lucide-react";
import { cn } from "../../lib/cn.ts";
import { responsiveMedia } from "../../../shared/media-sizes.ts";
import { PostTitleLink, type PostCardData } from "./post-card.tsx";

/**
 * Up to three related posts (docs/decisions/046), in the article's column (docs/decisions/059): compact cards
 * of the cover (or the post's generated art), the first tag, the title and the date, three across from `sm` up.
 * Covers are lazy (far below the fold) in boxes sized before they load. One post lies beside its cover.
 */
export function RelatedPosts({ posts, className }: { posts: PostCardData[]; className?: string }) {
  if (posts.length === 0) return null;
  const single = posts.length === 1;
  return (
    <section aria-labelledby="related-posts-heading" className={className}>
      <h2 id="related-posts-heading" className="text-2xl font-bold tracking-tight text-foreground">
        Related posts
      </h2>
      <ul className={cn("mt-6 grid gap-5", posts.length > 1 && "sm:grid-cols-3")}>
        {posts.map((post) => (
          <li key={post.slug} className="flex">
            <article
              className={cn(
                "group relative flex w-full flex-col overflow-hidden rounded-2xl border border-border bg-white shadow-card transition-shadow hover:shadow-card-hover has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-ring",
                single && "sm:flex-row",
              )}
            >
              <div
                className={cn(
                  "relative aspect-[1200/630] w-full shrink-0 overflow-hidden border-b border-border bg-brand-950",
                  single && "sm:w-2/5 sm:border-r sm:border-b-0",
                )}
              >
                <img
                  src={post.cover?.src ?? post.art}
                  {...(post.cover ? responsiveMedia(post.cover.src, { sizes: "(min-width: 640px) 270px, 100vw" }) : {})}
                  // A cover keeps its alt text; generated art is decorative (docs/decisions/059).
                  alt={post.cover?.alt ?? ""}
                  width={1200}
                  height={630}
                  decoding="async"
                  loading="lazy"
                  className="absolute inset-0 size-full object-cover transition-transform duration-300 group-hover:scale-[1.02]"
                />
              </div>
              <div className="flex flex-1 flex-col p-4 sm:p-5">
                {post.tags[0] && <p className="text-xs font-semibold text-primary-strong">{post.tags[0].name}</p>}
                <h3 className="mt-1.5 leading-snug font-semibold text-balance text-foreground">
                  <PostTitleLink slug={post.slug} title={post.title} />
                </h3>
                {/* Two unbreakable parts: in a narrow third the reading time moves whole onto the next line. */}
                <p className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 pt-3 text-sm text-muted-foreground">
                  <time dateTime={post.date} className="whitespace-nowrap">
                    {post.dateLabel}
                  </time>
                  <span className="inline-flex items-center gap-1 whitespace-nowrap">
                    <Clock aria-hidden="true" className="size-3.5" />
                    {post.readingMinutes} min read
                  </span>
                </p>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
