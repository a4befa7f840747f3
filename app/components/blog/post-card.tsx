import { Link } from "react-router";
import { ArrowRight } from "lucide-react";
import { formatBlogDate, postPath, postSummary, readingMinutes, wordCount } from "../../lib/blog.ts";
import { cn } from "../../lib/cn.ts";
import { responsiveMedia } from "../../../shared/media-sizes.ts";
import { Button } from "../ui/button.tsx";
import { LogoMark } from "../site/logo.tsx";

/** What a card shows (docs/product.md §2 blog list): no post content travels with it. */
export interface PostCardData {
  slug: string;
  title: string;
  /** ISO timestamp: publishedAt, or createdAt when there is none. */
  date: string;
  /** 'MMMM dd, yyyy' (formatBlogDate). */
  dateLabel: string;
  /** The excerpt or the 150-character fallback (postSummary). */
  summary: string;
  /** Minutes to read the content, at least 1. */
  readingMinutes: number;
  /** The cover image and its alt attribute ("" for a decorative one), or null for the branded placeholder. */
  cover: { src: string; alt: string } | null;
}

/**
 * A card's data from a published post (the same summary and date rules everywhere). The alt rule is
 * `coverImageAltText`'s (shared/post-schema.ts): a public post has it applied already; a stored
 * one (`coverImageDecorative` present) gets it here, without bringing that module's zod to the browser.
 */
export function toPostCard(post: {
  slug: string;
  title: string;
  excerpt: string | null;
  content: string;
  publishedAt: string | null;
  createdAt: string;
  coverImage?: string | null;
  coverImageAlt?: string | null;
  coverImageDecorative?: boolean;
}): PostCardData {
  return {
    slug: post.slug,
    title: post.title,
    date: post.publishedAt ?? post.createdAt,
    dateLabel: formatBlogDate(post),
    summary: postSummary(post),
    readingMinutes: readingMinutes(wordCount(post.content)),
    cover: post.coverImage
      ? { src: post.coverImage, alt: post.coverImageDecorative ? "" : (post.coverImageAlt ?? post.title) }
      : null,
  };
}

/**
 * How a card is laid out:
 * - `stacked`: the cover above the text (the blog grid's thirds and halves);
 * - `side`: the cover beside the text from `sm` up, for a card alone on its row;
 * - `side-until-lg`: beside the text at `sm` and `md` (alone on its row of two), stacked from `lg` up;
 * - `featured`: the newest post, wide, with a larger cover beside the text from `md` up.
 */
export type PostCardLayout = "stacked" | "side" | "side-until-lg" | "featured";

/**
 * One blog card (docs/product.md §2): the cover (or a branded placeholder), the date and reading time, the title
 * linking to the post, the summary clamped to 3 lines, and 'Read More'. The whole card is clickable
 * through the title link; 'Read More' stays its own link above it. Without `withCover` the card is text
 * only (the home page's). `priority` for the one cover in the first screen: the others load lazily.
 */
export function PostCard({
  post,
  layout = "stacked",
  withCover = false,
  wideCover = false,
  priority = false,
}: {
  post: PostCardData;
  layout?: PostCardLayout;
  withCover?: boolean;
  /** From `lg` up, a wider cover box: for a card on half a row, so its row is as tall as a row of thirds. */
  wideCover?: boolean;
  priority?: boolean;
}) {
  const featured = layout === "featured";
  return (
    <article
      data-slot="post-card"
      className={cn(
        "group relative flex w-full flex-col overflow-hidden rounded-2xl border border-border bg-white shadow-card transition-shadow hover:shadow-card-hover has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-ring",
        withCover && (layout === "side" || layout === "side-until-lg") && "sm:flex-row",
        withCover && layout === "side-until-lg" && "lg:flex-col",
        withCover && featured && "md:flex-row",
      )}
    >
      {withCover && <CardCover post={post} layout={layout} wide={wideCover} priority={priority} />}
      <div className={cn("flex flex-1 flex-col p-6", featured && "sm:p-8 lg:p-10")}>
        {featured && (
          <p className="mb-4 inline-flex items-center gap-2 self-start rounded-full bg-primary-soft px-3 py-1 text-xs font-semibold text-primary-strong">
            <span aria-hidden="true" className="size-1.5 rounded-full bg-accent" />
            Latest article
          </p>
        )}
        <p className="flex flex-wrap items-center gap-x-2 text-sm font-medium text-muted-foreground">
          <time dateTime={post.date}>{post.dateLabel}</time>
          <span aria-hidden="true">·</span>
          <span>{post.readingMinutes} min read</span>
        </p>
        <h3
          className={cn(
            "mt-3 leading-snug font-semibold tracking-tight text-balance text-foreground",
            featured ? "text-2xl lg:text-3xl" : "text-xl",
          )}
        >
          <Link
            to={postPath(post.slug)}
            className="rounded-sm outline-none group-hover:text-primary-strong after:absolute after:inset-0 after:content-['']"
          >
            {post.title}
          </Link>
        </h3>
        {/* Not stretched itself: a clamped paragraph taller than its 3 lines would show a 4th. */}
        <p className={cn("mt-3 line-clamp-3 leading-7 text-muted-foreground", featured && "lg:text-lg lg:leading-8")}>
          {post.summary}
        </p>
        <div className={cn("mt-auto pt-6", featured && "pt-8")}>
          <Button asChild variant="outline" size={featured ? "default" : "sm"} className="relative z-10">
            <Link to={postPath(post.slug)}>
              Read More<span className="sr-only">: {post.title}</span>
              <ArrowRight aria-hidden="true" className="transition-transform group-hover:translate-x-0.5" />
            </Link>
          </Button>
        </div>
      </div>
    </article>
  );
}

/** Image boxes are sized by CSS before anything loads (OG-shaped covers, 1200 × 630): no layout shift. */
const COVER_WIDTH = 1200;
const COVER_HEIGHT = 630;

/**
 * How wide the cover box is drawn, for the browser to pick a width variant (decision 047): the widths
 * of PostGrid and RelatedPosts in the 80rem page (1216 px inside), rounded up; thirds at lg are 384 px.
 */
function coverSizes(layout: PostCardLayout, wide: boolean): string {
  const large = wide ? "592px" : "384px";
  if (layout === "featured") return "(min-width: 1024px) 681px, (min-width: 768px) 50vw, 100vw";
  if (layout === "side") return "(min-width: 1024px) 487px, (min-width: 640px) 40vw, 100vw";
  if (layout === "side-until-lg") return `(min-width: 1024px) ${large}, (min-width: 640px) 40vw, 100vw`;
  return `(min-width: 1024px) ${large}, (min-width: 640px) 50vw, 100vw`;
}

function CardCover({
  post,
  layout,
  wide,
  priority,
}: {
  post: PostCardData;
  layout: PostCardLayout;
  wide: boolean;
  priority: boolean;
}) {
  return (
    <div
      data-slot="post-cover"
      className={cn(
        "relative aspect-[1200/630] w-full shrink-0 overflow-hidden border-b border-border",
        (layout === "side" || layout === "side-until-lg") && "sm:aspect-auto sm:w-2/5 sm:border-r sm:border-b-0",
        layout === "side-until-lg" && "lg:aspect-[1200/630] lg:w-full lg:border-r-0 lg:border-b",
        wide && "lg:aspect-[12/5]",
        layout === "featured" && "md:aspect-auto md:min-h-80 md:w-1/2 md:border-r md:border-b-0 lg:w-[56%]",
      )}
    >
      {/* Under the image too: what shows while a lazy cover is still on its way. */}
      <CoverPlaceholder slug={post.slug} />
      {post.cover && (
        <img
          src={post.cover.src}
          {...responsiveMedia(post.cover.src, { sizes: coverSizes(layout, wide) })}
          alt={post.cover.alt}
          width={COVER_WIDTH}
          height={COVER_HEIGHT}
          decoding="async"
          {...(priority ? { fetchPriority: "high" as const } : { loading: "lazy" as const })}
          className="absolute inset-0 size-full object-cover transition-transform duration-300 group-hover:scale-[1.02]"
        />
      )}
    </div>
  );
}

/** Three quiet variations of the brand's indigo and teal, picked by slug so a card always looks the same. */
const placeholderTones = [
  "bg-[radial-gradient(ellipse_at_top_left,var(--color-brand-600),transparent_60%),radial-gradient(ellipse_at_bottom_right,var(--color-accent-700),transparent_55%)]",
  "bg-[radial-gradient(ellipse_at_bottom_left,var(--color-accent-700),transparent_55%),radial-gradient(ellipse_at_top_right,var(--color-brand-600),transparent_60%)]",
  "bg-[radial-gradient(ellipse_at_top,var(--color-brand-700),transparent_65%),radial-gradient(ellipse_at_bottom,var(--color-brand-500),transparent_60%)]",
];

const toneOf = (slug: string) => [...slug].reduce((sum, char) => sum + char.charCodeAt(0), 0) % placeholderTones.length;

/** A post without a cover: the brand's dark panel, a faint grid, a trend line and the Zuri mark. Decorative, no request. */
function CoverPlaceholder({ slug }: { slug: string }) {
  return (
    <div aria-hidden="true" className="absolute inset-0 bg-brand-950">
      <div className={cn("absolute inset-0 opacity-80", placeholderTones[toneOf(slug)])} />
      <div className="absolute inset-0 bg-[linear-gradient(to_right,rgb(255_255_255/0.07)_1px,transparent_1px),linear-gradient(to_bottom,rgb(255_255_255/0.07)_1px,transparent_1px)] mask-[radial-gradient(ellipse_at_center,black_30%,transparent_75%)] bg-size-[32px_32px]" />
      <svg viewBox="0 0 120 40" preserveAspectRatio="none" className="absolute inset-x-0 bottom-0 h-1/2 w-full" focusable="false">
        <path d="M0 34 L18 29 L34 31 L52 21 L68 24 L86 13 L102 15 L120 5 L120 40 L0 40 Z" className="fill-white/5" />
        <path
          d="M0 34 L18 29 L34 31 L52 21 L68 24 L86 13 L102 15 L120 5"
          fill="none"
          vectorEffect="non-scaling-stroke"
          className="stroke-accent-400/50"
          strokeWidth="2"
        />
      </svg>
      <div className="absolute inset-0 flex items-center justify-center">
        <LogoMark className="size-12 rounded-lg shadow-overlay ring-1 ring-white/20 transition-transform duration-300 group-hover:scale-105" />
      </div>
    </div>
  );
}
