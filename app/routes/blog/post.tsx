import { data, Link, redirect, useNavigation } from "react-router";
import { ArrowLeft, Eye } from "lucide-react";
import type { Route } from "./+types/post";
import { servicesContext } from "../../request-context.ts";
import type { FullPost } from "../../../server/services/posts.ts";
import { getSessionUser } from "../../lib/auth.server.ts";
import { isRefusal, refusalStatus } from "../../../shared/refusal.ts";
import { absoluteUrl, seo, siteUrlFrom } from "../../lib/seo.ts";
import { siteConfig } from "../../../shared/site-config.ts";
import { formatBlogDate, postDescription, postPageTitle, postPath, readingMinutes, wordCount } from "../../lib/blog.ts";
import { formatInZone } from "../../lib/site-time.ts";
import { Button } from "../../components/ui/button.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { JsonLd } from "../../components/site/json-ld.tsx";
import { PostArticle } from "../../components/blog/post-article.tsx";
import { authorPath } from "../../../shared/authors.ts";
import { PostEnd, type PostEndData } from "../../components/blog/post-end.tsx";
import { toPostCard } from "../../components/blog/post-card.tsx";
import { coverArtPath } from "../../../shared/cover-art.ts";
import { sharedPage } from "../../../shared/cache-scope.ts";

/** The same for every visitor: stored once per content version (docs/decisions/005). */
export const handle = sharedPage;

/**
 * A published post; with `?preview=true` an administrator also sees a draft (docs/product.md §2 route table).
 * Anyone else gets the same 404 as for a post that does not exist: no hint that a draft exists.
 * An old slug of a published post answers 301 to its current address (decision 040). The API
 * decides all of it with the same `readPublic`.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { posts, relatedPosts, authors, env, siteSettings, postBodyImages } = context.get(servicesContext);
  const preview = new URL(request.url).searchParams.get("preview") === "true";
  // Only a preview reads the session: a page that read one is this visitor's alone, never stored (decision 005).
  const viewer = preview ? await getSessionUser(request, context) : null;
  const read = await posts.readPublic(params.slug, { viewer, preview });
  if (isRefusal(read)) throw data(null, { status: refusalStatus[read.code] });
  if ("currentSlug" in read) throw redirect(postPath(read.currentSlug), 301);
  const post = read.full;
  // Related posts, previous and next: the page's version still covers them (docs/decisions/046).
  const [{ related, previous, next }, profile] = await Promise.all([
    relatedPosts.forPost(post),
    read.post.author ? authors.readPage(read.post.author.slug) : null,
  ]);
  const end: PostEndData = {
    shareUrl: absoluteUrl(env.SITE_URL, post.canonicalUrl ?? postPath(post.slug)),
    related: related.map(toPostCard),
    previous,
    next,
    // The bio box ends the post when its author wrote a bio (docs/decisions/059).
    author: profile && !isRefusal(profile) && "bio" in profile && profile.bio ? { ...profile, bio: profile.bio } : null,
  };
  return {
    end,
    jsonLd: blogPostingJsonLd(env.SITE_URL, post),
    post: {
      ...read.post,
      date: post.publishedAt ?? post.createdAt,
      dateLabel: formatBlogDate(post),
      readingMinutes: readingMinutes(wordCount(post.content)),
      // Srcset, sizes, width and height from the stored uploads, lazy loading (docs/decisions/056).
      content: await postBodyImages.forPage(post.content, { hasCover: post.coverImage !== null }),
      art: coverArtPath(read.post),
      updatedAt: post.updatedAt,
      metaTitle: post.metaTitle,
      description: postDescription(post),
      keywords: post.keywords,
      canonicalUrl: post.canonicalUrl,
      isDraft: post.status !== "published",
      /** A scheduled post's go-live time, for the preview notice (docs/decisions/049); formatted here, not in the page's JS. */
      scheduledFor: post.status === "scheduled" && post.publishedAt ? formatInZone(post.publishedAt, (await siteSettings.details()).timeZone) : null,
    },
  };
}

/** schema.org BlogPosting for search engines (docs/product.md §2). */
function blogPostingJsonLd(siteUrl: string, post: FullPost): Record<string, unknown> {
  const ownUrl = `${siteUrl}${postPath(post.slug)}`;
  const keywords = keywordsOf(post.keywords);
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: postDescription(post),
    datePublished: post.publishedAt ?? post.createdAt,
    dateModified: post.updatedAt,
    url: ownUrl,
    mainEntityOfPage: { "@type": "WebPage", "@id": post.canonicalUrl ?? ownUrl },
    ...(post.coverImage ? { image: [absoluteUrl(siteUrl, post.coverImage)] } : {}),
    ...(keywords.length > 0 ? { keywords: keywords.join(", ") } : {}),
    // The author's page names them (docs/decisions/044); without one, the organisation wrote it.
    author: post.author
      ? { "@type": "Person", name: post.author.name, url: `${siteUrl}${authorPath(post.author.slug)}` }
      : { "@type": "Organization", name: siteConfig.productName, url: `${siteUrl}/` },
    publisher: {
      "@type": "Organization",
      name: siteConfig.productName,
      logo: { "@type": "ImageObject", url: `${siteUrl}/icon-512.png` },
    },
  };
}

const keywordsOf = (keywords: string | null) =>
  (keywords ?? "")
    .split(",")
    .map((keyword) => keyword.trim())
    .filter(Boolean);

export const meta: Route.MetaFunction = (args) => {
  const post = args.loaderData?.post;
  if (!post) {
    return [{ title: `Page Not Found | ${siteConfig.productName}` }, { name: "robots", content: "noindex" }];
  }
  const siteUrl = siteUrlFrom(args.matches);
  const ownUrl = `${siteUrl}${postPath(post.slug)}`;
  const canonical = post.canonicalUrl ?? ownUrl;
  const image = post.coverImage ? absoluteUrl(siteUrl, post.coverImage) : undefined;
  const keywords = keywordsOf(post.keywords);

  return [
    ...seo(args, {
      title: postPageTitle(post),
      absoluteTitle: true,
      description: post.description,
      path: canonical,
      image,
      imageAlt: post.coverImageAlt ?? undefined,
      type: "article",
      noIndex: post.isDraft,
    }),
    { property: "article:published_time", content: post.date },
    { property: "article:modified_time", content: post.updatedAt },
    // Open Graph's article:tag names the post's tags (docs/decisions/042); the keywords have their own meta.
    ...post.tags.map((tag) => ({ property: "article:tag", content: tag.name })),
    ...(keywords.length > 0 ? [{ name: "keywords", content: keywords.join(", ") }] : []),
  ];
};

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, jsonLd, end } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname.startsWith("/blog/");

  return (
    <>
      <article className="container-page max-w-[52rem] py-10 sm:py-14">
        <JsonLd data={jsonLd} />
        <Button asChild variant="ghost" size="sm" className="-ml-3">
          <Link to="/blog">
            <ArrowLeft aria-hidden="true" />
            Back to Blog
          </Link>
        </Button>
        {post.isDraft && (
          <p
            role="status"
            className="mt-6 flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
          >
            <Eye aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              <strong className="font-semibold">Preview.</strong>{" "}
              {post.scheduledFor ? `This post is scheduled to go live ${post.scheduledFor}` : "This draft is not published"}: only
              administrators can see it, and search engines are asked not to index it.
            </span>
          </p>
        )}
        {loading ? (
          <div className="flex min-h-96 items-center justify-center">
            <Spinner className="size-8 text-primary" label="Loading blog post" />
          </div>
        ) : (
          <PostArticle post={post} />
        )}
      </article>
      {!loading && <PostEnd title={post.title} end={end} />}
    </>
  );
}

/**
 * docs/product.md §2 blog post, error state: shown for a missing post (with HTTP 404) and for any failure to
 * load one.
 */
export function ErrorBoundary() {
  return (
    <div className="container-page max-w-4xl py-16 sm:py-24">
      <div className="mx-auto flex max-w-xl flex-col items-center rounded-2xl border border-border bg-subtle px-6 py-14 text-center">
        <h1 className="text-2xl font-bold tracking-tight text-foreground">Post unavailable</h1>
        <p role="alert" className="mt-3 text-lg text-muted-foreground">
          Failed to load blog post. It may have been removed or is not published.
        </p>
        <Button asChild className="mt-8">
          <Link to="/blog">
            <ArrowLeft aria-hidden="true" />
            Return to Blog
          </Link>
        </Button>
      </div>
    </div>
  );
}
