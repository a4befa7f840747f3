import { Link } from "react-router";
import { ArrowRight } from "lucide-react";
import { formatBlogDate, postPath, postSummary } from "../../lib/blog.ts";
import { Button } from "../ui/button.tsx";

/** What a card shows (SPEC §2 blog list): no post content travels with it. */
export interface PostCardData {
  slug: string;
  title: string;
  /** ISO timestamp: publishedAt, or createdAt when there is none. */
  date: string;
  /** 'MMMM dd, yyyy' (formatBlogDate). */
  dateLabel: string;
  /** The excerpt or the 150-character fallback (postSummary). */
  summary: string;
}

/** A card's data from a published post (the same summary and date rules everywhere). */
export function toPostCard(post: {
  slug: string;
  title: string;
  excerpt: string | null;
  content: string;
  publishedAt: string | null;
  createdAt: string;
}): PostCardData {
  return {
    slug: post.slug,
    title: post.title,
    date: post.publishedAt ?? post.createdAt,
    dateLabel: formatBlogDate(post),
    summary: postSummary(post),
  };
}

/** One blog card: the title linking to the post, the date, the summary clamped to 3 lines, and 'Read More'. */
export function PostCard({ post }: { post: PostCardData }) {
  return (
    <article className="flex w-full flex-col rounded-2xl border border-border bg-white p-6 shadow-card transition-shadow hover:shadow-card-hover">
      <time dateTime={post.date} className="text-sm font-medium text-muted-foreground">
        {post.dateLabel}
      </time>
      <h3 className="mt-3 text-xl leading-snug font-semibold tracking-tight text-foreground">
        <Link
          to={postPath(post.slug)}
          className="rounded-sm hover:text-primary-strong focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          {post.title}
        </Link>
      </h3>
      <p className="mt-3 line-clamp-3 flex-1 leading-7 text-muted-foreground">{post.summary}</p>
      <div className="mt-6">
        <Button asChild variant="outline" size="sm">
          <Link to={postPath(post.slug)}>
            Read More<span className="sr-only">: {post.title}</span>
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </article>
  );
}
