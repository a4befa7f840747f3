import { cn } from "../../lib/cn.ts";
import { PostCard, type PostCardData } from "./post-card.tsx";

/**
 * Up to three related posts as the blog's cards, with their covers (lazy: they are far below the
 * fold) in boxes sized before they load (docs/decisions/046). Rows never end with a lonely card:
 * three are a row of thirds, whose third card spans the row of two at `sm` and `md`; two are halves;
 * one card lies beside its cover.
 */
export function RelatedPosts({ posts, className }: { posts: PostCardData[]; className?: string }) {
  if (posts.length === 0) return null;
  return (
    <section aria-labelledby="related-posts-heading" className={className}>
      <h2 id="related-posts-heading" className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl">
        Related posts
      </h2>
      <ul className={cn("mt-8 grid gap-6 lg:gap-8", posts.length > 1 && "sm:grid-cols-2", posts.length > 2 && "lg:grid-cols-3")}>
        {posts.map((post, index) => {
          const lastOfThree = posts.length === 3 && index === 2;
          return (
            <li key={post.slug} className={cn("flex", lastOfThree && "sm:col-span-2 lg:col-span-1")}>
              <PostCard
                post={post}
                withCover
                layout={posts.length === 1 ? "side" : lastOfThree ? "side-until-lg" : "stacked"}
                wideCover={posts.length === 2}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
