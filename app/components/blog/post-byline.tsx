import { Link } from "react-router";
import { authorPath, type PostAuthor } from "../../../shared/authors.ts";
import { siteConfig } from "../../../shared/site-config.ts";
import { AuthorAvatar } from "./author-avatar.tsx";

/**
 * Who wrote a post and when (docs/decisions/044): the author's avatar (or initials) and name, linking
 * to their page, the date (docs/product.md §2: publishedAt, else createdAt) and the reading time. A post without an author, or
 * whose author was deleted, is signed by the organisation, without a link.
 */
export function PostByline({
  author,
  date,
  dateLabel,
  readingMinutes,
}: {
  author: PostAuthor | null;
  date: string;
  dateLabel: string;
  /** Minutes to read the post (app/lib/blog.ts `readingMinutes`), shown after the date. */
  readingMinutes?: number;
}) {
  return (
    <div className="mt-6 flex items-center gap-3" data-testid="post-byline">
      <AuthorAvatar author={author} />
      <p className="grid text-sm leading-5">
        <span className="text-muted-foreground">
          By{" "}
          {author ? (
            <Link
              to={authorPath(author.slug)}
              rel="author"
              className="rounded-sm font-semibold text-foreground underline-offset-4 outline-none hover:text-primary-strong hover:underline focus-visible:ring-2 focus-visible:ring-ring"
            >
              {author.name}
            </Link>
          ) : (
            <span className="font-semibold text-foreground">{siteConfig.productName}</span>
          )}
        </span>
        <span className="text-muted-foreground">
          <time dateTime={date}>{dateLabel}</time>
          {readingMinutes !== undefined && (
            <>
              <span aria-hidden="true"> · </span>
              <span>{readingMinutes} min read</span>
            </>
          )}
        </span>
      </p>
    </div>
  );
}
