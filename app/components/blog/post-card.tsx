import { Link } from "react-router";
import { ArrowRight } from "lucide-react";
import { formatBlogDate, postPath, postSummary, readingMinutes, wordCount } from "../../lib/blog.ts";
import { cn } from "../../lib/cn.ts";
import { responsiveMedia } from "../../../shared/media-sizes.ts";
import { coverArtPath } from "../../../shared/cover-art.ts";
import type { PostAuthor } from "../../../shared/authors.ts";
import { siteConfig } from "../../../shared/site-config.ts";
import { Button } from "../ui/button.tsx";
import { AuthorAvatar } from "./author-avatar.tsx";
import { TagChip, type TagLink } from "./post-tags.tsx";

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
  /** The cover image and its alt attribute ("" for a decorative one), or null for the generated cover. */
  cover: { src: string; alt: string } | null;
  /** The generated cover's address (shared/cover-art.ts), shown when there is no cover (docs/decisions/059). */
  art: string;
  /** The post's tags, sorted by name (the card shows the first). */
  tags: TagLink[];
  /** Who the byline names; null: the organisation (docs/decisions/044). */
  author: PostAuthor | null;
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
  tags?: readonly TagLink[];
  author?: PostAuthor | null;
}): PostCardData {
  const tags = (post.tags ?? []).map(({ slug, name }) => ({ slug, name }));
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
    art: coverArtPath({ title: post.title, tags }),
    tags,
    author: post.author ? { slug: post.author.slug, name: post.author.name, avatar: post.author.avatar } : null,
  };
}

/**
 * How a card is laid out:
 * - `stacked`: the cover above the text (the blog grid's thirds and halves);
 * - `side`: the cover beside the text from `sm` up, for a card alone on its row;
 * - `side-until-lg`: beside the text at `sm` and `md` (alone on its row of two), stacked from `lg` up;
 * - `side-from-lg`: stacked at `sm` and `md` (one of a pair), beside the text from `lg` up (alone on its row of three);
 * - `featured`: the newest post, wide: its cover above the text, beside it from `lg` up.
 * Every cover box has the art's shape, 1200 × 630 (docs/decisions/059): beside the text it is framed inside the
 * card, level with the text's top, so a card taller than its cover never stretches or crops it; only the featured
 * card's cover, flush with the card's edge, grows with a taller text.
 */
export type PostCardLayout = "stacked" | "side" | "side-until-lg" | "side-from-lg" | "featured";

/**
 * One blog card (docs/product.md §2): the cover (or its generated art), the first tag and the reading time, the title
 * linking to the post, the summary clamped to 3 lines, then who wrote it and when, and 'Read More'. The whole card is
 * clickable through the title link; the tag, and 'Read More', stay links of their own above it. Without `withCover`
 * the card is text only. `priority` for the one cover in the first screen: the others load lazily.
 */
export function PostCard({
  post,
  layout = "stacked",
  withCover = false,
  wideCover = false,
  priority = false,
  tagSlug,
  showAuthor = true,
}: {
  post: PostCardData;
  layout?: PostCardLayout;
  withCover?: boolean;
  /** The tag being viewed (a tag page): the card shows it rather than the post's first tag. */
  tagSlug?: string;
  /** False on the author's own page, where every card's byline would repeat the page's heading. */
  showAuthor?: boolean;
  /** From `lg` up, the card is half a row wide: its cover is drawn larger (`sizes` only, the shape is the same). */
  wideCover?: boolean;
  priority?: boolean;
}) {
  const featured = layout === "featured";
  const tag = (tagSlug === undefined ? undefined : post.tags.find((item) => item.slug === tagSlug)) ?? post.tags[0];
  // On phones a card's cover is a thumbnail beside its title, so a page of twelve stays short (docs/decisions/059).
  const thumbnail = withCover && !featured;
  return (
    <article
      data-slot="post-card"
      className={cn(
        "group relative flex w-full flex-col overflow-hidden rounded-2xl border border-border bg-white shadow-card transition-shadow hover:shadow-card-hover has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-ring",
        withCover && (layout === "side" || layout === "side-until-lg") && "sm:flex-row",
        withCover && layout === "side-until-lg" && "lg:flex-col",
        withCover && (featured || layout === "side-from-lg") && "lg:flex-row",
      )}
    >
      {withCover && <CardCover post={post} layout={layout} wide={wideCover} priority={priority} />}
      <div className={cn("flex flex-1 flex-col p-5 sm:p-6", featured && "sm:p-8 xl:p-10")}>
        <div className={cn(thumbnail && phoneThumbnailText)}>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm font-medium text-muted-foreground">
          {featured && (
            <span className="inline-flex items-center gap-2 rounded-full bg-accent-soft px-2.5 py-0.5 text-xs font-semibold text-accent-strong ring-1 ring-accent-100">
              <span aria-hidden="true" className="size-1.5 rounded-full bg-accent" />
              Latest
            </span>
          )}
          {tag && <TagChip tag={tag} className="relative z-10" />}
          <span>{post.readingMinutes} min read</span>
        </p>
        <h3
          className={cn(
            "mt-3 leading-snug font-semibold tracking-tight text-balance text-foreground",
            featured ? "text-2xl sm:text-3xl" : "text-lg sm:text-xl",
          )}
        >
          <PostTitleLink slug={post.slug} title={post.title} />
        </h3>
        </div>
        {/* Not stretched itself: a clamped paragraph taller than its 3 lines would show a 4th. */}
        <p className={cn("mt-2 line-clamp-3 leading-7 text-muted-foreground", featured && "mt-3 lg:text-lg lg:leading-8")}>
          {post.summary}
        </p>
        {/* 'Read More' under the byline on every card at every width (docs/decisions/059): beside it, a half or a third
            of the grid would push it under the byline while a wider card kept it beside, one grid showing both. */}
        <div data-slot="post-card-footer" className={cn("mt-auto flex flex-col items-start gap-4 pt-5", featured && "pt-8")}>
          <p className="flex max-w-full min-w-0 items-center gap-2.5 text-sm">
            {showAuthor && <AuthorAvatar author={post.author} size="xs" className="max-sm:hidden" />}
            <span className="grid min-w-0 leading-5">
              {showAuthor && <span className="truncate font-medium text-foreground">{post.author?.name ?? siteConfig.productName}</span>}
              <time dateTime={post.date} className="whitespace-nowrap text-muted-foreground">
                {post.dateLabel}
              </time>
            </span>
          </p>
          <Button asChild variant="outline" size={featured ? "default" : "sm"} className="relative z-10 shrink-0">
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
  if (layout === "featured") return "(min-width: 1024px) 681px, 100vw";
  // Below `sm` the cover is an 80 px thumbnail (PostCard); beside the text, two fifths of the card less its frame.
  if (layout === "side") return "(min-width: 1024px) 462px, (min-width: 640px) 40vw, 80px";
  if (layout === "side-from-lg") return "(min-width: 1024px) 462px, (min-width: 640px) 50vw, 80px";
  if (layout === "side-until-lg") return `(min-width: 1024px) ${large}, (min-width: 640px) 50vw, 80px`;
  return `(min-width: 1024px) ${large}, (min-width: 640px) 50vw, 80px`;
}

/**
 * The box of every card's cover, in every listing (cards, related posts, search results): the art's shape, sized by
 * CSS before anything loads, so covers of any shape line up and nothing shifts (docs/decisions/059).
 */
export const cardMedia = "relative aspect-[1200/630] overflow-hidden bg-brand-950";

/**
 * On phones a card's cover is an 80 px square beside its title, in the card's top-right corner (docs/decisions/059):
 * the text beside it keeps clear with `phoneThumbnailText`.
 */
export const phoneThumbnail =
  "max-sm:absolute max-sm:top-5 max-sm:right-5 max-sm:aspect-square max-sm:size-20 max-sm:rounded-xl max-sm:border";
export const phoneThumbnailText = "max-sm:min-h-20 max-sm:pr-24";

/**
 * Where generated art is cropped when its box is not its shape: from the top-left, where the label's safe area is
 * (shared/cover-art-drawing.ts); the phone's square thumbnail shows the drawing's right side, past its label.
 */
export const artPosition = "object-left-top max-sm:object-right";

const coverImage = "absolute inset-0 size-full object-cover transition-transform duration-300 group-hover:scale-[1.02]";

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
        cardMedia,
        "w-full shrink-0 border-b border-border",
        // Beside the text: framed in the card by its padding, level with the text's first line, in its own shape.
        (layout === "side" || layout === "side-until-lg") && "sm:m-6 sm:mr-0 sm:self-start sm:rounded-xl sm:border",
        layout === "side" && "sm:w-2/5",
        layout === "side-until-lg" && "sm:w-1/2 lg:m-0 lg:w-full lg:self-auto lg:rounded-none lg:border-0 lg:border-b",
        layout === "side-from-lg" && "lg:m-6 lg:mr-0 lg:w-2/5 lg:self-start lg:rounded-xl lg:border",
        layout === "featured" && "lg:w-[56%] lg:border-r lg:border-b-0",
        layout !== "featured" && phoneThumbnail,
      )}
    >
      {post.cover ? (
        <img
          src={post.cover.src}
          {...responsiveMedia(post.cover.src, { sizes: coverSizes(layout, wide) })}
          alt={post.cover.alt}
          width={COVER_WIDTH}
          height={COVER_HEIGHT}
          decoding="async"
          {...(priority ? { fetchPriority: "high" as const } : { loading: "lazy" as const })}
          className={coverImage}
        />
      ) : (
        // Decorative: the title is beside it. One small cached file per post (docs/decisions/059).
        <img
          src={post.art}
          alt=""
          width={COVER_WIDTH}
          height={COVER_HEIGHT}
          decoding="async"
          {...(priority ? { fetchPriority: "high" as const } : { loading: "lazy" as const })}
          className={cn(coverImage, artPosition)}
        />
      )}
    </div>
  );
}

/** A card's title link, stretched over the whole card so the card is one click target (the card is `relative`). */
export function PostTitleLink({ slug, title }: { slug: string; title: string }) {
  return (
    <Link
      to={postPath(slug)}
      className="rounded-sm outline-none group-hover:text-primary-strong after:absolute after:inset-0 after:content-['']"
    >
      {title}
    </Link>
  );
}
