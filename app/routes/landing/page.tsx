import { data } from "react-router";
import type { Route } from "./+types/page";
import { servicesContext } from "../../request-context.ts";
import { seo } from "../../lib/seo.ts";
import { siteConfig } from "../../../shared/site-config.ts";
import { sharedPage } from "../../../shared/cache-scope.ts";
import { landingPagePath } from "../../../shared/landing-pages.ts";
import { hasDemoForm, LandingBlocks } from "../../components/landing/landing-blocks.tsx";
import { ErrorPage } from "../../components/site/error-page.tsx";

/**
 * The same for every visitor: stored once per content version, so a publish shows at the next request
 * (docs/decisions/005, 021). A page with the demo form is the exception: its form carries a token signed when it
 * was rendered (docs/decisions/050), so it is rendered for each request, as /book-demo is (docs/decisions/038).
 */
export const handle = sharedPage;

/** `/l/{slug}`: a published landing page (docs/decisions/038); anything else is the site's 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { landingPages, demoRequests } = context.get(servicesContext);
  const page = await landingPages.findPublished(params.slug);
  if (!page) throw data(null, { status: 404 });
  const withForm = hasDemoForm(page.blocks);
  return data(
    {
      page: { ...page, path: landingPagePath(page.slug) },
      formToken: withForm ? await demoRequests.issueFormToken() : "",
    },
    withForm ? { headers: { "Cache-Control": "private, no-cache" } } : undefined,
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = (args) => {
  const page = args.loaderData?.page;
  if (!page) return [{ title: `Page Not Found | ${siteConfig.productName}` }, { name: "robots", content: "noindex" }];
  return seo(args, {
    title: page.metaTitle || page.title,
    description: page.metaDescription || siteConfig.description,
    path: page.path,
    image: page.ogImage || undefined,
    noIndex: page.noindex,
  });
};

export default function LandingPage({ loaderData }: Route.ComponentProps) {
  const { page, formToken } = loaderData;
  return <LandingBlocks blocks={page.blocks} pagePath={page.path} title={page.title} formToken={formToken} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
