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
import { PostCard, toPostCard, type PostCardData } from "../../components/blog/post-card.tsx";
import { CtaBand } from "../../components/marketing/cta-band.tsx";
import { cn } from "../../lib/cn.ts";
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
          <PostGrid posts={posts} featureFirst={page === 1} />
        )}
        {(page > 1 || hasOlder) && <Pagination page={page} hasOlder={hasOlder} />}
      </section>
      <CtaBand
        id="blog-cta"
        title="Put these ideas to work on your data"
        description="Book a short demo and we will help you connect your first sources and ask your first questions."
      />
    </>
  );
}

/**
 * The cards of one page (SPEC §2: 1, 2 or 3 columns by width). On the first page the newest post is
 * the wide featured card. The rest fill rows of three on large screens and two from `sm`; a row is
 * never left with one lonely card: a lone last card spans its row (cover beside the text), and at
 * three columns a remainder of one becomes two pairs (4 = 2 + 2, 7 = 3 + 2 + 2). So 1, 2, 5 or 12
 * posts all end on a full row.
 */
function PostGrid({ posts, featureFirst }: { posts: PostCardData[]; featureFirst: boolean }) {
  const [featured, rest] = featureFirst ? [posts[0]!, posts.slice(1)] : [null, posts];
  const lg = largeSpans(rest.length);
  const oddAtTwo = rest.length % 2 === 1;
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-6 lg:gap-8" data-testid="blog-grid">
      {featured && (
        <li className="flex sm:col-span-2 lg:col-span-6">
          <PostCard post={featured} layout="featured" withCover priority />
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
            />
          </li>
        );
      })}
    </ul>
  );
}

type Span = "third" | "half" | "full";
const spanClass: Record<Span, string> = { third: "lg:col-span-2", half: "lg:col-span-3", full: "lg:col-span-6" };

/** Each card's width on the six-column large grid: thirds, with the last one or two rows in halves as needed. */
function largeSpans(count: number): Span[] {
  if (count === 1) return ["full"];
  const halves = count % 3 === 2 ? 2 : count % 3 === 1 ? 4 : 0;
  return Array.from({ length: count }, (_, index) => (index >= count - halves ? "half" : "third"));
}

function Pagination({ page, hasOlder }: { page: number; hasOlder: boolean }) {
  const href = (target: number) => (target === 1 ? "/blog" : `/blog?page=${target}`);
  return (
    <nav aria-label="Blog pages" className="mt-12 grid grid-cols-[1fr_auto_1fr] items-center gap-4 border-t border-border pt-6">
      <div>
        {page > 1 && (
          <Button asChild variant="outline">
            <Link to={href(page - 1)} rel="prev">
              <ArrowLeft aria-hidden="true" />
              Newer posts
            </Link>
          </Button>
        )}
      </div>
      <p className="text-sm font-medium text-muted-foreground">{`Page ${page}`}</p>
      <div className="flex justify-end">
        {hasOlder && (
          <Button asChild variant="outline">
            <Link to={href(page + 1)} rel="next">
              Older posts
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        )}
      </div>
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
