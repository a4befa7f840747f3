import { data, Link, useLocation, useNavigation } from "react-router";
import { ArrowLeft, ArrowRight, Newspaper, RotateCw } from "lucide-react";
import type { Route } from "./+types/list";
import { servicesContext } from "../../request-context.ts";
import { seo } from "../../lib/seo.ts";
import { siteConfig } from "../../lib/site-config.ts";
import { BLOG_PAGE_SIZE } from "../../lib/blog.ts";
import { Button } from "../../components/ui/button.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { ErrorContent, isNotFound } from "../../components/site/error-content.tsx";
import { BlogHeader } from "../../components/blog/blog-header.tsx";
import { PostCard, toPostCard } from "../../components/blog/post-card.tsx";
import { sharedPage } from "../../lib/cache-scope.ts";

/** The same for every visitor: stored once per content version (docs/decisions/005). */
export const handle = sharedPage;

/** `?page=N`: a positive whole number; anything else is not a page of this blog. */
function pageFrom(request: Request): number {
  const raw = new URL(request.url).searchParams.get("page");
  if (raw === null) return 1;
  if (!/^[1-9]\d{0,5}$/.test(raw)) throw data(null, { status: 404 });
  return Number(raw);
}

/** The same page of posts as GET /api/blog?page=N&perPage=12 (one `listPage`, SPEC §2 and §7). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { posts } = context.get(servicesContext);
  const page = pageFrom(request);
  const list = await posts.listPage({ page, perPage: BLOG_PAGE_SIZE });
  if (page > 1 && list.posts.length === 0) throw data(null, { status: 404 });
  return {
    page,
    hasOlder: list.hasMore,
    // Cards carry only what they show: never the full content of twelve posts in the page data.
    posts: list.posts.map(toPostCard),
  };
}

const description =
  "Ideas and practical guides on decision intelligence: forecasting, automated insights and turning business data into decisions.";

export const meta: Route.MetaFunction = (args) => {
  const page = args.loaderData?.page ?? 1;
  return [
    ...seo(args, {
      title: page > 1 ? `${siteConfig.blogName} (page ${page})` : siteConfig.blogName,
      description,
      path: page > 1 ? `/blog?page=${page}` : "/blog",
    }),
  ];
};

export default function BlogList({ loaderData }: Route.ComponentProps) {
  const { posts, page, hasOlder } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/blog";

  return (
    <>
      <BlogHeader />
      <section aria-labelledby="blog-posts-heading" className="container-page py-12 sm:py-16">
        <h2 id="blog-posts-heading" className="sr-only">
          {page > 1 ? `Posts, page ${page}` : "Latest posts"}
        </h2>
        {loading ? (
          <div className="flex min-h-64 items-center justify-center">
            <Spinner className="size-8 text-primary" label="Loading blog posts" />
          </div>
        ) : posts.length === 0 ? (
          <EmptyState />
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="blog-grid">
            {posts.map((post) => (
              <li key={post.slug} className="flex">
                <PostCard post={post} />
              </li>
            ))}
          </ul>
        )}
        {(page > 1 || hasOlder) && <Pagination page={page} hasOlder={hasOlder} />}
      </section>
    </>
  );
}

function Pagination({ page, hasOlder }: { page: number; hasOlder: boolean }) {
  const href = (target: number) => (target === 1 ? "/blog" : `/blog?page=${target}`);
  return (
    <nav aria-label="Blog pages" className="mt-12 flex items-center justify-between gap-4 border-t border-border pt-6">
      {page > 1 ? (
        <Button asChild variant="outline">
          <Link to={href(page - 1)} rel="prev">
            <ArrowLeft aria-hidden="true" />
            Newer posts
          </Link>
        </Button>
      ) : (
        <span />
      )}
      <p className="text-sm text-muted-foreground">
        {`Page ${page}`}
      </p>
      {hasOlder ? (
        <Button asChild variant="outline">
          <Link to={href(page + 1)} rel="next">
            Older posts
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      ) : (
        <span />
      )}
    </nav>
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

/** SPEC §2 blog list, error state. A page number past the end is a plain 404. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  if (isNotFound(error)) return <ErrorContent error={error} />;
  return (
    <>
      <BlogHeader />
      <div className="container-page py-16">
        <div role="alert" className="mx-auto flex max-w-md flex-col items-center rounded-2xl border border-red-200 bg-red-50 px-6 py-12 text-center">
          <p className="text-lg font-semibold text-red-800">Failed to load blog posts. Please try again later.</p>
          <Button asChild className="mt-6">
            {/* A real link reloads the page, with or without JavaScript. */}
            <a href={`${location.pathname}${location.search}`}>
              <RotateCw aria-hidden="true" />
              Retry
            </a>
          </Button>
        </div>
      </div>
    </>
  );
}
