import { cn } from "../../lib/cn.ts";
import { PostCard, type PostCardData } from "./post-card.tsx";

/**
 * The cards of one page (docs/product.md §2: 1, 2 or 3 columns by width), for /blog and the tag pages. With
 * `featureFirst` the newest post is the wide featured card. The rest fill rows of three on large
 * screens and two from `sm`; a row is never left with one lonely card: a lone last card spans its row
 * (cover beside the text), and at three columns the remainder is one or two rows of pairs at the top, right
 * under the featured post, where larger cards belong (11 = 2 + 3 + 3 + 3, 7 = 2 + 2 + 3), so the grid
 * always ends on a full row of thirds.
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
              layout={span === "full" ? "side" : aloneAtTwo ? "side-until-lg" : "stacked"}
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

/** Each card's width on the six-column large grid: thirds, with the first one or two rows in halves as needed. */
function largeSpans(count: number): Span[] {
  if (count === 1) return ["full"];
  const halves = count % 3 === 2 ? 2 : count % 3 === 1 ? 4 : 0;
  return Array.from({ length: count }, (_, index) => (index < halves ? "half" : "third"));
}
