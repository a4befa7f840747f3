import type { ReactNode } from "react";
import { isRouteErrorResponse, Link, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches } from "react-router";
import siteScript from "virtual:site-script";
import type { Route } from "./+types/root";
import { useNonce } from "./lib/nonce.tsx";
import { isDocumentPage } from "./lib/document-page.ts";
import { outageInsteadOfServerError } from "./lib/database-outage.server.ts";
import { servicesContext } from "./request-context.ts";
import { SiteHead } from "./components/site/site-head.tsx";
import stylesheet from "./app.css?url";

/**
 * The stylesheet with a React `precedence`, so React writes it at the top of <head>, ahead of the
 * page's module preloads (30 or more). With HTTP/1.1's six connections per origin it was queued behind
 * them and the first paint waited (measured on loopback: CSS done at 150–290 ms, 100–150 ms when first).
 */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesheet, precedence: "default" }];

/** The last element of every page; rendering waits until it is parsed (see the `expect` link below). */
const PAGE_END_ID = "page-end";

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  // Public pages are documents with one small script of their own; the CMS is the React app (docs/decisions/019).
  const document = isDocumentPage(useMatches().map((match) => match.handle));
  return (
    // suppressHydrationWarning: the head script marks <html> (data-js, data-cookie-consent) before hydration.
    <html lang="en-US" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* No paint until the whole page is parsed (docs/decisions/016): the browser would otherwise paint
            mid-parse on a busy machine, and the fixed cookie banner and centred groups then grow while the
            visitor looks (layout shifts). The page is complete HTML of 30–80 KB, parsed in milliseconds. */}
        <link rel="expect" href={`#${PAGE_END_ID}`} blocking="render" />
        <Meta />
        <Links />
        <SiteHead />
      </head>
      <body>
        {children}
        <span id={PAGE_END_ID} hidden />
        {document && siteScript ? (
          <>
            {/* Low priority: the stylesheet and the font come first, the page works without these meanwhile. */}
            {siteScript.preload.map((href) => (
              <link key={href} rel="modulepreload" href={href} fetchPriority="low" />
            ))}
            {/* async: React moves it into <head>, so it is fetched at once; DOMContentLoaded never waits for it,
                and it waits for the parsed document itself (app/site/main.ts). */}
            <script type="module" async src={siteScript.src} nonce={nonce} fetchPriority="low" />
          </>
        ) : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export const middleware: Route.MiddlewareFunction[] = [
  async ({ context }, next) => outageInsteadOfServerError(context, (await next()) as Response),
];

/**
 * The site's details for every page (docs/decisions/054): the footer, legal pages, structured data and
 * the CMS's times read them with `useSiteDetails()`. From memory while the content version stands.
 */
export async function loader({ context }: Route.LoaderArgs) {
  return { siteDetails: await context.get(servicesContext).siteSettings.details() };
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? "Page Not Found" : "Something went wrong";
  const text = notFound
    ? "The page you are looking for does not exist or has moved."
    : "An unexpected error occurred on our side. Please try again in a moment.";
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-2xl flex-col items-center justify-center px-6 py-24 text-center">
      <title>{`${title} | Zuri`}</title>
      <p className="text-sm font-semibold text-brand-600">{notFound ? "404" : "Error"}</p>
      <h1 className="mt-2 text-4xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-4 text-lg text-slate-600">{text}</p>
      <Link to="/" className="mt-8 rounded-md bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700">
        Back to home
      </Link>
    </main>
  );
}
