import { Outlet, useLocation } from "react-router";
import type { Route } from "./+types/marketing-layout";
import { servicesContext } from "../request-context.ts";
import { SiteChrome } from "../components/site/site-chrome.tsx";
import { ErrorPage } from "../components/site/error-page.tsx";
import { errorTitle, isNotFound, notFoundTitle } from "../components/site/error-titles.ts";
import { JsonLd } from "../components/site/json-ld.tsx";
import { SpeculationRules } from "../components/site/speculation-rules.tsx";
import { homeJsonLd } from "../lib/seo.ts";
import { siteConfig } from "../../shared/site-config.ts";
import { documentPage } from "../lib/document-page.ts";
import { useSiteDetails } from "../lib/site-details.ts";

/** The public site: documents that work as they are shown, with one small script (docs/decisions/019). */
export const handle = documentPage;

/** SITE_URL for canonical and Open Graph URLs (read by `seo()` in app/lib/seo.ts). */
export function loader({ context }: Route.LoaderArgs) {
  return { siteUrl: context.get(servicesContext).env.SITE_URL };
}

/**
 * A client-side navigation into a public page (a link in the CMS) becomes a document load: public pages
 * are documents and work only as the server sends them, with their own script (docs/decisions/019).
 */
export function clientLoader({ request }: Route.ClientLoaderArgs): Promise<never> {
  window.location.assign(request.url);
  return new Promise(() => {});
}

/** Used when a child's error lands on this layout's boundary (e.g. a blog post that 404s). */
export function meta({ error }: Route.MetaArgs) {
  if (!error) return [{ title: `${siteConfig.productName} | ${siteConfig.tagline}` }];
  return [{ title: `${isNotFound(error) ? notFoundTitle : errorTitle} | ${siteConfig.productName}` }];
}

export default function MarketingLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const siteDetails = useSiteDetails();
  return (
    <SiteChrome>
      {pathname === "/" && <JsonLd data={homeJsonLd(loaderData.siteUrl, siteDetails)} />}
      <SpeculationRules />
      <Outlet />
    </SiteChrome>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <SiteChrome>
      <ErrorPage error={error} />
    </SiteChrome>
  );
}
