import { data, useNavigation } from "react-router";
import { Newspaper } from "lucide-react";
import type { Route } from "./+types/list";
import { servicesContext } from "../../request-context.ts";
import { seo } from "../../lib/seo.ts";
import { siteConfig } from "../../../shared/site-config.ts";
import { BLOG_PAGE_SIZE, blogPageCount } from "../../lib/blog.ts";
import { mostUsedTags, pageFrom, SEARCH_QUERY_MAX, searchQueryFrom } from "../../lib/blog-discovery.ts";
import { Spinner } from "../../components/ui/spinner.tsx";
import { ErrorPage } from "../../components/site/error-page.tsx";
import { isNotFound } from "../../components/site/error-titles.ts";
import { BlogHeader } from "../../components/blog/blog-header.tsx";
import { PostGrid } from "../../components/blog/post-grid.tsx";
import { BlogPagination, pageLabel } from "../../components/blog/blog-pagination.tsx";
import { BlogListError } from "../../components/blog/blog-list-error.tsx";
import { SearchResults, toSearchResult, type BlogSearch } from "../../components/blog/search-results.tsx";
import { toPostCard } from "../../components/blog/post-card.tsx";
import { BlogCta } from "../../components/blog/blog-cta.tsx";
import { sharedPage } from "../../../shared/cache-scope.ts";

/** The same for every visitor: stored once per content version, per address (docs/decisions/005). */
export const handle = sharedPage;

/**
 * The same page of posts as GET /api/blog?page=N&perPage=12 (one `listPage`, docs/product.md §2 and §7), or
 * with `?q=` the same search as GET /api/blog?q= (one `searchPage`, docs/decisions/042 and 043).
 * The header's topics are the most used tags (none until posts have tags).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { posts, tags } = context.get(servicesContext);
  const page = pageFrom(request);
  const q = searchQueryFrom(request);
  const topics = mostUsedTags(await tags.listPublic());

  if (q !== null) {
    if (q.length > SEARCH_QUERY_MAX) {
      // Not run, as the API refuses it (400): the page says so and keeps the first 200 characters in the form (decision 043).
      const search: BlogSearch = {
        q: q.slice(0, SEARCH_QUERY_MAX).replace(/[\uD800-\uDBFF]$/, ""),
        tooLong: true,
        total: 0,
        page: 1,
        hasMore: false,
        results: [],
      };
      return data({ page: 1, pageCount: 1, hasOlder: false, posts: [], topics, search }, { status: 400 });
    }
    const found = await posts.searchPage({ q, page, perPage: BLOG_PAGE_SIZE });
    if (page > 1 && found.posts.length === 0) throw data(null, { status: 404 });
    const search: BlogSearch = {
      q,
      tooLong: false,
      total: found.total,
      page,
      hasMore: found.hasMore,
      results: found.posts.map(toSearchResult),
    };
    return { page, pageCount: blogPageCount(found.total), hasOlder: false, posts: [], topics, search };
  }

  const list = await posts.listPage({ page, perPage: BLOG_PAGE_SIZE, withTotal: true });
  if (page > 1 && list.posts.length === 0) throw data(null, { status: 404 });
  return {
    page,
    pageCount: blogPageCount(list.total),
    hasOlder: list.hasMore,
    // Cards carry only what they show: never the full content of twelve posts in the page data.
    posts: list.posts.map(toPostCard),
    topics,
    search: null,
  };
}

const description =
  "Ideas and practical guides on decision intelligence: forecasting, automated insights and turning business data into decisions.";

/** A search's page is not indexed and names /blog as its canonical address (docs/decisions/043). */
export const meta: Route.MetaFunction = (args) => {
  const page = args.loaderData?.page ?? 1;
  const search = args.loaderData?.search;
  if (search) {
    return seo(args, {
      title: search.tooLong ? `Search | ${siteConfig.blogName}` : `Search results for “${search.q}” | ${siteConfig.blogName}`,
      absoluteTitle: true,
      description,
      path: "/blog",
      noIndex: true,
    });
  }
  return [
    ...seo(args, {
      title: page > 1 ? `${siteConfig.blogName} (page ${page})` : siteConfig.blogName,
      description,
      path: page > 1 ? `/blog?page=${page}` : "/blog",
    }),
  ];
};

export default function BlogList({ loaderData }: Route.ComponentProps) {
  const { posts, page, pageCount, hasOlder, topics, search } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/blog";

  return (
    <>
      {/* Page 2 on, and a search, open on a slim band: the posts start in the first screen (docs/decisions/059). */}
      <BlogHeader
        topics={topics}
        query={search?.q}
        compact={search ? { context: "Search" } : page > 1 ? { context: pageLabel(page, pageCount) } : null}
      />
      {loading ? (
        <div className="container-page flex min-h-96 items-center justify-center py-12">
          <Spinner className="size-8 text-primary" label="Loading blog posts" />
        </div>
      ) : search ? (
        <SearchResults search={search} topics={topics} />
      ) : (
        <section aria-labelledby="blog-posts-heading" className={page > 1 ? "container-page py-8 sm:py-12" : "container-page py-12 sm:py-16"}>
          <h2 id="blog-posts-heading" className="sr-only">
            {page > 1 ? `Posts, page ${page}` : "Latest posts"}
          </h2>
          {posts.length === 0 ? <EmptyState /> : <PostGrid posts={posts} featureFirst={page === 1} />}
          {(page > 1 || hasOlder) && (
            <BlogPagination page={page} pageCount={pageCount} hasOlder={hasOlder} href={(target) => (target === 1 ? "/blog" : `/blog?page=${target}`)} />
          )}
        </section>
      )}
      <BlogCta />
    </>
  );
}

function EmptyState() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center rounded-2xl border border-dashed border-border-strong bg-subtle px-6 py-16 text-center">
      <Newspaper aria-hidden="true" className="size-10 text-primary" />
      <p className="mt-4 text-lg font-semibold text-foreground">No blog posts found.</p>
      <p className="mt-2 text-muted-foreground">Check back soon for new content!</p>
    </div>
  );
}

/** docs/product.md §2 blog list, error state. A page number past the end is a plain 404. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isNotFound(error)) return <ErrorPage error={error} />;
  return (
    <>
      <BlogHeader />
      <BlogListError />
    </>
  );
}
