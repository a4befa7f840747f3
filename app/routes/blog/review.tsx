import { isRefusal } from "../../../shared/refusal.ts";
import { data, Link, redirect } from "react-router";
import { ArrowLeft, Eye } from "lucide-react";
import type { Route } from "./+types/review";
import { servicesContext } from "../../request-context.ts";
import { formatBlogDate, postDescription, postPageTitle, postPath, readingMinutes, wordCount } from "../../lib/blog.ts";
import { formatInZone } from "../../lib/site-time.ts";
import { siteConfig } from "../../../shared/site-config.ts";
import { REVIEW_PAGE_HEADERS } from "../../../shared/review-links.ts";
import { Button } from "../../components/ui/button.tsx";
import { PostArticle } from "../../components/blog/post-article.tsx";
import { ErrorPage } from "../../components/site/error-page.tsx";
import { notFoundTitle } from "../../components/site/error-titles.ts";

/**
 * `/preview/{token}`: an unpublished post, shown as the post page will show it, to anyone with the
 * link, until it expires or is revoked. Every answer, the 404 and the redirect included, carries
 * REVIEW_PAGE_HEADERS and declares no shared `handle` (docs/decisions/005, 065). Each request asks the database, so a revoke holds at once on
 * every instance; an unknown, expired or revoked token is the site's 404. Once the post is published,
 * the link leads to its address on the blog.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { reviewLinks, siteSettings, postBodyImages } = context.get(servicesContext);
  const read = await reviewLinks.resolve(params.token);
  if (isRefusal(read)) throw data(null, { status: 404, headers: REVIEW_PAGE_HEADERS });
  if ("publishedSlug" in read) throw redirect(postPath(read.publishedSlug), { status: 302, headers: REVIEW_PAGE_HEADERS });
  const { post, full, expiresAt } = read;
  return {
    expiresAt,
    // In the team's time zone, named (docs/decisions/049): the same on the server and in any browser.
    expiresLabel: formatInZone(expiresAt, (await siteSettings.details()).timeZone),
    post: {
      ...post,
      date: full.publishedAt ?? full.createdAt,
      dateLabel: formatBlogDate(full),
      readingMinutes: readingMinutes(wordCount(full.content)),
      pageTitle: postPageTitle(full),
      description: postDescription(full),
      // Responsive body images, as the post page draws them (docs/decisions/056).
      content: await postBodyImages.forPage(post.content, { hasCover: post.coverImage !== null }),
    },
  };
}

export function headers() {
  return REVIEW_PAGE_HEADERS;
}

/** No canonical or sharing tags: this address is not the post's, and is nobody's to index or unfurl. */
export const meta: Route.MetaFunction = ({ loaderData }) => {
  const closed = [
    { name: "robots", content: "noindex, nofollow" },
    { name: "referrer", content: "no-referrer" },
  ];
  if (!loaderData) return [{ title: `${notFoundTitle} | ${siteConfig.productName}` }, ...closed];
  return [{ title: `Preview: ${loaderData.post.pageTitle}` }, { name: "description", content: loaderData.post.description }, ...closed];
};

/**
 * The post page's article (app/components/blog/post-article.tsx) under a notice saying what this is.
 * No related posts, previous and next, or share buttons: a share link would carry this address.
 */
export default function ReviewPost({ loaderData }: Route.ComponentProps) {
  const { post, expiresAt, expiresLabel } = loaderData;
  return (
    <article className="container-page max-w-[52rem] py-10 sm:py-14">
      <Button asChild variant="ghost" size="sm" className="-ml-3">
        <Link to="/blog">
          <ArrowLeft aria-hidden="true" />
          Back to Blog
        </Link>
      </Button>
      <p
        data-testid="review-notice"
        className="mt-6 flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
      >
        <Eye aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          <strong className="font-semibold">Preview — not published yet.</strong> Shared for review; this link expires on{" "}
          <time dateTime={expiresAt}>{expiresLabel}</time>.
        </span>
      </p>
      <PostArticle post={post} />
    </article>
  );
}

/** An unknown, expired or revoked link: the site's 404 page (docs/product.md §2), with no hint which. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
