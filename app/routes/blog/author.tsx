import { data, Link, redirect, useNavigation } from "react-router";
import { ArrowLeft } from "lucide-react";
import type { Route } from "./+types/author";
import { servicesContext } from "../../request-context.ts";
import { seo } from "../../lib/seo.ts";
import { siteConfig } from "../../../shared/site-config.ts";
import { BLOG_PAGE_SIZE, blogPageCount, postPath } from "../../lib/blog.ts";
import { pageFrom, postCount } from "../../lib/blog-discovery.ts";
import { authorPath, type PublicAuthorProfile } from "../../../shared/authors.ts";
import { sharedPage } from "../../../shared/cache-scope.ts";
import { isRefusal } from "../../../shared/refusal.ts";
import { Button } from "../../components/ui/button.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { JsonLd } from "../../components/site/json-ld.tsx";
import { ErrorPage } from "../../components/site/error-page.tsx";
import { isNotFound, notFoundTitle } from "../../components/site/error-titles.ts";
import { AuthorAvatar } from "../../components/blog/author-avatar.tsx";
import { PostGrid } from "../../components/blog/post-grid.tsx";
import { BlogPagination } from "../../components/blog/blog-pagination.tsx";
import { BlogListError } from "../../components/blog/blog-list-error.tsx";
import { toPostCard, type PostCardData } from "../../components/blog/post-card.tsx";
import { BlogCta } from "../../components/blog/blog-cta.tsx";
import { TagChip, type TagLink } from "../../components/blog/post-tags.tsx";

/** The same for every visitor: stored once per content version, per address (docs/decisions/005, 040). */
export const handle = sharedPage;

/**
 * /blog/author/{slug}: an author's name, avatar and bio, and their published posts, newest first,
 * paged like /blog (`?page=N`) with the same `listPage` as GET /api/blog?author= (docs/decisions/044).
 * The slug comes from the display name, never the login name (docs/decisions/068): a slug the author had
 * before, or the login-name address of decision 044, answers 301 to the page's own.
 * Only an author with published posts has a page: an unknown user, one with drafts only, or a page
 * past the end is a 404. Any other letter case of the address is a 301 to this one (decision 014).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { posts, authors, env } = context.get(servicesContext);
  const page = pageFrom(request);
  const author = await authors.readPage(params.slug);
  if (isRefusal(author)) throw data(null, { status: 404 });
  if ("currentSlug" in author) throw redirect(`${authorPath(author.currentSlug)}${new URL(request.url).search}`, 301);
  const list = await posts.listPage({ page, perPage: BLOG_PAGE_SIZE, author: author.slug, withTotal: true });
  if (list.posts.length === 0) throw data(null, { status: 404 });
  const cards = list.posts.map(toPostCard);
  return {
    author,
    page,
    count: list.total,
    hasOlder: list.hasMore,
    posts: cards,
    jsonLd: profileJsonLd(env.SITE_URL, author, page, cards),
  };
}

const pagePath = (slug: string, page: number) => (page === 1 ? authorPath(slug) : `${authorPath(slug)}?page=${page}`);

/** The page's description: the author's bio, or a sentence in the site's voice. */
const descriptionOf = (author: PublicAuthorProfile) =>
  author.bio ?? `Articles by ${author.name} on the ${siteConfig.blogName}: practical ideas for turning business data into decisions.`;

/** schema.org ProfilePage whose main entity is the author as a Person, with this page's posts. */
function profileJsonLd(siteUrl: string, author: PublicAuthorProfile, page: number, posts: PostCardData[]) {
  const url = `${siteUrl}${authorPath(author.slug)}`;
  return {
    "@context": "https://schema.org",
    "@type": "ProfilePage",
    url: `${siteUrl}${pagePath(author.slug, page)}`,
    name: `${author.name} | ${siteConfig.blogName}`,
    inLanguage: "en-US",
    isPartOf: { "@type": "Blog", name: siteConfig.blogName, url: `${siteUrl}/blog` },
    mainEntity: {
      "@type": "Person",
      "@id": `${url}#person`,
      name: author.name,
      url,
      ...(author.bio ? { description: author.bio } : {}),
      ...(author.avatar ? { image: `${siteUrl}${author.avatar}` } : {}),
    },
    hasPart: posts.map((post) => ({
      "@type": "BlogPosting",
      headline: post.title,
      url: `${siteUrl}${postPath(post.slug)}`,
      datePublished: post.date,
      author: { "@id": `${url}#person` },
    })),
  };
}

export const meta: Route.MetaFunction = (args) => {
  const loaded = args.loaderData;
  if (!loaded) return [{ title: `${notFoundTitle} | ${siteConfig.productName}` }, { name: "robots", content: "noindex" }];
  const { author, page } = loaded;
  return seo(args, {
    title: `${page > 1 ? `${author.name} (page ${page})` : author.name} | ${siteConfig.blogName}`,
    absoluteTitle: true,
    description: descriptionOf(author),
    path: pagePath(author.slug, page),
  });
};

export default function AuthorPage({ loaderData }: Route.ComponentProps) {
  const { author, page, count, hasOlder, posts, jsonLd } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === authorPath(author.slug);

  return (
    <>
      <JsonLd data={jsonLd} />
      <AuthorHeader author={author} count={count} posts={posts} />
      <section aria-labelledby="author-posts-heading" className="container-page py-12 sm:py-16">
        <h2 id="author-posts-heading" className="text-2xl font-bold tracking-tight text-foreground">
          {page > 1 ? `Posts by ${author.name}, page ${page}` : `Posts by ${author.name}`}
        </h2>
        <div className="mt-8">
          {loading ? (
            <div className="flex min-h-64 items-center justify-center">
              <Spinner className="size-8 text-primary" label="Loading blog posts" />
            </div>
          ) : (
            // The blog's own grid, their newest post featured; the page is the author's: no card repeats their byline.
            <PostGrid posts={posts} featureFirst={page === 1} showAuthor={false} />
          )}
        </div>
        {(page > 1 || hasOlder) && (
          <BlogPagination
            page={page}
            pageCount={blogPageCount(count)}
            hasOlder={hasOlder}
            href={(target) => pagePath(author.slug, target)}
            label={`Pages of posts by ${author.name}`}
          />
        )}
      </section>
      <BlogCta />
    </>
  );
}

/** The author's band, in the blog header's look: the way back, avatar, name and bio. */
function AuthorHeader({ author, count, posts }: { author: PublicAuthorProfile; count: number; posts: PostCardData[] }) {
  const topics = topicsOf(posts);
  const latest = posts[0];
  return (
    <section
      aria-labelledby="author-name"
      className="relative isolate overflow-hidden border-b border-border bg-linear-to-b from-brand-50/80 via-white to-white"
    >
      <div aria-hidden="true" className="pointer-events-none absolute -top-40 left-1/4 -z-10 h-96 w-3xl rounded-full bg-brand-200/40 blur-3xl" />
      <div className="container-page py-10 sm:py-14 xl:py-16">
        <Button asChild variant="ghost" size="sm" className="-ml-3">
          <Link to="/blog">
            <ArrowLeft aria-hidden="true" />
            All posts
          </Link>
        </Button>
        <div className="mt-6 flex flex-col gap-6 sm:flex-row sm:items-center sm:gap-8">
          <AuthorAvatar author={author} size="lg" className="ring-4 ring-white shadow-card" />
          <div className="min-w-0">
            <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white/80 px-3 py-1 text-xs font-semibold text-primary-strong sm:text-sm">
              <span aria-hidden="true" className="size-1.5 rounded-full bg-accent" />
              Author · {siteConfig.blogName}
            </p>
            <h1
              id="author-name"
              className="mt-4 text-4xl font-bold tracking-tight text-balance break-words text-foreground sm:text-5xl"
            >
              {author.name}
            </h1>
            <p className="mt-2 text-sm font-medium text-muted-foreground">
              {postCount(count)}
              {latest && (
                <>
                  {" · "}Latest <time dateTime={latest.date}>{latest.dateLabel}</time>
                </>
              )}
            </p>
            {/* Without a bio, a line about what they write, so the band is never just a name. */}
            <p className="mt-4 max-w-2xl text-lg leading-8 text-pretty whitespace-pre-line text-muted-foreground">
              {author.bio ?? `Writes for the ${siteConfig.blogName}${topics.length > 0 ? ` about ${listOf(topics.map((tag) => tag.name))}` : ""}.`}
            </p>
            {topics.length > 0 && (
              <ul aria-label={`Topics ${author.name} writes about`} className="mt-4 flex flex-wrap gap-2">
                {topics.map((tag) => (
                  <li key={tag.slug}>
                    <TagChip tag={tag} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}

/** The three tags most used on these posts, most used first (ties by name). */
function topicsOf(posts: PostCardData[]): TagLink[] {
  const counts = new Map<string, { tag: TagLink; count: number }>();
  for (const post of posts) {
    for (const tag of post.tags) counts.set(tag.slug, { tag, count: (counts.get(tag.slug)?.count ?? 0) + 1 });
  }
  return [...counts.values()]
    .sort((a, b) => b.count - a.count || a.tag.name.localeCompare(b.tag.name))
    .slice(0, 3)
    .map(({ tag }) => tag);
}

/** "a", "a and b", "a, b and c". */
const listOf = (items: string[]) => (items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`);

/** A missing author (or a page past the end) is the site's 404; any other failure, the blog's error state. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isNotFound(error)) return <ErrorPage error={error} />;
  return <BlogListError />;
}
