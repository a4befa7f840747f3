import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { ErrorPage } from "../components/site/error-page.tsx";
import { notFoundTitle } from "../components/site/error-titles.ts";
import { siteConfig } from "../../shared/site-config.ts";

/** Any unknown path: HTTP 404, 'Page Not Found' inside the site's header and footer (docs/product.md §2). */
export function loader() {
  throw data(null, { status: 404 });
}

/** A form posted to a path that does not exist is a 404 too, never a 405 (RFC 9110 §15.5.5). */
export const action = loader;

export function meta() {
  return [
    { title: `${notFoundTitle} | ${siteConfig.productName}` },
    { name: "robots", content: "noindex" },
  ];
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
