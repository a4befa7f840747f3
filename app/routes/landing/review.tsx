import { data } from "react-router";
import type { Route } from "./+types/review";
import { servicesContext } from "../../request-context.ts";
import { siteConfig } from "../../../shared/site-config.ts";
import { REVIEW_PAGE_HEADERS, REVIEW_TOKEN_PATTERN } from "../../../shared/review-links.ts";
import { landingPagePath } from "../../../shared/landing-pages.ts";
import { LandingBlocks } from "../../components/landing/landing-blocks.tsx";
import { PreviewBar } from "../../components/landing/preview-bar.tsx";
import { ErrorPage } from "../../components/site/error-page.tsx";
import { notFoundTitle } from "../../components/site/error-titles.ts";

/**
 * `/preview/page/{token}`: a landing page not yet live, for whoever has the link, as a post's review link is
 * (docs/decisions/065): every answer, the 404 included, carries REVIEW_PAGE_HEADERS, and the route declares no
 * shared `handle`, so nothing stores it; each request asks the database, so a revoke holds at once.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { landingPages, demoRequests } = context.get(servicesContext);
  const page = REVIEW_TOKEN_PATTERN.test(params.token) ? await landingPages.findByReviewToken(params.token) : null;
  if (!page) throw data(null, { status: 404, headers: REVIEW_PAGE_HEADERS });
  return { page: { ...page, path: landingPagePath(page.slug) }, formToken: await demoRequests.issueFormToken() };
}

export function headers() {
  return REVIEW_PAGE_HEADERS;
}

/** No canonical, sharing tags or structured data: this address is nobody's to index or unfurl. */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Preview: ${loaderData.page.title} | ${siteConfig.productName}` : `${notFoundTitle} | ${siteConfig.productName}` },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

export default function LandingReview({ loaderData }: Route.ComponentProps) {
  const { page, formToken } = loaderData;
  return (
    <>
      <PreviewBar data-testid="review-notice">
        <strong className="font-semibold">Preview</strong> — not published yet. Shared for review.
      </PreviewBar>
      <LandingBlocks blocks={page.blocks} pagePath={page.path} title={page.title} formToken={formToken} preview credit />
    </>
  );
}

/** An unknown, expired or revoked link: the site's 404 page, with no hint which. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
