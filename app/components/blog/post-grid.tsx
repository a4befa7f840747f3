import { cn } from "../../lib/cn.ts";
import { PostCard, type PostCardData } from "./post-card.tsx";

/**
 * The cards of one page (docs/product.md §2: 1, 2 or 3 columns by width), for /blog, the tag and the author pages.
 * With `featureFirst` the newest post is the wide featured card. The rest fill rows of three on large screens and
 * two from `sm`, one rule at every width (docs/decisions/059): a lone last card spans its row (cover beside the
 * text) rather than sit beside two empty places, and at three columns a remainder of two is one row of halves
 * right under the featured post, where larger cards belong (11 = 2 + 3 + 3 + 3, 7 = 3 + 3 + 1), so every other
 * row is a full row of thirds.
 */
export function PostGrid({
  posts,
  featureFirst,
  tagSlug,
  showAuthor = true,
}: {
  posts: PostCardData[];
  featureFirst: boolean;
  /** On a tag page: each card shows this tag (PostCard). */
  tagSlug?: string;
  /** False on an author's page: no card repeats their byline. */
  showAuthor?: boolean;
}) {
  const [featured, rest] = featureFirst ? [posts[0]!, posts.slice(1)] : [null, posts];
  const lg = largeSpans(rest.length);
  const oddAtTwo = rest.length % 2 === 1;
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-6 lg:gap-8" data-testid="blog-grid">
      {featured && (
        <li className="flex sm:col-span-2 lg:col-span-6">
          <PostCard post={featured} layout="featured" withCover priority tagSlug={tagSlug} showAuthor={showAuthor} />
        </li>
      )}
      {rest.map((post, index) => {
        const aloneAtTwo = oddAtTwo && index === rest.length - 1;
        const span = lg[index]!;
        return (
          <li key={post.slug} className={cn("flex", aloneAtTwo && "sm:col-span-2", spanClass[span])}>
            <PostCard
              post={post}
              layout={span === "full" ? (aloneAtTwo ? "side" : "side-from-lg") : aloneAtTwo ? "side-until-lg" : "stacked"}
              withCover
              wideCover={span === "half"}
              priority={!featured && index === 0}
              tagSlug={tagSlug}
              showAuthor={showAuthor}
            />
          </li>
        );
      })}
    </ul>
  );
}

type Span = "third" | "half" | "full";
const spanClass: Record<Span, string> = { third: "lg:col-span-2", half: "lg:col-span-3", full: "lg:col-span-6" };

/** Each card's width on the six-column large grid: thirds, a first row of halves for two left over, a lone last card whole. */
function largeSpans(count: number): Span[] {
  const halves = count % 3 === 2 ? 2 : 0;
  return Array.from({ length: count }, (_, index) =>
    index < halves ? "half" : count % 3 === 1 && index === count - 1 ? "full" : "third",
  );
}
