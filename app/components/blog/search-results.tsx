import { Link } from "react-router";
import { ArrowRight, SearchX, X } from "lucide-react";
import type { PublicSearchResult } from "../../../server/services/public-posts.ts";
import { blogPageCount } from "../../lib/blog.ts";
import { SEARCH_QUERY_MAX, searchPath } from "../../lib/blog-discovery.ts";
import { responsiveMedia } from "../../../shared/media-sizes.ts";
import { cn } from "../../lib/cn.ts";
import { Button } from "../ui/button.tsx";
import { cardMedia, PostTitleLink, toPostCard, type PostCardData } from "./post-card.tsx";
import { PostTags, type TagLink } from "./post-tags.tsx";
import { BlogPagination } from "./blog-pagination.tsx";

/** What a search result shows: the card's data, the passage where the words were found, the post's tags. */
export interface SearchResultData extends PostCardData {
  /** HTML-escaped text with the matched words in `<mark>` (server/services/search-text.ts). */
  snippet: string;
  tags: TagLink[];
}

export const toSearchResult = (post: PublicSearchResult): SearchResultData => ({
  ...toPostCard(post),
  snippet: post.snippet,
  tags: post.tags,
});

/** A search on /blog (docs/decisions/043): the text, and either its page of results or that it was too long. */
export interface BlogSearch {
  q: string;
  /** Over SEARCH_QUERY_MAX characters: not run (answered 400), `q` cut to the limit for the form. */
  tooLong: boolean;
  total: number;
  page: number;
  hasMore: boolean;
  results: SearchResultData[];
}

const resultCount = (total: number) => `${total} ${total === 1 ? "result" : "results"}`;

/**
 * The results of a search, best first, under the blog's header (which holds the search form): in the header's
 * container, from its left edge, with the topics beside them from `lg` up and under them below (a notice shows them
 * itself).
 */
export function SearchResults({ search, topics }: { search: BlogSearch; topics: TagLink[] }) {
  const { q, tooLong, total, page, hasMore, results } = search;
  const notice = tooLong || results.length === 0;
  return (
    <section
      aria-labelledby="search-results-heading"
      className={cn("container-page grid gap-12 py-6 sm:py-10", !notice && topics.length > 0 && "lg:grid-cols-[minmax(0,1fr)_17rem] xl:gap-16")}
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 border-b border-border pb-4">
          <div className="min-w-0">
            <h2
              id="search-results-heading"
              className="text-xl font-bold tracking-tight text-balance break-words text-foreground sm:text-2xl"
            >
              {tooLong ? "Search too long" : `${resultCount(total)} for “${q}”`}
            </h2>
          </div>
          <Button asChild variant="ghost" size="sm" className="-ml-3 sm:ml-0 sm:-mr-3">
            <Link to="/blog">
              <X aria-hidden="true" />
              Clear search
            </Link>
          </Button>
        </div>

        {tooLong ? (
          <Notice
            title={`Searches can be up to ${SEARCH_QUERY_MAX} characters.`}
            text="Try a few key words instead, or browse a topic."
            topics={topics}
          />
        ) : results.length === 0 ? (
          <Notice
            title={`No posts match “${q}”.`}
            text="Check the spelling, try fewer or shorter words, or browse all posts."
            topics={topics}
          />
        ) : (
          <ol className="mt-6 space-y-4" data-testid="search-results">
            {results.map((result) => (
              <li key={result.slug}>
                <SearchResultCard result={result} />
              </li>
            ))}
          </ol>
        )}

        {!tooLong && (page > 1 || hasMore) && (
          <BlogPagination
            page={page}
            pageCount={blogPageCount(total)}
            hasOlder={hasMore}
            href={(target) => searchPath(q, target)}
            label="Search result pages"
            newerLabel="Previous results"
            olderLabel="More results"
          />
        )}
      </div>
      {!notice && topics.length > 0 && (
        // Beside the results from lg up; under them on narrower screens, where a reader looks next.
        <aside aria-labelledby="search-topics-heading">
          <div className="rounded-2xl border border-border bg-subtle p-6 lg:sticky lg:top-24">
            <h2 id="search-topics-heading" className="text-sm font-semibold text-foreground">
              Browse by topic
            </h2>
            <PostTags tags={topics} label="Blog topics" className="mt-4" />
          </div>
        </aside>
      )}
    </section>
  );
}

/** One result: the whole card opens the post through its title link; the tag chips stay links of their own. */
function SearchResultCard({ result }: { result: SearchResultData }) {
  return (
    <article className="group relative flex gap-6 rounded-2xl border border-border bg-white p-5 shadow-card transition-shadow hover:shadow-card-hover has-[h3_a:focus-visible]:ring-2 has-[h3_a:focus-visible]:ring-ring sm:p-6">
      <div className="min-w-0 flex-1">
      <p className="flex flex-wrap items-center gap-x-2 text-sm font-medium text-muted-foreground">
        <time dateTime={result.date}>{result.dateLabel}</time>
        <span aria-hidden="true">·</span>
        <span>{result.readingMinutes} min read</span>
      </p>
      <h3 className="mt-2 text-xl leading-snug font-semibold tracking-tight text-balance text-foreground">
        <PostTitleLink slug={result.slug} title={result.title} />
      </h3>
      <p
        data-slot="search-snippet"
        className="mt-3 leading-7 text-muted-foreground [&_mark]:rounded-[0.2em] [&_mark]:bg-accent-100 [&_mark]:box-decoration-clone [&_mark]:px-[0.15em] [&_mark]:font-medium [&_mark]:text-foreground"
        // Server-produced and already HTML-escaped, with only <mark> added around the matched words
        // (server/services/search-text.ts, docs/decisions/042): never text a visitor or an editor wrote as HTML.
        dangerouslySetInnerHTML={{ __html: result.snippet }}
      />
      <div className="mt-5 flex flex-wrap items-center justify-between gap-4">
        <PostTags tags={result.tags} className="relative z-10" />
        <span
          aria-hidden="true"
          className="ml-auto inline-flex items-center gap-1 text-sm font-semibold text-primary-strong transition-transform group-hover:translate-x-0.5"
        >
          Read More
          <ArrowRight className="size-4" />
        </span>
      </div>
      </div>
      {/* The cover, or the post's generated art (docs/decisions/059), from `sm` up: decorative, the title says it all. */}
      <img
        src={result.cover?.src ?? result.art}
        {...(result.cover ? responsiveMedia(result.cover.src, { sizes: "(min-width: 1024px) 208px, 176px" }) : {})}
        alt=""
        width={1200}
        height={630}
        loading="lazy"
        decoding="async"
        className={cn(cardMedia, "hidden w-44 shrink-0 self-start rounded-xl border border-border object-cover sm:block lg:w-52", !result.cover && "object-left-top")}
      />
    </article>
  );
}

/** No results, or a search that was not run: what to do instead, with a way back to all posts and a few topics. */
function Notice({ title, text, topics }: { title: string; text: string; topics: TagLink[] }) {
  return (
    <div className="mt-8 flex flex-col items-center rounded-2xl border border-dashed border-border-strong bg-subtle px-6 py-14 text-center">
      <SearchX aria-hidden="true" className="size-10 text-primary" />
      <p className="mt-4 max-w-full text-lg font-semibold break-words text-foreground">{title}</p>
      <p className="mt-2 max-w-md text-muted-foreground">{text}</p>
      <Button asChild className="mt-6">
        <Link to="/blog">
          Browse all posts
          <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
      {topics.length > 0 && (
        <div className="mt-8 flex flex-col items-center gap-3">
          <p className="text-sm font-medium text-muted-foreground">Or explore a topic</p>
          <PostTags tags={topics} label="Popular topics" className="justify-center" />
        </div>
      )}
    </div>
  );
}
