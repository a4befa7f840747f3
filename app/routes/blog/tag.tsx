import { data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/tag";
import { servicesContext } from "../../request-context.ts";
import { tagSlug } from "../../../shared/post-schema.ts";
import { absoluteUrl, seo } from "../../lib/seo.ts";
import { siteConfig } from "../../../shared/site-config.ts";
import { BLOG_PAGE_SIZE, blogPageCount, postPath } from "../../lib/blog.ts";
import { mostUsedTags, pageFrom, tagFeedPath, tagPath } from "../../lib/blog-discovery.ts";
import { sharedPage } from "../../../shared/cache-scope.ts";
import { Spinner } from "../../components/ui/spinner.tsx";
import { JsonLd } from "../../components/site/json-ld.tsx";
import { ErrorPage } from "../../components/site/error-page.tsx";
import { isNotFound, notFoundTitle } from "../../components/site/error-titles.ts";
import { TagHeader } from "../../components/blog/tag-header.tsx";
import { PostGrid } from "../../components/blog/post-grid.tsx";
import { BlogPagination } from "../../components/blog/blog-pagination.tsx";
import { BlogListError } from "../../components/blog/blog-list-error.tsx";
import { toPostCard, type PostCardData } from "../../components/blog/post-card.tsx";
import { BlogCta } from "../../components/blog/blog-cta.tsx";
import { RelatedPosts } from "../../components/blog/related-posts.tsx";

/** The same for every visitor: stored once per content version (docs/decisions/005, 040). */
export const handle = sharedPage;

/**
 * /blog/tag/{slug}?page=N (docs/decisions/043): a tag's published posts, newest first, paged like
 * /blog with the same `listPage` as GET /api/blog?tag=. Only a tag with published posts has a page
 * (`listPublic` lists exactly those); any other slug, or a page past the end, is a 404. A slug in
 * another form of the same tag ("Forecasting", "forécasting"), or one the tag had before (docs/decisions/035),
 * answers 301 to the tag's own.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { posts, tags, env } = context.get(servicesContext);
  const page = pageFrom(request);
  const slug = tagSlug(params.slug);
  const search = new URL(request.url).search;
  const [tag, publicTags] = await Promise.all([tags.findPublic(slug), tags.listPublic()]);
  if (!tag) {
    // A slug changed or merged away on /cms/tags answers 301 to the tag that has it now (docs/decisions/035).
    const moved = await tags.redirectOf(slug);
    if (moved) throw redirect(`${tagPath(moved)}${search}`, 301);
    throw data(null, { status: 404 });
  }
  if (params.slug !== slug) throw redirect(`${tagPath(slug)}${search}`, 301);

  const list = await posts.listPage({ page, perPage: BLOG_PAGE_SIZE, tag: slug });
  if (list.posts.length === 0) throw data(null, { status: 404 });
  const cards = list.posts.map(toPostCard);
  // Fewer than three posts: the latest others fill the page (docs/decisions/043), one short query of the newest posts.
  const ownSlugs = new Set(list.posts.map((post) => post.slug));
  const morePosts =
    page === 1 && !list.hasMore && cards.length < MORE_POSTS
      ? (await posts.listPage({ page: 1, perPage: MORE_POSTS + cards.length })).posts
          .filter((post) => !ownSlugs.has(post.slug))
          .slice(0, MORE_POSTS)
          .map(toPostCard)
      : [];
  const description = tag.description ?? tagSentence(tag.name);
  return {
    tag: { slug: tag.slug, name: tag.name, count: tag.count },
    description,
    // What the <title> and meta description say when the tag sets them (docs/decisions/035).
    metaTitle: tag.metaTitle,
    metaDescription: tag.metaDescription ?? description,
    // The header's picture and the page's sharing image when the tag has one (docs/decisions/035).
    image: tag.image,
    page,
    hasOlder: list.hasMore,
    posts: cards,
    morePosts,
    otherTopics: mostUsedTags(publicTags.filter((other) => other.slug !== slug)).map(({ slug, name }) => ({ slug, name })),
    jsonLd: collectionJsonLd(env.SITE_URL, { ...tag, description, image: tag.image?.src ?? null }, page, cards),
  };
}

/** Below this many posts a tag page also shows as many of the blog's latest others (docs/decisions/043). */
const MORE_POSTS = 3;

/** A tag without a description of its own, in the site's voice. */
const tagSentence = (name: string) =>
  `Articles about ${name} from the ${siteConfig.blogName}: practical ideas for turning business data into confident decisions.`;

const pagePath = (slug: string, page: number) => (page === 1 ? tagPath(slug) : `${tagPath(slug)}?page=${page}`);

/** schema.org CollectionPage of the blog, listing this page's posts in order. */
function collectionJsonLd(
  siteUrl: string,
  tag: { slug: string; name: string; description: string; image: string | null },
  page: number,
  posts: PostCardData[],
): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "CollectionPage",
    name: `${tag.name} | ${siteConfig.blogName}`,
    description: tag.description,
    url: `${siteUrl}${pagePath(tag.slug, page)}`,
    inLanguage: "en-US",
    about: { "@type": "Thing", name: tag.name },
    ...(tag.image ? { image: absoluteUrl(siteUrl, tag.image) } : {}),
    isPartOf: { "@type": "Blog", name: siteConfig.blogName, url: `${siteUrl}/blog` },
    mainEntity: {
      "@type": "ItemList",
      itemListOrder: "https://schema.org/ItemListOrderDescending",
      numberOfItems: posts.length,
      itemListElement: posts.map((post, index) => ({
        "@type": "ListItem",
        position: (page - 1) * BLOG_PAGE_SIZE + index + 1,
        url: `${siteUrl}${postPath(post.slug)}`,
        name: post.title,
      })),
    },
  };
}

export const meta: Route.MetaFunction = (args) => {
  const loaded = args.loaderData;
  if (!loaded) return [{ title: `${notFoundTitle} | ${siteConfig.productName}` }, { name: "robots", content: "noindex" }];
  const { tag, page, metaTitle, metaDescription, image } = loaded;
  const paged = (name: string) => (page > 1 ? `${name} (page ${page})` : name);
  return [
    ...seo(args, {
      title: metaTitle === null ? `${paged(tag.name)} | ${siteConfig.blogName}` : paged(metaTitle),
      absoluteTitle: true,
      description: metaDescription,
      path: pagePath(tag.slug, page),
      // og:image and twitter:image from the tag's image; without one, the site's (docs/decisions/035).
      ...(image ? { image: image.src, imageAlt: image.alt || undefined } : {}),
    }),
    {
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: `${tag.name} | ${siteConfig.blogName} RSS feed`,
      href: tagFeedPath(tag.slug),
    },
  ];
};

export default function TagPage({ loaderData }: Route.ComponentProps) {
  const { tag, description, image, page, hasOlder, posts, morePosts, otherTopics, jsonLd } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === tagPath(tag.slug);

  return (
    <>
      <JsonLd data={jsonLd} />
      <TagHeader tag={tag} description={description} image={image} otherTopics={otherTopics} />
      <section aria-labelledby="tag-posts-heading" className="container-page py-8 sm:py-16">
        <h2 id="tag-posts-heading" className="sr-only">
          {page > 1 ? `Posts about ${tag.name}, page ${page}` : `Latest posts about ${tag.name}`}
        </h2>
        {loading ? (
          <div className="flex min-h-64 items-center justify-center">
            <Spinner className="size-8 text-primary" label="Loading blog posts" />
          </div>
        ) : (
          // Each card shows the tag being viewed, not its first one.
          <PostGrid posts={posts} featureFirst={page === 1} tagSlug={tag.slug} />
        )}
        {(page > 1 || hasOlder) && (
          <BlogPagination
            page={page}
            pageCount={blogPageCount(tag.count)}
            hasOlder={hasOlder}
            href={(target) => pagePath(tag.slug, target)}
            label={`${tag.name} pages`}
          />
        )}
      </section>
      <RelatedPosts posts={morePosts} title="More from the blog" headingId="more-posts-heading" className="container-page pb-8 sm:pb-16" />
      <BlogCta />
    </>
  );
}

/** An unknown tag, one without published posts, or a page past the end: the site's 404 page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isNotFound(error)) return <ErrorPage error={error} />;
  return <BlogListError />;
}
